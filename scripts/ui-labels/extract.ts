/**
 * Extract the visible strings of the ToolHive UI (toolhive-studio) into
 * data/releases/v0.2.8/ui/labels.json, for the bold-label check (scripts/checks/ui-labels.ts).
 *
 * Usage (from the repository root):
 *   tsx scripts/ui-labels/extract.ts [--git-dir DIR] [--tag TAG] [--out FILE]
 *
 * Defaults: --git-dir /work/.mirror/stacklok+toolhive-studio/repo (a bare or
 * normal git directory of stacklok/toolhive-studio), --tag v0.5.0,
 * --out data/releases/v0.2.8/ui/labels.json. Files are read straight from the tag with git,
 * so no work tree is needed.
 *
 * The .ts/.tsx files under renderer/src and main/src are parsed with the
 * TypeScript compiler API (tests, mocks and the generated API client are
 * skipped). A string counts as a label when it is:
 * - JSX text (whitespace collapsed), or a string inside a JSX child expression
 *   such as {open ? 'Show less' : 'Show more'};
 * - the value of a JSX attribute whose name speaks of visible text (title,
 *   label, placeholder, aria-label, description, addButtonText, ...);
 * - the value of an object property with such a name (toast actions, confirm
 *   dialogs, menu items of the tray and the app menu, ...);
 * - the first argument of toast(), toast.success() etc. and confirm();
 * - the value of a variable named like a label, title, text, message or map
 *   (for example a map from client IDs to display names);
 * - a string returned by a function named get...Text/Label/Title.
 * Template literals with placeholders are skipped (their text is not fixed).
 */
