/**
 * Stand-in for `@docusaurus/core/lib/client/prefetch.js` (see ./index.ts).
 *
 * Same contract: `prefetch(url)` asks the browser to fetch a file it will
 * probably need soon and returns a promise that settles (never rejects) once
 * the file has loaded or failed. Differences: a URL is requested once however
 * often it is asked for, files this page has run already are not requested
 * again, and the link elements are appended in one batch two seconds later,
 * when the main thread is idle, not one by one in the middle of the page's
 * start-up (where they also competed with whatever the reader did first,
 * such as opening search).
 */

const requested = new Map<string, Promise<void>>();
let batch: {url: string; done: () => void}[] = [];

const supportsLinkPrefetch = ((): boolean => {
  try {
    return document.createElement('link').relList.supports('prefetch');
  } catch {
    return false;
  }
})();

// Prefetches are guesses; what the reader does first comes first. The
// links wait this long after they are asked for, then for an idle moment.
const SETTLE_MS = 2000;

function whenSettled(callback: () => void): void {
  window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(callback, {timeout: 1000});
    } else {
      callback();
    }
  }, SETTLE_MS);
}

/** Absolute URLs of the scripts this document has run so far. */
function scriptsRun(): Set<string> {
  return new Set(
    performance
      .getEntriesByType('resource')
      .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script')
      .map((e) => e.name),
  );
}

function appendBatch(): void {
  const items = batch;
  batch = [];
  // Pages share chunks: those this page has run are in the HTTP cache already.
  const run = scriptsRun();
  const links = document.createDocumentFragment();
  for (const {url, done} of items) {
    if (run.has(new URL(url, document.baseURI).href)) {
      done();
      continue;
    }
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    link.onload = done;
    link.onerror = done;
    links.appendChild(link);
  }
  document.head.appendChild(links);
}

function request(url: string): Promise<void> {
  if (!supportsLinkPrefetch) {
    // Browsers without link prefetching (Safari) get the file into the HTTP
    // cache with a plain request, as the original helper does.
    return fetch(url, {credentials: 'include'}).then(
      () => undefined,
      () => undefined,
    );
  }
  return new Promise<void>((resolve) => {
    if (batch.length === 0) whenSettled(appendBatch);
    batch.push({url, done: () => resolve()});
  });
}

export default function prefetch(url: string): Promise<void> {
  let pending = requested.get(url);
  if (!pending) {
    pending = request(url);
    requested.set(url, pending);
  }
  return pending;
}
