// scripts/checks/csp.ts: which inline scripts need a hash in the CSP.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import {inlineScriptHashes} from '../csp';

const hash = (s: string) => `'sha256-${crypto.createHash('sha256').update(s).digest('base64')}'`;

test('inline JavaScript is hashed, JSON-LD and external scripts are not', () => {
  const html = [
    '<script>a()</script>',
    '<script type="module">b()</script>',
    '<script type="application/ld+json">{"@type":"TechArticle"}</script>',
    '<script src="/x.js"></script>',
  ].join('');
  assert.deepEqual(inlineScriptHashes(html), [hash('a()'), hash('b()')]);
});
