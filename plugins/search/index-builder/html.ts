import {parse, type HTMLElement, type Node} from 'node-html-parser';
import type {PageRecords} from '../client/records';

/**
 * Reads one rendered page and returns its search records: the page title
 * (lvl1), every h2–h6 heading (lvl2–lvl6, with its id as anchor), and body
 * text: paragraphs, list items, table rows, definition terms and summaries.
 *
 * A table's header row is body text too: it names what the rows are ("Field ·
 * Content"), which the rows themselves don't say.
 *
 * A table row whose first cell holds an element with an id (the flag rows of
 * the CLI reference, `<span id="flag-transport">`) becomes a heading-like
 * record one level below the table's section, so a flag can be found and
 * linked by name. An admonition's title is body text of its section, unless
 * it is the theme's default title, the admonition's type ("warning"): the
 * title of a known issue's admonition states the issue in a few words.
 * Code blocks, navigation, tab labels and diagrams are left
 * out, but for the method and path of an API operation (`GET
 * /api/v1beta/workloads`), which the API theme draws in a <pre> under the
 * title: it is the page's body text, so a path pasted from a log finds the
 * operation.
 */

/** Elements whose text never goes into the index. */
const SKIP_TAGS = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'PRE',
  'BUTTON',
  'NAV',
  'ASIDE',
  'FOOTER',
  'IFRAME',
  'IMG',
  'INPUT',
  'SELECT',
  'TEXTAREA',
  'FORM',
]);

/** Classes of blocks that are chrome, code or pictures rather than prose. */
const SKIP_CLASSES = [
  'hash-link',
  'theme-code-block',
  'theme-doc-toc-mobile',
  'theme-doc-footer',
  'theme-doc-breadcrumbs',
  'pagination-nav',
  'docusaurus-mermaid-container',
  'mermaid',
  // A known issue's status line: the same words in every such admonition
  // (plugins/known-issues).
  'known-issue-status',
];

/** Block children of a list item that are indexed on their own. */
const BLOCK_TAGS = new Set([
  'UL',
  'OL',
  'P',
  'PRE',
  'TABLE',
  'DIV',
  'BLOCKQUOTE',
  'DETAILS',
  'DL',
  'FIGURE',
  'SECTION',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
]);

/** The API theme's block with an operation's method and path. */
const ENDPOINT_CLASS = 'openapi__method-endpoint';

/**
 * The heading of an admonition, with its icon and title: the theme's
 * `AdmonitionHeading`, whose CSS module class keeps its name as a prefix.
 */
const ADMONITION_HEADING = /^admonitionHeading/;
/** Titles the theme gives an admonition that has none of its own: its type. */
const DEFAULT_ADMONITION_TITLES = new Set([
  'note',
  'tip',
  'info',
  'warning',
  'danger',
  'caution',
  'important',
  'success',
  'secondary',
]);

/**
 * What readers call an API operation's page, which its own text doesn't say:
 * a keyword of the page, so "api endpoint for server status" finds it.
 */
export const OPERATION_KEYWORD = 'API endpoint';

/** Gives an API operation's page the keyword readers use for it. */
export function markOperation(page: PageRecords): void {
  const keywords = page.keywords ?? [];
  if (!keywords.includes(OPERATION_KEYWORD)) page.keywords = [...keywords, OPERATION_KEYWORD];
}

/** Blocks whose own text is one content record. */
const TEXT_BLOCKS = new Set(['P', 'LI', 'DT', 'DD', 'SUMMARY', 'FIGCAPTION']);

/** Collapses whitespace and drops the zero-width space of heading links. */
/**
 * The record of the innermost heading still open above `below` (1–6; 7 for
 * any level), or 0, the page title. `stack[level]` holds the record index of
 * the open heading of that level, or undefined. Used by both record builders.
 */
export function openHeading(stack: (number | undefined)[], below = 7): number {
  for (let l = below - 1; l >= 1; l -= 1) {
    const open = stack[l];
    if (open !== undefined) return open;
  }
  return 0;
}

