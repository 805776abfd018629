/**
 * The API reference (docs/toolhive/reference/api, generated from
 * static/api-specs/v0.2.8/openapi.yaml): the overview and an operation page render
 * their content and have no axe violations in either colour mode, and pages
 * outside the reference download none of its code or styles.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {
  animationsFinished,
  builtJsDir,
  builtScripts,
  collectErrors,
  currentTheme,
} from '../../../tests/e2e/helpers';
import {axe, axeViolations} from '../../../tests/e2e/axe';
import {parse as parseYaml} from 'yaml';
import {DOCS_VERSIONS, ROOT_VERSION} from '../../../docs-versions';

/** The OpenAPI description of the release whose docs are at the site root. */
const ROOT = DOCS_VERSIONS.find((v) => v.name === ROOT_VERSION)!;
const SPEC_PATH = `/api-specs/${ROOT.release}/openapi.yaml`;
const spec = parseYaml(fs.readFileSync(path.join('static', SPEC_PATH), 'utf8')) as {
  info: {version: string};
  tags: {name: string}[];
  paths: Record<string, Record<string, {tags?: string[]; responses: Record<string, unknown>}>>;
};
/** The tags that have operations: one category (and one card) each. */
const usedTags = new Set(
  Object.values(spec.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? [])),
);
const INFO_PAGE = '/toolhive/reference/api';
const OPERATION_PAGE = '/toolhive/reference/api/list-workloads';
const BODY_OPERATION_PAGE = '/toolhive/reference/api/create-workload';
const OUTSIDE_PAGES = ['/toolhive/faq', '/toolhive', '/'];

const jsDir = builtJsDir;

/**
 * Built JavaScript files that hold the API reference's code, recognised by
 * class names that only docusaurus-theme-openapi-docs components use.
 */
function apiChunkFiles(): Set<string> {
  return builtScripts((js) => js.includes('openapi-explorer__') || js.includes('openapi-tabs__'));
}

/** Same-origin scripts and stylesheets that a page executes. */
function trackAssets(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (req) => {
    if (['script', 'stylesheet'].includes(req.resourceType())) {
      urls.push(new URL(req.url()).pathname);
    }
  });
  return urls;
}

/** The request explorer renders in the browser only, after hydration. */
async function waitForExplorer(page: Page): Promise<void> {
  await expect(page.getByRole('button', {name: /send api request/i})).toBeVisible({
    timeout: 20_000,
  });
}

test.describe('API reference overview', () => {
  test('shows the API description, a download link and the endpoint areas', async ({page}) => {
    const errors = collectErrors(page);
    const response = await page.goto(INFO_PAGE);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveText('ToolHive API');
    const article = page.locator('main article').first();
    await expect(article).toContainText(`Version: ${spec.info.version}`);
    // The description explains how to try requests against `thv serve`.
    await expect(page.getByRole('heading', {name: 'Trying requests from a browser'})).toBeVisible();
    await expect(article).toContainText('CORS');
    // The generated Authentication section that operation pages link to.
    await expect(page.locator('h2#authentication')).toHaveText('Authentication');
    // Download links: the theme's Export menu and the one in the page text.
    const downloads = article.locator(`a[href="${SPEC_PATH}"]`);
    await expect(downloads).toHaveCount(2);
    const served = await page.request.get(SPEC_PATH);
    expect(served.status()).toBe(200);
    expect(await served.text()).toMatch(/^openapi: 3\.1\.0/m);
    // One card per tag, each linking into the reference.
    const cards = article.locator('.card');
    await expect(cards).toHaveCount(usedTags.size);
    await expect(cards.filter({hasText: 'Workloads'})).toHaveCount(1);
    // Every card has its line of description (plugins/docs-version-slim
    // keeps no doc descriptions for cards that link to a single doc).
    const descriptions = cards.locator('p');
    await expect(descriptions).toHaveCount(usedTags.size);
    for (const text of await descriptions.allTextContents()) expect(text.trim()).not.toBe('');
    expect(errors).toEqual([]);
  });

  test('the docs sidebar lists the API under Reference, grouped by tag', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(OPERATION_PAGE);
    const sidebar = page.locator('nav.menu');
    const apiCategory = sidebar.getByRole('link', {name: 'API reference', exact: true});
    await expect(apiCategory).toHaveAttribute('href', INFO_PAGE);
    const current = sidebar.locator('a.menu__link--active', {hasText: 'List workloads'});
    await expect(current).toHaveAttribute('aria-current', 'page');
    // The operation sits in its tag's category, with a method badge.
    const tagCategory = sidebar.locator('li.theme-doc-sidebar-item-category').filter({
      has: page.locator(':scope > div a', {hasText: /^Workloads$/}),
    });
    await expect(tagCategory.locator('li.api-method.get', {hasText: 'List workloads'})).toHaveCount(
      1,
    );
    await expect(sidebar.locator('li.api-method.post').first()).toBeVisible();
  });
});

