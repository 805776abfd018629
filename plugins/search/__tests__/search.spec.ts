/**
 * Search in the production build, local mode (no Algolia credentials): the
 * DocSearch button and modal, the /search page, lazy loading of the index,
 * keyboard use, recent and favourite searches, failure and hostile input,
 * accessibility, and that no request leaves the site.
 */
import path from 'node:path';
import {expect, test, type Page, type Request} from '@playwright/test';
import {
  animationsFinished,
  builtScripts,
  collectErrors,
  currentTheme,
} from '../../../tests/e2e/helpers';
import {axe, axeViolations} from '../../../tests/e2e/axe';
import {DOCS_VERSIONS, versionPath} from '../../../docs-versions';

const INDEX = /\/search-index\.json(\?|$)/;

/** Built chunks that hold MiniSearch (its error messages name it). */
const minisearchChunks = builtScripts((js) => js.includes('MiniSearch'));
const basename = (p: string) => path.basename(p);
/** Built chunks with DocSearch's button, and with its modal's result lists. */
const buttonChunks = builtScripts((js) => js.includes('DocSearch-Button-Container'));
const modalChunks = builtScripts((js) => js.includes('DocSearch-Hit-source'));

/** Errors worth failing on: requests aborted by our own navigations are not. */
const real = (errors: string[]) => errors.filter((e) => !/net::ERR_ABORTED$/.test(e.trim()));
/** The query field of the /search page. */
const pageField = (page: Page) => page.getByRole('searchbox', {name: 'Search'});

const button = (page: Page) => page.locator('.navbar .DocSearch-Button');
const modal = (page: Page) => page.locator('.DocSearch-Modal');
const input = (page: Page) => page.locator('.DocSearch-Input');

/** The keys appear once the page is interactive (hydrated). */
async function ready(page: Page): Promise<void> {
  await expect(button(page).locator('kbd')).toHaveCount(2);
}

async function openWithButton(page: Page): Promise<void> {
  await ready(page);
  await button(page).click();
  await expect(input(page)).toBeFocused();
}

async function search(page: Page, query: string): Promise<void> {
  await input(page).fill(query);
}

/** Answered queries so far: the local client writes one User Timing entry per answer. */
const answered = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('toolhive-search:query').length);

/** Types a query and waits until the search client has answered it. */
async function searchAnswered(page: Page, query: string): Promise<void> {
  const before = await answered(page);
  await search(page, query);
  await expect.poll(() => answered(page)).toBeGreaterThan(before);
}

test.describe.configure({mode: 'parallel'});

test.beforeEach(async ({page}) => {
  await page.setViewportSize({width: 1280, height: 800});
});

