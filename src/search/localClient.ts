/**
 * The local search client in the browser: fetches the index written by
 * plugins/search-index once, on first use, and answers DocSearch's requests
 * from it. Loaded on demand by the search bar and the search page, so
 * neither this module nor the index is part of the initial page.
 */
import globalData from '@generated/globalData';
import translations from '@theme/SearchTranslations';
import {createLocalSearchClient, RetryError, type SearchInput} from './client';
import {SearchEngine} from './engine';
import {unpackRecords, type SearchIndexFile} from './records';

function indexUrl(): string {
  const data = globalData['toolhive-search-index']?.default as {indexUrl?: string} | undefined;
  return data?.indexUrl ?? '/search-index.json';
}

/**
 * User Timing entries (visible in the browser's performance tools; read by
 * scripts/bench/search.ts): loading the index, and answering each query.
 */
export const TIMING = {index: 'toolhive-search:index', query: 'toolhive-search:query'};

function measure(name: string, start: number, end = performance.now()): void {
  try {
    performance.measure(name, {start, end});
  } catch {
    // Timing is optional.
  }
}

let loading: Promise<SearchEngine> | null = null;

/** The engine over the site's index; one fetch per page load, retried after a failure. */
export function loadSearchEngine(): Promise<SearchEngine> {
  const started = performance.now();
  loading ??= fetch(indexUrl(), {credentials: 'same-origin'})
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json() as Promise<SearchIndexFile>;
    })
    .then((file) => {
      const engine = new SearchEngine(unpackRecords(file));
      measure(TIMING.index, started);
      return engine;
    })
    .catch((error: unknown) => {
      loading = null;
      throw new RetryError('The search index could not be loaded', {cause: error});
    });
  return loading;
}

/** Starts loading the index; a failure shows up on the next search instead. */
export function preloadSearchIndex(): void {
  loadSearchEngine().catch(() => undefined);
}

/** Snippets of 10 words, 5 on screens up to 768 px wide. */
const smallScreen = typeof window !== 'undefined' ? window.matchMedia('(max-width: 768px)') : null;

export const localSearchClient = createLocalSearchClient({
  engine: loadSearchEngine,
  origin: () => window.location.origin,
  now: () => performance.now(),
  onQuery: (start, end) => measure(TIMING.query, start, end),
  snippetWords: () => (smallScreen?.matches ? 5 : 10),
});

const ERROR_SCREEN = 'toolhive-search-error';

/**
 * Shows or removes the modal's error screen. DocSearch 4.7 sets its "error"
 * status when a search fails, but autocomplete-core resets the status to
 * "idle" as the request settles, so DocSearch's own error screen never
 * appears and the reader would see "No results". This draws that screen with
 * DocSearch's classes and texts in the modal's dropdown; CSS in
 * plugins/search-local-client/local.css lets it take the place of the
 * "no results" screen.
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
