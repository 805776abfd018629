/**
 * Visits every page listed in the build's sitemap.xml and requires, on each:
 * HTTP 200, no console errors or failed requests, no broken internal link or
 * anchor, and no axe-core violation in light mode and in dark mode.
 *
 * Each page has one test. It loads the page in light mode and checks it,
 * then switches the browser's preferred scheme to dark, as a reader's system
 * does at dusk, and audits the page again once it has redrawn. A fresh load
 * in light mode is the one that can differ from the pre-rendered HTML, which
 * is dark (the site's default; site.spec.ts loads a page with no preference
 * and in each mode), so it is the load each page gets. Errors are watched
 * through both modes. The tests of a worker share one browser page: a fresh
 * context per page would only start every page with cold caches. That page
 * asks for reduced motion, so a page is at rest as soon as it has redrawn.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test as base, expect, type Page} from '@playwright/test';
import {axeViolations} from './axe';
import {animationsFinished, currentTheme, diagramsDrawn, watchErrors} from './helpers';

const buildDir = path.resolve('build');
const sitemapPath = path.join(buildDir, 'sitemap.xml');
if (!fs.existsSync(sitemapPath)) {
  throw new Error('build/sitemap.xml is missing: run "npm run build" before the browser tests');
}
const pages = [...fs.readFileSync(sitemapPath, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
  (m) => new URL(m[1]!).pathname,
);

/** The built file that answers a clean URL, as the host resolves it. */
function builtFile(pathname: string): string | undefined {
  const clean = decodeURIComponent(pathname).replace(/\/$/, '');
  const candidates = [
    path.join(buildDir, clean),
    path.join(buildDir, `${clean}.html`),
    path.join(buildDir, clean, 'index.html'),
  ];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
}

const idCache = new Map<string, Set<string>>();
function idsOf(file: string): Set<string> {
  let ids = idCache.get(file);
  if (!ids) {
    const html = fs.readFileSync(file, 'utf8');
    ids = new Set([...html.matchAll(/\sid="?([^"\s>]+)"?/g)].map((m) => m[1]!));
    idCache.set(file, ids);
  }
  return ids;
}

async function brokenLinks(page: Page, pagePath: string): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  const domIds = new Set(await page.locator('[id]').evaluateAll((els) => els.map((e) => e.id)));
  const problems = new Set<string>();
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.origin !== origin) continue;
    const samePage = url.pathname === new URL(page.url()).pathname;
    const file = builtFile(url.pathname);
    if (!file) {
      problems.add(`broken link ${url.pathname}`);
      continue;
    }
    const anchor = decodeURIComponent(url.hash.slice(1));
    if (!anchor) continue;
    const ids = samePage ? domIds : idsOf(file);
    if (!ids.has(anchor)) problems.add(`broken anchor ${url.pathname}#${anchor}`);
  }
  return [...problems].map((p) => `${pagePath}: ${p}`);
}

/**
 * Waits for hydration, for every diagram to be drawn in the page's colour
 * mode (Mermaid draws each when it nears the viewport, so they are brought
 * near one after the other, and redraws them when the mode changes), for the
 * API request explorer where there is one, and for transitions to end.
 */
async function settled(page: Page): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  await diagramsDrawn(page);
  // An API operation page's request explorer loads after hydration (at once
  // at this width): check the page with it.
  if ((await page.locator('[data-api-explorer]').count()) > 0) {
    await expect(page.getByRole('button', {name: /send api request/i})).toBeVisible({
      timeout: 20_000,
    });
  }
  await animationsFinished(page);
}

/** One page per worker, reused by its crawl tests (see above). */
const test = base.extend<object, {crawlPage: Page}>({
  crawlPage: [
    async ({browser}, use, workerInfo) => {
      // Without motion: transitions would only delay the moment a page is at
      // rest (after a change of mode, about 0.1 s per page), which is when
      // axe samples its colours.
      const context = await browser.newContext({
        baseURL: workerInfo.project.use.baseURL,
        reducedMotion: 'reduce',
      });
      await use(await context.newPage());
      await context.close();
    },
    {scope: 'worker'},
  ],
});

/**
 * How often to look again for a change of mode: it takes a few milliseconds,
 * and the default first wait (0.1 s) would add most of that to every page.
 */
const POLL = [10, 20, 50, 100];

test.describe.configure({mode: 'parallel'});

for (const pagePath of pages) {
  test(`crawl ${pagePath}`, async ({crawlPage: page}) => {
    const errors = watchErrors(page);
    try {
      await page.emulateMedia({colorScheme: 'light'});
      const response = await page.goto(pagePath, {waitUntil: 'load'});
      expect(response?.status(), 'HTTP status').toBe(200);
      await expect.poll(() => currentTheme(page), {intervals: POLL}).toBe('light');
      await settled(page);
      // Links and anchors are the same in both modes: checked once.
      expect(await brokenLinks(page, pagePath), 'internal links and anchors').toEqual([]);
      expect(await axeViolations(page), 'axe violations in light mode').toEqual([]);

      await page.emulateMedia({colorScheme: 'dark'});
      await expect.poll(() => currentTheme(page), {intervals: POLL}).toBe('dark');
      await settled(page);
      expect(await axeViolations(page), 'axe violations in dark mode').toEqual([]);
      expect(errors.list, 'console errors and failed requests').toEqual([]);
    } finally {
      errors.stop();
      // Leave the page, so that what it still loads ends before the next test.
      await page.goto('about:blank');
    }
  });
}
