/**
 * The request explorer's stand-ins (plugins/api-reference/explorer-stubs)
 * and the checks that keep them safe: each test of a stand-in also reads the
 * library that imports the real package, so an upgrade that starts using more
 * of it fails here instead of in a reader's browser.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import config from '../../../docusaurus.config';
import {
  installedCodegens,
  parseCodegens,
  unusedCodegenFolders,
  type LanguageTab,
} from '../codegens';
import * as codegenStub from '../explorer-stubs/codegen';
import * as iconvStub from '../explorer-stubs/iconv-lite';
import * as sucraseStub from '../explorer-stubs/sucrase';

const themeDir = path.dirname(require.resolve('docusaurus-theme-openapi-docs/package.json'));
const fromTheme = (id: string) => require.resolve(id, {paths: [themeDir]});
const read = (file: string) => fs.readFileSync(file, 'utf8');
const packageDir = (name: string) => path.dirname(fromTheme(`${name}/package.json`));
const codegensDir = path.join(packageDir('postman-code-generators'), 'codegens');
/** The .js files below `dir` whose path relative to it passes `keep`. */
const jsFiles = (dir: string, keep: (relative: string) => boolean = () => true) =>
  fs
    .readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((f) => f.endsWith('.js') && keep(f))
    .map((f) => path.join(dir, f));
