/**
 * The local search engine: MiniSearch over DocSearch records, plus the
 * highlighting and snippets that the DocSearch UI expects from Algolia.
 *
 * Ranking, in short:
 * - every word of the query must match (AND); only when no record does,
 *   records that match some of the words are returned;
 * - each word also matches as a prefix (the last one from 2 letters, others
 *   from 4) and with typos (1 from 4 letters, 2 from 8), both scored lower
 *   than an exact match;
 * - a match in the record's own heading counts most, then one in the
 *   headings above it, then one in body text; page titles and headings rank
 *   above body text with the same match.
 *
 * The browser (src/search/localClient.ts) and the relevance test run this
 * same code. No DOM or Node APIs here.
 */
import MiniSearch, {type SearchResult} from 'minisearch';
import type {DocSearchRecord, RecordType} from './records';

/** Longest query the engine reads; the modal's input stops at 64 characters. */
export const MAX_QUERY_LENGTH = 256;
/** Most words of a query that take part in the search. */
const MAX_QUERY_TERMS = 12;

const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can do does for from has have how i if in into is it its ' +
    'me my no of on or our so than that the their them then there these they this to was ' +
    'we what when where which while who why will with you your'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+/gu;
const ASCII_WORD = /[A-Za-z0-9]+/g;
const NON_ASCII = /[^\p{ASCII}]/u;

/** Splits text into words: runs of letters and digits. */
export function tokenize(text: string): string[] {
  // Same words either way; the ASCII pattern is much faster on plain text.
  return text.match(NON_ASCII.test(text) ? WORD : ASCII_WORD) ?? [];
}

const normalized = new Map<string, string | null>();

/** Lower case without accents; null for words that carry no meaning alone. */
export function normalizeTerm(term: string): string | null {
  let t = normalized.get(term);
  if (t !== undefined) return t;
  t = term.toLowerCase();
  if (NON_ASCII.test(t)) t = t.normalize('NFD').replace(/\p{M}/gu, '');
  if (STOP_WORDS.has(t) || (t.length === 1 && !(t >= '0' && t <= '9'))) t = null;
  if (normalized.size < 50_000) normalized.set(term, t);
  return t;
}

/** Query words after normalisation, in order, without repeats. */
export function queryTerms(query: string): string[] {
  const terms: string[] = [];
  for (const word of tokenize(query.slice(0, MAX_QUERY_LENGTH))) {
    const t = normalizeTerm(word);
    if (t && !terms.includes(t)) terms.push(t);
    if (terms.length === MAX_QUERY_TERMS) break;
  }
  return terms;
}

/** Typo tolerance by word length, as Algolia does it. */
function typos(term: string): number {
  if (/^\d+$/.test(term)) return 0;
  return term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
}

const TYPE_BOOST: Record<RecordType, number> = {
  lvl1: 1.6,
  lvl2: 1.4,
  lvl3: 1.3,
  lvl4: 1.2,
  lvl5: 1.15,
  lvl6: 1.1,
  content: 1,
};

interface IndexedDoc {
  id: number;
  /** The record's own heading (heading records only). */
  title: string;
  /** The section and headings above the record. */
  path: string;
  /** Body text. */
  content: string;
}

const LEVEL_KEYS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

function toIndexedDoc(record: DocSearchRecord, id: number): IndexedDoc {
  const own = record.type === 'content' ? -1 : Number(record.type.slice(3));
  const above: string[] = [];
  for (let l = 0; l <= 6; l += 1) {
    const value = record.hierarchy[LEVEL_KEYS[l]!];
    if (!value) continue;
    if (own >= 0 && l >= own) break;
    above.push(value);
  }
  return {
    id,
    title: own >= 0 ? (record.hierarchy[LEVEL_KEYS[own]!] ?? '') : '',
    path: above.join(' \n '),
    content: record.content ?? '',
  };
}

const FIELDS = ['title', 'path', 'content'] as const;
const MINI_OPTIONS = {fields: [...FIELDS], tokenize, processTerm: normalizeTerm};

/** Per field, the documents (short ids) that contain a term and how often. */
type TermData = Map<number, Map<number, number>>;