export function cleanText(text: string): string {
  return text
    .replace(/[\u200b\u00ad]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A page's keywords (front matter `keywords`, which Docusaurus writes to
 * `<meta name="keywords">`), cleaned, without empty ones. The description is
 * left out: it lists every task of its page, and ranked the page above the
 * section that answers.
 */
export function pageAbout(
  keywords: readonly unknown[] | undefined | null,
): Pick<PageRecords, 'keywords'> {
  const about: Pick<PageRecords, 'keywords'> = {};
  const k = (keywords ?? []).map((w) => cleanText(String(w))).filter(Boolean);
  if (k.length) about.keywords = k;
  return about;
}

function isElement(node: Node): node is HTMLElement {
  return node.nodeType === 1;
}

function skipped(el: HTMLElement): boolean {
  if (SKIP_TAGS.has(el.tagName)) return true;
  // A diagram is a picture: like an image's alt text, its text alternative
  // (read by screen readers, not shown) is not indexed.
  if (el.hasAttribute('data-mermaid-diagram')) return true;
  if (el.getAttribute('role') === 'tablist' || el.getAttribute('aria-hidden') === 'true') {
    return true;
  }
  const cls = el.getAttribute('class');
  return !!cls && SKIP_CLASSES.some((c) => cls.split(/\s+/).includes(c));
}

/** Visible text of an element, leaving out skipped descendants. */
function textOf(el: HTMLElement, stopAtBlocks = false): string {
  let out = '';
  let previousWasElement = false;
  for (const child of el.childNodes) {
    if (isElement(child)) {
      if (skipped(child) || (stopAtBlocks && BLOCK_TAGS.has(child.tagName))) continue;
      // Two elements with nothing between them (links side by side, a <br>)
      // are separate words on screen, so keep them apart here too.
      out += (previousWasElement ? ' ' : '') + (child.tagName === 'BR' ? ' ' : textOf(child));
      previousWasElement = true;
    } else if (child.nodeType === 3) {
      out += child.text;
      previousWasElement = false;
    }
  }
  return out;
}

export interface PageMeta {
  path: string;
  /** Sidebar section of the page, such as "ToolHive CLI". */
  lvl0: string;
}

/** Picks the element that holds the page's own content. */
function contentRoot(root: HTMLElement): HTMLElement {
  return (
    root.querySelector('.theme-doc-markdown') ??
    root.querySelector('article') ??
    // Pages outside the docs: the page wrapper holds the hero and <main>.
    root.querySelector('#__docusaurus_skipToContent_fallback') ??
    root.querySelector('main') ??
    root
  );
}

/** Builds the records of one page, or null when the page has no title. */
export function recordsFromHtml(html: string, meta: PageMeta): PageRecords | null {
  const root = parse(html, {comment: false, blockTextElements: {script: false, style: false}});
  const container = contentRoot(root);
  const h1 = container.querySelector('h1') ?? root.querySelector('h1');
  const title =
    (h1 && cleanText(textOf(h1))) ||
    cleanText(root.querySelector('title')?.text ?? '').replace(/\s+\|\s+[^|]*$/, '');
  if (!title) return null;

  const page: PageRecords = {
    path: meta.path,
    lvl0: meta.lvl0,
    lvl1: title,
    ...pageAbout(root.querySelector('meta[name="keywords"]')?.getAttribute('content')?.split(',')),
    records: [],
  };
  page.records.push({level: 1, text: title, parent: -1});
  // Heading stack: stack[level] = index of the open heading record at that level.
  const stack: (number | undefined)[] = [];
  stack[1] = 0;
  const parentFor = (level: number): number => openHeading(stack, level);
  const currentSection = (): number => openHeading(stack);
  const addContent = (text: string) => {
    const t = cleanText(text);
    if (t) page.records.push({level: 0, text: t, parent: currentSection()});
  };
  const addHeading = (
    level: number,
    text: string,
    anchor: string | undefined,
    content?: string,
  ) => {
    const t = cleanText(text);
    if (!t) return;
    const index = page.records.length;
    page.records.push({
      level,
      text: t,
      parent: parentFor(level),
      ...(anchor ? {anchor} : {}),
      ...(content ? {content: cleanText(content)} : {}),
    });
    stack[level] = index;
    for (let l = level + 1; l <= 6; l += 1) stack[l] = undefined;
  };

  const row = (tr: HTMLElement) => {
    const cells = tr.childNodes.filter(
      (c): c is HTMLElement => isElement(c) && (c.tagName === 'TD' || c.tagName === 'TH'),
    );
    if (cells.length === 0) return;
    const first = cells[0]!;
    const anchored = first.querySelector('[id]');
    if (anchored) {
      // A row with its own anchor: a record one level below its section,
      // without changing the section that following text belongs to.
      const section = currentSection();
      const sectionLevel = page.records[section]!.level || 1;
      const level = Math.min(sectionLevel + 1, 6);
      const saved = stack.slice();
      addHeading(
        level,
        textOf(first),
        anchored.getAttribute('id'),
        cells
          .slice(1)
          .map((c) => cleanText(textOf(c)))
          .filter(Boolean)
          .join(' · '),
      );
      stack.splice(0, stack.length, ...saved);
      return;
    }
    addContent(
      cells
        .map((c) => cleanText(textOf(c)))
        .filter(Boolean)
        .join(' · '),
    );
  };

  const walk = (el: HTMLElement) => {
    for (const child of el.childNodes) {
      if (!isElement(child)) continue;
      if (child.classList.contains(ENDPOINT_CLASS)) {
        addContent(textOf(child));
        markOperation(page);
        continue;
      }
      if (skipped(child)) continue;
      if (child.classList.value.some((c) => ADMONITION_HEADING.test(c))) {
        // An admonition's own title ("Known issue: ...") is text of its
        // section; a title that only names the admonition's type is not.
        const title = cleanText(textOf(child));
        if (!DEFAULT_ADMONITION_TITLES.has(title.toLowerCase())) addContent(title);
        continue;
      }
      const tag = child.tagName;
      const heading = /^H([1-6])$/.exec(tag);
      if (heading) {
        const level = Number(heading[1]);
        if (level === 1) continue; // the title record
        addHeading(level, textOf(child), child.getAttribute('id'));
      } else if (TEXT_BLOCKS.has(tag)) {
        // The parser doesn't end a <p> at the next block as browsers do, so a
        // minified page can put headings or tables inside one: take the
        // block's own text, then walk into any blocks it holds.
        addContent(textOf(child, true));
        walk(child);
      } else if (tag === 'TR') {
        row(child);
      } else {
        walk(child);
      }
    }
  };
  walk(container);
  return page;
}