/** The generators' own sources (codegens/<folder>/lib), of the folders `keep` passes. */
const generatorSources = (keep: (folder: string) => boolean = () => true) =>
  jsFiles(codegensDir, (f) => /^[^/]+\/lib\//.test(f) && keep(f.split('/')[0]!));
const tabs = (config.themeConfig as {languageTabs: LanguageTab[]}).languageTabs;

test('every generator in the language table is read, with its language and folder', () => {
  const table = read(path.join(packageDir('postman-code-generators'), 'lib/assets/languages.js'));
  const codegens = parseCodegens(table);
  assert.equal(codegens.length, table.match(/require\('\.\.\/\.\.\/codegens\//g)!.length);
  assert.deepEqual(installedCodegens(themeDir), codegens);
  assert.ok(
    codegens.some(
      (c) =>
        c.language === 'python' && c.variant === 'http.client' && c.folder === 'python-http.client',
    ),
  );
  assert.ok(codegens.every((c) => c.variant.length > 0));
});

test('generators are dropped only for languages and variants without a tab', () => {
  const codegens = installedCodegens(themeDir);
  const unused = new Set(unusedCodegenFolders(codegens, tabs));
  for (const tab of tabs) {
    const kept = codegens.filter((c) => c.language === tab.language && !unused.has(c.folder));
    // Every variant a tab names has its generator, and nothing else is kept.
    const expected =
      tab.variants ?? codegens.filter((c) => c.language === tab.language).map((c) => c.variant);
    assert.deepEqual(kept.map((c) => c.variant).sort(), [...expected].sort(), tab.language);
  }
  for (const c of codegens) {
    const tab = tabs.find((t) => t.language === c.language);
    const shown = tab !== undefined && (tab.variants?.includes(c.variant) ?? true);
    assert.equal(unused.has(c.folder), !shown, c.folder);
  }
  // The Node.js tab keeps axios, and drops the other three.
  assert.ok(['nodejs-native', 'nodejs-request', 'nodejs-unirest'].every((f) => unused.has(f)));
  assert.ok(!unused.has('nodejs-axios'));
  // A tab's first variant is one it offers.
  for (const tab of tabs) {
    if (tab.variant) assert.ok(tab.variants?.includes(tab.variant) ?? true, tab.language);
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
  const util = read(path.join(packageDir('postman-collection'), 'lib/util.js'));
  const uses = new Set([...util.matchAll(/iconvlite\.(\w+)/g)].map((m) => m[1]));
  assert.deepEqual([...uses].sort(), ['decode', 'encodingExists']);
  assert.equal(iconvStub.encodingExists(), false);
  assert.equal(iconvStub.decode(Buffer.from('héllo')), 'héllo');
});

test('the fake-data stand-in offers any generator, and nothing substitutes variables', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const faker = require('../explorer-stubs/faker.cjs');
  assert.equal(typeof faker.address.city, 'function');
  assert.equal(faker.datatype.number({min: 1, max: 99}), '');
  // postman-collection fills dynamic variables only in replaceSubstitutions;
  // the theme and the generators never call it.
  const sources = [...jsFiles(path.join(themeDir, 'lib')), ...generatorSources()];
  assert.ok(sources.length > 100);
  for (const file of sources) {
    assert.doesNotMatch(read(file), /replaceSubstitutions|Substitutor/, file);
  }
});

test('react-live compiles only through sucrase.transform, and the stand-in refuses', () => {
  const reactLive = read(path.join(packageDir('react-live'), 'dist/index.mjs'));
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
  const pakoDir = packageDir('pako');
  const inflate = (await import(path.join(pakoDir, 'dist/browser/pako_inflate.esm.min.mjs'))) as {
    ungzip: (data: Uint8Array) => Uint8Array;
  };
  const zlib = await import('node:zlib');
  const packed = zlib.gzipSync(Buffer.from('{"openapi":"3.1.0"}'));
  assert.equal(Buffer.from(inflate.ungzip(packed)).toString(), '{"openapi":"3.1.0"}');
});

test("postman-collection's stand-in entry has every class the theme uses, as the package's own", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const entry = require('../explorer-stubs/postman-collection.cjs');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const real = require(fromTheme('postman-collection'));
  const used = new Set<string>();
  for (const file of jsFiles(path.join(themeDir, 'lib'))) {
    const source = read(file);
    // The theme binds the package as `sdk` wherever it imports it.
    const binding = source.match(/(\w+) = __importStar\(require\("postman-collection"\)\)/);
    if (binding) assert.equal(binding[1], 'sdk', file);
    if (!source.includes('require("postman-collection")')) continue;
    for (const m of source.matchAll(/\bsdk\.(\w+)/g)) used.add(m[1]!);
  }
  assert.deepEqual([...used].sort(), Object.keys(entry).sort());
  for (const name of used) assert.equal(entry[name], real[name], name);
});

test('the lodash stand-in has every function postman-collection and the generators call', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const stub = require('../explorer-stubs/lodash.cjs');
  // A pristine lodash: postman-collection, loaded by the test above, mixed
  // its helpers into the shared one.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const lodash = require('lodash').runInContext();
  // postman-collection's modules get lodash from its util module; a bundled
  // generator gets it only where it requires lodash itself (several carry a
  // small lodash-like helper of their own instead).
  const dropped = new Set(unusedCodegenFolders(installedCodegens(themeDir), tabs));
  const files = [
    ...jsFiles(path.join(packageDir('postman-collection'), 'lib')),
    ...generatorSources((folder) => !dropped.has(folder)).filter((f) =>
      /require\('lodash'\)/.test(read(f)),
    ),
  ];
  const called = new Set<string>();
  const chains: string[] = [];
  for (const file of files) {
    const source = read(file);
    for (const m of source.matchAll(/(?<![\w.$])_\.(\w+)/g)) {
      if (typeof lodash[m[1]!] === 'function') called.add(m[1]!);
    }
    for (const m of source.matchAll(/(?<![\w.$])_\((\w+)\)((?:\.\w+\([^()]*\))+)/g)) {
      chains.push(m[2]!.replace(/\([^()]*\)/g, ''));
    }
  }
  assert.ok(called.size > 40);
  for (const name of called) assert.equal(typeof stub[name], 'function', name);
  // One chain, and the stand-in's chain gives what lodash's does.
  assert.deepEqual(chains, ['.pickBy.mapKeys.value']);
  const src = {_a: 1, b: 2, _c: 3};
  const isMeta = (_v: unknown, k: string) => k.startsWith('_');
  const unprefix = (_v: unknown, k: string) => k.slice(1);
  assert.deepEqual(
    stub(src).pickBy(isMeta).mapKeys(unprefix).value(),
    lodash(src).pickBy(isMeta).mapKeys(unprefix).value(),
  );
  // postman-collection adds its helpers with mixin and reads them back.
  assert.equal(stub.noConflict(), stub);
  stub.mixin({double: (n: number) => n * 2});
  assert.equal(stub.double(4), 8);
});

test('the API example builder uses chalk only to colour text, which the stand-in returns plain', async () => {
  const {default: chalk} = await import('../explorer-stubs/chalk');
  const examples = read(
    path.join(
      path.dirname(require.resolve('docusaurus-plugin-openapi-docs/package.json')),
      'lib/openapi/createSchemaExample.js',
    ),
  );
  const styles = new Set([...examples.matchAll(/chalk_1\.default\.(\w+)/g)].map((m) => m[1]));
  assert.deepEqual([...styles], ['yellow']);
  assert.equal(chalk.yellow('WARNING:', 42), 'WARNING: 42');
  assert.equal(chalk.bold.red('plain'), 'plain');
});
