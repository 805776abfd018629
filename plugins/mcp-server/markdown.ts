/**
 * Reading the Markdown twins: their headings and table rows, outside fenced
 * code, and the section that an anchor of the rendered page names.
 */
import type {PageAnchor} from './corpus';

export interface MarkdownLine {
  text: string;
  /** Heading level (1–6) of an ATX heading, 0 otherwise. */
  heading: number;
  /** Inside a fenced code block (or its fence). */
  code: boolean;
}

const HEADING = /^(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The twin's lines, each marked as heading, code or other. */
export function linesOf(markdown: string): MarkdownLine[] {
  const out: MarkdownLine[] = [];
  let fence: string | null = null;
  for (const text of markdown.split('\n')) {
    const f = FENCE.exec(text);
    if (fence) {
      out.push({text, heading: 0, code: true});
      if (
        f &&
        f[1]![0] === fence[0] &&
        f[1]!.length >= fence.length &&
        !text.slice(f[0].length).trim()
      )
        fence = null;
      continue;
    }
    if (f) {
      fence = f[1]!;
      out.push({text, heading: 0, code: true});
      continue;
    }
    const h = HEADING.exec(text);
    out.push({text, heading: h ? h[1]!.length : 0, code: false});
  }
  return out;
}

/** A heading's text without its `#` marks. */
export function headingText(line: string): string {
  return HEADING.exec(line)?.[2] ?? line;
}

/**
 * Text reduced to its words, to compare a Markdown heading or table cell
 * with the text the rendered page shows: link targets, HTML tags, code and
 * emphasis marks and punctuation dropped, lower case.
 */
export function comparable(text: string): string {
  return text
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\{#[^}]*\}/g, ' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The cells of a Markdown table row, or null for a line that is no row. */
export function tableCells(line: string): string[] | null {
  const t = line.trim();
  if (!t.startsWith('|') || !t.endsWith('|') || t.length < 2) return null;
  return t
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

const DIVIDER = /^\|(?:\s*:?-+:?\s*\|)+$/;

/** The lines from heading `at` to the next heading of the same or a higher level. */
export function sectionFrom(lines: MarkdownLine[], at: number): string {
  const level = lines[at]!.heading;
  let end = at + 1;
  while (end < lines.length && !(lines[end]!.heading > 0 && lines[end]!.heading <= level)) end += 1;
  return `${lines
    .slice(at, end)
    .map((l) => l.text)
    .join('\n')
    .trimEnd()}\n`;
}

/**
 * One table row with what a reader needs to read it: the heading above it,
 * the table's header and divider, then the row.
 */
export function rowWithContext(lines: MarkdownLine[], row: number): string {
  let start = row;
  while (start > 0 && tableCells(lines[start - 1]!.text) && !lines[start - 1]!.code) start -= 1;
  const header = lines[start]!.text;
  const divider = lines[start + 1]?.text ?? '';
  let heading = row;
  while (heading >= 0 && lines[heading]!.heading === 0) heading -= 1;
  const out: string[] = [];
  if (heading >= 0) out.push(lines[heading]!.text, '');
  if (DIVIDER.test(divider.trim()) && start + 1 < row) out.push(header, divider);
  out.push(lines[row]!.text);
  return `${out.join('\n')}\n`;
}

/**
 * Rough slug of a heading, as the site's anchors are made (lower case,
 * punctuation dropped, spaces as hyphens), for pages the search index does
 * not cover.
 */
export function slug(text: string): string {
  return comparable(text.replace(/`/g, '')).replace(/ /g, '-');
}

/**
 * The part of a twin that an anchor of its page names: the section under a
 * heading, or, for an anchor on a table row (a CLI flag, a resource field),
 * that row with its table's header and the heading above it. `anchors` are
 * the page's headings as the rendered page has them (the search index), in
 * page order; without them the anchor is compared with the twin's heading
 * slugs. Null when the twin has nothing for the anchor.
 */
export function sectionOf(
  markdown: string,
  anchor: string,
  anchors: PageAnchor[] | undefined,
): string | null {
  const lines = linesOf(markdown);
  const target = anchors?.find((a) => a.anchor === anchor);
  if (!target) {
    const at = lines.findIndex((l) => l.heading > 0 && slug(headingText(l.text)) === anchor);
    return at < 0 ? null : sectionFrom(lines, at);
  }
  const wanted = comparable(target.text);
  // The same heading text may come more than once: take the occurrence of
  // the same rank.
  const rank = anchors!
    .slice(0, anchors!.indexOf(target))
    .filter((a) => comparable(a.text) === wanted).length;
  const headings = lines
    .map((l, i) => ({l, i}))
    .filter(({l}) => l.heading > 0 && comparable(headingText(l.text)) === wanted);
  const heading = headings[Math.min(rank, headings.length - 1)];
  if (heading) return sectionFrom(lines, heading.i);
  const row = lines.findIndex((l) => {
    if (l.code) return false;
    const cells = tableCells(l.text);
    return !!cells && !DIVIDER.test(l.text.trim()) && comparable(cells[0] ?? '') === wanted;
  });
  if (row >= 0) return rowWithContext(lines, row);
  return betweenNeighbours(lines, anchors!, target);
}

/**
 * For a heading the twin words differently (the API reference's "Request",
 * which the twin splits into "Parameters" and "Request body"): the twin's
 * sections between the headings of the same level around it that the twin
 * does have.
 */
function betweenNeighbours(
  lines: MarkdownLine[],
  anchors: PageAnchor[],
  target: PageAnchor,
): string | null {
  const at = anchors.indexOf(target);
  const lineOf = (a: PageAnchor) =>
    lines.findIndex((l) => l.heading > 0 && comparable(headingText(l.text)) === comparable(a.text));
  let before = 0;
  for (let j = at - 1; j >= 0; j -= 1) {
    if (anchors[j]!.level > target.level) continue;
    const line = lineOf(anchors[j]!);
    if (line >= 0) {
      before = line;
      break;
    }
  }
  let after = lines.length;
  for (let j = at + 1; j < anchors.length; j += 1) {
    if (anchors[j]!.level > target.level) continue;
    const line = lineOf(anchors[j]!);
    if (line > before) {
      after = line;
      break;
    }
  }
  const start = lines.findIndex(
    (l, i) => i > before && i < after && l.heading > 0 && l.heading <= Math.max(target.level, 2),
  );
  if (start < 0) return null;
  return `${lines
    .slice(start, after)
    .map((l) => l.text)
    .join('\n')
    .trimEnd()}\n`;
}
