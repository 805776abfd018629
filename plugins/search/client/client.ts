/**
 * A search client with the contract of Algolia's lite client, answered by the
 * local engine. DocSearch's modal calls `search({requests})`; the theme's
 * search page (through algoliasearch-helper) calls `search([...])` with the
 * parameters under `params`. Both get Algolia-shaped results: `hits` with
 * `_highlightResult` and `_snippetResult`, `nbHits`, `page`, `nbPages`,
 * `queryID`.
 *
 * All text in a hit is HTML-escaped, because DocSearch and the search page
 * insert hit text as HTML; only the highlight tags are markup.
 *
 * No DOM or Node APIs: the unit tests drive it directly.
 */
import {
  escapeHtml,
  highlight,
  MAX_QUERY_LENGTH,
  snippet,
  type HighlightedValue,
  type HighlightTags,
  type RankedHit,
  type SearchEngine,
} from './engine';
import type {DocSearchRecord, Hierarchy} from './records';

export interface SearchRequest {
  indexName?: string;
  query?: string;
  params?: Record<string, unknown> | string;
  [param: string]: unknown;
}

export type SearchInput = {requests: SearchRequest[]} | SearchRequest[];

export interface LocalHit extends DocSearchRecord {
  _highlightResult: Record<string, unknown>;
  _snippetResult: Record<string, unknown>;
}

export interface SearchResponse {
  hits: LocalHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  exhaustiveNbHits: boolean;
  processingTimeMS: number;
  query: string;
  params: string;
  index: string;
  queryID: string;
  facets: Record<string, never>;
}

export interface LocalSearchClient {
  appId: string;
  search(input: SearchInput): Promise<{results: SearchResponse[]}>;
  addAlgoliaAgent(segment: string, version?: string): void;
  clearCache(): Promise<void>;
  transporter: {
    algoliaAgent: {value: string; add(agent: {segment: string; version?: string}): unknown};
  };
}

export interface LocalClientOptions {
  /** Resolves to the engine; rejects when the index cannot be loaded. */
  engine: () => Promise<SearchEngine>;
  /** Origin put in front of hit URLs (the theme turns them back into paths). */
  origin?: () => string;
  /** Clock for `processingTimeMS`. */
  now?: () => number;
  /** Called after each answered request with its start and end on the clock. */
  onQuery?: (start: number, end: number) => void;
  /**
   * Words per snippet, for every snippeted attribute, instead of the numbers
   * in the request (DocSearch asks for 15).
   */
  snippetWords?: () => number;
}

const DEFAULT_SNIPPET_WORDS = 10;
const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

function intParam(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.trunc(n))) : fallback;
}

/** Request parameters, whether given flat (DocSearch) or under `params` (helper). */
function paramsOf(request: SearchRequest): Record<string, unknown> {
  const {params, ...rest} = request;
  if (typeof params === 'string') {
    const parsed: Record<string, unknown> = {};
    for (const [k, v] of new URLSearchParams(params)) {
      try {
        parsed[k] = JSON.parse(v);
      } catch {
        parsed[k] = v;
      }
    }
    return {...rest, ...parsed};
  }
  return {...rest, ...(params ?? {})};
}

/** `['content:10', 'hierarchy.lvl1']` → Map { content → 10, hierarchy.lvl1 → 10 }. */
function snippetLengths(spec: unknown): Map<string, number> {
  const list = Array.isArray(spec) ? spec : typeof spec === 'string' ? spec.split(',') : [];
  const out = new Map<string, number>();
  for (const item of list) {
    const [attribute, words] = String(item).split(':');
    if (attribute) out.set(attribute.trim(), intParam(words, DEFAULT_SNIPPET_WORDS, 1, 100));
  }
  return out;
}

let queryCounter = 0;
function nextQueryId(): string {
  queryCounter += 1;
  return queryCounter.toString(16).padStart(32, '0');
}