import {execFileSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {findRepoRoot, isMainScript} from '../checks/lib/code-blocks';

export const DEFAULT_GIT_DIR = '/work/.mirror/stacklok+toolhive-studio/repo';
export const DEFAULT_TAG = 'v0.5.0';

const SOURCE_DIRS = ['renderer/src', 'main/src'];

/** Attribute and property names whose string values are shown to the user. */
const TEXT_NAMES = new Set(
  [
    'title',
    'label',
    'placeholder',
    'aria-label',
    'alt',
    'description',
    'body',
    'text',
    'heading',
    'caption',
    'message',
    'tooltip',
    'tooltipContent',
    'addButtonText',
    'inputLabelPrefix',
    'buttonText',
    'emptyText',
    'emptyMessage',
    'submitLabel',
    'confirmText',
    'cancelText',
    'successMsg',
    'errorMsg',
    'loadingMsg',
    'successMessage',
    'errorMessage',
    'loadingMessage',
    'yes',
    'no',
    'toolTip',
    'sublabel',
  ].map((n) => n.toLowerCase()),
);

const LABEL_VARIABLE = /(label|title|text|message|heading|description|statusmap)/i;
const LABEL_FUNCTION = /^get\w*(text|label|title)$/i;
const TOAST_METHODS = new Set(['success', 'error', 'info', 'warning', 'loading', 'message']);

/** True for source files whose strings belong to the shipped UI. */
export function isUiSource(file: string): boolean {
  if (!/\.(ts|tsx)$/.test(file) || file.endsWith('.d.ts')) return false;
  if (!SOURCE_DIRS.some((d) => file.startsWith(`${d}/`))) return false;
  if (/(^|\/)(__tests__|__mocks__|mocks|test|tests|e2e)\//.test(file)) return false;
  if (/\.(test|spec)\.tsx?$/.test(file)) return false;
  if (/(^|\/)(route-tree\.gen\.ts|api\/generated\/)/.test(file)) return false;
  return true;
}

/** Collapse whitespace; returns '' for strings that are not human-readable text. */
export function normalizeLabel(raw: string): string {
  const s = raw.replace(/\s+/g, ' ').trim();
  if (!/\p{L}/u.test(s)) return '';
  if (s.length > 160) return '';
  // Identifiers, paths, URLs, CSS classes and keys are not labels.
  if (/^[a-z0-9_./:@#-]+$/.test(s)) return '';
  if (/:\/\//.test(s)) return '';
  return s;
}

function propertyName(name: ts.PropertyName | ts.JsxAttributeName): string | null {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  if (ts.isJsxNamespacedName(name)) return `${name.namespace.text}:${name.name.text}`;
  return null;
}

/** String literals an expression can evaluate to (through ?:, ||, ??, parentheses and casts). */
function stringValues(node: ts.Node | undefined, out: string[], objects = false): void {
  if (!node) return;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node.text);
  else if (ts.isParenthesizedExpression(node) || ts.isJsxExpression(node))
    stringValues(node.expression, out, objects);
  else if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    stringValues(node.expression, out, objects);
  else if (ts.isConditionalExpression(node)) {
    stringValues(node.whenTrue, out, objects);
    stringValues(node.whenFalse, out, objects);
  } else if (
    ts.isBinaryExpression(node) &&
    (node.operatorToken.kind === ts.SyntaxKind.BarBarToken ||
      node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
  ) {
    stringValues(node.left, out, objects);
    stringValues(node.right, out, objects);
  } else if (objects && ts.isObjectLiteralExpression(node)) {
    for (const p of node.properties)
      if (ts.isPropertyAssignment(p)) stringValues(p.initializer, out, objects);
  }
}

/** Visible strings of one source file. */
export function extractFromSource(fileName: string, text: string): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  // Text between tags is always shown as written, lowercase words included
  // (the transport option "stdio"), so it skips the identifier filter.
  const jsxText: string[] = [];

  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      jsxText.push(node.text);
    } else if (ts.isJsxExpression(node) && node.parent && !ts.isJsxAttribute(node.parent)) {
      // {cond ? 'A' : 'B'} between tags.
      stringValues(node.expression, found);
    } else if (ts.isJsxAttribute(node)) {
      const name = propertyName(node.name);
      if (name && TEXT_NAMES.has(name.toLowerCase())) stringValues(node.initializer, found);
    } else if (ts.isPropertyAssignment(node)) {
      const name = propertyName(node.name);
      if (name && TEXT_NAMES.has(name.toLowerCase())) stringValues(node.initializer, found);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isToast =
        (ts.isIdentifier(callee) && callee.text === 'toast') ||
        (ts.isPropertyAccessExpression(callee) &&
          ts.isIdentifier(callee.expression) &&
          callee.expression.text === 'toast' &&
          TOAST_METHODS.has(callee.name.text));
      const isConfirm = ts.isIdentifier(callee) && /^confirm$/i.test(callee.text);
      if ((isToast || isConfirm) && node.arguments.length > 0)
        stringValues(node.arguments[0], found);
    } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      if (LABEL_VARIABLE.test(node.name.text) || /_MAP$|Map$/.test(node.name.text))
        stringValues(node.initializer, found, true);
    } else if (ts.isReturnStatement(node)) {
      const fn = enclosingFunctionName(node);
      if (fn && LABEL_FUNCTION.test(fn)) stringValues(node.expression, found);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  const shown = jsxText
    .map((t) => t.replace(/\s+/g, ' ').trim())
    .filter((t) => /\p{L}/u.test(t) && t.length <= 160);
  return [...shown, ...found.map(normalizeLabel).filter((s) => s !== '')];
}

function enclosingFunctionName(node: ts.Node): string | null {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n))
      return n.name ? propertyName(n.name) : null;
    if (ts.isArrowFunction(n) || ts.isFunctionExpression(n)) {
      const p = n.parent;
      if (p && ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text;
      return null;
    }
  }
  return null;
}

function git(gitDir: string, args: string[], input?: string): Buffer {
  return execFileSync('git', ['--git-dir', gitDir, ...args], {
    input,
    maxBuffer: 256 * 1024 * 1024,
  });
}

/** Read every UI source file at `tag` with one `git cat-file --batch`. */
export function readSources(gitDir: string, tag: string): Map<string, string> {
  const files = git(gitDir, ['ls-tree', '-r', '--name-only', tag, '--', ...SOURCE_DIRS])
    .toString('utf8')
    .split('\n')
    .filter(isUiSource);
  const out = git(gitDir, ['cat-file', '--batch'], files.map((f) => `${tag}:${f}\n`).join(''));
  const sources = new Map<string, string>();
  let pos = 0;
  for (const file of files) {
    const eol = out.indexOf(0x0a, pos);
    const header = out.subarray(pos, eol).toString('utf8').split(' ');
    if (header[1] !== 'blob') throw new Error(`git cat-file: no blob for ${tag}:${file}`);
    const size = Number(header[2]);
    sources.set(file, out.subarray(eol + 1, eol + 1 + size).toString('utf8'));
    pos = eol + 1 + size + 1;
  }
  return sources;
}

/** All labels of the UI at `tag`, de-duplicated and sorted. */
export function extractLabels(gitDir = DEFAULT_GIT_DIR, tag = DEFAULT_TAG): string[] {
  const labels = new Set<string>();
  for (const [file, text] of readSources(gitDir, tag))
    for (const label of extractFromSource(file, text)) labels.add(label);
  return [...labels].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function main(argv: string[]): number {
  let gitDir = DEFAULT_GIT_DIR;
  let tag = DEFAULT_TAG;
  let out = path.join(findRepoRoot(), 'data/releases/v0.2.8/ui/labels.json');
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--git-dir') gitDir = value();
    else if (flag === '--tag') tag = value();
    else if (flag === '--out') out = path.resolve(value());
    else {
      console.error(
        'usage: tsx scripts/ui-labels/extract.ts [--git-dir DIR] [--tag TAG] [--out FILE]',
      );
      return 2;
    }
  }
  const labels = extractLabels(gitDir, tag);
  mkdirSync(path.dirname(out), {recursive: true});
  writeFileSync(out, `${JSON.stringify(labels, null, 2)}\n`);
  console.log(
    `ui labels: ${labels.length} labels from ${tag} written to ${path.relative(process.cwd(), out)}`,
  );
  return 0;
}

if (isMainScript('extract')) process.exitCode = main(process.argv.slice(2));
