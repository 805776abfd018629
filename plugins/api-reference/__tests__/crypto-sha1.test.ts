import assert from 'node:assert/strict';
import {test} from 'node:test';
import cryptoJs from '../bundler/crypto-sha1';

test("the crypto-js stand-in's SHA1 gives crypto-js's hex digests", () => {
  // FIPS 180 test vectors.
  assert.equal(cryptoJs.SHA1('abc').toString(), 'a9993e364706816aba3e25717850c26c9cd0d89d');
  assert.equal(cryptoJs.SHA1('').toString(), 'da39a3ee5e6b4b0d3255bfef95601890afd80709');
});

test('the API theme calls nothing from crypto-js but SHA1', async () => {
  const {readFileSync} = await import('node:fs');
  const source = readFileSync(
    require.resolve('docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/storage-utils.js'),
    'utf8',
  );
  const uses = new Set([...source.matchAll(/crypto_js_1\.default\.(\w+)/g)].map((m) => m[1]));
  assert.deepEqual([...uses], ['SHA1']);
});
