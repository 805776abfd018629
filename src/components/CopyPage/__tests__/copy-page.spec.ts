/**
 * Markdown twins and the "Copy page" menu: every sitemap page's twin is served
 * as Markdown; the menu copies the twin, works from the keyboard alone, offers
 * the docs' MCP endpoint to AI clients (install links, the URL to copy, the
 * setup page) and has no axe violations when open in either colour mode; docs
 * pages and the landing page carry their JSON-LD.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {twinPath} from '../../../../plugins/markdown-twins/twin-path';
import {axeViolations} from '../../../../tests/e2e/axe';
import {animationsFinished, currentTheme} from '../../../../tests/e2e/helpers';

const buildDir = path.resolve('build');
const sitemap = fs.readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8');
const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
const DOC = '/toolhive/guides-cli/run-mcp-servers';
const API_DOC = '/toolhive/reference/api/list-workloads';

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
}

test('every sitemap page has a Markdown twin served as text/markdown', async ({request}) => {
  expect(pages.length).toBeGreaterThan(50);
  const problems: string[] = [];
  for (const p of pages) {
    const res = await request.get(twinPath(p));
    const type = res.headers()['content-type'] ?? '';
    if (res.status() !== 200 || !type.startsWith('text/markdown')) {
      problems.push(`${twinPath(p)}: ${res.status()} ${type}`);
    }
  }
  expect(problems).toEqual([]);
});

test('each page head links to its twin', async ({page}) => {
  for (const url of ['/', DOC, API_DOC]) {
    await ready(page, url);
    await expect(page.locator('link[rel="alternate"][type="text/markdown"]')).toHaveAttribute(
      'href',
      twinPath(url),
    );
  }
});

test('"Copy page" puts the twin on the clipboard', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await ready(page, DOC);
  await page.getByRole('button', {name: 'Copy page'}).click();
  await expect(page.getByRole('button', {name: 'Copied'})).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(fs.readFileSync(path.join(buildDir, twinPath(DOC)), 'utf8'));
});

test('a refused clipboard is reported, with the Markdown view offered', async ({page}) => {
  await ready(page, DOC);
  await page.evaluate(() => {
    const refuse = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', {value: {write: refuse, writeText: refuse}});
  });
  await page.getByRole('button', {name: 'Copy page'}).click();
  await expect(page.getByRole('button', {name: 'Copy failed'})).toBeVisible();
  await expect(page.getByRole('link', {name: 'View as Markdown'})).toHaveAttribute(
    'href',
    twinPath(DOC),
  );
});

test('the menu works from the keyboard alone', async ({page}) => {
  await ready(page, DOC);
  const trigger = page.getByRole('button', {name: 'More page actions'});
  await trigger.focus();
  await page.keyboard.press('Enter');
  const items = page.getByRole('menuitem');
  await expect(items).toHaveCount(7);
  await expect(items.nth(0)).toBeFocused();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(items.nth(6)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.nth(6)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(trigger).toBeFocused();
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  // Space and ArrowDown open it too.
  for (const key of [' ', 'ArrowDown']) {
    await page.keyboard.press(key);
    await expect(items.nth(0)).toBeFocused();
    await page.keyboard.press('Escape');
  }
  await page.keyboard.press('Enter');
  const pageUrl = `https://docs.stacklok.com${DOC}`;
  await expect(page.getByRole('menuitem', {name: /View as Markdown/})).toHaveAttribute(
    'href',
    twinPath(DOC),
  );
  for (const [name, prefix] of [
    [/Open in ChatGPT/, 'https://chatgpt.com/?q='],
    [/Open in Claude/, 'https://claude.ai/new?q='],
  ] as const) {
    const href = (await page.getByRole('menuitem', {name}).getAttribute('href')) ?? '';
    expect(href.startsWith(prefix)).toBe(true);
    expect(decodeURIComponent(href.slice(prefix.length))).toContain(pageUrl);
  }
});

test('the menu connects AI clients to the MCP endpoint', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await ready(page, DOC);
  const endpoint = 'https://docs.stacklok.com/mcp';
  await page.getByRole('button', {name: 'More page actions'}).click();
  const group = page.getByRole('group', {name: 'Connect to your AI client'});
  await expect(group.getByRole('menuitem')).toHaveCount(4);
  // VS Code's URL handler reads the server's JSON after "mcp/install?".
  const vscode = (await group
    .getByRole('menuitem', {name: 'Add to VS Code'})
    .getAttribute('href'))!;
  expect(vscode.startsWith('vscode:mcp/install?')).toBe(true);
  expect(JSON.parse(decodeURIComponent(vscode.slice('vscode:mcp/install?'.length)))).toEqual({
    name: 'toolhive-docs',
    type: 'http',
    url: endpoint,
  });
  // Cursor's install link: a name and the configuration as base64 JSON.
  const cursor = new URL(
    (await group.getByRole('menuitem', {name: 'Add to Cursor'}).getAttribute('href'))!,
  );
  expect(`${cursor.protocol}//${cursor.host}${cursor.pathname}`).toBe(
    'cursor://anysphere.cursor-deeplink/mcp/install',
  );
  expect(cursor.searchParams.get('name')).toBe('toolhive-docs');
  expect(JSON.parse(Buffer.from(cursor.searchParams.get('config')!, 'base64').toString())).toEqual({
    url: endpoint,
  });
  // Copying the URL closes the menu, says so and puts the URL on the clipboard.
  await group.getByRole('menuitem', {name: 'Copy MCP server URL'}).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText(`MCP server URL copied: ${endpoint}`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(endpoint);
  await expect(page.getByRole('button', {name: 'More page actions'})).toBeFocused();
  // The setup page of every other client.
  await page.getByRole('button', {name: 'More page actions'}).click();
  await page.getByRole('menuitem', {name: 'Other clients'}).click();
  await expect(page).toHaveURL(/\/toolhive\/docs-for-ai-clients$/);
  await expect(page.locator('h1')).toHaveText('Connect your AI client to these docs');
});

test('API pages have the menu too', async ({page}) => {
  await ready(page, API_DOC);
  await expect(page.getByRole('button', {name: 'Copy page'})).toBeVisible();
});

for (const mode of ['light', 'dark'] as const) {
  test(`no axe violations with the menu open in ${mode} mode`, async ({page}) => {
    await page.emulateMedia({colorScheme: mode});
    await ready(page, DOC);
    await expect.poll(() => currentTheme(page)).toBe(mode);
    await page.getByRole('button', {name: 'More page actions'}).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await animationsFinished(page);
    expect(await axeViolations(page)).toEqual([]);
  });
}

async function jsonLdTypes(page: Page): Promise<Record<string, Record<string, unknown>>> {
  const blocks = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  const byType: Record<string, Record<string, unknown>> = {};
  for (const block of blocks) {
    const data = JSON.parse(block) as Record<string, unknown> & {
      '@graph'?: Record<string, unknown>[];
    };
    for (const node of data['@graph'] ?? [data]) byType[String(node['@type'])] = node;
  }
  return byType;
}

test('docs pages carry a TechArticle and a BreadcrumbList', async ({page}) => {
  await ready(page, DOC);
  const ld = await jsonLdTypes(page);
  expect(ld.TechArticle?.url).toBe(`https://docs.stacklok.com${DOC}`);
  expect(ld.TechArticle?.headline).toBe(await page.locator('h1').first().textContent());
  expect((ld.TechArticle?.about as {'@type': string})['@type']).toBe('SoftwareApplication');
  const crumbs = ld.BreadcrumbList?.itemListElement as {name: string; item: string}[];
  // The sidebar path (from the theme's DocBreadcrumbs): the CLI guides category, the page.
  expect(crumbs.map((c) => c.item)).toEqual([
    'https://docs.stacklok.com/toolhive/guides-cli/',
    `https://docs.stacklok.com${DOC}`,
  ]);
});

test('the landing page carries a WebSite with a search action and the Organization', async ({
  page,
}) => {
  await ready(page, '/');
  const ld = await jsonLdTypes(page);
  const action = ld.WebSite?.potentialAction as {target: {urlTemplate: string}};
  expect(action.target.urlTemplate).toBe('https://docs.stacklok.com/search?q={search_term_string}');
  expect(ld.Organization?.name).toBe('Stacklok');
});
