/**
 * Check that bold text in the ToolHive UI guides names a real UI label.
 *
 * In docs/toolhive/guides-ui/ and the UI quickstart, **bold** is reserved for
 * labels of the app (buttons, menus, tabs, fields, ...). Every bold span must
 * equal one of the strings in data/releases/v0.2.8/ui/labels.json (extracted from the app's
 * source by scripts/ui-labels/extract.ts), exactly. A menu path such as
 * **Settings > Registry** passes when each part is a label. Fenced code blocks,
 * inline code and front matter are ignored.
 *
 * Usage (from the repository root):
 *   tsx scripts/checks/ui-labels.ts [--labels data/releases/v0.2.8/ui/labels.json] [PATH...]
 *
 * PATH defaults to docs/toolhive/guides-ui/ and
 * docs/toolhive/tutorials/quickstart-ui.mdx. Prints `path:line: message` for
 * each problem and a summary line; exits 1 if there is any problem, 2 on a
 * usage or data error.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {
  extractCodeBlocks,
  findRepoRoot,
  isMainScript,
  listFiles,
  relativePath,
  splitLines,
} from './lib/code-blocks';

export const DEFAULT_PATHS = [
  'docs/toolhive/guides-ui',
  'docs/toolhive/tutorials/quickstart-ui.mdx',
];

export interface BoldSpan {
  /** The text between the ** markers, whitespace collapsed. */
  text: string;
  /** 1-based line of the opening **. */
  line: number;
}

export interface LabelProblem {
  line: number;
  message: string;
}

/**
 * Blank out what is not prose: front matter, fenced code blocks and inline
 * code spans (replaced by spaces, so positions and line numbers stay put).
 */
function maskNonProse(text: string): string {
  const lines = splitLines(text);
  const blank = (i: number) => {
    lines[i] = ' '.repeat(lines[i].length);
  };
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
    for (let i = 0; i <= end; i += 1) blank(i);
  }
  for (const block of extractCodeBlocks(lines.join('\n'))) {
    const last = (block.endLine ?? lines.length) - 1;
    for (let i = block.startLine - 1; i <= last; i += 1) blank(i);
  }
  // Inline code: a run of backticks up to the next run of the same length.
  return lines.join('\n').replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (m) => m.replace(/[^\n]/g, ' '));
}

/** Every **bold** span in Markdown/MDX text (a span may wrap across lines, not paragraphs). */
export function findBoldSpans(text: string): BoldSpan[] {
  const masked = maskNonProse(text);
  const spans: BoldSpan[] = [];
  const re = /(?<![\\*])\*\*(?![\s*])((?:(?!\n[ \t]*\n)[\s\S])+?)(?<![\s\\])\*\*(?!\*)/g;
  for (const m of masked.matchAll(re)) {
    const start = m.index ?? 0;
    const original = text.slice(start + 2, start + m[0].length - 2);
    spans.push({
      text: original.replace(/\s+/g, ' ').trim(),
      line: masked.slice(0, start).split('\n').length,
    });
  }
  return spans;
}

/** The parts of a menu path (`A > B`); a single-part array for plain text. */
function menuParts(text: string): string[] {
  return text.split(/\s+(?:>|&gt;|→)\s+/);
}

/** Judge one bold span against the label set; null when it is fine. */
export function judgeBold(text: string, labels: ReadonlySet<string>): string | null {
  if (labels.has(text)) return null;
  const parts = menuParts(text);
  if (parts.length > 1 && parts.every((p) => labels.has(p))) return null;
  const bad = parts.length > 1 ? parts.filter((p) => !labels.has(p)) : [text];
  const hints = bad
    .map((b) => {
      const lower = b.toLowerCase();
      const near = [...labels].find((l) => l.toLowerCase() === lower);
      return near ? `"${b}" is spelled "${near}" in the app` : null;
    })
    .filter(Boolean);
  const what =
    parts.length > 1
      ? `menu path "${text}" has parts that are not UI labels: ${bad.map((b) => `"${b}"`).join(', ')}`
      : `bold text "${text}" is not a UI label`;
  return `${what}${hints.length ? ` (${hints.join('; ')})` : ''}; bold is reserved for labels of the app`;
}

export function checkMarkdownLabels(text: string, labels: ReadonlySet<string>) {
  const spans = findBoldSpans(text);
  const problems: LabelProblem[] = [];
  for (const span of spans) {
    const message = judgeBold(span.text, labels);
    if (message) problems.push({line: span.line, message});
  }
  return {spans: spans.length, problems};
}

export function loadLabels(file: string): Set<string> {
  const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(data) || !data.every((x) => typeof x === 'string'))
    throw new Error(`${file}: expected a JSON array of strings`);
  return new Set(data);
}

export interface UiLabelsReport {
  files: number;
  spans: number;
  problems: {file: string; line: number; message: string}[];
}

export function checkUiLabels(
  options: {root?: string; labelsFile?: string; paths?: string[]; labels?: Set<string>} = {},
): UiLabelsReport {
  const root = path.resolve(options.root ?? findRepoRoot());
  const labels =
    options.labels ??
    loadLabels(path.resolve(root, options.labelsFile ?? 'data/releases/v0.2.8/ui/labels.json'));
  const targets = (options.paths && options.paths.length > 0 ? options.paths : DEFAULT_PATHS).map(
    (p) => path.resolve(root, p),
  );
  const files = listFiles(targets, ['.md', '.mdx']);
  const report: UiLabelsReport = {files: files.length, spans: 0, problems: []};
  for (const file of files) {
    const result = checkMarkdownLabels(readFileSync(file, 'utf8'), labels);
    report.spans += result.spans;
    const rel = relativePath(root, file);
    for (const p of result.problems) report.problems.push({file: rel, ...p});
  }
  return report;
}

export function formatReport(report: UiLabelsReport): string[] {
  const lines = report.problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
  lines.push(
    `ui labels: ${report.spans} bold span${report.spans === 1 ? '' : 's'} checked in ` +
      `${report.files} file${report.files === 1 ? '' : 's'}, ` +
      `${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}`,
  );
  return lines;
}

function main(argv: string[]): number {
  let labelsFile: string | undefined;
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--labels') labelsFile = argv[++i];
    else if (a.startsWith('--labels=')) labelsFile = a.slice('--labels='.length);
    else if (a === '-h' || a === '--help') {
      console.log(
        'usage: tsx scripts/checks/ui-labels.ts [--labels data/releases/v0.2.8/ui/labels.json] [PATH...]',
      );
      return 0;
    } else paths.push(a);
  }
  let report: UiLabelsReport;
  try {
    report = checkUiLabels({
      root: findRepoRoot(),
      labelsFile: labelsFile && path.resolve(labelsFile),
      paths: paths.map((p) => path.resolve(p)),
    });
  } catch (err) {
    console.error(`ui labels: ${(err as Error).message}`);
    return 2;
  }
  for (const line of formatReport(report)) console.log(line);
  return report.problems.length > 0 ? 1 : 0;
}

if (isMainScript('ui-labels')) process.exitCode = main(process.argv.slice(2));