/** The private part of MiniSearch 7 that `fastIndex` fills (pinned version). */
interface MiniSearchInternals {
  _index: {set(term: string, data: TermData): unknown};
}

/**
 * MiniSearch over `docs`, equal to one built with `addAll` (see the unit
 * test), in a fraction of the time.
 *
 * `addAll` walks MiniSearch's radix tree once per word of every record. Here
 * the words are counted in plain maps first: records of one section share
 * their headings, so each text is analysed once. `loadJS` then receives the
 * document table with an empty term index, and the counted terms go into the
 * tree in the exact shape `loadJS` would give them, which skips its
 * object-to-map conversion of every posting.
 */
function fastIndex(docs: IndexedDoc[]): MiniSearch<IndexedDoc> {
  const index = new Map<string, TermData>();
  const fieldLength: Record<number, number[]> = {};
  const documentIds: Record<number, number> = {};
  const totals = FIELDS.map(() => 0);
  const analysed = new Map<string, {terms: string[]; length: number}>();
  const analyse = (text: string) => {
    let result = analysed.get(text);
    if (!result) {
      const words = tokenize(text);
      const terms: string[] = [];
      for (const word of words) {
        const term = normalizeTerm(word);
        if (term) terms.push(term);
      }
      // MiniSearch counts a field's length in distinct words.
      result = {terms, length: new Set(words).size};
      analysed.set(text, result);
    }
    return result;
  };
  docs.forEach((doc, shortId) => {
    documentIds[shortId] = doc.id;
    const lengths: number[] = [];
    FIELDS.forEach((field, fieldId) => {
      const {terms, length} = analyse(doc[field]);
      lengths[fieldId] = length;
      totals[fieldId] += length;
      for (const term of terms) {
        let data = index.get(term);
        if (!data) index.set(term, (data = new Map()));
        let freqs = data.get(fieldId);
        if (!freqs) data.set(fieldId, (freqs = new Map()));
        freqs.set(shortId, (freqs.get(shortId) ?? 0) + 1);
      }
    });
    fieldLength[shortId] = lengths;
  });
  const mini = MiniSearch.loadJS<IndexedDoc>(
    {
      documentCount: docs.length,
      nextId: docs.length,
      documentIds,
      fieldIds: Object.fromEntries(FIELDS.map((f, i) => [f, i])),
      fieldLength,
      averageFieldLength: totals.map((t) => t / Math.max(docs.length, 1)),
      storedFields: {},
      dirtCount: 0,
      index: [],
      serializationVersion: 2,
    },
    MINI_OPTIONS,
  );
  const tree = (mini as unknown as MiniSearchInternals)._index;
  for (const [term, data] of index) tree.set(term, data);
  return mini;
}

export interface RankedHit {
  record: DocSearchRecord;
  score: number;
  /** Words of the record (normalised) that matched the query. */
  matched: Set<string>;
}

export interface SearchResults {
  hits: RankedHit[];
  /** Normalised query words. */
  terms: string[];
}

export class SearchEngine {
  readonly records: DocSearchRecord[];
  private readonly mini: MiniSearch<IndexedDoc>;

  constructor(records: DocSearchRecord[]) {
    this.records = records;
    this.mini = fastIndex(records.map(toIndexedDoc));
  }

  /** The same index built the ordinary way, for tests. */
  static viaAddAll(records: DocSearchRecord[]): SearchEngine {
    const engine = Object.create(SearchEngine.prototype) as SearchEngine;
    const mini = new MiniSearch<IndexedDoc>(MINI_OPTIONS);
    mini.addAll(records.map(toIndexedDoc));
    Object.assign(engine, {records, mini});
    return engine;
  }