test.describe('API operation page', () => {
  test('shows method, path, parameters, response schema and example', async ({page}) => {
    const errors = collectErrors(page);
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(OPERATION_PAGE);
    await expect(page.locator('h1')).toHaveText('List workloads');
    const endpoint = page.locator('.openapi__method-endpoint').first();
    await expect(endpoint.locator('.badge')).toHaveText(/get/i);
    await expect(endpoint).toContainText('/api/v1beta/workloads');
    // Query parameters.
    const params = page.locator('.openapi-params__list-item');
    await expect(params.filter({hasText: 'all'}).first()).toContainText('boolean');
    await expect(params.filter({hasText: 'group'}).first()).toContainText('string');
    // Responses: one tab per status code, the 200 schema and its example.
    const codes = page.locator('.openapi-tabs__response-code-item');
    await expect(codes).toHaveText(
      Object.keys(spec.paths['/api/v1beta/workloads']!.get!.responses),
    );
    await expect(
      page.locator('.openapi-schema__property', {hasText: 'workloads'}).first(),
    ).toBeVisible();
    await page.getByRole('tab', {name: 'Example', exact: true}).first().click();
    await expect(page.locator('.theme-api-markdown pre code').first()).toContainText('"workloads"');
    expect(errors).toEqual([]);
  });

  test('the request explorer targets the local thv serve address', async ({page}) => {
    const errors = collectErrors(page);
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(OPERATION_PAGE);
    await waitForExplorer(page);
    const panel = page.locator('.openapi-right-panel__container');
    await expect(panel.locator('.openapi-explorer__server-url')).toHaveText(
      'http://127.0.0.1:8080',
    );
    // The authorization panel links to the overview's Authentication section.
    await expect(
      panel.locator('a[href="/toolhive/reference/api#authentication"]').first(),
    ).toBeAttached();
    // curl comes first among the code samples and calls the endpoint.
    await expect(panel.locator('.openapi-tabs__code-item').first()).toContainText(/curl/i);
    await expect(panel.locator('pre.openapi-explorer__code-block').first()).toContainText(
      'http://127.0.0.1:8080/api/v1beta/workloads',
    );
    expect(errors).toEqual([]);
  });

  test('every request sample language is highlighted', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(OPERATION_PAGE);
    await waitForExplorer(page);
    const tabs = page.locator('.openapi-right-panel__container .openapi-tabs__code-item');
    const names = (await tabs.allInnerTexts()).map((t) => t.trim().toLowerCase());
    expect(names).toEqual(
      expect.arrayContaining(['curl', 'python', 'go', 'nodejs', 'javascript', 'powershell']),
    );
    const block = page.locator('.openapi-right-panel__container pre.openapi-explorer__code-block');
    for (const [i, name] of names.entries()) {
      await tabs.nth(i).click();
      await expect(tabs.nth(i)).toHaveClass(/active/);
      // Prism wraps recognised syntax in typed tokens; plain text only gets
      // "token plain", so a sample without a grammar has none of the others.
      await expect
        .poll(() => block.first().locator('span.token:not(.plain)').count(), {
          message: `${name} sample tokens`,
        })
        .toBeGreaterThan(0);
    }
  });

  test('every request sample variant has its sample, body included', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto('/toolhive/reference/api/create-workload');
    await waitForExplorer(page);
    const panel = page.locator('.openapi-right-panel__container');
    const languages = panel.locator(
      '.openapi-tabs__code-item:not(.openapi-tabs__code-item--variant)',
    );
    const variants = panel.locator('.openapi-tabs__code-item--variant');
    const block = panel.locator('pre.openapi-explorer__code-block').first();
    const offered: Record<string, string[]> = {};
    for (let i = 0; i < (await languages.count()); i += 1) {
      await languages.nth(i).click();
      const language = (await languages.nth(i).innerText()).trim().toLowerCase();
      offered[language] = (await variants.allInnerTexts()).map((t) => t.trim().toLowerCase());
      for (let j = 0; j < offered[language].length; j += 1) {
        await variants.nth(j).click();
        await expect(variants.nth(j)).toHaveClass(/active/);
        // The generated request: this API's plain-HTTP URL and the JSON
        // body's fields.
        await expect(block, `${language} ${offered[language][j]}`).toContainText(
          'http://127.0.0.1:8080/api/v1beta/workloads',
        );
        await expect(block, `${language} ${offered[language][j]}`).toContainText('target_port');
      }
    }
    expect(offered).toEqual({
      curl: ['curl'],
      python: ['requests'],
      go: ['native'],
      nodejs: ['axios'],
      javascript: ['fetch'],
      powershell: ['restmethod'],
    });
  });

  test('the page keeps its layout while it loads and hydrates on a phone', async ({page}) => {
    await page.setViewportSize({width: 412, height: 823});
    await page.goto(OPERATION_PAGE, {waitUntil: 'networkidle'});
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    // Layout shifts recorded since navigation (buffered), summed as CLS does
    // for one session window; 0.1 is the "good" threshold.
    const shifts = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list, observer) => {
            observer.disconnect();
            resolve(
              list
                .getEntries()
                .reduce((sum, e) => sum + (e as unknown as {value: number}).value, 0),
            );
          }).observe({type: 'layout-shift', buffered: true});
          // No entry at all means no shift.
          setTimeout(() => resolve(0), 1000);
        }),
    );
    expect(shifts).toBeLessThan(0.1);
  });

  test('on a phone the request explorer loads when the reader scrolls to it', async ({page}) => {
    const scripts = trackAssets(page);
    // The explorer's own chunk: the one with its "Send API Request" button.
    const explorerChunks = builtScripts((js) => js.includes('Send API Request'));
    expect(explorerChunks.size).toBeGreaterThan(0);
    const explorerLoaded = () => scripts.some((s) => explorerChunks.has(path.basename(s)));
    await page.setViewportSize({width: 412, height: 823});
    // This operation's long body schema puts the explorer far below the
    // first screen.
    await page.goto(BODY_OPERATION_PAGE, {waitUntil: 'networkidle'});
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    const slot = page.locator('[data-api-explorer]');
    await expect(slot).toHaveAttribute('data-api-explorer', 'waiting');
    expect(explorerLoaded(), 'explorer code before scrolling').toBe(false);
    await slot.scrollIntoViewIfNeeded();
    await waitForExplorer(page);
    expect(explorerLoaded(), 'explorer code after scrolling').toBe(true);
  });

  test("descriptions are Markdown drawn without the theme's own parser", async ({page}) => {
    const scripts = trackAssets(page);
    const errors = collectErrors(page);
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(BODY_OPERATION_PAGE);
    await waitForExplorer(page);
    // The body schema's `transport` description, with inline code.
    const description = page.locator('p', {hasText: 'The transport:'}).first();
    await expect(description.locator('code', {hasText: 'streamable-http'}).first()).toBeVisible();
    // The `env_vars` description: a fenced JSON example and a note, drawn
    // with the theme's code block and admonition once the reader opens the
    // property (an object, drawn collapsed).
    const property = page
      .locator('.openapi-schema__list-item')
      .filter({has: page.locator('.openapi-schema__property', {hasText: /^env_vars$/})})
      .first();
    await property.locator('summary').first().click();
    const example = property.locator('.theme-code-block pre.language-json');
    await expect(example).toBeVisible();
    await expect(example).toContainText('"LOG_LEVEL": "debug"');
    await expect(example.locator('span.token.property').first()).toHaveText('"GITHUB_API_URL"');
    const note = property.locator('.theme-admonition-note');
    await expect(note).toBeVisible();
    await expect(note).toContainText('Pass tokens and API keys in secrets instead.');
    await expect(note).toContainText(/^note/i);
    for (const mode of ['light', 'dark'] as const) {
      await page.emulateMedia({colorScheme: mode});
      await expect.poll(() => currentTheme(page)).toBe(mode);
      await animationsFinished(page);
      const violations = await axeViolations(
        page,
        axe(page)
          .include('.openapi-schema__list-item .theme-admonition')
          .include('.openapi-schema__list-item .theme-code-block'),
      );
      expect(violations, `${mode} mode`).toEqual([]);
    }
    // No script the page ran holds the theme's own Markdown component
    // (react-markdown with an HTML parser, about 100 KB gzip), recognised by
    // an option name of react-markdown and an error code of the HTML parser.
    const heavy = scripts
      .filter((s) => s.endsWith('.js'))
      .filter((s) => {
        const file = path.join(jsDir, path.basename(s));
        if (!fs.existsSync(file)) return false;
        const js = fs.readFileSync(file, 'utf8');
        return js.includes('unwrapDisallowed') || js.includes('end-tag-with-trailing-solidus');
      });
    expect(scripts.length).toBeGreaterThan(0);
    expect(heavy).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a request body is documented with its schema', async ({page}) => {
    await page.goto(BODY_OPERATION_PAGE);
    await expect(page.locator('.openapi__method-endpoint .badge').first()).toHaveText(/post/i);
    await expect(page.getByRole('heading', {name: /^Body/})).toBeVisible();
    await expect(
      page.locator('.openapi-schema__property', {hasText: 'image'}).first(),
    ).toBeVisible();
  });
});

