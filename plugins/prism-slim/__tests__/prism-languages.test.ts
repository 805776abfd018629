/**
 * The site's grammar lists and loader (plugins/prism-slim/languages.ts).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {
  API_SAMPLE_ALIASES,
  API_SAMPLE_GRAMMARS,
  API_SAMPLE_LANGUAGES,
  checkGrammars,
  loadPrismGrammars,
} from '../languages';
import {loadGrammars, loadSitePrism} from '../../static-highlight/tokenize';

test('the API sample grammars answer to every name of API_SAMPLE_LANGUAGES', async () => {
  // The slim Prism, without the docs' grammars: as the browser's on an API page.
  const {module} = await loadSitePrism([]);
  const {Prism} = module;
  for (const name of API_SAMPLE_LANGUAGES) assert.equal(Prism.languages[name], undefined, name);
  loadGrammars(Prism, API_SAMPLE_GRAMMARS);
  loadPrismGrammars(Prism, () => {}, API_SAMPLE_ALIASES);
  for (const name of API_SAMPLE_LANGUAGES) assert.ok(Prism.languages[name], name);
  assert.equal(Prism.languages.golang, Prism.languages.go);
});

test('the loader mounts the instance as the global Prism only while grammars load', () => {
  const prism = {languages: {} as Record<string, unknown>};
  const g = globalThis as {Prism?: unknown};
  assert.equal(g.Prism, undefined);
  loadPrismGrammars(prism, () => {
    assert.equal(g.Prism, prism);
    prism.languages.one = {};
  });
  assert.equal(g.Prism, undefined);
});

test('a grammar that did not register stops the build', () => {
  const prism = {languages: {}};
  loadPrismGrammars(prism, () => {});
  assert.equal((globalThis as {Prism?: unknown}).Prism, undefined);
  assert.throws(() => checkGrammars(prism, ['missing']), /Prism has no "missing" grammar/);
  assert.throws(() => loadGrammars(prism as never, ['no-such-grammar']), /no-such-grammar/);
});

test('API pages load the grammars of API_SAMPLE_GRAMMARS, in its order', () => {
  const source = fs.readFileSync(
    path.join(__dirname, '../../api-reference/components/prism-sample-languages.ts'),
    'utf8',
  );
  const loaded = [...source.matchAll(/require\('prismjs\/components\/prism-([\w-]+)'\)/g)].map(
    (m) => m[1],
  );
  assert.deepEqual(loaded, [...API_SAMPLE_GRAMMARS]);
});
