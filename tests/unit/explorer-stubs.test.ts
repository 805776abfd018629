/**
 * The request explorer's stand-ins (src/components/ApiReference/explorer-stubs)
 * and the checks that keep them safe: each test of a stand-in also reads the
 * library that imports the real package, so an upgrade that starts using more
 * of it fails here instead of in a reader's browser.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import config from '../../docusaurus.config';
import {
  installedCodegens,
  parseCodegens,
  unusedCodegenFolders,
} from '../../plugins/openapi-theme/codegens';
import * as codegenStub from '../../src/components/ApiReference/explorer-stubs/codegen';
import * as iconvStub from '../../src/components/ApiReference/explorer-stubs/iconv-lite';
import * as sucraseStub from '../../src/components/ApiReference/explorer-stubs/sucrase';

const themeDir = path.dirname(require.resolve('docusaurus-theme-openapi-docs/package.json'));
const fromTheme = (id: string) => require.resolve(id, {paths: [themeDir]});
const read = (file: string) => fs.readFileSync(file, 'utf8');
const tabs = (config.themeConfig as {languageTabs: {language: string}[]}).languageTabs.map(
  (t) => t.language,
);

test('every generator in the language table is read, with its language and folder', () => {
  const table = read(
    path.join(
      path.dirname(fromTheme('postman-code-generators/package.json')),
      'lib/assets/languages.js',
    ),
  );
  const codegens = parseCodegens(table);
  assert.equal(codegens.length, table.match(/require\('\.\.\/\.\.\/codegens\//g)!.length);
  assert.deepEqual(installedCodegens(themeDir), codegens);
  assert.ok(codegens.some((c) => c.language === 'python' && c.folder === 'python-http.client'));
});

test('generators are dropped only for languages without a tab, and every tab keeps one', () => {
  const codegens = installedCodegens(themeDir);
  const unused = new Set(unusedCodegenFolders(codegens, tabs));
  for (const language of tabs) {
    const kept = codegens.filter((c) => c.language === language && !unused.has(c.folder));
    assert.ok(kept.length > 0, `no generator left for the ${language} tab`);
  }
  for (const c of codegens) {
    assert.equal(unused.has(c.folder), !tabs.includes(c.language), c.folder);
  }
  assert.deepEqual(unusedCodegenFolders(parseCodegens(''), tabs), []);
});

test('a dropped generator answers with an error, as the library does for an unknown one', () => {
  let answer: unknown;
  codegenStub.convert({}, {}, (error) => (answer = error));
  assert.ok(answer instanceof Error);
  assert.deepEqual(codegenStub.getOptions(), []);
});

test('postman-collection uses iconv-lite only to decode, and the stand-in decodes UTF-8', () => {
  const util = read(
    path.join(path.dirname(fromTheme('postman-collection/package.json')), 'lib/util.js'),
  );
  const uses = new Set([...util.matchAll(/iconvlite\.(\w+)/g)].map((m) => m[1]));
  assert.deepEqual([...uses].sort(), ['decode', 'encodingExists']);
  assert.equal(iconvStub.encodingExists(), false);
  assert.equal(iconvStub.decode(Buffer.from('héllo')), 'héllo');
});

test('the fake-data stand-in offers any generator, and nothing substitutes variables', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const faker = require('../../src/components/ApiReference/explorer-stubs/faker.cjs');
  assert.equal(typeof faker.address.city, 'function');
  assert.equal(faker.datatype.number({min: 1, max: 99}), '');
  // postman-collection fills dynamic variables only in replaceSubstitutions;
  // the theme and the generators never call it.
  const codegensDir = path.join(
    path.dirname(fromTheme('postman-code-generators/package.json')),
    'codegens',
  );
  const sources = [
    ...fs
      .readdirSync(path.join(themeDir, 'lib'), {recursive: true, encoding: 'utf8'})
      .map((f) => path.join(themeDir, 'lib', f)),
    ...fs
      .readdirSync(codegensDir, {recursive: true, encoding: 'utf8'})
      .filter((f) => /^[^/]+\/lib\//.test(f))
      .map((f) => path.join(codegensDir, f)),
  ].filter((f) => f.endsWith('.js'));
  assert.ok(sources.length > 100);
  for (const file of sources) {
    assert.doesNotMatch(read(file), /replaceSubstitutions|Substitutor/, file);
  }
});

test('react-live compiles only through sucrase.transform, and the stand-in refuses', () => {
  const reactLive = read(
    path.join(path.dirname(fromTheme('react-live/package.json')), 'dist/index.mjs'),
  );
  assert.deepEqual(
    [...reactLive.matchAll(/import \{([^}]+)\} from "sucrase"/g)].map((m) => m[1]!.trim()),
    ['transform as _transform'],
  );
  assert.throws(() => sucraseStub.transform(), SyntaxError);
});

test("the theme calls only pako's ungzip, which the inflate-only build offers", async () => {
  const apiItem = read(path.join(themeDir, 'lib/theme/ApiItem/index.js'));
  const uses = new Set([...apiItem.matchAll(/pako_1\.(\w+)/g)].map((m) => m[1]));
  assert.deepEqual([...uses], ['ungzip']);
  const pakoDir = path.dirname(fromTheme('pako/package.json'));
  const inflate = (await import(path.join(pakoDir, 'dist/browser/pako_inflate.esm.min.mjs'))) as {
    ungzip: (data: Uint8Array) => Uint8Array;
  };
  const zlib = await import('node:zlib');
  const packed = zlib.gzipSync(Buffer.from('{"openapi":"3.1.0"}'));
  assert.equal(Buffer.from(inflate.ungzip(packed)).toString(), '{"openapi":"3.1.0"}');
});
