import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

/** The JSON-LD blocks of a built HTML file, by @type. */
function jsonLd(file: string): Record<string, Record<string, unknown>> {
  const html = fs.readFileSync(path.resolve('build', file), 'utf8');
  const byType: Record<string, Record<string, unknown>> = {};
  for (const [, text] of html.matchAll(/<script type="?application\/ld\+json"?>(.*?)<\/script>/g)) {
    const data = JSON.parse(text!) as Record<string, unknown> & {
      '@graph'?: Record<string, unknown>[];
    };
    for (const node of data['@graph'] ?? [data]) byType[String(node['@type'])] = node;
  }
  return byType;
}

test('every docs page of the build carries its TechArticle, in both of its HTML files', () => {
  const sitemap = fs.readFileSync(path.resolve('build/sitemap.xml'), 'utf8');
  // Docs pages of every version: /toolhive/... and /<version>/toolhive/...
  const docs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1]!).pathname)
    .filter((p) => /^(?:\/[^/]+)?\/toolhive(?:\/|$)/.test(p));
  assert.ok(docs.length > 300, `${docs.length} docs pages`);
  assert.ok(
    docs.some((p) => !p.startsWith('/toolhive')),
    'the pages of a version under its own path',
  );
  for (const route of docs) {
    const rel = route.replace(/^\/|\/$/g, '');
    for (const file of [`${rel}.html`, `${rel}/index.html`]) {
      const article = jsonLd(file).TechArticle;
      assert.ok(article, `${file}: TechArticle`);
      // The page's own canonical URL.
      const html = fs.readFileSync(path.resolve('build', file), 'utf8');
      const canonical = /<link [^>]*?rel="?canonical"? href="?([^" >]+)/.exec(html)?.[1];
      assert.equal(article.url, canonical, file);
      assert.ok(String(article.headline).length > 2, `${file}: headline`);
    }
  }
});

test('the landing page carries the WebSite and the Organization, once', () => {
  const ld = jsonLd('index.html');
  assert.ok(ld.WebSite && ld.Organization);
  const html = fs.readFileSync(path.resolve('build/index.html'), 'utf8');
  assert.equal(html.match(/"@type":"WebSite"/g)?.length, 1);
});

test('no page loads code for structured data', () => {
  const js = fs.readdirSync('build/assets/js').filter((f) => f.endsWith('.js'));
  const holders = js.filter((f) =>
    fs.readFileSync(path.join('build/assets/js', f), 'utf8').includes('TechArticle'),
  );
  assert.deepEqual(holders, []);
});
