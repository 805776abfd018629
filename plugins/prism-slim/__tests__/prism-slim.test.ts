import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {slimPrismModule} from '../index';

const packageModule = require.resolve('prism-react-renderer').replace(/\.js$/, '.mjs');
const source = fs.readFileSync(packageModule, 'utf8');

test('the slim module drops the bundled grammars and themes', () => {
  const slim = slimPrismModule(source);
  for (const grammar of ['kotlin', 'swift', 'objectivec', 'rust', 'reason', 'graphql']) {
    assert.match(source, new RegExp(`languages\\.${grammar} =`), `package bundles ${grammar}`);
    assert.doesNotMatch(slim, new RegExp(`languages\\.${grammar} =`), `slim drops ${grammar}`);
  }
  assert.match(source, /dracula_default/);
  assert.doesNotMatch(slim, /dracula_default|vsDark_default = /);
  assert.ok(slim.length < source.length / 3, `${slim.length} of ${source.length} bytes left`);
});

test('the slim module keeps Prism and the React component', () => {
  const slim = slimPrismModule(source);
  assert.match(slim, /var require_prism = __commonJS/);
  assert.match(slim, /var Prism = __toESM\(require_prism\(\)\);/);
  assert.match(slim, /export \{\s*Highlight2 as Highlight,\s*Prism,/);
  assert.match(slim, /var themes_exports = \{\};/);
  assert.doesNotMatch(slim, /sourceMappingURL/);
});

test('a package without the expected sections stops the build', () => {
  assert.throws(
    () => slimPrismModule(source.replace('// src/themes/index.ts', '// src/themes/all.ts')),
    /no longer has the expected sections/,
  );
  assert.throws(() => slimPrismModule('export const Highlight = 1;'), /expected sections/);
});

test('the built JavaScript has no grammar that only the package bundles', () => {
  const jsDir = path.resolve('build', 'assets', 'js');
  assert.ok(fs.existsSync(jsDir), 'run "npm run build" before the unit tests');
  const withGrammar = fs
    .readdirSync(jsDir)
    .filter((f) => f.endsWith('.js'))
    .filter((f) =>
      /languages\.(?:objectivec|kotlin|swift)\s*=/.test(
        fs.readFileSync(path.join(jsDir, f), 'utf8'),
      ),
    );
  assert.deepEqual(withGrammar, []);
});
