/**
 * Extract fenced code blocks from Markdown / MDX text.
 *
 * This is a small, dependency-free scanner that follows the CommonMark rules
 * for fenced code blocks closely enough for documentation checks:
 *
 * - a fence is a run of at least three backticks or tildes;
 * - the info string after the opening fence gives the language (first word)
 *   and the meta string (everything after it), e.g. ```bash title="x" {1,3};
 * - a backtick fence's info string may not contain a backtick (so inline code
 *   such as ```` ```foo``` ```` on one line is not a fence);
 * - the closing fence uses the same character, is at least as long as the
 *   opening fence, and has nothing but whitespace after it;
 * - up to the opening fence's indentation is removed from each content line,
 *   so blocks nested in list items, tabs or admonitions come out clean.
 *
 * Fences may be indented by any amount (MDX has no indented code blocks, and
 * blocks inside list items or <TabItem> elements are often indented), and
 * blockquote markers (`> `) in front of a fence are understood.
 *
 * The file helpers at the end (repository root, listing docs files) are shared
 * by the documentation checks in scripts/checks/.
 */
import {existsSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';

export interface CodeBlock {
  /** Language: the first word of the info string, lower-cased ('' if none). */
  lang: string;
  /** Everything in the info string after the language (trimmed). */
  meta: string;
  /** The whole info string as written (trimmed). */
  info: string;
  /** Content lines with the fence indentation removed. */
  lines: string[];
  /** 1-based file line number of each entry in `lines`. */
  lineNumbers: number[];
  /** Content joined with '\n'. */
  content: string;
  /** 1-based line number of the opening fence. */
  startLine: number;
  /** 1-based line number of the closing fence, or null if the block runs to the end of the file. */
  endLine: number | null;
  /** Fence character and length, e.g. '```' or '~~~~'. */
  fence: string;
  /** Number of columns the opening fence was indented by (after any blockquote markers). */
  indent: number;
}

const OPEN_FENCE = /^(`{3,}|~{3,})(.*)$/;

/** Width of leading whitespace, counting a tab as advancing to the next multiple of 4. */
function leadingWidth(s: string): {width: number; chars: number} {
  let width = 0;
  let chars = 0;
  for (const ch of s) {
    if (ch === ' ') width += 1;
    else if (ch === '\t') width += 4 - (width % 4);
    else break;
    chars += 1;
  }
  return {width, chars};
}

/** Remove up to `n` columns of leading whitespace. */
function removeIndent(s: string, n: number): string {
  let width = 0;
  let i = 0;
  while (i < s.length && width < n) {
    const ch = s[i];
    if (ch === ' ') width += 1;
    else if (ch === '\t') width += 4 - (width % 4);
    else break;
    i += 1;
  }
  return s.slice(i);
}

/** Split a leading blockquote prefix (`> > `) off a line. */
function splitQuote(line: string): {prefix: string; depth: number; rest: string} {
  const m = /^((?:[ \t]{0,3}>[ ]?)*)/.exec(line);
  const prefix = m ? m[1] : '';
  const depth = (prefix.match(/>/g) ?? []).length;
  return {prefix, depth, rest: line.slice(prefix.length)};
}

/** Split text into lines, accepting \n, \r\n and \r line endings. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/**
 * Extract every fenced code block from Markdown/MDX text.
 * Line numbers are 1-based and refer to `text`, offset by `firstLine - 1`
 * (pass the line number of the first line of `text` when scanning a fragment).
 */
export function extractCodeBlocks(text: string, firstLine = 1): CodeBlock[] {
  const lines = splitLines(text);
  const blocks: CodeBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const {depth, rest: afterQuote} = splitQuote(lines[i]);
    const {width: indent, chars} = leadingWidth(afterQuote);
    const open = OPEN_FENCE.exec(afterQuote.slice(chars));
    if (!open) {
      i += 1;
      continue;
    }
    const fence = open[1];
    const fenceChar = fence[0];
    const info = open[2].trim();
    if (fenceChar === '`' && info.includes('`')) {
      // Inline code such as ```foo``` — not a fence.
      i += 1;
      continue;
    }
    const langWord = info.split(/\s+/, 1)[0] ?? '';
    // Languages may be written with attributes attached, e.g. ```bash{1,3}.
    const langMatch = /^[^\s{]*/.exec(langWord);
    const lang = (langMatch ? langMatch[0] : '').toLowerCase();
    const meta = info.slice(lang.length).trim();

    const contentLines: string[] = [];
    const lineNumbers: number[] = [];
    let endLine: number | null = null;
    let j = i + 1;
    const closeRe = new RegExp(`^${fenceChar === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    for (; j < lines.length; j += 1) {
      const q = splitQuote(lines[j]);
      // A blockquoted block ends when the quote ends.
      if (depth > 0 && q.depth < depth && lines[j].trim() !== '') break;
      const body = depth > 0 ? q.rest : lines[j];
      const bodyTrimmed = body.trimStart();
      if (closeRe.test(bodyTrimmed)) {
        endLine = j + firstLine;
        break;
      }
      contentLines.push(removeIndent(body, indent));
      lineNumbers.push(j + firstLine);
    }
    blocks.push({
      lang,
      meta,
      info,
      lines: contentLines,
      lineNumbers,
      content: contentLines.join('\n'),
      startLine: i + firstLine,
      endLine,
      fence,
      indent,
    });
    i = endLine === null ? j : endLine - firstLine + 1;
  }
  return blocks;
}

// ---------------------------------------------------------------------------
// File helpers shared by the checks
// ---------------------------------------------------------------------------

/** Find the repository root: the nearest directory at or above `start` with a package.json. */
export function findRepoRoot(start = process.cwd()): string {
  let dir = path.resolve(start);
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(start);
    dir = parent;
  }
}

/**
 * List files under the given files/directories whose names end with one of
 * `extensions`, sorted, skipping node_modules and dot-directories.
 */
export function listFiles(targets: string[], extensions: string[]): string[] {
  const out = new Set<string>();
  const wanted = (f: string) => extensions.some((e) => f.toLowerCase().endsWith(e));
  const walk = (p: string) => {
    const st = statSync(p);
    if (st.isFile()) {
      if (wanted(p)) out.add(p);
      return;
    }
    if (!st.isDirectory()) return;
    for (const entry of readdirSync(p, {withFileTypes: true})) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const child = path.join(p, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && wanted(entry.name)) out.add(child);
    }
  };
  for (const t of targets) if (existsSync(t)) walk(t);
  return [...out].sort();
}

/** Path relative to `root`, with forward slashes. */
export function relativePath(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}

/** True when this module file is the script node was started with. */
export function isMainScript(scriptName: string): boolean {
  const arg = process.argv[1];
  if (!arg) return false;
  const base = path.basename(arg).replace(/\.[cm]?[jt]s$/, '');
  return base === scriptName;
}
