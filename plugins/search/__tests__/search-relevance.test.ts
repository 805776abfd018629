// Relevance of the local search against the built index. Tables of queries a
// reader types, each with the pages (or headings) that answer it:
// plugins/search/__tests__/relevance.json, the half the ranking is tuned on,
// plugins/search/__tests__/relevance-held-out.json, written at the same time and never
// tuned on (both for the pages of v0.2.8), and for the pages of the current
// version plugins/search/__tests__/relevance-current-tuning.json, a table to
// tune on, and plugins/search/__tests__/relevance-current.json, held out;
// plugins/search/__tests__/relevance-fresh.json and relevance-current-fresh.json
// hold batches of fresh questions (v0.2.8 and the current version), each
// recorded at its first run.
// A query passes when one of its answers is among the first 3 results, in the
// order the modal and the search page show them. Uses the same engine as the
// browser. Prints every hit rate, and the misses of the tuning tables only;
// needs `npm run build`
// first (SEARCH_INDEX=path to use another index).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {SearchEngine} from '../client/engine';
import {unpackRecords, type DocSearchRecord} from '../client/records';
import {versionPath} from '../../../docs-versions';
import {MIN_HIT_RATE} from './relevance-bars';

/**
 * The index of a docs version: each version has its own, next to its
 * llms.txt (SEARCH_INDEX=path to use another index for every table).
 */
const indexOf = (version: string) =>
  process.env.SEARCH_INDEX ??
  fileURLToPath(
    new URL(`../../../build${versionPath(version)}/search-index.json`, import.meta.url),
  );
/**
 * The tables, each written for the pages of one docs version (its `version`
 * field, the framework's version name); their answers are routes without the
 * version's path, which the test adds.
 */
const TABLES = {
  tuning: fileURLToPath(new URL('./relevance.json', import.meta.url)),
  'held-out': fileURLToPath(new URL('./relevance-held-out.json', import.meta.url)),
  'tuning (current)': fileURLToPath(new URL('./relevance-current-tuning.json', import.meta.url)),
  'held-out (current)': fileURLToPath(new URL('./relevance-current.json', import.meta.url)),
  fresh: fileURLToPath(new URL('./relevance-fresh.json', import.meta.url)),
  'fresh (current)': fileURLToPath(new URL('./relevance-current-fresh.json', import.meta.url)),
};
/** Each table's file name, for its bar in ./relevance-bars.ts. */
const FILES: Record<string, string> = {
  tuning: 'relevance.json',
  'held-out': 'relevance-held-out.json',
  'tuning (current)': 'relevance-current-tuning.json',
  'held-out (current)': 'relevance-current.json',
  fresh: 'relevance-fresh.json',
  'fresh (current)': 'relevance-current-fresh.json',
};
const TOP = 3;

interface Case {
  query: string;
  expect: string;
  also?: string[];
}

const tables = Object.entries(TABLES).map(([name, file]) => {
  const table = JSON.parse(readFileSync(file, 'utf8')) as {version: string; cases: Case[]};
  return {name, version: table.version, cases: table.cases};
});

function matches(record: DocSearchRecord, wanted: string): boolean {
  return wanted.includes('#') ? record.url === wanted : record.url_without_anchor === wanted;
}

test('the relevance tables have at least 120 queries, none twice', () => {
  const queries = tables.flatMap((t) => t.cases.map((c) => c.query.toLowerCase()));
  assert.ok(queries.length >= 120, `${queries.length} cases`);
  for (const {name, cases} of tables) assert.ok(cases.length >= 50, `${name}: ${cases.length}`);
  // A query written again, in either table, is named: drop it from the one you edit.
  const twice = queries.filter((q, i) => queries.indexOf(q) !== i);
  assert.deepEqual(twice, [], 'queries in the tables more than once');
});

const engines = new Map<string, SearchEngine>();
function loadEngine(version: string): SearchEngine {
  const index = indexOf(version);
  // npm test builds the site before the unit tests, so the index exists.
  assert.ok(existsSync(index), `${index} is missing: run "npm run build" first`);
  let engine = engines.get(index);
  if (!engine) {
    const file = JSON.parse(readFileSync(index, 'utf8')) as Parameters<typeof unpackRecords>[0];
    engines.set(index, (engine = new SearchEngine(unpackRecords(file))));
  }
  return engine;
}

for (const {name, version, cases} of tables) {
  test(`${name} queries (docs version ${version}): expected pages are in the top ${TOP}`, (t) => {
    const search = loadEngine(version);
    const prefix = versionPath(version);
    const urls = new Set(search.records.flatMap((r) => [r.url, r.url_without_anchor]));
    const misses: string[] = [];
    for (const c of cases) {
      const wanted = [c.expect, ...(c.also ?? [])].map((w) => prefix + w);
      for (const w of wanted)
        assert.ok(urls.has(w), `"${c.query}" expects ${w}, which is not in the index`);
      const hits = search.search(c.query).hits;
      const rank = hits.findIndex((h) => wanted.some((w) => matches(h.record, w)));
      if (rank < 0 || rank >= TOP) {
        misses.push(
          `  "${c.query}": expected ${c.expect} (rank ${rank < 0 ? 'none' : rank + 1}); got ${hits
            .slice(0, TOP)
            .map((h) => h.record.url)
            .join(', ')}`,
        );
      }
    }
    const rate = (cases.length - misses.length) / cases.length;
    const report = `search relevance (${name}, docs version ${version}): ${cases.length - misses.length}/${cases.length} queries (${(rate * 100).toFixed(1)} %) have the expected result in the top ${TOP}`;
    // The held-out misses are not printed: seeing them invites tuning on them.
    // When that table fails, look at what your change did to the tuning table.
    const shown = name.startsWith('held-out') || name.startsWith('fresh') ? [] : misses;
    console.log([report, ...shown].join('\n'));
    t.diagnostic(report);
    assert.ok(rate >= MIN_HIT_RATE[FILES[name]!]!, [report, ...shown].join('\n'));
  });
}
