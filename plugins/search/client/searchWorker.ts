/**
 * Starts the page's search worker (./worker.ts). Part of the initial
 * page (the search bar imports it) so that the worker can start the moment
 * the reader reaches for search: its script, the index and the engine build
 * then run while the local client's chunk (./localClient.ts, which
 * talks to the worker) and DocSearch's modal are still loading.
 */
import globalData from '@generated/globalData';
import type {ToWorker} from './workerProtocol';

/**
 * The URL of the index that plugins/search/index-builder wrote for a docs
 * version (the framework's version name), or for the version at the site
 * root when the version is unknown or not given.
 */
export function indexUrl(version?: string | null): string {
  const data = globalData['toolhive-search']?.default as
    {indexUrl?: string; indexUrls?: Record<string, string>} | undefined;
  const url = (version && data?.indexUrls?.[version]) || data?.indexUrl || '/search-index.json';
  return new URL(url, window.location.origin).href;
}

/** The docs version that DocSearch's contextual search tags name (`docs-default-<version>`). */
export function versionOfTags(tags: readonly string[]): string | null {
  for (const tag of tags) {
    const m = /^(?:docusaurus_tag:)?docs-default-(.+)$/.exec(tag);
    if (m) return m[1]!;
  }
  return null;
}

let worker: Worker | null = null;
/** The index the worker was last told to load. */
let warmed = '';
let startedAt = 0;

/**
 * The search worker, started on the first call and told to start loading the
 * index. A worker that cannot start is dropped; the next call starts another.
 */
export function startSearchWorker(version?: string | null): Worker {
  if (worker && version !== undefined && warmed !== indexUrl(version)) {
    warmed = indexUrl(version);
    worker.postMessage({type: 'warm', indexUrl: warmed} satisfies ToWorker);
  }
  if (!worker) {
    const started = new Worker(new URL('./worker.ts', import.meta.url), {name: 'toolhive-search'});
    started.addEventListener('error', (event) => {
      // Its script could not be loaded or run.
      event.preventDefault();
      started.terminate();
      if (worker === started) worker = null;
    });
    warmed = indexUrl(version);
    started.postMessage({type: 'warm', indexUrl: warmed} satisfies ToWorker);
    worker = started;
    startedAt = performance.now();
  }
  return worker;
}

/** When the current worker was started (`performance.now()`). */
export function searchWorkerStartedAt(): number {
  return startedAt;
}