test.describe('search button and keyboard', () => {
  test('the button shows Ctrl K', async ({page}) => {
    await page.goto('/toolhive');
    await expect(button(page).locator('kbd')).toHaveText(['Ctrl', 'K']);
    // The accessible name holds the text the button shows, then says the
    // shortcut in full.
    await expect(button(page)).toHaveAccessibleName('Search Ctrl K (Control+k)');
  });

  test('the button shows ⌘ K on Apple devices', async ({page}) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'platform', {get: () => 'MacIntel'});
    });
    await page.goto('/toolhive');
    await expect(button(page).locator('kbd')).toHaveText(['⌘', 'K']);
    await expect(button(page)).toHaveAccessibleName('Search ⌘ K (Meta+k)');
  });

  for (const keys of ['Control+k', 'Meta+k']) {
    test(`${keys} opens the modal and Escape closes it`, async ({page}) => {
      await page.goto('/toolhive');
      await ready(page);
      await page.keyboard.press(keys);
      await expect(modal(page)).toBeVisible();
      await expect(input(page)).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(modal(page)).toHaveCount(0);
    });
  }

  test('/ opens the modal when no input has focus', async ({page}) => {
    await page.goto('/toolhive/faq');
    await ready(page);
    await page.keyboard.press('/');
    await expect(modal(page)).toBeVisible();
    await expect(input(page)).toHaveValue('');
  });

  test('/ types a slash when an input has focus', async ({page}) => {
    await page.goto('/search');
    await ready(page);
    const field = pageField(page);
    await field.focus();
    await page.keyboard.press('/');
    await expect(field).toHaveValue('/');
    await expect(modal(page)).toHaveCount(0);
  });

  test('a click on the backdrop closes the modal', async ({page}) => {
    await page.goto('/toolhive');
    await openWithButton(page);
    await page.locator('.DocSearch-Container').click({position: {x: 10, y: 780}});
    await expect(modal(page)).toHaveCount(0);
  });

  test('the modal and the search page keep at most 64 characters', async ({page}) => {
    // 70 characters: six past the limit, each typed key a search.
    const typed = 'abcdefghij'.repeat(7);
    await page.goto('/toolhive');
    await openWithButton(page);
    await input(page).pressSequentially(typed, {delay: 0});
    await expect(input(page)).toHaveValue(typed.slice(0, 64));
    // Pasting stops at the limit too.
    await input(page).fill('');
    await page.evaluate((text) => document.execCommand('insertText', false, text), typed);
    await expect(input(page)).toHaveValue(typed.slice(0, 64));

    await page.goto('/search');
    await ready(page);
    await pageField(page).pressSequentially(typed, {delay: 0});
    await expect(pageField(page)).toHaveValue(typed.slice(0, 64));
  });
});

