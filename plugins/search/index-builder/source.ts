import {createSlugger} from '@docusaurus/utils';
import type {PageRecords} from '../client/records';
import {markOperation, openHeading, pageAbout} from './html';

/**
 * Records from a doc's Markdown source, for the development server, where no
 * rendered HTML exists. It reads headings (with the same anchors Docusaurus
 * gives them), paragraphs, list items and table rows, and turns CLI reference
 * flag rows into records of their own, like the HTML reader of the build.
 * It is an approximation: text inside React components is not read, but for
 * the method and path of an API operation's `<MethodEndpoint>`. An
 * admonition's title (`:::warning[Title]`) is body text of its section.
 */

/** Markdown and MDX inline syntax reduced to the text a reader sees. */
export function inlineText(md: string): string {
  // Links and images first (link text may hold code); then code spans are
  // split out and kept literally while the markup around them goes.
  return md
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .split(/(`+)(.+?)\1/)
    .map((part, i) => {
      if (i % 3 === 1) return '';
      if (i % 3 === 2) return part;
      return part
        .replace(/\{\/\*.*?\*\/\}/g, '')
        .replace(/<\/?[A-Za-z][^>]*>/g, '')
        .replace(/(\*\*|__)(.+?)\1/g, '$2')
        .replace(/(^|\W)[*_](\S(?:.*?\S)?)[*_](?=\W|$)/g, '$1$2')
        .replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

export function recordsFromMarkdown(
  source: string,
  meta: {path: string; lvl0: string; title: string; keywords?: string[]},
): PageRecords {
  const page: PageRecords = {
    path: meta.path,
    lvl0: meta.lvl0,
    lvl1: meta.title,
    ...pageAbout(meta.keywords),
    records: [],
  };
  page.records.push({level: 1, text: meta.title, parent: -1});
  const slugger = createSlugger();
  const stack: (number | undefined)[] = [undefined, 0];
  const section = (below = 7): number => openHeading(stack, below);
  const content = (text: string) => {
    const t = inlineText(text);
    if (t) page.records.push({level: 0, text: t, parent: section()});
  };

  const body = source.replace(/^---\n[\s\S]*?\n---\n/, '');
  const lines = body.split('\n');
  let paragraph: string[] = [];
  let tableRow = 0;
  const flush = () => {
    if (paragraph.length) content(paragraph.join(' '));
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const trimmed = line.trim();
    const fence = /^(```+|~~~+)/.exec(trimmed);
    if (fence) {
      flush();
      while (i + 1 < lines.length && !lines[i + 1]!.trim().startsWith(fence[1]!)) i += 1;
      i += 1;
      continue;
    }
    if (trimmed === '<MethodEndpoint') {
      // An API operation's method and path, as the build reads them from the
      // rendered page: `method={"get"}` and `path={"/api/v1beta/workloads"}`.
      flush();
      let props = '';
      while (i + 1 < lines.length && !lines[i]!.trim().endsWith('>')) props += lines[++i];
      const method = /method=\{"(\w+)"\}/.exec(props)?.[1];
      const path = /path=\{"([^"]+)"\}/.exec(props)?.[1];
      if (method && path) {
        content(`${method.toUpperCase()} ${path}`);
        markOperation(page);
      }
      continue;
    }
    if (!trimmed.startsWith('|')) tableRow = 0;
    const heading = /^(#{1,6})\s+(.*?)\s*(?:\{#([\w-]+)\})?\s*$/.exec(trimmed);
    if (heading) {
      flush();
      const level = heading[1]!.length;
      const text = inlineText(heading[2]!);
      if (level === 1 || !text) continue;
      const anchor = heading[3] ?? slugger.slug(text);
      page.records.push({level, text, parent: section(level), anchor});
      stack[level] = page.records.length - 1;
      for (let l = level + 1; l <= 6; l += 1) stack[l] = undefined;
    } else if (trimmed.startsWith('|')) {
      flush();
      tableRow += 1;
      // Row 1 is the header (body text: it names what the rows are), row 2 the separator.
      if (tableRow === 2) continue;
      const [first = '', ...rest] = cells(trimmed);
      const id = /\sid="([^"]+)"/.exec(first);
      const text = rest.map(inlineText).filter(Boolean).join(' · ');
      if (id) {
        const parent = section();
        const level = Math.min((page.records[parent]!.level || 1) + 1, 6);
        page.records.push({level, text: inlineText(first), parent, anchor: id[1]!, content: text});
      } else {
        content([inlineText(first), text].filter(Boolean).join(' · '));
      }
    } else if (/^:::\w+\[.*\]/.test(trimmed)) {
      // An admonition's own title is text of its section, as in the build.
      flush();
      content(/^:::\w+\[(.*)\]/.exec(trimmed)![1]!);
    } else if (/^([-*+]|\d+\.)\s+/.test(trimmed)) {
      flush();
      paragraph = [trimmed.replace(/^([-*+]|\d+\.)\s+/, '')];
    } else if (
      !trimmed ||
      /^(import|export)\s/.test(trimmed) ||
      /^:::/.test(trimmed) ||
      /^<\/?[A-Za-z][^>]*>$/.test(trimmed) ||
      /^\{\/\*.*\*\/\}$/.test(trimmed)
    ) {
      flush();
    } else {
      paragraph.push(trimmed);
    }
  }
  flush();
  return page;
}
