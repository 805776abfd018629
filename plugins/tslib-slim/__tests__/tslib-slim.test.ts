/**
 * plugins/tslib-slim: @docusaurus/utils-common gets a module with one tslib
 * helper; these tests keep that true as the package changes.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import * as helpers from '../helpers';
import {UTILS_COMMON} from '../index';

const utilsCommonLib = path.join(
  path.dirname(require.resolve('@docusaurus/utils-common/package.json')),
  'lib',
);

test('@docusaurus/utils-common uses no tslib helper but __importDefault', () => {
  const used = new Set<string>();
  for (const file of fs.readdirSync(utilsCommonLib, {recursive: true, encoding: 'utf8'})) {
    if (!file.endsWith('.js')) continue;
    const source = fs.readFileSync(path.join(utilsCommonLib, file), 'utf8');
    for (const m of source.matchAll(/tslib_\d+\.(\w+)/g)) used.add(m[1]!);
  }
  assert.deepEqual([...used], ['__importDefault']);
  assert.deepEqual(Object.keys(helpers), ['__importDefault']);
});

test("the helper is tslib's __importDefault", () => {
  const cjs = {value: 1};
  assert.deepEqual(helpers.__importDefault(cjs), {default: cjs});
  const esm = {__esModule: true, default: 2};
  assert.equal(helpers.__importDefault(esm), esm);
});

test('the replacement applies to utils-common only', () => {
  assert.ok(UTILS_COMMON.test(utilsCommonLib));
  assert.ok(UTILS_COMMON.test('C:\\site\\node_modules\\@docusaurus\\utils-common\\lib'));
  assert.ok(!UTILS_COMMON.test(path.join('node_modules', '@docusaurus', 'utils', 'lib')));
});
