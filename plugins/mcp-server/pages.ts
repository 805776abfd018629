/**
 * From what a client passes to `get_page` (a path or a URL of this site, with
 * or without an anchor) to a page of the corpus, or a clear refusal. The
 * answer is only ever a key of the corpus's page map: nothing here builds a
 * file path.
 */
import type {DocsCorpus, DocsPage} from './corpus';
import {routeOfTwinPath} from '../markdown-twins/twin-path';
import leven from 'leven';

/** The page list itself (llms.txt), which `get_page` also returns. */
export const LLMS_TXT_PATH = '/llms.txt';

export type PageRef =
  | {ok: true; route: string; anchor: string | null}
  | {ok: false; reason: 'invalid' | 'outside' | 'other-host'; message: string};

/** A dot segment (`.`, `..`), plain or percent-encoded, between slashes or at an end. */
const DOT_SEGMENT = /(?:^|[/\\])(?:\.|%2e){1,2}(?:[/\\?#]|$)/i;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

function outside(message: string): PageRef {
  return {ok: false, reason: 'outside', message};
}

/** Percent-decodes until stable (at most three times); null when the encoding is broken. */
function decodeFully(text: string): string | null {
  let current = text;
  for (let i = 0; i < 3; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * The route and anchor a reference names. `servingOrigin` is the origin the
 * endpoint was reached at (a local server's URLs count as this site's too).
 */
export function resolvePageRef(input: string, siteUrl: string, servingOrigin?: string): PageRef {
  const ref = input.trim();
  const site = `Give a path such as /toolhive/faq, or a URL of ${siteUrl}.`;
  if (!ref) return {ok: false, reason: 'invalid', message: `The page reference is empty. ${site}`};
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(ref) || /%(?:00|0[1-9a-f]|1[0-9a-f]|7f)/i.test(ref))
    return outside(`The page reference holds a null byte or another control character. ${site}`);
  if (ref.includes('\\') || /%5c/i.test(ref))
    return outside(
      `The page reference holds a backslash: file system paths are not pages. ${site}`,
    );
  const decoded = decodeFully(ref);
  if (decoded === null)
    return {
      ok: false,
      reason: 'invalid',
      message: `The page reference has broken percent-encoding. ${site}`,
    };
  if (DOT_SEGMENT.test(ref) || DOT_SEGMENT.test(decoded))
    return outside(
      `The page reference has "." or ".." segments, which would leave the page tree. ${site}`,
    );

  let pathPart: string;
  let hash = '';
  const scheme = SCHEME.exec(ref)?.[1]?.toLowerCase();
  if (scheme || ref.startsWith('//')) {
    if (scheme && scheme !== 'http' && scheme !== 'https')
      return outside(`"${scheme}:" references are not pages of this site. ${site}`);
    let url: URL;
    try {
      url = new URL(ref, siteUrl);
    } catch {
      return {ok: false, reason: 'invalid', message: `"${ref}" is not a valid URL. ${site}`};
    }
    const hosts = new Set([new URL(siteUrl).host]);
    if (servingOrigin) hosts.add(new URL(servingOrigin).host);
    if (!hosts.has(url.host))
      return {
        ok: false,
        reason: 'other-host',
        message: `${url.host} is another site: this server only reads the pages of ${siteUrl}. ${site}`,
      };
    pathPart = url.pathname;
    hash = url.hash;
  } else {
    const at = ref.search(/[?#]/);
    pathPart = at < 0 ? ref : ref.slice(0, at);
    const h = ref.indexOf('#');
    hash = h < 0 ? '' : ref.slice(h);
    if (!pathPart.startsWith('/')) pathPart = `/${pathPart}`;
  }
  const path = decodeFully(pathPart);
  if (path === null)
    return {
      ok: false,
      reason: 'invalid',
      message: `The page reference has broken percent-encoding. ${site}`,
    };
  const anchor = hash.length > 1 ? decodeFully(hash.slice(1)) : null;
  return {ok: true, route: normalizeRoute(path), anchor: anchor || null};
}

/** A site path as a page route: without `.md`, `.html`, `/index` or a trailing slash. */
export function normalizeRoute(path: string): string {
  if (path === LLMS_TXT_PATH) return path;
  let p = path.replace(/\/{2,}/g, '/');
  const twin = routeOfTwinPath(p);
  if (twin !== null) p = twin;
  p = p.replace(/\.html$/, '').replace(/\/index$/, '/');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p || '/';
}

/** The page a route names, also when typed in another case. */
export function findPage(corpus: DocsCorpus, route: string): DocsPage | undefined {
  const exact = corpus.pages.get(route);
  if (exact) return exact;
  const lower = route.toLowerCase();
  for (const [r, page] of corpus.pages) if (r.toLowerCase() === lower) return page;
  return undefined;
}

/**
 * Pages near a route that does not exist: those whose last path segment is
 * closest to its last segment, then what the site's search finds for the
 * route's words.
 */
export function nearestPages(corpus: DocsCorpus, route: string, limit = 5): DocsPage[] {
  const last = (r: string) => r.split('/').filter(Boolean).pop()?.toLowerCase() ?? '';
  const wanted = last(route);
  const parts = route.split('/').filter(Boolean);
  const shared = (r: string) => {
    const other = r.split('/').filter(Boolean);
    let n = 0;
    while (n < parts.length && parts[n] === other[n]) n += 1;
    return n;
  };
  const found: DocsPage[] = [];
  const add = (page: DocsPage | undefined) => {
    if (page && !found.includes(page) && found.length < limit) found.push(page);
  };
  if (wanted) {
    // A segment cut short ("run-mcp") or with a typo ("run-mcp-sever").
    const scored = [...corpus.pages.values()]
      .map((page) => {
        const own = last(page.route);
        const d =
          own && (own.startsWith(wanted) || wanted.startsWith(own)) ? 0 : leven(wanted, own);
        return {page, d};
      })
      .filter(({d}) => d <= Math.max(2, Math.floor(wanted.length / 3)))
      // Among equals, the page in the same part of the site first.
      .sort((a, b) => a.d - b.d || shared(b.page.route) - shared(a.page.route));
    for (const {page} of scored.slice(0, 3)) add(page);
  }
  const words = route.replace(/[/_.-]+/g, ' ').trim();
  if (words)
    for (const hit of corpus.engine.search(words, 50).hits)
      add(corpus.pages.get(hit.record.url_without_anchor));
  return found;
}
