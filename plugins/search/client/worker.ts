/**
 * The search engine's thread. Fetching the index, parsing it and building
 * the engine take about 100 ms of CPU, and the first search needs them just as
 * DocSearch's modal, a large chunk, is being evaluated and drawn on the page's
 * main thread. Here both run at once; queries are answered here too, so the
 * page only posts requests and receives DocSearch-shaped results.
 *
 * Started by ./searchWorker.ts; speaks ./workerProtocol.ts.
 */
/// <reference lib="webworker" />
import {createLocalSearchClient} from './client';
import {SearchEngine} from './engine';
import {unpackRecords, type SearchIndexFile} from './records';
import type {FromWorker, ToWorker} from './workerProtocol';

declare const self: DedicatedWorkerGlobalScope;

/**
 * The engines over the indexes asked for, by URL: one per docs version the
 * reader searched, of which the last two stay in memory.
 */
const engines = new Map<string, Promise<SearchEngine>>();
const KEEP = 2;

/** The engine over an index; one fetch, retried on the next request after a failure. */
function loadEngine(indexUrl: string): Promise<SearchEngine> {
  const known = engines.get(indexUrl);
  if (known) {
    // Most recently used last.
    engines.delete(indexUrl);
    engines.set(indexUrl, known);
    return known;
  }
  const loading = fetch(indexUrl, {credentials: 'same-origin'})
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json() as Promise<SearchIndexFile>;
    })
    .then((file) => new SearchEngine(unpackRecords(file)))
    .catch((error: unknown) => {
      engines.delete(indexUrl);
      throw error;
    });
  engines.set(indexUrl, loading);
  while (engines.size > KEEP) engines.delete(engines.keys().next().value!);
  return loading;
}

function reply(message: FromWorker): void {
  self.postMessage(message);
}

function failure(id: number, error: unknown): FromWorker {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return {type: 'failed', id, message: cause instanceof Error ? cause.message : String(cause)};
}

self.addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'warm') {
    loadEngine(message.indexUrl).catch(() => {});
    return;
  }
  if (message.type === 'load') {
    loadEngine(message.indexUrl).then(
      () => reply({type: 'loaded', id: message.id}),
      (error: unknown) => reply(failure(message.id, error)),
    );
    return;
  }
  const timings: [number, number][] = [];
  const client = createLocalSearchClient({
    engine: () => loadEngine(message.indexUrl),
    origin: () => message.origin,
    now: () => performance.now(),
    onQuery: (start, end) => timings.push([start, end]),
    snippetWords: () => message.snippetWords,
  });
  client.search(message.input).then(
    ({results}) =>
      reply({
        type: 'answer',
        id: message.id,
        results,
        timings,
        timeOrigin: performance.timeOrigin,
      }),
    (error: unknown) => reply(failure(message.id, error)),
  );
});