test.describe('API reference accessibility', () => {
  for (const pagePath of [INFO_PAGE, OPERATION_PAGE, BODY_OPERATION_PAGE]) {
    for (const mode of ['light', 'dark'] as const) {
      test(`${pagePath} has no axe violations in ${mode} mode`, async ({page}) => {
        const errors = collectErrors(page);
        await page.setViewportSize({width: 1280, height: 800});
        await page.emulateMedia({colorScheme: mode});
        await page.goto(pagePath);
        // Audit the page at rest, as the crawl does: hydrated, with the
        // search button's key caps drawn (DocSearch draws them, and the
        // button's name gains them, once the page is interactive).
        await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
        await expect(page.locator('.DocSearch-Button-Key').first()).toBeVisible();
        if (pagePath !== INFO_PAGE) await waitForExplorer(page);
        await expect.poll(() => currentTheme(page)).toBe(mode);
        await animationsFinished(page);
        expect(await axeViolations(page), `${mode} mode`).toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  }
});

test.describe('API reference code stays on its pages', () => {
  test("the request samples' grammars are part of the API chunks only", () => {
    // Prism's Python grammar, recognised by a token name only it defines.
    const grammar = builtScripts((js) => js.includes('triple-quoted-string'));
    expect(grammar.size).toBeGreaterThan(0);
    const api = apiChunkFiles();
    expect([...grammar].filter((f) => !api.has(f))).toEqual([]);
  });

  test('the build has API chunks and the main bundle has no Node.js shims', () => {
    expect(apiChunkFiles().size).toBeGreaterThan(0);
    const main = fs.readdirSync(jsDir).find((f) => /^main\.[0-9a-f]+\.js$/.test(f))!;
    const mainJs = fs.readFileSync(path.join(jsDir, main), 'utf8');
    expect(mainJs).not.toContain('process.binding is not supported');
    expect(mainJs).not.toContain('openapi-explorer__');
  });

  for (const pagePath of OUTSIDE_PAGES) {
    test(`${pagePath} loads no API reference script or stylesheet`, async ({page}) => {
      const assets = trackAssets(page);
      await page.goto(pagePath, {waitUntil: 'networkidle'});
      const apiChunks = apiChunkFiles();
      const loaded = assets.filter((a) => apiChunks.has(path.basename(a)) || /api-theme/.test(a));
      expect(loaded).toEqual([]);
      await expect(page.locator('link[rel="stylesheet"][href*="api-theme"]')).toHaveCount(0);
    });
  }

  test('an API page loads its code, and leaving it removes its stylesheet', async ({page}) => {
    const errors = collectErrors(page);
    await page.setViewportSize({width: 1280, height: 800});
    const assets = trackAssets(page);
    await page.goto(OPERATION_PAGE);
    // The explorer is drawn by the API chunks, which load after hydration: on
    // a busy machine the network can be idle for a while before they do.
    await waitForExplorer(page);
    const apiChunks = apiChunkFiles();
    expect(assets.filter((a) => apiChunks.has(path.basename(a))).length).toBeGreaterThan(0);
    const stylesheet = page.locator('link[rel="stylesheet"][href*="api-theme"]');
    await expect(stylesheet).toHaveCount(1);
    // Client-side navigation to a page outside the reference.
    await page.locator('nav.menu').getByRole('link', {name: 'Concepts'}).first().click();
    await expect(page).toHaveURL(/\/toolhive\/concepts$/);
    await expect(stylesheet).toHaveCount(0);
    // And back: the stylesheet returns.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${OPERATION_PAGE}$`));
    await expect(stylesheet).toHaveCount(1);
    await expect(page.locator('.openapi__method-endpoint').first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});
