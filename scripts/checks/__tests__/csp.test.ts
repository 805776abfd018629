// scripts/checks/csp.ts: which inline scripts need a hash in the CSP.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import {inlineScriptHashes, redirectTarget} from '../csp';

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

test('a redirect page of the build is recognised by its refresh and its one script, to the same target', () => {
  const page = (refresh: string, script: string) =>
    `<!DOCTYPE html><html><head><meta charset="UTF-8"><meta http-equiv="refresh" content="0; url=${refresh}"><link rel="canonical" href="${refresh}" /></head><script>\n    ${script}\n  </script></html>`;
  const go = (to: string) =>
    `window.location.href = '${to}' + window.location.search + window.location.hash;`;
  assert.equal(
    redirectTarget(page('/0.2.8/toolhive/x', go('/0.2.8/toolhive/x'))),
    '/0.2.8/toolhive/x',
  );
  // Another target in the script, another script, or a page with more scripts: not a redirect page.
  assert.equal(redirectTarget(page('/a', go('/b'))), null);
  assert.equal(redirectTarget(page('/a', 'alert(1)')), null);
  assert.equal(redirectTarget(`<html><head></head><script>${go('/a')}</script></html>`), null);
  assert.equal(
    redirectTarget(page('/a', go('/a')).replace('</html>', '<script>x()</script></html>')),
    null,
  );
});
