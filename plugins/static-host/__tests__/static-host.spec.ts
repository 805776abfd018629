/**
 * The build on a plain static file server: Python's http.server, with no
 * rewrites, redirects of its own or custom 404 handling, like GitHub Pages,
 * an S3 bucket or nginx's defaults. Every page in the sitemap must answer in
 * each form of its URL (bare, with a trailing slash, `.html` and
 * `/index.html`), and a page opened at any of them must hydrate as itself,
 * anchors included.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {collectErrors} from '../../../tests/e2e/helpers';
import {DOCS_VERSIONS, versionPath} from '../../../docs-versions';

const buildDir = path.resolve('build');
const port = Number(process.env.STATIC_HOST_PORT ?? 3190);
const origin = `http://127.0.0.1:${port}`;
const routes = [
  ...fs.readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g),
].map((m) => new URL(m[1]!).pathname);

let server: ChildProcess | undefined;

test.describe.configure({mode: 'serial'});

test.beforeAll(async () => {
  server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1'], {
    cwd: buildDir,
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${origin}/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('python3 -m http.server did not start');
});

test.afterAll(() => {
  server?.kill();
});

/** The forms of a route's URL that readers and other sites link to. */
function forms(route: string): string[] {
  if (route === '/') return ['/', '/index.html'];
  return [route, `${route}/`, `${route}.html`, `${route}/index.html`];
}

// One test per docs version (its pages under its path; the root version's
// with the pages outside the docs), so that each stays well within its time.
const versionPrefixes = DOCS_VERSIONS.map((v) => versionPath(v.name)).filter(Boolean);
const versionOf = (route: string) =>
  versionPrefixes.find((p) => route === p || route.startsWith(`${p}/`)) ?? '';
for (const prefix of ['', ...versionPrefixes]) {
  test(`every sitemap page ${prefix ? `under ${prefix}/` : 'at the root'} answers in every form of its URL`, async () => {
    const own = routes.filter((route) => versionOf(route) === prefix);
    expect(own.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const route of own) {
      const canonical = `https://docs.stacklok.com${route}`;
      for (const form of forms(route)) {
        const res = await fetch(origin + form);
        const html = await res.text();
        if (!res.ok) failures.push(`${form}: HTTP ${res.status}`);
        else {
          const found = /rel=["']?canonical["']?\s+href=["']?([^"'\s>]+)/.exec(html)?.[1];
          if (found !== canonical) failures.push(`${form}: the page of ${found}, not ${route}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
}

for (const url of ['/toolhive/', '/toolhive.html', '/toolhive/faq/', '/toolhive/faq/index.html']) {
  test(`${url} hydrates as its page, with the route's own address`, async ({page}) => {
    const errors = collectErrors(page);
    await page.goto(origin + url);
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-has-hydrated'));
    const route = url.replace(/(\/index)?\.html$/, '').replace(/\/$/, '');
    expect(new URL(page.url()).pathname).toBe(route);
    await expect(page.locator('article h1').first()).toBeVisible();
    await expect(page.getByText('Page Not Found')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test('a deep link with an anchor and a trailing slash lands on the heading', async ({page}) => {
  await page.goto(`${origin}/toolhive/faq/`);
  const id = await page.locator('article h3[id]').nth(3).getAttribute('id');
  expect(id).toBeTruthy();
  await page.goto(`${origin}/toolhive/faq/#${id}`);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-has-hydrated'));
  expect(new URL(page.url()).hash).toBe(`#${id}`);
  await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
});

test('an old address of a page leads to the page through the redirect page the build writes', async ({
  page,
}) => {
  const {redirects = []} = JSON.parse(fs.readFileSync('vercel.json', 'utf8')) as {
    redirects?: {source: string; destination: string}[];
  };
  const sample = redirects.find((r) => !r.source.startsWith('/next/'));
  expect(sample).toBeTruthy();
  const errors = collectErrors(page);
  await page.goto(`${origin}${sample!.source}?from=old#top`);
  await expect(page).toHaveURL(`${origin}${sample!.destination}?from=old#top`);
  await expect(page.locator('article h1').first()).toBeVisible();
  expect(errors).toEqual([]);
});
