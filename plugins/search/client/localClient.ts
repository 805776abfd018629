/**
 * The local search client in the browser: a search client with the contract
 * of Algolia's lite client whose searches run in a worker
 * (./worker.ts), which fetches the index written by
 * plugins/search/index-builder once, on first use, and answers DocSearch's requests
 * from it. Loaded on demand by the search bar and the search page, so
 * neither this module nor the index is part of the initial page.
 */
import translations from '@theme/SearchTranslations';
import {
  RetryError,
  searchClientShape,
  type LocalSearchClient,
  type SearchInput,
  type SearchResponse,
} from './client';
import {indexUrl, searchWorkerStartedAt, startSearchWorker, versionOfTags} from './searchWorker';
import type {FromWorker, ToWorker} from './workerProtocol';

/**
 * User Timing entries (visible in the browser's performance tools; read by
 * scripts/bench/search.ts): loading the index (from the worker's start to
 * its reply that the engine is ready), and the engine's work for each query
 * (timed in the worker, moved to the page's clock).
 */
export const TIMING = {index: 'toolhive-search:index', query: 'toolhive-search:query'};

function measure(name: string, start: number, end = performance.now()): void {
  try {
    performance.measure(name, {start, end});
  } catch {
    // Timing is optional.
  }
}

type Distributive<T> = T extends unknown ? Omit<T, 'id'> : never;

let nextId = 0;
const pending = new Map<number, {resolve: (m: FromWorker) => void; reject: (e: Error) => void}>();
const listening = new WeakSet<Worker>();

function rejectAll(error: Error): void {
  for (const {reject} of pending.values()) reject(error);
  pending.clear();
}

/** The worker (started by the search bar or here), with our listeners on it. */
function searchWorker(): Worker {
  const worker = startSearchWorker();
  if (!listening.has(worker)) {
    listening.add(worker);
    worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
      const waiting = pending.get(event.data.id);
      pending.delete(event.data.id);
      waiting?.resolve(event.data);
    });
    // The worker itself could not start (./searchWorker.ts drops it
    // and starts a new one next time).
    worker.addEventListener('error', () =>
      rejectAll(new Error('The search worker could not start')),
    );
  }
  return worker;
}

/** Posts a message to the worker and resolves with its reply; failures reject. */
function ask(message: Distributive<ToWorker>): Promise<FromWorker> {
  const id = (nextId += 1);
  return new Promise<FromWorker>((resolve, reject) => {
    pending.set(id, {resolve, reject});
    searchWorker().postMessage({...message, id} as ToWorker);
  }).then((reply) => {
    if (reply.type === 'failed') {
      throw new RetryError('The search index could not be loaded', {
        cause: new Error(reply.message),
      });
    }
    return reply;
  });
}

const loaded = new Map<string, Promise<void>>();

/**
 * Starts loading a docs version's index in the worker (the root version's
 * without one); a failure shows up on the next search instead.
 */
export function preloadSearchIndex(version?: string | null): void {
  const url = indexUrl(version);
  if (loaded.has(url)) return;
  loaded.set(
    url,
    ask({type: 'load', indexUrl: url}).then(
      () => measure(TIMING.index, searchWorkerStartedAt()),
      () => {
        loaded.delete(url);
      },
    ),
  );
}

/**
 * The docs version a search asks for: the version tag of its facet filters,
 * which DocSearch's contextual search (the modal: the page's version; the
 * search page: the version chosen there) adds to every request, as an array
 * or inside URL-encoded parameters.
 */
export function versionOfInput(input: SearchInput): string | null {
  let text = JSON.stringify(input);
  try {
    text = decodeURIComponent(text);
  } catch {
    // Not URL-encoded.
  }
  return versionOfTags(text.match(/docusaurus_tag:docs-default-[^"',\]\s&]+/g) ?? []);
}

/** Snippets of 10 words, 5 on screens up to 768 px wide. */
const smallScreen = typeof window !== 'undefined' ? window.matchMedia('(max-width: 768px)') : null;

async function search(input: SearchInput): Promise<{results: SearchResponse[]}> {
  const version = versionOfInput(input);
  preloadSearchIndex(version);
  const reply = await ask({
    type: 'search',
    indexUrl: indexUrl(version),
    // Requests are plain data; drop anything that cannot cross to the worker.
    input: JSON.parse(JSON.stringify(input)) as SearchInput,
    origin: window.location.origin,
    snippetWords: smallScreen?.matches ? 5 : 10,
  });
  if (reply.type !== 'answer') throw new Error(`unexpected reply ${reply.type}`);
  const shift = reply.timeOrigin - performance.timeOrigin;
  for (const [start, end] of reply.timings) measure(TIMING.query, start + shift, end + shift);
  return {results: reply.results};
}

export const localSearchClient: LocalSearchClient = searchClientShape(search);

const ERROR_SCREEN = 'toolhive-search-error';

/**
 * Shows or removes the modal's error screen. DocSearch 4.7 sets its "error"
 * status when a search fails with a `RetryError`, but autocomplete-core
 * (1.19) resets the status to "idle" as the request settles, so DocSearch's
 * own error screen never appears and the reader would see "No results". This
 * draws that screen with DocSearch's classes and texts in the modal's
 * dropdown; CSS in ./local.css lets it take the
 * place of the "no results" screen.
 */
function showErrorScreen(show: boolean): void {
  document.querySelectorAll(`.${ERROR_SCREEN}`).forEach((node) => node.remove());
  const dropdown = document.querySelector('.DocSearch-Dropdown');
  if (!show || !dropdown) return;
  const screen = document.createElement('div');
  screen.className = `DocSearch-ErrorScreen ${ERROR_SCREEN}`;
  screen.setAttribute('role', 'alert');
  screen.innerHTML =
    '<div class="DocSearch-Screen-Icon"><svg width="40" height="40" viewBox="0 0 24 24" fill="none" aria-hidden="true">' +
    '<circle cx="12" cy="12" r="9" stroke="currentColor" stroke-width="1.5"/>' +
    '<path d="M12 7.5v5.5M12 16v.5" stroke="currentColor" stroke-width="1.5" stroke-linecap="round"/></svg></div>' +
    '<p class="DocSearch-Title"></p><p class="DocSearch-Help"></p>';
  const texts = translations.modal?.errorScreen;
  screen.querySelector('.DocSearch-Title')!.textContent =
    texts?.titleText ?? 'Unable to fetch results';
  screen.querySelector('.DocSearch-Help')!.textContent =
    texts?.helpText ?? 'You might want to check your network connection.';
  dropdown.append(screen);
}

/** `search` for DocSearch's modal, with the error screen it cannot show itself. */
export async function searchFromModal(
  input: SearchInput,
): ReturnType<typeof localSearchClient.search> {
  try {
    const response = await localSearchClient.search(input);
    showErrorScreen(false);
    return response;
  } catch (error) {
    showErrorScreen(true);
    throw error;
  }
}
