/**
 * DocSearch records and the compact file they travel in.
 *
 * The build (plugins/search/index-builder) turns every rendered page into DocSearch
 * records: one per page title and heading (`lvl1`…`lvl6`) and one per block of
 * body text (`content`), each with its place in the page hierarchy and a URL
 * that ends in the nearest heading's anchor. Written out whole, every record
 * repeats its page path and headings; the index file stores each page once and
 * lets a record point at its parent heading instead. `packRecords` and
 * `unpackRecords` convert between the two losslessly.
 *
 * Shared by the build (Node) and the browser, so no Node or DOM APIs here.
 */

export type RecordType = 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';

export interface Hierarchy {
  lvl0: string;
  lvl1: string;
  lvl2: string | null;
  lvl3: string | null;
  lvl4: string | null;
  lvl5: string | null;
  lvl6: string | null;
}

/** A record in the shape DocSearch and the Algolia crawler use. */
export interface DocSearchRecord {
  objectID: string;
  /** Path plus `#anchor` when the record sits under a heading with an id. */
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: RecordType;
  hierarchy: Hierarchy;
  /** Body text; for heading records only when the heading carries text (CLI flags). */
  content: string | null;
  /**
   * The page's keywords (its `<meta name="keywords">`, from front matter), on
   * the page title record only: the reader's words for what the page is
   * about.
   */
  keywords?: string[];
}

/**
 * One page of the index file: path, section (lvl0), title (lvl1), and, when
 * the page has them, its keywords.
 */
export type PackedPage = [path: string, lvl0: string, lvl1: string, keywords?: string[]];

/**
 * One record of the index file:
 * - heading: `[page, level 1…6, heading text, parent, anchor, content?]`
 * - content: `[page, 0, text, parent]`
 *
 * `parent` is the position of the nearest enclosing heading record in the
 * records array, or -1. The page title record has level 1.
 */
type HeadingRecord = [
  page: number,
  level: number,
  text: string,
  parent: number,
  anchor: string,
  content?: string,
];
type ContentRecord = [page: number, level: 0, text: string, parent: number];
export type PackedRecord = HeadingRecord | ContentRecord;

export interface SearchIndexFile {
  /** Format version; bump when the shape changes. */
  format: 1;
  pages: PackedPage[];
  records: PackedRecord[];
}

export const INDEX_FORMAT = 1;

/** Name of the index file at the site root. */
export const INDEX_FILE = 'search-index.json';

/**
 * The file that lists the docs versions a build holds, newest first, and the
 * route prefix of each ('' at the root): where each version's INDEX_FILE and
 * llms.txt are. Written by plugins/search/index-builder; read by the docs'
 * MCP endpoint.
 */
export const VERSIONS_FILE = 'docs-versions.json';

/** What VERSIONS_FILE holds. */
export interface BuiltVersions {
  versions: Array<{name: string; path: string}>;
}

const LEVELS = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

/** Expands the index file into DocSearch records, in file order. */
export function unpackRecords(file: SearchIndexFile): DocSearchRecord[] {
  if (!file || file.format !== INDEX_FORMAT || !Array.isArray(file.records)) {
    throw new Error('Search index: unknown file format');
  }
  const out: DocSearchRecord[] = [];
  let pageStart = 0;
  file.records.forEach((rec, i) => {
    const [pageIndex, level, text, parent] = rec;
    if (i === 0 || file.records[i - 1]![0] !== pageIndex) pageStart = i;
    const [path, lvl0, lvl1, keywords] = file.pages[pageIndex]!;
    const hierarchy: Hierarchy = {
      lvl0,
      lvl1,
      lvl2: null,
      lvl3: null,
      lvl4: null,
      lvl5: null,
      lvl6: null,
    };
    // Walk up the heading chain; each ancestor fills its own level.
    let anchor: string | null = null;
    let p = level > 0 ? i : parent;
    while (p >= 0) {
      // Parents are always heading records.
      const ancestor = file.records[p] as HeadingRecord;
      const ancestorLevel = ancestor[1];
      if (ancestorLevel >= 2) {
        hierarchy[LEVELS[ancestorLevel - 1]!] = ancestor[2];
      }
      if (anchor === null && ancestor[4]) anchor = ancestor[4];
      p = ancestor[3];
    }
    const url = anchor ? `${path}#${anchor}` : path;
    const about: Pick<DocSearchRecord, 'keywords'> = {};
    if (level === 1 && parent < 0 && keywords?.length) about.keywords = keywords;
    out.push({
      // Unique and stable for a given build: the page and the record's place in it.
      objectID: `${path}:${i - pageStart}`,
      url,
      url_without_anchor: path,
      anchor,
      type: level > 0 ? LEVELS[level - 1]! : 'content',
      hierarchy,
      content: level > 0 ? ((rec as HeadingRecord)[5] ?? null) : text,
      ...about,
    });
  });
  return out;
}

/** A page as the record builder sees it, before packing. */
export interface PageRecords {
  path: string;
  lvl0: string;
  lvl1: string;
  /** The page's meta keywords, when it has them. */
  keywords?: string[];
  /** In document order. `parent` indexes into this array (-1 = none). */
  records: {level: number; text: string; parent: number; anchor?: string; content?: string}[];
}

/** Packs pages into the index file. The page title record comes first per page. */
export function packRecords(pages: PageRecords[]): SearchIndexFile {
  const file: SearchIndexFile = {format: INDEX_FORMAT, pages: [], records: []};
  for (const page of pages) {
    const pageIndex = file.pages.length;
    const packed: PackedPage = [page.path, page.lvl0, page.lvl1];
    if (page.keywords?.length) packed.push(page.keywords);
    file.pages.push(packed);
    const offset = file.records.length;
    for (const r of page.records) {
      const parent = r.parent >= 0 ? r.parent + offset : -1;
      if (r.level === 0) {
        file.records.push([pageIndex, 0, r.text, parent]);
      } else {
        const rec: PackedRecord = [pageIndex, r.level, r.text, parent, r.anchor ?? ''];
        if (r.content) rec.push(r.content);
        file.records.push(rec);
      }
    }
  }
  return file;
}