test.describe('results', () => {
  test('results are grouped by section, at most 5 per group, with highlighted matches', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/toolhive');
    await openWithButton(page);
    await search(page, 'custom permissions');
    const groups = page.locator('.DocSearch-Hits');
    await expect(groups.first()).toBeVisible();
    await expect(groups.locator('.DocSearch-Hit-source').first()).toHaveText('ToolHive CLI');
    const first = groups.first().locator('.DocSearch-Hit').first();
    await expect(first.locator('.DocSearch-Hit-title')).toHaveText('Custom permissions');
    await expect(first.locator('mark').first()).toHaveText(/custom/i);
    for (const group of await groups.all()) {
      expect(await group.locator('.DocSearch-Hit').count()).toBeLessThanOrEqual(5);
    }
    // The input names the result lists it controls, and each of them exists.
    const controls = (await input(page).getAttribute('aria-controls'))?.split(/\s+/) ?? [];
    expect(controls.length).toBeGreaterThan(0);
    for (const id of controls) {
      await expect(page.locator(`[id="${id}"]`)).toHaveAttribute('role', 'listbox');
    }
    expect(errors).toEqual([]);
  });

  for (const [width, words] of [
    [1280, 10],
    [600, 5],
  ] as const) {
    test(`snippets are ${words} words on a ${width} px wide screen`, async ({page}) => {
      await page.setViewportSize({width, height: 800});
      await page.goto('/toolhive');
      await button(page).click();
      await search(page, 'egress proxy');
      const text = await page
        .locator('.DocSearch-Hit .DocSearch-Hit-title')
        .filter({hasText: '…'})
        .first()
        .innerText();
      expect(text.replace(/…/g, ' ').trim().split(/\s+/).length).toBe(words);
    });
  }

  test('choosing a result goes to the heading and saves a recent search; favourites stay', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/toolhive');
    await openWithButton(page);
    await search(page, 'reset keyring password');
    const hit = page.locator('.DocSearch-Hit').first();
    await expect(hit.locator('.DocSearch-Hit-title')).toHaveText('Reset the keyring password');
    await hit.click();
    await expect(page).toHaveURL(
      /\/toolhive\/guides-cli\/secrets-management#reset-the-keyring-password$/,
    );
    await expect(modal(page)).toHaveCount(0);
    await expect(page.locator('#reset-the-keyring-password')).toBeInViewport();

    // An empty query shows the recent search; save it as a favourite.
    await openWithButton(page);
    const recent = page.locator('.DocSearch-Hits').filter({hasText: 'Recent'});
    await expect(recent.locator('.DocSearch-Hit-title')).toHaveText(['Reset the keyring password']);
    await recent.locator('.DocSearch-Hit').first().hover();
    await recent.getByTitle('Save this search').click();
    const favourite = page.locator('.DocSearch-Hits').filter({hasText: 'Favorite'});
    await expect(favourite.locator('.DocSearch-Hit-title')).toHaveText([
      'Reset the keyring password',
    ]);

    // Both lists survive a reload.
    await page.reload();
    await openWithButton(page);
    await expect(
      page.locator('.DocSearch-Hits').filter({hasText: 'Favorite'}).locator('.DocSearch-Hit-title'),
    ).toHaveText(['Reset the keyring password']);
    await expect(
      page.locator('.DocSearch-Hits').filter({hasText: 'Recent'}).locator('.DocSearch-Hit-title'),
    ).toHaveCount(0);
    expect(real(errors)).toEqual([]);
  });

  test('Enter opens the first result and saves it as a recent search', async ({page}) => {
    const errors = collectErrors(page);
    await page.goto('/toolhive');
    await openWithButton(page);
    await search(page, 'thv run transport');
    await expect(page.locator('.DocSearch-Hit').first().locator('.DocSearch-Hit-title')).toHaveText(
      '--transport',
    );
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/toolhive\/reference\/cli\/thv_run#flag-transport$/);
    await openWithButton(page);
    await expect(
      page.locator('.DocSearch-Hits').filter({hasText: 'Recent'}).locator('.DocSearch-Hit-title'),
    ).toHaveText(['--transport']);
    expect(real(errors)).toEqual([]);
  });

  test('no match says "No results for" the query', async ({page}) => {
    await page.goto('/toolhive');
    await openWithButton(page);
    await search(page, 'qzxwvjkq');
    await expect(page.locator('.DocSearch-NoResults')).toContainText('No results for "qzxwvjkq"');
  });

  test('the modal offers no Ask AI', async ({page}) => {
    const askAi = page.locator(
      '.DocSearch-Modal [class*="AskAi"], .DocSearch-Modal [class*="AskAI"]',
    );
    await page.goto('/toolhive');
    await openWithButton(page);
    for (const query of ['network isolation', 'qzxwvjkq']) {
      await searchAnswered(page, query);
      await expect(
        page.locator('.DocSearch-Hit').first().or(page.locator('.DocSearch-NoResults')),
      ).toBeVisible();
      await expect(modal(page)).not.toContainText(/ask ai|conversation/i);
      await expect(askAi).toHaveCount(0);
    }
  });

  test('an index that cannot be loaded shows the error screen', async ({page}) => {
    await page.route(INDEX, (route) => route.abort('failed'));
    await page.goto('/toolhive');
    await openWithButton(page);
    await search(page, 'network');
    const screen = page.locator('.DocSearch-ErrorScreen');
    await expect(screen).toContainText('Unable to fetch results');
    await expect(screen).toContainText('check your network connection');
  });

  test('a search worker that cannot start shows the error screen', async ({page}) => {
    let blocked = 0;
    await page.route(/\/assets\/js\/toolhive-search\.[0-9a-f]+\.js$/, (route) => {
      blocked += 1;
      return route.abort('failed');
    });
    await page.goto('/toolhive');
    await openWithButton(page);
    await search(page, 'network');
    await expect(page.locator('.DocSearch-ErrorScreen')).toContainText('Unable to fetch results');
    expect(blocked).toBeGreaterThan(0);
  });
});

