/**
 * Starts the page's search worker (./worker.ts). Part of the initial
 * page (the search bar imports it) so that the worker can start the moment
 * the reader reaches for search: its script, the index and the engine build
 * then run while the local client's chunk (./localClient.ts, which
 * talks to the worker) and DocSearch's modal are still loading.
 */
import globalData from '@generated/globalData';
import type {ToWorker} from './workerProtocol';

/** The URL of the index that plugins/search/index-builder wrote. */
export function indexUrl(): string {
  const data = globalData['toolhive-search']?.default as {indexUrl?: string} | undefined;
  return new URL(data?.indexUrl ?? '/search-index.json', window.location.origin).href;
}

let worker: Worker | null = null;
let startedAt = 0;

/**
 * The search worker, started on the first call and told to start loading the
 * index. A worker that cannot start is dropped; the next call starts another.
 */
export function startSearchWorker(): Worker {
  if (!worker) {
    const started = new Worker(new URL('./worker.ts', import.meta.url), {name: 'toolhive-search'});
    started.addEventListener('error', (event) => {
      // Its script could not be loaded or run.
      event.preventDefault();
      started.terminate();
      if (worker === started) worker = null;
    });
    started.postMessage({type: 'warm', indexUrl: indexUrl()} satisfies ToWorker);
    worker = started;
    startedAt = performance.now();
  }
  return worker;
}

/** When the current worker was started (`performance.now()`). */
export function searchWorkerStartedAt(): number {
  return startedAt;
}
