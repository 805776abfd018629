/**
 * The local search engine: MiniSearch over DocSearch records, plus the
 * highlighting and snippets that the DocSearch UI expects from Algolia.
 *
 * Ranking, in short:
 * - words are compared by their stems (Porter), without stop words (which
 *   include a comparison's "vs" and "instead"), and
 *   negations ("can't", "doesnt", "cannot", "no") as "not"; each word also matches
 *   as a prefix (the last one from 2 letters, others from 4), as a shorter
 *   stem it begins with (only an ending's 2 letters shorter when the index
 *   holds the word as typed: "open" is not "openapi"), and with
 *   typos (1 from 4 letters, 2 from 8), all
 *   scored lower than an exact match; a whole word of the index, but the
 *   last, found only that way ("tool" in "toolhive") counts as half a word;
 * - a word or a phrase of up to four words also finds, with a lower weight,
 *   the docs' own words for it (synonyms.ts: "setup" finds "install", "creds"
 *   finds "secret", "out of the box" finds "default"), and two
 *   words typed apart that the docs write as one ("tool hive", "mcp server"),
 *   or one word the docs write as two; a synonym counts for less than the
 *   word in the share of the query's words a record holds, but an abbreviation
 *   ("k8s") or a word the docs use for the same thing elsewhere ("upgrade"
 *   for "update") counts as the word typed, and so does the docs' word for
 *   the kind of a well-known product they don't name ("keycloak" finds
 *   "oidc" and "identity provider");
 * - a query that names where the reader works and asks something else
 *   ("... in the cluster", "... in the app", "cursor doesn't see my server")
 *   is about the pages of that surface (synonyms.ts, SURFACES): they hold the
 *   word, whether or not their text says it, and weigh more;
 * - MiniSearch's BM25 scores a match in the record's own heading most, then
 *   one in the headings above it and the page's URL, then one in body text; a
 *   page's title record also holds the page's lead (its text before the first
 *   heading) and the page's keywords (front matter `keywords`: the reader's
 *   words for what the page does, which its text may not use);
 * - records that hold more of the query's words rank higher, counting the
 *   words of their page's title and lead (a section is about what its page is
 *   about; a question's section, such as the FAQ's, also about its question
 *   and its answer's first paragraph) and, as half a word each, its keywords; a rare word counts for
 *   more than one most records hold ("crashloopbackoff" more than "server"),
 *   and the arguments of a pasted command line (`thv run -v ~/src:/src
 *   filesystem`) for little; so do records whose own
 *   heading or page title holds the words, and those whose heading is mostly
 *   made of them ("What is ToolHive?");
 * - a query that asks a question ("what can a server see") favours the
 *   sections whose heading asks one, as the FAQ's do, and one that asks
 *   what something is ("what is a transport") or compares two things
 *   ("stdio vs sse", "which is better"), the concepts;
 * - a verb with "again" also finds the docs' word that prefixes it with
 *   "re", which holds both ("start it again" is "restart");
 * - the API's operations answer questions that name the API ("api",
 *   "endpoint", "rest"), and in those, an operation whose verb (the first
 *   word of its title or of its ID) the query has comes before its siblings:
 *   "api that creates a group" is "Create a group", not "List groups";
 * - the query's shape decides between guides and reference: for words
 *   ("what is mcp", "permission profile") the reference pages and the flag
 *   and field rows weigh less, but not a reference section whose heading of
 *   several words the query names whole ("amp cli"); for a command, flag or field name
 *   (`thv secret set`, `--proxy-port`, `spec.port`) or an API path they weigh
 *   more, a flag or field row whose name was typed as it is (`-e`,
 *   `spec.permissionProfile`) most, and the API operation whose method and
 *   path were typed (`GET /api/v1beta/workloads/fetch`) first; a name with
 *   underscores, which the index splits into words
 *   (`TOOLHIVE_SECRETS_PASSWORD`), favours the records that hold it as written;
 * - a reference paragraph that a guide holds word for word too, and a
 *   reference heading that a guide's paragraph quotes after a label (a known
 *   issue, quoted in the guide it concerns: "Known issue: <title>"), weigh
 *   less: the guide answers with them in their context;
 * - a page's title record, which also holds the page's lead and keywords,
 *   gives its place to the page's best section when that scores at least
 *   `sectionFirst` of it and the title does not hold all of the query's
 *   words ("run a docker image" is the section on container images; "run
 *   mcp servers" the page), and once under a section of its page it moves
 *   below the page's sections;
 * - one hit per URL (a page section, as DocSearch indexes are distinct on
 *   the URL), with the next best section of a page right after its first, as
 *   DocSearch lists them under the page; a section holds the words (and a
 *   name as written) that its heading and paragraphs hold between them, and
 *   shows the record that holds most of them itself.
 *
 * The weights are in `RANKING`; plugins/search/__tests__/relevance.json is the table
 * they are tuned against (plugins/search/__tests__/search-relevance.test.ts).
 *
 * The browser (./localClient.ts) and the relevance test run this
 * same code. No DOM or Node APIs here.
 */
import MiniSearch, {type Query, type SearchResult} from 'minisearch';
import {stemmer} from 'stemmer';
import type {DocSearchRecord, RecordType} from './records';
import {
  ABBREVIATIONS,
  API_WORDS,
  DEFINITION_PAGES,
  EQUIVALENTS,
  PRODUCTS,
  SURFACES,
  SYNONYMS,
  type SynonymGroup,
} from './synonyms';

/**
 * Longest query the engine reads: more than the search fields take (64, see
 * theme/SearchBar), for a query a script or a /search?q= link sets.
 */
export const MAX_QUERY_LENGTH = 256;
/** Most words of a query that take part in the search. */
const MAX_QUERY_TERMS = 12;

const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can do does for from has have how i if in into is it its ' +
    'me my of on or our so than that the their them then there these they this to was ' +
    'we what when where which while why will with you your ' +
    'about all am any been being both did doing during each had having he her here hers him his ' +
    'every itself just more most myself once only other ours same she should some such ' +
    'those through too up very via were would make vs versus instead'
  ).split(' '),
);

/**
 * Negated contractions without their "'t" ("isn't", "doesn't"); with it, or
 * typed without the apostrophe ("doesnt"), they stand for "not", as do
 * "cannot" and "no": "server has no tools" finds "The server lists no tools"
 * and "doesn't list any tools".
 */
const NEGATIONS = new Set(
  'aren couldn didn doesn don hadn hasn haven isn mustn needn shouldn wasn weren wouldn'.split(' '),
);
/** The same for words that also mean something else without their "'t". */
const NEGATIONS_WITH_T = new Set(['can', 'won']);