test.describe('search page', () => {
  test('/search?q= lists results on load and follows the input', async ({page}) => {
    const errors = collectErrors(page);
    await page.goto('/search?q=custom%20permissions');
    await expect(page.locator('h1')).toHaveText('Search results for "custom permissions"');
    const results = page.locator('main article');
    await expect(results.first().locator('h2')).toHaveText('Custom permissions');
    expect(await results.count()).toBeGreaterThan(3);
    await expect(page.getByText(/\d+ documents found/)).toBeVisible();

    await pageField(page).fill('1password');
    await expect(page).toHaveURL(/[?&]q=1password/);
    await expect(results.first().locator('h2')).toHaveText(/1Password/);
    await results.first().locator('h2 a').click();
    await expect(page).toHaveURL(/\/toolhive\/guides-cli\/secrets-management#use-1password$/);
    expect(real(errors)).toEqual([]);
  });
});

test.describe('ranking', () => {
  // Reader's words find the concept or guide, a command finds its reference
  // page, an API path its operation; the modal and the search page rank with
  // the same engine.
  for (const [query, title, url] of [
    ['what is mcp', 'MCP primer', /\/toolhive\/concepts\/mcp-primer$/],
    ['thv secret set', 'thv secret set', /\/toolhive\/reference\/cli\/thv_secret_set$/],
    [
      'GET /api/v1beta/workloads/fetch/logs',
      "Read a workload's container logs",
      /\/toolhive\/reference\/api\/get-workload-logs$/,
    ],
  ] as const) {
    test(`"${query}" puts ${title} first in the modal and on /search`, async ({page}) => {
      await page.goto('/toolhive');
      await openWithButton(page);
      await search(page, query);
      const first = page.locator('.DocSearch-Hit').first();
      await expect(first.locator('.DocSearch-Hit-title')).toHaveText(title);
      expect(
        new URL((await first.locator('a').getAttribute('href'))!, page.url()).pathname,
      ).toMatch(url);

      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      const results = page.locator('main article');
      await expect(results.first().locator('h2')).toHaveText(title);
      await expect(results.first().locator('h2 a')).toHaveAttribute('href', url);
    });
  }
});

test.describe('versions', () => {
  /** The docs version a docs route belongs to, by its path prefix; null outside the docs. */
  const versionOf = (pathname: string): string | null => {
    for (const v of DOCS_VERSIONS) {
      const prefix = versionPath(v.name);
      if (prefix && pathname.startsWith(`${prefix}/toolhive`)) return v.name;
    }
    return pathname.startsWith('/toolhive')
      ? DOCS_VERSIONS.find((v) => versionPath(v.name) === '')!.name
      : null;
  };
  const hitPaths = (page: Page, selector: string) =>
    page
      .locator(selector)
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));

  for (const v of DOCS_VERSIONS) {
    test(`the modal on a page of ${v.label} searches that version's index only`, async ({page}) => {
      const indexes: string[] = [];
      page.on('request', (r) => {
        if (INDEX.test(r.url())) indexes.push(new URL(r.url()).pathname);
      });
      await page.goto(`${versionPath(v.name)}/toolhive/faq`);
      await openWithButton(page);
      await searchAnswered(page, 'secrets');
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
      const paths = await hitPaths(page, '.DocSearch-Hit a');
      expect(paths.length).toBeGreaterThan(3);
      expect(paths.filter((p) => ![v.name, null].includes(versionOf(p)))).toEqual([]);
      expect([...new Set(indexes)]).toEqual([`${versionPath(v.name)}/search-index.json`]);
    });
  }

  test('the search page names the version it searches and searches the one chosen', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/search?q=secrets');
    const menu = page.getByRole('combobox', {name: 'Docs version searched'});
    // The theme opens it on the newest version.
    await expect(menu).toHaveValue(DOCS_VERSIONS[0]!.name);
    // The menu shows the version's label (the option's `label`).
    expect(await menu.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.label)).toBe(
      DOCS_VERSIONS[0]!.label,
    );
    const results = page.locator('main article h2 a');
    for (const v of [...DOCS_VERSIONS].reverse()) {
      await menu.selectOption(v.name);
      await expect
        .poll(async () => {
          const paths = await hitPaths(page, 'main article h2 a');
          return paths.length > 0 && paths.every((p) => [v.name, null].includes(versionOf(p)));
        })
        .toBe(true);
      expect(await results.count()).toBeGreaterThan(3);
    }
    expect(real(errors)).toEqual([]);
  });

  test('the search page opens on the version the reader chose in the navbar', async ({page}) => {
    const older = DOCS_VERSIONS[DOCS_VERSIONS.length - 1]!;
    await page.goto('/toolhive/faq');
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    // The reader chooses the version in the navbar's dropdown, which saves it.
    const versions = page.locator('.navbar .dropdown').filter({
      has: page.locator('.dropdown__menu a', {hasText: older.label}),
    });
    await versions.locator('> a.navbar__link').hover();
    await versions.locator('.dropdown__link', {hasText: older.label}).click();
    await expect(page).toHaveURL(new RegExp(`${versionPath(older.name)}/toolhive/faq$`));
    await page.goto('/search?q=secrets');
    await expect(page.getByRole('combobox', {name: 'Docs version searched'})).toHaveValue(
      older.name,
    );
    await expect
      .poll(async () => {
        const paths = await hitPaths(page, 'main article h2 a');
        return paths.length > 0 && paths.every((p) => [older.name, null].includes(versionOf(p)));
      })
      .toBe(true);
  });
});

