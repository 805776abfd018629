// Relevance of the local search against the built index: for each query in
// tests/search/relevance.json, the page (or heading) a reader expects must be
// among the first 3 results. Uses the same engine as the browser. Prints the
// hit rate; needs `npm run build` first (SEARCH_INDEX=path to use another).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {SearchEngine} from '../../src/search/engine';
import {unpackRecords, type DocSearchRecord} from '../../src/search/records';

const INDEX =
  process.env.SEARCH_INDEX ??
  fileURLToPath(new URL('../../build/search-index.json', import.meta.url));
const TABLE = fileURLToPath(new URL('../search/relevance.json', import.meta.url));
/** Lowest hit rate that passes; the table is meant to stay at 100 %. */
const MIN_HIT_RATE = 0.9;
const TOP = 3;

interface Case {
  query: string;
  expect: string;
  also?: string[];
}

const {cases} = JSON.parse(readFileSync(TABLE, 'utf8')) as {cases: Case[]};

function matches(record: DocSearchRecord, wanted: string): boolean {
  return wanted.includes('#') ? record.url === wanted : record.url_without_anchor === wanted;
}

test('the relevance table has at least 30 queries', () => {
  assert.ok(cases.length >= 30, `${cases.length} cases`);
  assert.equal(new Set(cases.map((c) => c.query)).size, cases.length, 'no duplicate queries');
});

test(`expected pages are in the top ${TOP}`, (t) => {
  // npm test builds the site before the unit tests, so the index exists.
  assert.ok(existsSync(INDEX), `${INDEX} is missing: run "npm run build" first`);
  const engine = new SearchEngine(
    unpackRecords(JSON.parse(readFileSync(INDEX, 'utf8')) as Parameters<typeof unpackRecords>[0]),
  );
  const urls = new Set(engine.records.flatMap((r) => [r.url, r.url_without_anchor]));
  const misses: string[] = [];
  for (const c of cases) {
    const wanted = [c.expect, ...(c.also ?? [])];
    for (const w of wanted)
      assert.ok(urls.has(w), `"${c.query}" expects ${w}, which is not in the index`);
    const hits = engine.search(c.query).hits;
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
  const report = `search relevance: ${cases.length - misses.length}/${cases.length} queries (${(rate * 100).toFixed(1)} %) have the expected result in the top ${TOP}`;
  console.log([report, ...misses].join('\n'));
  t.diagnostic(report);
  assert.ok(rate >= MIN_HIT_RATE, `${report}\n${misses.join('\n')}`);
});