  /**
   * Matching records, best first: the records that match every word or, when
   * there are none, the records that match some of them (as Algolia does with
   * `removeWordsIfNoResults: 'allOptional'`). At most `limit` hits.
   */
  search(query: string, limit = 1000): SearchResults {
    const terms = queryTerms(query);
    if (terms.length === 0) return {hits: [], terms};
    const last = terms.length - 1;
    const options = {
      boost: {title: 3, path: 1.5, content: 1},
      prefix: (term: string, i: number) => term.length >= (i === last ? 2 : 4),
      fuzzy: (term: string) => typos(term) || false,
      weights: {fuzzy: 0.3, prefix: 0.5},
      boostDocument: (id: number) => TYPE_BOOST[this.records[id]!.type],
      // The words are already normalised.
      tokenize: () => terms,
      processTerm: (t: string) => t,
    };
    let results = this.mini.search(terms.join(' '), {...options, combineWith: 'AND'});
    if (results.length === 0 && terms.length > 1) {
      results = this.mini.search(terms.join(' '), {...options, combineWith: 'OR'});
    }
    return {hits: results.slice(0, limit).map((r) => this.toHit(r)), terms};
  }

  private toHit(result: SearchResult): RankedHit {
    return {
      record: this.records[result.id as number]!,
      score: result.score,
      matched: new Set(result.terms),
    };
  }
}

// ---------------------------------------------------------------------------
// Highlighting and snippets, in the shape of Algolia's _highlightResult and
// _snippetResult. Text is HTML-escaped; only the highlight tags are markup.
// ---------------------------------------------------------------------------

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export interface HighlightTags {
  pre: string;
  post: string;
}

export interface HighlightedValue {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

/** Escapes `text` and wraps each word that matched in the highlight tags. */
function mark(
  text: string,
  matched: Set<string>,
  tags: HighlightTags,
): {html: string; words: string[]} {
  let html = '';
  let at = 0;
  const words: string[] = [];
  for (const m of text.matchAll(NON_ASCII.test(text) ? WORD : ASCII_WORD)) {
    const norm = normalizeTerm(m[0]);
    if (norm && matched.has(norm)) {
      html += escapeHtml(text.slice(at, m.index)) + tags.pre + escapeHtml(m[0]) + tags.post;
      at = m.index + m[0].length;
      if (!words.includes(norm)) words.push(norm);
    }
  }
  return {html: html + escapeHtml(text.slice(at)), words};
}

function level(words: string[], terms: string[]): HighlightedValue['matchLevel'] {
  if (words.length === 0) return 'none';
  return words.length >= terms.length ? 'full' : 'partial';
}

export function highlight(
  text: string,
  hit: Pick<RankedHit, 'matched'>,
  terms: string[],
  tags: HighlightTags,
): HighlightedValue {
  const {html, words} = mark(text, hit.matched, tags);
  return {
    value: html,
    matchLevel: level(words, terms),
    matchedWords: words,
    fullyHighlighted: words.length > 0 && tokenize(text).length === words.length,
  };
}

/**
 * Up to `length` words of `text` around the best cluster of matches, with an
 * ellipsis where text was cut, highlighted like `highlight`.
 */
export function snippet(
  text: string,
  hit: Pick<RankedHit, 'matched'>,
  terms: string[],
  tags: HighlightTags,
  length: number,
  ellipsis = '…',
): Omit<HighlightedValue, 'matchedWords' | 'fullyHighlighted'> {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length <= length) {
    const {value, matchLevel} = highlight(words.join(' '), hit, terms, tags);
    return {value, matchLevel};
  }
  const hits = words.map((w) =>
    tokenize(w).some((t) => {
      const n = normalizeTerm(t);
      return n !== null && hit.matched.has(n);
    }),
  );
  // Start a little before a match so the reader sees its context; pick the
  // window with the most matching words.
  let best = 0;
  let bestCount = -1;
  hits.forEach((isHit, i) => {
    if (!isHit) return;
    const start = Math.max(0, Math.min(i - Math.floor(length / 4), words.length - length));
    let count = 0;
    for (let j = start; j < start + length; j += 1) if (hits[j]) count += 1;
    if (count > bestCount) {
      best = start;
      bestCount = count;
    }
  });
  const end = Math.min(words.length, best + length);
  const {value, matchLevel} = highlight(words.slice(best, end).join(' '), hit, terms, tags);
  return {
    value: (best > 0 ? ellipsis : '') + value + (end < words.length ? ellipsis : ''),
    matchLevel,
  };
}
