/**
 * Browser tests of the docs versions (docs-versions.ts): the version
 * dropdown and the reader's remembered choice, the banner and the note of a
 * page that still describes an earlier release, links that stay in their
 * version, and the files each version publishes (Markdown twins, llms.txt,
 * the page of changes).
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {listFiles} from '../../../scripts/checks/lib/code-blocks';
import {DOCS_VERSIONS, ROOT_VERSION, versionPath} from '../../../docs-versions';
import {collectErrors} from '../../../tests/e2e/helpers';

const current = DOCS_VERSIONS.find((v) => v.name === 'current')!;
const root = DOCS_VERSIONS.find((v) => v.name === ROOT_VERSION)!;
const other = DOCS_VERSIONS.find((v) => v.name !== ROOT_VERSION)!;
const at = (v: (typeof DOCS_VERSIONS)[number], route: string) => `${versionPath(v.name)}${route}`;

async function ready(page: Page, url: string): Promise<void> {
  await page.setViewportSize({width: 1280, height: 800});
  await page.goto(url);
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
}

/** The navbar's version dropdown: its toggle and its items. */
function dropdown(page: Page) {
  const menu = page.locator('.navbar .dropdown').filter({
    has: page.locator('.dropdown__menu a', {hasText: root.label}),
  });
  return {toggle: menu.locator('> a.navbar__link'), items: menu.locator('.dropdown__link')};
}

test('every docs page has the version dropdown, naming the version it is in', async ({page}) => {
  for (const v of DOCS_VERSIONS) {
    await ready(page, at(v, '/toolhive/faq'));
    const {toggle, items} = dropdown(page);
    await expect(toggle).toHaveText(v.label);
    await expect(items).toHaveText(DOCS_VERSIONS.map((x) => x.label));
  }
});

test('choosing a version opens the same page in it, and the choice is remembered', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await ready(page, at(root, '/toolhive/guides-cli/install'));
  const {toggle, items} = dropdown(page);
  await toggle.hover();
  await items.filter({hasText: other.label}).click();
  await expect(page).toHaveURL(new RegExp(`${at(other, '/toolhive/guides-cli/install')}$`));
  // The theme's storage key, namespaced for the site (docs-preferred-version-default...).
  const stored = await page.evaluate(() =>
    Object.entries(localStorage)
      .filter(([k]) => k.startsWith('docs-preferred-version-default'))
      .map(([, v]) => v),
  );
  expect(stored).toEqual([other.name]);
  // From a page outside the docs, opened later in the same browser, the
  // navbar's section links lead to the chosen version. (In a new tab: the
  // docs page goes on prefetching its links' chunks, which leaving it would
  // abort.)
  const later = await page.context().newPage();
  const laterErrors = collectErrors(later);
  await ready(later, '/');
  const section = later.locator('.navbar .dropdown__link', {hasText: 'ToolHive CLI'});
  await expect(section).toHaveAttribute('href', at(other, '/toolhive/guides-cli'));
  expect(errors).toEqual([]);
  expect(laterErrors).toEqual([]);
});

test('the section links of the navbar are the current page only on their own page', async ({
  page,
}) => {
  await ready(page, at(root, '/toolhive/faq'));
  await expect(page.locator('.navbar .dropdown__link[aria-current="page"]')).toHaveCount(1);
  await expect(page.locator('.navbar .dropdown__link[aria-current="page"]')).toHaveText(root.label);
  await ready(page, at(root, '/toolhive/guides-cli'));
  await expect(
    page.locator('.navbar .dropdown__link[aria-current="page"]', {hasText: 'ToolHive CLI'}),
  ).toHaveCount(1);
});

test('a page the other version lacks links to that version’s home in the dropdown', async ({
  page,
}) => {
  // thv mcp serve is a command of v0.2.8 only.
  await ready(page, at(docsVersionOf('v0.2.8'), '/toolhive/reference/cli/thv_mcp_serve'));
  const {items} = dropdown(page);
  await expect(items.filter({hasText: current.label})).toHaveAttribute(
    'href',
    at(current, '/toolhive'),
  );
});

test('the version not at the root says which release it describes; the root version has no banner', async ({
  page,
}) => {
  await ready(page, at(other, '/toolhive/faq'));
  const banner = page.locator('.theme-doc-version-banner');
  await expect(banner).toContainText(`ToolHive ${other.release}`);
  if (other.name === 'current') await expect(banner).toContainText('being written');
  await expect(banner.getByRole('link')).toHaveAttribute('href', at(root, '/toolhive/faq'));
  await ready(page, at(root, '/toolhive/faq'));
  await expect(page.locator('.theme-doc-version-banner')).toHaveCount(0);
});