test.describe('local mode', () => {
  test('the index loads only when the reader reaches for search', async ({page}) => {
    const requests: string[] = [];
    page.context().on('request', (r) => requests.push(r.url()));
    await page.goto('/toolhive');
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => INDEX.test(u))).toEqual([]);
    // Nothing in the page points at Algolia, not even a preconnect hint.
    expect(await page.locator('link[href*="algolia"]').count()).toBe(0);

    const indexRequest = page.context().waitForEvent('request', (r) => INDEX.test(r.url()));
    await button(page).hover();
    await indexRequest;
  });

  test("DocSearch's modal loads only when the reader opens search", async ({page}) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(basename(new URL(r.url()).pathname));
    });
    await page.goto('/toolhive');
    await ready(page);
    await page.waitForLoadState('networkidle');
    // The page has DocSearch's button, and none of the modal's code.
    expect(scripts.filter((s) => buttonChunks.has(s))).not.toEqual([]);
    expect(scripts.filter((s) => modalChunks.has(s))).toEqual([]);
    await openWithButton(page);
    expect(scripts.filter((s) => modalChunks.has(s))).toHaveLength(1);
  });

  test('the index is loaded and searched in a worker, off the main thread', async ({page}) => {
    await page.goto('/toolhive');
    await page.waitForLoadState('networkidle');
    expect(page.workers()).toHaveLength(0);
    const started = page.waitForEvent('worker');
    await button(page).hover();
    const worker = await started;
    expect(new URL(worker.url()).pathname).toMatch(
      /^\/assets\/js\/toolhive-search\.[0-9a-f]+\.js$/,
    );
    await openWithButton(page);
    await search(page, 'network isolation');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    // MiniSearch is in one file only, the worker's own script (so the worker
    // needs no second request before it can build the engine) ...
    expect([...minisearchChunks]).toEqual([basename(new URL(worker.url()).pathname)]);
    // ... and the page's own resource timeline (a worker keeps its own) has
    // no index: the worker fetched it.
    const pageResources = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
    );
    expect(pageResources.filter((p) => INDEX.test(p))).toEqual([]);
    expect(page.workers()).toHaveLength(1);
  });

  test('no request leaves the site while searching', async ({page, baseURL}) => {
    const origin = new URL(baseURL!).origin;
    const requests: Request[] = [];
    // Context-wide, so the search worker's requests count too.
    page.context().on('request', (r) => requests.push(r));
    const errors = collectErrors(page);
    await page.goto('/toolhive');
    await openWithButton(page);
    for (const q of ['network isolation', 'otel', 'kubernetes operator helm']) {
      await search(page, q);
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    }
    await page.locator('.DocSearch-Hit').first().click();
    await page.waitForLoadState('networkidle');
    await page.goto('/search?q=secrets');
    await expect(page.locator('main article').first()).toBeVisible();
    const outside = requests
      .map((r) => r.url())
      .filter((u) => /^https?:/.test(u) && new URL(u).origin !== origin);
    expect(outside).toEqual([]);
    expect(
      requests.some((r) => INDEX.test(r.url())),
      'the index was fetched',
    ).toBe(true);
    expect(real(errors)).toEqual([]);
  });

  test('markup, regex characters, emoji and long or empty queries never break search', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/toolhive');
    await openWithButton(page);
    const hostile = [
      '<img src=x onerror="window.__searchXss=1">',
      '<script>window.__searchXss=1</script>',
      '"><svg onload=window.__searchXss=1>',
    ];
    for (const q of hostile) {
      await searchAnswered(page, q);
      // Once this query is answered the modal shows results, or says there
      // are none for exactly this text (escaped, not run as markup). While a
      // request is in flight DocSearch may still show the previous screen.
      await expect(
        page
          .locator('.DocSearch-Hit')
          .first()
          .or(page.locator('.DocSearch-NoResults', {hasText: q.slice(0, 64)})),
      ).toBeVisible();
    }
    for (const q of [
      '.*+?^${}()|[]\\',
      '((((',
      '🙂 🚀 network',
      'ネットワーク',
      'x'.repeat(64),
      '   ',
    ]) {
      await search(page, q);
      await expect(page.locator('.DocSearch-NoResults, .DocSearch-Hits').first()).toBeVisible();
    }
    // An empty query shows the start screen again.
    await search(page, '');
    await expect(page.locator('.DocSearch-NoResults')).toHaveCount(0);
    await expect(input(page)).toHaveValue('');
    await search(page, '🙂 network');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as {__searchXss?: number}).__searchXss),
    ).toBeUndefined();
    expect(await page.locator('.DocSearch-Modal img, .DocSearch-Modal script').count()).toBe(0);

    // Let the route prefetches of the result links finish before leaving.
    await page.waitForLoadState('networkidle');
    await page.goto(
      `/search?q=${encodeURIComponent('<img src=x onerror="window.__searchXss=1">')}`,
    );
    await expect(page.locator('h1')).toContainText('<img src=x');
    await page.goto(`/search?q=${encodeURIComponent('[(*+?')}`);
    await expect(page.locator('h1')).toContainText('[(*+?');
    expect(
      await page.evaluate(() => (window as unknown as {__searchXss?: number}).__searchXss),
    ).toBeUndefined();
    expect(real(errors)).toEqual([]);
  });
});

test.describe('accessibility', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`the open modal with results passes axe in ${mode} mode`, async ({page}) => {
      await page.emulateMedia({colorScheme: mode});
      await page.goto('/toolhive');
      await expect.poll(() => currentTheme(page)).toBe(mode);
      await openWithButton(page);
      await search(page, 'network isolation');
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
      await animationsFinished(page);
      const violations = await axeViolations(
        page,
        axe(page)
          .include('.DocSearch-Container')
          // Markup of DocSearch 4.7 itself, which only copying its modal could
          // change: the backdrop is a role="button" around the whole dialog and
          // each result is a role="option" holding a link (nested-interactive),
          // and its footer is a <footer> outside any landmark
          // (landmark-no-duplicate-contentinfo). Everything else must pass.
          .disableRules(['nested-interactive', 'landmark-no-duplicate-contentinfo']),
        // The same backdrop "button": its name is not the text of the whole
        // dialog it holds. The rule still checks every other element.
        [{rule: 'label-content-name-mismatch', target: '.DocSearch-Container'}],
      );
      expect(violations).toEqual([]);
    });
  }
});