/** A word: letters and digits, with the "'t" of a negated contraction ("can't"). */
const WORD = /[\p{L}\p{N}]+(?:['’]t\b)?/gu;
const ASCII_WORD = /[A-Za-z0-9]+(?:['’]t\b)?/g;
const CONTRACTION = /['’]t$/;
const NON_ASCII = /[^\p{ASCII}]/u;

/** Splits text into words: runs of letters and digits ("can't" stays one word). */
export function tokenize(text: string): string[] {
  // Same words either way; the ASCII pattern is much faster on plain text.
  return text.match(NON_ASCII.test(text) ? WORD : ASCII_WORD) ?? [];
}

const normalized = new Map<string, string | null>();

/**
 * Lower case without accents, reduced to its stem (Porter), so that
 * "authentication" finds "authenticate" and "profiles" finds "profile"; null
 * for words that carry no meaning alone.
 */
export function normalizeTerm(term: string): string | null {
  let t = normalized.get(term);
  if (t !== undefined) return t;
  t = term.toLowerCase();
  if (NON_ASCII.test(t)) t = t.normalize('NFD').replace(/\p{M}/gu, '');
  const base = CONTRACTION.test(t) ? t.slice(0, -2) : t.endsWith('t') ? t.slice(0, -1) : null;
  if (
    NEGATIONS.has(t) ||
    t === 'cannot' ||
    t === 'no' ||
    (base !== null && (NEGATIONS.has(base) || NEGATIONS_WITH_T.has(base)))
  )
    t = 'not';
  else if (CONTRACTION.test(t)) t = normalizeTerm(t.slice(0, -2));
  else if (STOP_WORDS.has(t) || (t.length === 1 && !(t >= '0' && t <= '9'))) t = null;
  else t = stemmer(t);
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
    // The page's URL words, below the docs root that every page shares, count
    // as part of its place in the site (`/reference/api/…`, `/guides-ui/…`).
    path: `${above.join(' \n ')} \n ${placeWords(record.url_without_anchor)}`,
    content: record.content ?? '',
  };
}

/**
 * A page's URL words below the docs root (`/toolhive/`), and below the docs
 * version's path before it (`/0.2.8/toolhive/…`), which every page of the
 * index shares: `guides-ui run-mcp-servers`.
 */
export function placeWords(route: string): string {
  const segments = route.split('/');
  const root = segments.indexOf('toolhive');
  return segments.slice(root < 0 ? 2 : root + 1).join(' ');
}

/**
 * The text of each record as the index sees it. A page's title record also
 * carries the page's lead (the body text before its first heading) and its
 * keywords, so that the page itself matches what the page is about.
 */
function indexedDocs(records: DocSearchRecord[]): IndexedDoc[] {
  const leads = pageLeads(records);
  return records.map((r, id) => {
    const doc = toIndexedDoc(r, id);
    if (r.type === 'lvl1') {
      const lead = leads.get(r.url_without_anchor) ?? '';
      doc.content = r.keywords ? [lead, ...r.keywords].join(' \n ') : lead;
    }
    return doc;
  });
}

/** Per page, its body text before the first heading below the title. */
function pageLeads(records: DocSearchRecord[]): Map<string, string> {
  const leads = new Map<string, string>();
  for (const r of records) {
    if (r.type !== 'content' || r.hierarchy.lvl2 !== null) continue;
    const page = r.url_without_anchor;
    const lead = leads.get(page);
    leads.set(page, lead ? `${lead} ${r.content ?? ''}` : (r.content ?? ''));
  }
  return leads;
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
function fastIndex(docs: IndexedDoc[]): {mini: MiniSearch<IndexedDoc>; vocabulary: Vocabulary} {
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
  const counts = new Map<string, number>();
  for (const [term, data] of index) {
    let n = 0;
    for (const freqs of data.values()) n = Math.max(n, freqs.size);
    counts.set(term, n);
  }
  return {mini, vocabulary: new Vocabulary(counts)};
}

/**
 * The words (normalised) of the index, each with the number of records that
 * hold it (in the field that holds it most), to tell words written apart or
 * together.
 */
class Vocabulary {
  private sorted: string[] | undefined;

  constructor(readonly counts: Map<string, number>) {}

  static of(docs: IndexedDoc[]): Vocabulary {
    const counts = new Map<string, number>();
    for (const field of FIELDS) {
      const perField = new Map<string, number>();
      for (const doc of docs)
        for (const term of new Set(tokenize(doc[field]).map(normalizeTerm)))
          if (term) perField.set(term, (perField.get(term) ?? 0) + 1);
      for (const [term, n] of perField) counts.set(term, Math.max(counts.get(term) ?? 0, n));
    }
    return new Vocabulary(counts);
  }

  has(term: string): boolean {
    return this.counts.has(term);
  }

  /** Whether a longer word of the index begins with `prefix`. */
  extends(prefix: string): boolean {
    const sorted = (this.sorted ??= [...this.counts.keys()].sort());
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! <= prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo < sorted.length && sorted[lo]!.startsWith(prefix);
  }
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

/** The sidebar section of the reference pages: CLI, API, resource and client references. */
export const REFERENCE_SECTION = 'Reference';

/** A command line (`thv secret set`), a flag (`--proxy-port`, `-v`) or a field name. */
const COMMAND = /^\s*thv\s+[a-z]/i;
/** An API path (`/api/v1beta/workloads`), with or without its HTTP method. */
const PATH = /^\s*(?:(get|post|put|patch|delete)\s+)?(\/[^\s?#]*)/i;
/** An API operation's endpoint line, as the index holds it under the page title. */
const OPERATION = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)$/;
const FLAG = /(?:^|\s)--?[a-z]/i;
/** camelCase, dotted, snake_case or bracketed names such as `spec.targetPort` or `env[]`. */
const IDENTIFIER = /[a-z0-9][A-Z]|[A-Za-z0-9][._][A-Za-z]|\[\]/;

/** Query shape: a reader's own words, or something copied from a command line or a manifest. */
export type QueryShape = 'words' | 'code';

export function queryShape(query: string): QueryShape {
  const q = query.slice(0, MAX_QUERY_LENGTH);
  return COMMAND.test(q) ||
    FLAG.test(q) ||
    PATH.test(q) ||
    q.split(/\s+/).some((w) => IDENTIFIER.test(w))
    ? 'code'
    : 'words';
}

/** An HTTP method (null: any) and the segments of a path. */
interface Endpoint {
  method: string | null;
  segments: string[];
}

/**
 * The method and path a query starts with (`GET /api/v1beta/workloads`, or a
 * path alone, for any method), or that an API operation's endpoint line holds
 * (method and path, nothing else).
 */
function endpointOf(text: string | null, line = false): Endpoint | null {
  const m = text ? (line ? OPERATION : PATH).exec(text) : null;
  if (!m) return null;
  const segments = m[2]!.toLowerCase().split('/').filter(Boolean);
  return segments.length > 0 ? {method: m[1]?.toUpperCase() ?? null, segments} : null;
}

/** A path parameter: `:name` as the API reference writes it, `{name}` as OpenAPI does. */
function isParameter(segment: string): boolean {
  return segment.startsWith(':') || (segment.startsWith('{') && segment.endsWith('}'));
}

/**
 * How well a query's path names an operation: the share of the operation's
 * segments typed as they are, when every segment matches (a parameter takes
 * any value); 0 when the path or the method differs.
 */
function endpointMatch(query: Endpoint, operation: Endpoint): number {
  if (query.segments.length !== operation.segments.length) return 0;
  if (query.method && operation.method && query.method !== operation.method) return 0;
  let literal = 0;
  for (let i = 0; i < query.segments.length; i += 1) {
    const q = query.segments[i]!;
    const o = operation.segments[i]!;
    if (q === o) literal += 1;
    else if (!isParameter(o)) return 0;
  }
  return literal / operation.segments.length;
}

/**
 * The flags and field names in a text, in lower case: `--env` and `-e` in a
 * flag row's heading `--env, -e`, or in a query such as `thv run -e KEY=value`
 * (a flag's value after `=` is not part of its name).
 */
function codeNamesOf(text: string): string[] {
  const names: string[] = [];
  for (const word of text.split(/[\s,]+/)) {
    const name = word.replace(/=.*$/, '');
    if (/^--?[A-Za-z][\w-]*$/.test(name) || (!name.startsWith('-') && IDENTIFIER.test(name)))
      names.push(name.toLowerCase());
  }
  return names;
}

/**
 * The words (normalised) of a command line that are its arguments and flag
 * values (`thv run -v ~/code:/projects filesystem`: code, projects,
 * filesystem): what follows the longest of `commands` it starts with, but its
 * flags. None without a flag: then the words after a command are more likely
 * a question about it ("thv list doesn't show my server").
 */
export function commandArguments(query: string, commands: Set<string>): Set<string> {
  const args = new Set<string>();
  if (!COMMAND.test(query)) return args;
  const words = query.slice(0, MAX_QUERY_LENGTH).trim().split(/\s+/);
  if (!words.some((w) => w.startsWith('-'))) return args;
  let command = 1;
  for (let n = 2; n <= words.length; n += 1)
    if (commands.has(words.slice(0, n).join(' ').toLowerCase())) command = n;
  const named = new Set<string>();
  const add = (text: string, to: Set<string>) => {
    for (const w of tokenize(text)) {
      const t = normalizeTerm(w);
      if (t) to.add(t);
    }
  };
  words.forEach((word, i) => {
    if (i >= command && !word.startsWith('-')) return add(word, args);
    // A flag's value after "=" (`--env=KEY=value`) is an argument too.
    const at = word.indexOf('=');
    add(at < 0 ? word : word.slice(0, at), named);
    if (at >= 0) add(word.slice(at + 1), args);
  });
  for (const t of named) args.delete(t);
  return args;
}

/**
 * Whether a record's heading or text holds one of `names` (lower case) as a
 * whole name, not inside a longer one.
 */
function mentions(record: DocSearchRecord, names: string[]): boolean {
  const own = record.type === 'content' ? '' : (record.hierarchy[record.type] ?? '');
  const text = `${own} ${record.content ?? ''}`.toLowerCase();
  return names.some((name) => {
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
      const before = text[at - 1];
      const after = text[at + name.length];
      if (!(before && /[\w]/.test(before)) && !(after && /[\w]/.test(after))) return true;
    }
    return false;
  });
}

/** A heading that is a flag or a field name rather than words: `--volume, -v`, `spec.port`. */
function isCodeHeading(text: string): boolean {
  return /^--?[A-Za-z]/.test(text) || (!/\s/.test(text) && IDENTIFIER.test(text));
}

/** The heading of the record's section: its own, or the closest above its text. */
function sectionHeading(r: DocSearchRecord): string {
  for (let l = 6; l >= 1; l -= 1) {
    const h = r.hierarchy[LEVEL_KEYS[l]!];
    if (h) return h;
  }
  return '';
}

/** What ranking needs to know about a record, beyond its text. */
interface RecordTraits {
  /** Words of the record's own heading (none for body text). */
  heading: string[];
  /** Words of its page's title. */
  page: string[];
  /** Words of its page's title and lead. */
  subject: Set<string>;
  /** Words of its page's keywords. */
  keywords: Set<string>;
  reference: boolean;
  code: boolean;
  /** The names its own heading gives, when it is a flag or field row (`--env`, `-e`), in lower case. */
  names: string[];
  /** The method and path of the API operation the record stands for (its page title or its endpoint line). */
  endpoint: Endpoint | null;
  /** Its section's heading is a question ("What can an MCP server access by default?"). */
  question: boolean;
  /** The surfaces its page belongs to (places in SURFACES). */
  surfaces: number[];
  /** Its page is where the docs define their terms (DEFINITION_PAGES). */
  defines: boolean;
  /**
   * On an API operation's page, the operation's verbs: the first word of its
   * title ("Remove a secret") and of its URL, the operation's ID ("delete-secret").
   */
  actions: string[];
  /** A reference paragraph or heading that a page outside the reference quotes (see `copy` in RANKING). */
  copy: boolean;
}

/** A paragraph that is a label and a title: "Known issue: The proxy forwards the token". */
const LABELLED = /^[A-Z][\w ]{0,30}: (.+)$/;

function termsOf(text: string): string[] {
  const out: string[] = [];
  for (const word of tokenize(text)) {
    const t = normalizeTerm(word);
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

function traitsOf(records: DocSearchRecord[]): RecordTraits[] {
  const leads = new Map<string, Set<string>>();
  for (const [page, text] of pageLeads(records)) leads.set(page, new Set(termsOf(text)));
  const subjects = new Map<string, Set<string>>();
  const keywords = new Map<string, Set<string>>();
  for (const r of records)
    if (r.type === 'lvl1' && r.keywords)
      keywords.set(r.url_without_anchor, new Set(termsOf(r.keywords.join(' '))));
  const endpoints = new Map<string, Endpoint>();
  for (const r of records) {
    const endpoint = r.type === 'content' && r.anchor === null ? endpointOf(r.content, true) : null;
    if (endpoint && !endpoints.has(r.url_without_anchor))
      endpoints.set(r.url_without_anchor, endpoint);
  }
  // The paragraphs of the pages outside the reference: a reference record
  // with the same text (a known issue that a guide quotes) is a copy.
  // So is a reference heading that a guide's paragraph quotes after a label
  // ("Known issue: <heading>").
  const copies = new Set<string>();
  for (const r of records)
    if (r.type === 'content' && r.content && r.hierarchy.lvl0 !== REFERENCE_SECTION) {
      copies.add(r.content);
      const quoted = LABELLED.exec(r.content);
      if (quoted) copies.add(`\u0000${quoted[1]}`);
    }
  const none = new Set<string>();
  const cache = new Map<string, string[]>();
  const words = (text: string) => {
    let t = cache.get(text);
    if (!t) cache.set(text, (t = termsOf(text)));
    return t;
  };
  // A question's section (the FAQ's) is a page of its own: the question and
  // the first paragraph of its answer are its subject, with its page's.
  const answers = new Map<string, string>();
  for (const r of records)
    if (
      r.type === 'content' &&
      r.anchor &&
      !answers.has(r.url) &&
      sectionHeading(r).trimEnd().endsWith('?')
    )
      answers.set(r.url, `${sectionHeading(r)} ${r.content ?? ''}`);
  const subjectOf = (r: DocSearchRecord) => {
    const answer = r.anchor ? answers.get(r.url) : undefined;
    const key = answer ? r.url : r.url_without_anchor;
    let subject = subjects.get(key);
    if (!subject) {
      subject = new Set([...words(r.hierarchy.lvl1), ...(leads.get(r.url_without_anchor) ?? none)]);
      if (answer) for (const w of words(answer)) subject.add(w);
      subjects.set(key, subject);
    }
    return subject;
  };
  // Per page: its surfaces, whether it defines terms, its operation's verbs.
  const places = new Map<string, Pick<RecordTraits, 'surfaces' | 'defines' | 'actions'>>();
  const placeOf = (r: DocSearchRecord) => {
    const page = r.url_without_anchor;
    let place = places.get(page);
    if (!place) {
      const segments = page.split('/');
      const id = segments.at(-1)!;
      places.set(
        page,
        (place = {
          surfaces: SURFACES.flatMap((s, n) =>
            s.pages.some((p) => segments.includes(p)) ? [n] : [],
          ),
          defines: DEFINITION_PAGES.some((p) => segments.includes(p)),
          actions: endpoints.has(page)
            ? [words(r.hierarchy.lvl1)[0] ?? '', normalizeTerm(id.split('-')[0]!) ?? '']
            : [],
        }),
      );
    }
    return place;
  };
  return records.map((r) => {
    const own = r.type === 'content' ? null : r.hierarchy[r.type];
    const code = own !== null && isCodeHeading(own);
    const {surfaces, defines, actions} = placeOf(r);
    return {
      heading: own ? words(own) : [],
      page: words(r.hierarchy.lvl1),
      subject: subjectOf(r),
      keywords: keywords.get(r.url_without_anchor) ?? none,
      reference: r.hierarchy.lvl0 === REFERENCE_SECTION,
      code,
      names: code ? codeNamesOf(own) : [],
      question: sectionHeading(r).trimEnd().endsWith('?'),
      surfaces,
      defines,
      actions,
      copy:
        r.hierarchy.lvl0 === REFERENCE_SECTION &&
        (r.type === 'content'
          ? r.content !== null && copies.has(r.content)
          : own !== null && copies.has(`\u0000${own}`)),
      endpoint:
        r.type === 'lvl1' || (r.type === 'content' && r.anchor === null)
          ? (endpoints.get(r.url_without_anchor) ?? null)
          : null,
    };
  });
}

/**
 * Weights of the ranking, on top of MiniSearch's BM25 score (which already
 * counts a match in the record's own heading more than one in the headings
 * above it or in body text).
 */
export const RANKING = {
  /** Field weights: the record's own heading, the headings above it (and its URL), body text 1. */
  title: 3,
  path: 1,
  /** How much a word of a page's keywords counts for the page's sections (its title record: 1). */
  keywordCredit: 0.5,
  /** BM25 term frequency saturation and length normalisation. */
  k: 1.2,
  b: 0.9,
  /** Exponent of the share of the query's words that the record and its page hold. */
  coverage: 4,
  /** Exponent of a word's inverse document frequency in its weight for that share (0: all equal). */
  rarity: 0.3,
  /** Per share of the query's words found in the record's own heading. */
  heading: 1.2,
  /** Per share of the query's words found in the title of the record's page. */
  page: 0.25,
  /** Per share of the heading's words that matched: the heading is what was asked for. */
  exactHeading: 0.5,
  /** The weight of a command line's arguments and flag values, against its command and flags. */
  commandArgument: 0.1,
  /** A flag or field row whose name the query gives as it is (`-e`, `spec.port`). */
  exactName: 20,
  /**
   * A section that holds, as written, a name the query gives that the
   * index splits into words (`TOOLHIVE_SECRETS_PASSWORD`, `MCP_HOST`): as
   * sure as a flag's name.
   */
  verbatimName: 20,
  /** An API operation whose method and path the query gives, per share of its path's segments typed as they are. */
  endpoint: 10,
  /** A heading that asks a question (the FAQ's), for a query that asks one. */
  question: 1.3,
  /** The pages that define the docs' terms, for a query that asks what something is. */
  definition: 1.5,
  /** Reference records, for a query in words. */
  referenceForWords: 0.6,
  /** API operations, for a query in words that doesn't name the API (API_WORDS). */
  operationForWords: 0.5,
  /** Flag and field rows, for a query in words. */
  codeForWords: 0.5,
  /** Reference records, for a query that looks like a command, flag or field. */
  referenceForCode: 2,
  /** Flag and field rows whose name was typed, for such a query. */
  codeForCode: 2,
  /** How much a whole word, not the last, counts when it matched only as a prefix or with a typo. */
  prefixCredit: 0.5,
  /** A docs' word for the reader's, from synonyms.ts, against the word typed. */
  synonym: 0.5,
  /** How much a synonym counts as the reader's word, in the share of the query's words a record holds. */
  synonymCredit: 0.7,
  /** The docs' long form of a word the reader shortened ("k8s"), or its equivalent: the same word. */
  abbreviation: 1,
  /** Words written apart that the docs write together, or the other way round. */
  compound: 0.8,
  /** A record of a surface the query names ("in the cluster"). */
  surface: 1.5,
  /**
   * In a question in words about the API that has an operation's verb
   * ("creates", "removes"): the operations with that verb...
   */
  operationVerb: 2,
  /** ...and those without it. */
  otherOperation: 0.5,
  /**
   * A reference paragraph that a guide (a page outside the reference) holds
   * word for word too, or a reference heading that a guide quotes after a label.
   */
  copy: 0.3,
  /** How much a word that only another record of the same section (URL) holds counts. */
  sectionCredit: 1,
  /**
   * A page's best section takes the place of its title record when it
   * scores at least this share of it, unless the page's title holds all of
   * the query's words (see `sectionsFirst`).
   */
  sectionFirst: 0.4,
  /** A page's results stay together, up to this many... */
  groupSize: 2,
  /** ...when they score at least this share of the page's best. */
  groupShare: 0.6,
};

export class SearchEngine {
  readonly records: DocSearchRecord[];
  private readonly mini: MiniSearch<IndexedDoc>;
  private readonly traits: RecordTraits[];
  /** Every word of the index, to tell words written apart or together. */
  private readonly vocabulary: Vocabulary;

  constructor(records: DocSearchRecord[]) {
    this.records = records;
    ({mini: this.mini, vocabulary: this.vocabulary} = fastIndex(indexedDocs(records)));
    this.traits = traitsOf(records);
  }

  /** The same index built the ordinary way, for tests. */
  static viaAddAll(records: DocSearchRecord[]): SearchEngine {
    const engine = Object.create(SearchEngine.prototype) as SearchEngine;
    const mini = new MiniSearch<IndexedDoc>(MINI_OPTIONS);
    const docs = indexedDocs(records);
    mini.addAll(docs);
    Object.assign(engine, {
      records,
      mini,
      traits: traitsOf(records),
      vocabulary: Vocabulary.of(docs),
    });
    return engine;
  }

  /**
   * Matching records, best first: records that match any of the words, those
   * that hold all of them (themselves or through their page) far ahead. One
   * record per URL (the best of each page section, as DocSearch indexes are
   * distinct on the URL), and the next best section of a page right after its
   * first. At most `limit` hits.
   */
  search(query: string, limit = 1000): SearchResults {
    const terms = queryTerms(query);
    if (terms.length === 0) return {hits: [], terms};
    const last = terms.length - 1;
    const prefixed = (term: string, i: number) => term.length >= (i === last ? 2 : 4);
    const options = {
      boost: {title: RANKING.title, path: RANKING.path, content: 1},
      bm25: {k: RANKING.k, b: RANKING.b, d: 0.5},
      fuzzy: (term: string) => typos(term) || false,
      weights: {fuzzy: 0.3, prefix: 0.5},
      boostDocument: (id: number) => TYPE_BOOST[this.records[id]!.type],
      combineWith: 'OR' as const,
      // The words are already normalised.
      tokenize: (t: string) => [t],
      processTerm: (t: string) => t,
    };
    // Records that hold more of the query's words come first (Algolia ranks
    // by the number of words matched), counting the words of the record's
    // page title and lead: a section is about what its page is about.
    const args = this.commandArguments(query);
    const weights = terms.map((t) => this.rarity(t) * (args.has(t) ? RANKING.commandArgument : 1));
    const expanded = expandedQuery(
      query,
      terms,
      weights,
      prefixed,
      queryShape(query),
      this.vocabulary,
    );
    if (expanded.api && expanded.shape === 'words') {
      this.actions ??= new Set(this.traits.flatMap((t) => t.actions));
      for (const w of expanded.exact.flat()) if (this.actions.has(w)) expanded.verbs.add(w);
    }
    const results = this.mini.search(expanded.query, options);
    // The query's words that some record holds: a word that nothing holds
    // (a typo past tolerance) doesn't keep a page's title from naming the query.
    const live = new Set(
      results.flatMap((r) => r.queryTerms.flatMap((t) => expanded.slots.get(t) ?? [])),
    );
    const ranked = results.map((r) => this.rank(r, expanded, live.size));
    const hits = bestOfSections(ranked, expanded);
    hits.sort((a, b) => b.score - a.score);
    return {
      hits: pageEntriesAfterSections(groupByPage(sectionsFirst(hits))).slice(0, limit),
      terms,
    };
  }

  /** The CLI's commands (`thv run`, `thv config set-registry`), from the reference pages' titles. */
  private commands: Set<string> | undefined;
  /** The verbs of the API's operations. */
  private actions: Set<string> | undefined;

  private commandArguments(query: string): Set<string> {
    this.commands ??= new Set(
      this.records
        .filter((r) => r.type === 'lvl1' && r.hierarchy.lvl0 === REFERENCE_SECTION)
        .map((r) => r.hierarchy.lvl1.toLowerCase())
        .filter((t) => t.startsWith('thv ')),
    );
    return commandArguments(query, this.commands);
  }

  /**
   * How much a query word weighs in the share of the query's words a record
   * holds: a rare word ("crashloopbackoff") more than one that most records
   * hold ("server"), as its inverse document frequency, softened.
   */
  private rarity(term: string): number {
    const n = this.vocabulary.counts.get(term) ?? 0;
    return Math.log(1 + this.records.length / (1 + n)) ** RANKING.rarity;
  }

  /**
   * Which of the query's words the record holds (`own`) and its page's title
   * and lead hold (`covered`), per word as a credit from 0 to 1: a synonym
   * or a prefix counts for less, and so do its page's keywords (a section
   * inherits them). `bestOfSections` weighs them by rarity.
   */
  private wordsCovered(
    result: SearchResult,
    query: ExpandedQuery,
  ): {own: number[]; covered: number[]} {
    // Per query word, the best credit of the terms that matched it: 1 for the
    // word itself, less for a synonym.
    const own = query.terms.map(() => 0);
    const found = new Set(result.terms);
    for (const t of result.queryTerms) {
      let credit = query.credit.get(t) ?? 1;
      // A whole word, not the last, that matched only as the start of a
      // longer word or with a typo ("tool" in "toolhive") is less sure.
      if (query.whole.has(t) && !found.has(t)) credit *= RANKING.prefixCredit;
      for (const i of query.slots.get(t) ?? []) own[i] = Math.max(own[i]!, credit);
    }
    if (own.every((c) => c === 1)) return {own, covered: own};
    const {subject, keywords} = this.traits[result.id as number]!;
    let covered = query.subjects.get(subject);
    if (!covered) {
      // Once per page and query.
      covered = query.terms.map((t, i) => {
        let best = 0;
        if (query.prefixed(t, i) && [...subject].some((w) => w.startsWith(t)))
          best = query.whole.has(t) ? RANKING.prefixCredit : 1;
        for (const w of query.exact[i]!) {
          const credit = query.credit.get(w) ?? 1;
          if (subject.has(w)) best = Math.max(best, credit);
          else if (keywords.has(w)) best = Math.max(best, credit * RANKING.keywordCredit);
        }
        return best;
      });
      query.subjects.set(subject, covered);
    }
    return {own, covered};
  }

  private rank(result: SearchResult, query: ExpandedQuery, live: number): SectionHit {
    const termCount = query.terms.length;
    const id = result.id as number;
    const record = this.records[id]!;
    const traits = this.traits[id]!;
    const matched = new Set(result.terms);
    // The share of the query's words that `words` hold: a word found as
    // itself or a synonym stands for its query words (a compound for two),
    // one found as a prefix or with a typo for one.
    const held = (words: string[]) => {
      const slots = new Set<number>();
      let other = 0;
      for (const w of words) {
        if (!matched.has(w)) continue;
        const at = query.slots.get(w);
        if (at) for (const i of at) slots.add(i);
        else other += 1;
      }
      return Math.min(slots.size + other, termCount);
    };
    const share = (words: string[]) => held(words) / termCount;
    const headingHeld = held(traits.heading);
    const headingShare = headingHeld / termCount;
    // How much of the heading is what was asked for: all of it for "What is
    // ToolHive?" and "tool hive", a quarter for "Run the ToolHive API server".
    let ofHeading = 0;
    for (const w of traits.heading) if (matched.has(w)) ofHeading += 1;
    const headingMatched = traits.heading.length > 0 ? ofHeading / traits.heading.length : 0;
    // MiniSearch multiplies the score by the number of searched terms that
    // matched; count the query's words instead, so that a record does not
    // gain from matching a word and its synonym or shorter stem both.
    const slots = new Set(result.queryTerms.flatMap((t) => query.slots.get(t) ?? []));
    let score =
      (result.score / Math.max(result.queryTerms.length, 1)) *
      slots.size *
      (1 +
        RANKING.heading * headingShare +
        RANKING.page * share(traits.page) +
        RANKING.exactHeading * headingMatched);
    let {own, covered} = this.wordsCovered(result, query);
    // A word that names the record's surface is held by it ("kubernetes" on
    // the operator's guides, "cursor" on the pages that connect clients).
    if (traits.surfaces.length > 0 && query.steer.some(([, s]) => traits.surfaces.includes(s))) {
      own = [...own];
      covered = [...covered];
      for (const [t, s] of query.steer) if (traits.surfaces.includes(s)) own[t] = covered[t] = 1;
      score *= RANKING.surface;
    }
    // Verbs match operations: "api that creates a group" is the one that creates.
    if (query.verbs.size > 0 && traits.actions.length > 0)
      score *= traits.actions.some((a) => query.verbs.has(a))
        ? RANKING.operationVerb
        : RANKING.otherOperation;
    if (traits.copy) score *= RANKING.copy;
    if (query.question && traits.question) score *= RANKING.question;
    if (query.definition && traits.defines) score *= RANKING.definition;
    const verbatim =
      !traits.names.some((n) => query.names.includes(n)) &&
      query.joined.length > 0 &&
      mentions(record, query.joined);
    if (traits.names.some((n) => query.names.includes(n))) score *= RANKING.exactName;
    if (query.endpoint && traits.endpoint)
      score *= 1 + RANKING.endpoint * endpointMatch(query.endpoint, traits.endpoint);
    if (query.shape === 'words') {
      // Unless its heading is a name of several words that the query gives
      // whole ("amp cli"); an API operation's title is no such name.
      const named =
        headingMatched === 1 && traits.heading.length > 1 && traits.actions.length === 0;
      if (traits.reference && !named) score *= RANKING.referenceForWords;
      // The API's operations answer questions about the API.
      if (!query.api && traits.actions.length > 0) score *= RANKING.operationForWords;
      if (traits.code) score *= RANKING.codeForWords;
    } else {
      if (traits.reference) score *= RANKING.referenceForCode;
      if (traits.code && headingShare > 0) score *= RANKING.codeForCode;
    }
    // A query that gives a page's command or API path names the page, not a
    // passage: its page entry keeps its place, as a titled one.
    const givesPage =
      traits.names.some((n) => query.names.includes(n)) ||
      (query.endpoint !== null &&
        traits.endpoint !== null &&
        endpointMatch(query.endpoint, traits.endpoint) > 0);
    const titled = record.type === 'lvl1' && (headingHeld >= Math.max(live, 1) || givesPage);
    return {record, score, matched, own, covered, verbatim, titled};
  }
}

/**
 * The query for MiniSearch: each word as typed (a prefix from 2 letters for
 * the last word, from 4 for the others; with typos from 4 letters) or, with a
 * lower weight, as any shorter stem it begins with, from 4 letters, when the
 * index doesn't hold the word itself. A word typed past its stem ("isolati"
 * for "isol", the stem of "isolation") or with a typo at its end still finds
 * it. Also with a lower weight: the docs' words
 * for the reader's (synonyms.ts), and words the reader wrote apart or together
 * that the docs write the other way ("tool hive", "mcp server", "secretstore").
 */
interface ExpandedQuery {
  query: Query;
  /** The query's words (stems). */
  terms: string[];
  /** Each searched term to the positions of the query words it stands for. */
  slots: Map<string, number[]>;
  /** Per query word, the whole words that count as it: itself, its synonyms, its compounds. */
  exact: string[][];
  /** How much a term counts towards holding its query words, when less than 1 (synonyms). */
  credit: Map<string, number>;
  /** The query's words, but the last, that are whole words of the index. */
  whole: Set<string>;
  prefixed: (term: string, i: number) => boolean;
  shape: QueryShape;
  /** The query asks a question: it starts with a question word ("what can a server see"). */
  question: boolean;
  /** The query asks what something is ("what is a transport"). */
  definition: boolean;
  /** Flags and field names the query gives (`--proxy-port`, `-e`, `spec.targetport`), in lower case. */
  names: string[];
  /** The API method and path the query starts with (`GET /api/v1beta/workloads`). */
  endpoint: Endpoint | null;
  /** Names with an underscore that the query gives (`toolhive_secrets_password`), in lower case. */
  joined: string[];
  /** Per page subject, which of the words it holds (filled while ranking). */
  subjects: Map<Set<string>, number[]>;
  /** Per query word, its weight in the share of the query's words a record holds. */
  weights: number[];
  /** The sum of `weights`: the share's whole. */
  totalWeight: number;
  /** Query words that name a surface, each with the surface (its place in SURFACES). */
  steer: [term: number, surface: number][];
  /** The query is about the REST API (API_WORDS). */
  api: boolean;
  /** In a question about the API, the operations' verbs it has (searched terms). */
  verbs: Set<string>;
}

/** The words a question starts with. */
const QUESTION =
  /^\s*(?:what|what's|whats|how|why|where|which|who|when|can|does|do|is|are|should|will)\b/i;
/** A question that asks what something is, or compares two things ("stdio vs sse"). */
const DEFINITION =
  /^\s*(?:what\s+(?:is|are)|what's|whats)\b|\b(?:vs|versus|difference\s+between|compared?\s+(?:to|with)|which\s+is\s+better|better\s+than)\b/i;

/** Longest reader's phrase of synonyms.ts, in words. */
const MAX_PHRASE_WORDS = 4;

/** A word's stem, stop words included, to look up the phrases of synonyms.ts. */
function phraseStem(word: string): string {
  let w = word.toLowerCase();
  if (NON_ASCII.test(w)) w = w.normalize('NFD').replace(/\p{M}/gu, '');
  return stemmer(w);
}

/** Reader's word or two-word phrase (stems, space-separated) to the docs' words (normalised). */
interface LookupEntry {
  /** The docs' words (normalised). */
  docs: string[];
  /** Words (stems) of which the query must hold one, or null for any query. */
  when: Set<string> | null;
}

function lookupTable(groups: SynonymGroup[]): Map<string, LookupEntry[]> {
  const table = new Map<string, LookupEntry[]>();
  for (const group of groups) {
    const docs = group.docs.flatMap((d) => tokenize(d).map(normalizeTerm));
    const when = group.when ? new Set(group.when.map(phraseStem)) : null;
    for (const reader of group.reader) {
      const words = tokenize(reader);
      const own = new Set(words.map(normalizeTerm));
      const key = words.map(phraseStem).join(' ');
      const entry = {docs: [] as string[], when};
      for (const t of docs) if (t && !own.has(t) && !entry.docs.includes(t)) entry.docs.push(t);
      table.set(key, [...(table.get(key) ?? []), entry]);
    }
  }
  return table;
}
const SYNONYM_TABLE = lookupTable(SYNONYMS);
const ABBREVIATION_TABLE = lookupTable([...ABBREVIATIONS, ...EQUIVALENTS, ...PRODUCTS]);
/** A surface's words and phrases (stems, space-separated) to its place in SURFACES. */
const SURFACE_TABLE = new Map(
  SURFACES.flatMap((s, n) => s.words.map((w) => [tokenize(w).map(phraseStem).join(' '), n])),
);
const API_STEMS = new Set(API_WORDS.map(phraseStem));

/** The docs' words for a reader's word or phrase, in a query whose words (stems) are `context`. */
function lookup(table: Map<string, LookupEntry[]>, key: string, context: Set<string>): string[] {
  const out: string[] = [];
  for (const {docs, when} of table.get(key) ?? [])
    if (!when || [...when].some((w) => context.has(w))) out.push(...docs);
  return out;
}

function expandedQuery(
  text: string,
  terms: string[],
  weights: number[],
  prefixed: (term: string, i: number) => boolean,
  shape: QueryShape,
  vocabulary: Vocabulary,
): ExpandedQuery {
  const slots = new Map<string, number[]>();
  const exact = terms.map((t) => [t]);
  const queries: Query[] = [];
  terms.forEach((term, i) => {
    slots.set(term, [i]);
    queries.push({queries: [term], prefix: prefixed(term, i)});
    // A word the docs hold as typed finds shorter stems that differ only in
    // an ending the stemmer leaves ("config" for "configur"), not the first
    // part of a longer word ("open" for "openapi", "tool" for
    // "toolhiveRunnerImage"), which is another word.
    const shortest = vocabulary.has(term) ? Math.max(4, term.length - MAX_ENDING) : 4;
    for (let n = term.length - 1; n >= shortest; n -= 1) {
      const stem = term.slice(0, n);
      if (slots.has(stem)) continue;
      slots.set(stem, [i]);
      queries.push({queries: [stem], prefix: false, fuzzy: false, boostTerm: () => SHORTER_STEM});
    }
  });
  const credit = new Map<string, number>();
  const alternative = (term: string | null, at: number[], weight: number, part = 1) => {
    if (!term || at.length === 0 || slots.has(term)) return;
    slots.set(term, at);
    if (part < 1) credit.set(term, part);
    for (const i of at) exact[i]!.push(term);
    queries.push({queries: [term], prefix: false, fuzzy: false, boostTerm: () => weight});
  };
  // The query's words as typed, each with the query word it counts as (none
  // for stop words).
  const words = tokenize(text.slice(0, MAX_QUERY_LENGTH)).slice(0, MAX_QUERY_TERMS * 2);
  const at = words.map((w) => {
    const t = normalizeTerm(w);
    const i = t ? terms.indexOf(t) : -1;
    return i < 0 ? [] : [i];
  });
  const stems = words.map(phraseStem);
  const context = new Set(stems);
  // The words and phrases that name a surface ("kubernetes", "vs code"),
  // unless the query names nothing else ("cli or ui").
  const steer: [term: number, surface: number][] = [];
  for (let i = 0; i < words.length; i += 1)
    for (let n = 1; n <= MAX_PHRASE_WORDS && i + n <= words.length; n += 1) {
      const surface = SURFACE_TABLE.get(stems.slice(i, i + n).join(' '));
      if (surface !== undefined)
        for (const t of at.slice(i, i + n).flat()) steer.push([t, surface]);
    }
  if (terms.every((_, i) => steer.some(([t]) => t === i))) steer.length = 0;
  const again = stems.indexOf('again');
  words.forEach((word, i) => {
    // "start it again" is "restart": a verb with "again" also finds the
    // docs' word that prefixes it with "re", when the index has one, and
    // that word holds both.
    if (again >= 0 && i !== again) {
      const re = normalizeTerm(`re${word}`);
      if (re && vocabulary.has(re))
        alternative(re, [...new Set([...at[i]!, ...at[again]!])], RANKING.abbreviation);
    }
    for (const t of lookup(ABBREVIATION_TABLE, stems[i]!, context))
      alternative(t, at[i]!, RANKING.abbreviation);
    for (const t of lookup(SYNONYM_TABLE, stems[i]!, context))
      alternative(t, at[i]!, RANKING.synonym, RANKING.synonymCredit);
    if (i === words.length - 1) {
      // Unless the reader is still typing it.
      if (!vocabulary.extends(normalizeTerm(word) ?? word))
        splitCompound(word, at[i]!, vocabulary, alternative);
      return;
    }
    const both = [...new Set([...at[i]!, ...at[i + 1]!])];
    // Phrases of up to four words ("set up", "out of the box").
    for (let n = 2; n <= MAX_PHRASE_WORDS && i + n <= words.length; n += 1) {
      const span = [...new Set(at.slice(i, i + n).flat())];
      const key = stems.slice(i, i + n).join(' ');
      for (const t of lookup(ABBREVIATION_TABLE, key, context))
        alternative(t, span, RANKING.abbreviation);
      for (const t of lookup(SYNONYM_TABLE, key, context))
        alternative(t, span, RANKING.synonym, RANKING.synonymCredit);
    }
    // Two words the docs write as one: "tool hive", "mcp server", "set up".
    if (both.length > 0) {
      const joined = normalizeTerm(word + words[i + 1]);
      if (joined && vocabulary.has(joined)) alternative(joined, both, RANKING.compound);
    }
    splitCompound(word, at[i]!, vocabulary, alternative);
  });
  return {
    query: {combineWith: 'OR', queries},
    terms,
    slots,
    exact,
    credit,
    whole: new Set(terms.filter((t, i) => i < terms.length - 1 && vocabulary.has(t))),
    prefixed,
    shape,
    question: QUESTION.test(text),
    definition: DEFINITION.test(text),
    endpoint: endpointOf(text.slice(0, MAX_QUERY_LENGTH)),
    names: codeNamesOf(text.slice(0, MAX_QUERY_LENGTH)),
    joined: codeNamesOf(text.slice(0, MAX_QUERY_LENGTH)).filter((n) => /[a-z0-9]_[a-z0-9]/.test(n)),
    subjects: new Map(),
    weights,
    totalWeight: weights.reduce((a, b) => a + b, 0),
    steer,
    api: [...context].some((w) => API_STEMS.has(w)),
    verbs: new Set(),
  };
}

/**
 * One word the docs write as two ("secretstore"): when the word is not in the
 * index, but two common words of the index make it up, it also finds those.
 */
function splitCompound(
  word: string,
  at: number[],
  vocabulary: Vocabulary,
  alternative: (term: string | null, at: number[], weight: number) => void,
): void {
  const term = normalizeTerm(word);
  if (!term || at.length === 0 || word.length < 6 || word.length > 30 || vocabulary.has(term))
    return;
  const common = (t: string | null) =>
    t !== null && (vocabulary.counts.get(t) ?? 0) >= SPLIT_MIN_RECORDS;
  // The most even split whose halves are both common words of the index.
  let best: [string, string] | null = null;
  let bestShort = 0;
  for (let k = 3; k <= word.length - 3; k += 1) {
    const a = normalizeTerm(word.slice(0, k));
    const b = normalizeTerm(word.slice(k));
    const short = Math.min(k, word.length - k);
    if (common(a) && common(b) && short > bestShort) {
      best = [a!, b!];
      bestShort = short;
    }
  }
  if (best) for (const t of best) alternative(t, at, RANKING.compound);
}

/** A half of a split word is a word of at least this many records. */
const SPLIT_MIN_RECORDS = 3;

/** Letters a shorter stem may drop from a word that the index holds as typed. */
const MAX_ENDING = 2;

/** Weight of a match on a shorter stem than the word typed. */
const SHORTER_STEM = 0.3;

/** A record's hit before the share of the query's words it holds is counted. */
interface SectionHit extends RankedHit {
  /** Per query word, the credit of the record's own match (1: the word itself). */
  own: number[];
  /** Per query word, the credit of the record's page title, lead and keywords. */
  covered: number[];
  /** The record holds, as written, a name the query gives with underscores. */
  verbatim: boolean;
  /** A page's title record whose title holds all of the query's words. */
  titled: boolean;
}

/**
 * One hit per URL (DocSearch indexes are distinct on the URL): a page
 * section, with its heading record and a record per paragraph. The section
 * holds the query's words that its records hold between them, and a name
 * that one of them holds as written: "see which servers are running" is
 * answered by a heading "List your servers" over "shows the servers that are
 * running". The section ranks by its best record so counted; the record
 * shown is the one that holds most of the words itself, for its snippet.
 */
function bestOfSections(hits: SectionHit[], query: ExpandedQuery): TitledHit[] {
  const sections = new Map<string, {held: number[]; verbatim: boolean}>();
  for (const h of hits) {
    const section = sections.get(h.record.url);
    if (!section) sections.set(h.record.url, {held: [...h.own], verbatim: h.verbatim});
    else {
      h.own.forEach((c, i) => (section.held[i] = Math.max(section.held[i]!, c)));
      section.verbatim ||= h.verbatim;
    }
  }
  const share = (h: SectionHit, held: number[] | null) => {
    let words = 0;
    for (let i = 0; i < h.own.length; i += 1)
      words +=
        query.weights[i]! *
        Math.max(h.own[i]!, h.covered[i]!, held ? RANKING.sectionCredit * held[i]! : 0);
    return (words / query.totalWeight) ** RANKING.coverage;
  };
  const best = new Map<string, {shown: SectionHit; alone: number; score: number}>();
  for (const h of hits) {
    const section = sections.get(h.record.url)!;
    const alone = h.score * share(h, null) * (h.verbatim ? RANKING.verbatimName : 1);
    const score = h.score * share(h, section.held) * (section.verbatim ? RANKING.verbatimName : 1);
    const b = best.get(h.record.url);
    if (!b) best.set(h.record.url, {shown: h, alone, score});
    else {
      if (alone > b.alone) Object.assign(b, {shown: h, alone});
      b.score = Math.max(b.score, score);
    }
  }
  return [...best.values()].map(({shown, score}) => ({
    record: shown.record,
    matched: shown.matched,
    score,
    titled: shown.titled,
  }));
}

/** A ranked hit, and whether it is a page's title record whose title holds all of the query's words. */
interface TitledHit extends RankedHit {
  titled: boolean;
}

/**
 * A page's title record gives its place to the page's best section, when
 * that section scores at least `sectionFirst` of it and the page's title
 * does not hold all of the query's words: the title record also holds the
 * page's lead and keywords, so it outranks the section that answers ("run a
 * docker image" is the section on container images, not the page on
 * running servers), and the section stands for its page as well. The two
 * swap scores: the page keeps its rank, the title record takes the
 * section's. Returns the hits sorted, best first, still marked.
 */
function sectionsFirst(hits: TitledHit[]): TitledHit[] {
  const first = new Map<string, TitledHit>();
  const section = new Map<string, TitledHit>();
  for (const h of hits) {
    const page = h.record.url_without_anchor;
    if (!first.has(page)) first.set(page, h);
    if (h.record.anchor !== null && !section.has(page)) section.set(page, h);
  }
  for (const [page, top] of first) {
    const best = section.get(page);
    if (!isPageEntry(top) || !best) continue;
    if (best.score < RANKING.sectionFirst * top.score) continue;
    [top.score, best.score] = [best.score, top.score];
  }
  return hits.sort((a, b) => b.score - a.score);
}

/** A page's title record whose title does not hold all of the query's words. */
function isPageEntry(h: TitledHit): boolean {
  return h.record.type === 'lvl1' && h.record.anchor === null && !h.titled;
}

/**
 * After grouping, a page's title record that stands under one of its own
 * page's sections adds nothing there: it moves down to right after the last
 * of the page's sections that rank below it. Titled pages ("thv run" on the
 * page of `thv run`) and page entries above their sections keep their place.
 */
function pageEntriesAfterSections(hits: TitledHit[]): RankedHit[] {
  const out = hits.slice();
  // The pages with a section above the hit being looked at.
  const above = new Set<string>();
  for (let i = 0; i < out.length; i += 1) {
    const h = out[i]!;
    const page = h.record.url_without_anchor;
    if (h.record.anchor !== null) above.add(page);
    if (!isPageEntry(h) || !above.has(page)) continue;
    let last = i;
    out.forEach((x, k) => {
      if (k > i && x.record.url_without_anchor === page && x.record.anchor !== null) last = k;
    });
    if (last === i) continue;
    out.splice(i, 1);
    out.splice(last, 0, h);
    i -= 1;
  }
  return out.map(({record, matched, score}) => ({record, matched, score}));
}

/**
 * Puts the next best sections of a page right after its best one, as
 * DocSearch's modal lists them under the page: up to `groupSize` hits per
 * page, each scoring at least `groupShare` of the page's best. Other hits
 * keep their place.
 */
function groupByPage(hits: TitledHit[]): TitledHit[] {
  const groups: TitledHit[][] = [];
  const open = new Map<string, TitledHit[]>();
  for (const hit of hits) {
    const page = hit.record.url_without_anchor;
    const group = open.get(page);
    if (
      group &&
      group.length < RANKING.groupSize &&
      hit.score >= group[0]!.score * RANKING.groupShare
    ) {
      group.push(hit);
    } else {
      const fresh = [hit];
      groups.push(fresh);
      if (!group) open.set(page, fresh);
    }
  }
  return groups.flat();
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