function toHit(
  hit: RankedHit,
  terms: string[],
  tags: HighlightTags,
  lengths: Map<string, number>,
  ellipsis: string,
  origin: string,
): LocalHit {
  const {record} = hit;
  const highlights: Partial<Record<keyof Hierarchy, HighlightedValue>> = {};
  const snippets: Partial<Record<keyof Hierarchy, unknown>> = {};
  const hierarchy = {...record.hierarchy};
  const cut = (attribute: string, text: string) => {
    const words = lengths.get(attribute);
    return words
      ? snippet(text, hit, terms, tags, words, ellipsis)
      : highlight(text, hit, terms, tags);
  };
  for (const level of LEVELS) {
    const text = record.hierarchy[level];
    if (text === null) continue;
    highlights[level] = highlight(text, hit, terms, tags);
    snippets[level] = cut(`hierarchy.${level}`, text);
    hierarchy[level] = escapeHtml(text);
  }
  const highlightResult: Record<string, unknown> = {
    hierarchy: highlights,
    hierarchy_camel: [highlights],
  };
  const snippetResult: Record<string, unknown> = {hierarchy: snippets, hierarchy_camel: [snippets]};
  if (record.content !== null) {
    highlightResult.content = highlight(record.content, hit, terms, tags);
    // DocSearch shows the snippet of `content`, or the raw text when there is none.
    snippetResult.content = cut('content', record.content);
  }
  return {
    ...record,
    url: origin + record.url,
    url_without_anchor: origin + record.url_without_anchor,
    hierarchy,
    content: record.content === null ? null : escapeHtml(record.content),
    _highlightResult: highlightResult,
    _snippetResult: snippetResult,
  };
}

function answer(
  engine: SearchEngine,
  request: SearchRequest,
  origin: string,
  options: LocalClientOptions & {now: () => number},
): SearchResponse {
  const {now, onQuery, snippetWords} = options;
  const started = now();
  const params = paramsOf(request);
  const query = typeof params.query === 'string' ? params.query.slice(0, MAX_QUERY_LENGTH) : '';
  const hitsPerPage = intParam(params.hitsPerPage, 20, 0, 1000);
  const page = intParam(params.page, 0, 0, 1000);
  const tags: HighlightTags = {
    pre: typeof params.highlightPreTag === 'string' ? params.highlightPreTag : '<em>',
    post: typeof params.highlightPostTag === 'string' ? params.highlightPostTag : '</em>',
  };
  const ellipsis = escapeHtml(
    typeof params.snippetEllipsisText === 'string' ? params.snippetEllipsisText : '…',
  );
  const lengths = snippetLengths(
    params.attributesToSnippet ?? [`content:${DEFAULT_SNIPPET_WORDS}`],
  );
  if (snippetWords) {
    const words = snippetWords();
    for (const attribute of lengths.keys()) lengths.set(attribute, words);
  }
  const {hits, terms} = query.trim() ? engine.search(query) : {hits: [], terms: []};
  const pageHits = hitsPerPage ? hits.slice(page * hitsPerPage, (page + 1) * hitsPerPage) : [];
  const formatted = pageHits.map((h) => toHit(h, terms, tags, lengths, ellipsis, origin));
  const ended = now();
  onQuery?.(started, ended);
  return {
    hits: formatted,
    nbHits: hits.length,
    page,
    nbPages: hitsPerPage ? Math.ceil(hits.length / hitsPerPage) : 0,
    hitsPerPage,
    exhaustiveNbHits: true,
    processingTimeMS: Math.round(ended - started),
    query,
    params: '',
    index: request.indexName ?? '',
    queryID: nextQueryId(),
    facets: {},
  };
}

/** Raised when the index cannot be loaded; DocSearch shows its error screen for this name. */
export class RetryError extends Error {
  constructor(message: string, options?: {cause?: unknown}) {
    super(message, options);
    this.name = 'RetryError';
  }
}

/**
 * A client object in the lite client's shape around a `search` function: the
 * app ID and user-agent plumbing that DocSearch and the search page call.
 */
export function searchClientShape(search: LocalSearchClient['search']): LocalSearchClient {
  const agents = ['ToolHive local search'];
  return {
    appId: 'local',
    transporter: {
      algoliaAgent: {
        get value() {
          return agents.join('; ');
        },
        add({segment, version}) {
          agents.push(version ? `${segment} (${version})` : segment);
          return this;
        },
      },
    },
    addAlgoliaAgent(segment, version) {
      this.transporter.algoliaAgent.add({segment, version});
    },
    async clearCache() {},
    search,
  };
}

export function createLocalSearchClient(options: LocalClientOptions): LocalSearchClient {
  const origin = options.origin ?? (() => '');
  const now = options.now ?? (() => Date.now());
  return searchClientShape(async (input) => {
    const requests = Array.isArray(input) ? input : (input?.requests ?? []);
    let engine: SearchEngine;
    try {
      engine = await options.engine();
    } catch (error) {
      throw error instanceof RetryError
        ? error
        : new RetryError('The search index could not be loaded', {cause: error});
    }
    return {results: requests.map((r) => answer(engine, r, origin(), {...options, now}))};
  });
}