/** Pages of the current version that still describe v0.2.8 (front matter `release: v0.2.8`). */
function markedPages(): string[] {
  const dir = path.resolve(current.docsDir);
  return listFiles([dir], ['.md', '.mdx'])
    .filter((f) =>
      /^release: v0\.2\.8$/m.test(
        /^---\n([\s\S]*?)\n---/.exec(fs.readFileSync(f, 'utf8'))?.[1] ?? '',
      ),
    )
    .map(
      (f) =>
        `/${path
          .relative(dir, f)
          .replace(/\.mdx?$/, '')
          .replace(/\/index$/, '')}`,
    );
}

const marked = markedPages();
if (marked.length > 0) {
  test('a page that still describes an earlier release says so, and its reference links go to that release', async ({
    page,
  }) => {
    const route = marked.find((r) => r.startsWith('/toolhive/guides-cli/')) ?? marked[0]!;
    await ready(page, at(current, route));
    const note = page.locator('.theme-admonition-info').first();
    await expect(note).toContainText('This page still describes ToolHive v0.2.8');
    await expect(note.getByRole('link')).toHaveAttribute(
      'href',
      at(current, '/toolhive/reference/changes/v0.2.8-to-v0.44.0'),
    );
    const reference = page.locator('article a[href*="/toolhive/reference/cli/"]').first();
    if ((await reference.count()) > 0) {
      expect(await reference.getAttribute('href')).toMatch(
        new RegExp(`^${at(docsVersionOf('v0.2.8'), '/toolhive/reference/cli/')}`),
      );
    }
    // The same page in its own version has no note.
    await ready(page, at(docsVersionOf('v0.2.8'), route));
    await expect(page.getByText('This page still describes ToolHive')).toHaveCount(0);
  });
} else {
  test('no page of the current version says it describes an earlier release', async ({page}) => {
    for (const route of ['/toolhive', '/toolhive/guides-cli/install', '/toolhive/faq']) {
      await ready(page, at(current, route));
      await expect(page.getByText('This page still describes ToolHive')).toHaveCount(0);
    }
  });
}

test('each version publishes its llms.txt, saying which release it describes, and its twins', async ({
  request,
}) => {
  for (const v of DOCS_VERSIONS) {
    const llms = await request.get(`${versionPath(v.name)}/llms.txt`);
    expect(llms.status(), `${v.name} llms.txt`).toBe(200);
    const text = await llms.text();
    expect(text).toContain(`This file covers the docs of ToolHive ${v.release}`);
    for (const w of DOCS_VERSIONS.filter((x) => x !== v)) {
      expect(text).toContain(`${versionPath(w.name)}/llms.txt`);
    }
    const twin = await request.get(at(v, '/toolhive/faq.md'));
    expect(twin.status()).toBe(200);
    expect(twin.headers()['content-type']).toMatch(/^text\/markdown/);
  }
});

test('the page of changes between the releases is in the newer version and counts from the data', async ({
  page,
}) => {
  await ready(page, at(current, '/toolhive/reference/changes/v0.2.8-to-v0.44.0'));
  await expect(page.locator('h1')).toContainText('v0.2.8');
  await expect(page.locator('article')).toContainText('thv group');
  await expect(page.locator('article')).toContainText('thv restart');
});

function docsVersionOf(release: string) {
  return DOCS_VERSIONS.find((v) => v.release === release)!;
}

test("an address of the old root answers: the host redirects it with its query, to the target of the build's redirect page", async ({
  page,
  request,
}) => {
  const {redirects = []} = JSON.parse(fs.readFileSync('vercel.json', 'utf8')) as {
    redirects?: {source: string; destination: string}[];
  };
  // The pages the root version lacks, and one address of the version that
  // was served under /next before it moved to the root.
  const samples = [
    ...redirects.filter((r) => !r.source.startsWith('/next/')),
    ...redirects.filter((r) => r.source.startsWith('/next/')).slice(0, 1),
  ];
  expect(samples.length).toBeGreaterThan(1);
  for (const {source, destination} of samples) {
    // The host: an HTTP redirect, with the query kept.
    const answer = await request.get(`${source}?from=old`, {maxRedirects: 0});
    expect(answer.status(), source).toBe(308);
    expect(answer.headers().location, source).toBe(`${destination}?from=old`);
    // The redirect page the build writes, as a plain static host serves it.
    const file = path.join('build', source, 'index.html');
    const html = fs.readFileSync(file, 'utf8');
    expect(html, file).toContain(`url=${destination}"`);
    const errors = collectErrors(page);
    await page.goto(`${source}#top`);
    await expect(page).toHaveURL(new RegExp(`${destination}#top$`));
    await expect(page.locator('article h1').first()).toBeVisible();
    expect(errors, source).toEqual([]);
  }
});
