/**
 * Messages between the page (./searchWorker.ts and ./localClient.ts) and
 * the search worker (./worker.ts).
 * Every request but `warm` carries an id; the worker answers each with a
 * reply of the same id.
 */
import type {SearchInput, SearchResponse} from './client';

export type ToWorker =
  /** Start loading the index; no reply (a failure shows on the next request). */
  | {type: 'warm'; indexUrl: string}
  /** Fetch the index and build the engine, if not done yet. */
  | {type: 'load'; id: number; indexUrl: string}
  /** Answer DocSearch's requests (loading the index first if needed). */
  | {
      type: 'search';
      id: number;
      indexUrl: string;
      input: SearchInput;
      origin: string;
      snippetWords: number;
    };

export type FromWorker =
  | {type: 'loaded'; id: number}
  | {
      type: 'answer';
      id: number;
      results: SearchResponse[];
      /** Start and end of each answered request, on the worker's clock. */
      timings: [number, number][];
      /** `performance.timeOrigin` of the worker, to move timings to the page's clock. */
      timeOrigin: number;
    }
  /** The index could not be loaded. */
  | {type: 'failed'; id: number; message: string};
