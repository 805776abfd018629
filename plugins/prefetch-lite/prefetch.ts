/**
 * Stand-in for `@docusaurus/core/lib/client/prefetch.js` (see ./index.ts).
 *
 * Same contract: `prefetch(url)` asks the browser to fetch a file it will
 * probably need soon and returns a promise that settles (never rejects) once
 * the file has loaded or failed. Differences: a URL is requested once however
 * often it is asked for, and the link elements are appended in one batch when
 * the main thread is idle (at most a second later), not one by one in the
 * middle of the page's start-up.
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

function whenIdle(callback: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(callback, {timeout: 1000});
  } else {
    window.setTimeout(callback, 1);
  }
}

function appendBatch(): void {
  const items = batch;
  batch = [];
  const links = document.createDocumentFragment();
  for (const {url, done} of items) {
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
    if (batch.length === 0) whenIdle(appendBatch);
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
