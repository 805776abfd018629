import {expect, test, type Page} from '@playwright/test';
import {axe, axeViolations} from './axe';
import {
  animationsFinished,
  builtScripts,
  collectErrors,
  currentTheme,
  toggleTo,
  trackScripts,
} from './helpers';

const toggleToLight = (page: Page) => toggleTo(page, 'light');

test.describe('colour mode', () => {
  test('follows a dark system preference', async ({page}) => {
    await page.emulateMedia({colorScheme: 'dark'});
    await page.goto('/toolhive');
    await expect.poll(() => currentTheme(page)).toBe('dark');
  });

  test('follows a light system preference', async ({page}) => {
    await page.emulateMedia({colorScheme: 'light'});
    await page.goto('/toolhive');
    await expect.poll(() => currentTheme(page)).toBe('light');
  });

  test('is dark when the browser states no preference', async ({page}) => {
    // A browser that states no preference matches neither query. Chromium
    // always matches one of them, so the page's matchMedia answers as such a
    // browser would, from before its first script.
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) => {
        const real = original(query);
        if (!/prefers-color-scheme/.test(query)) return real;
        return {
          matches: false,
          media: query,
          onchange: null,
          addEventListener: real.addEventListener.bind(real),
          removeEventListener: real.removeEventListener.bind(real),
          addListener: real.addListener.bind(real),
          removeListener: real.removeListener.bind(real),
          dispatchEvent: real.dispatchEvent.bind(real),
        } as MediaQueryList;
      };
    });
    await page.goto('/toolhive');
    expect(
      await page.evaluate(() => [
        matchMedia('(prefers-color-scheme: dark)').matches,
        matchMedia('(prefers-color-scheme: light)').matches,
      ]),
    ).toEqual([false, false]);
    // Before hydration: the page's scripts never run, only the inline ones.
    await page.route(/\.js$/, (route) => route.abort());
    await page.goto('/toolhive');
    expect(await currentTheme(page)).toBe('dark');
    // After hydration, and after a page change in the browser.
    await page.unroute(/\.js$/);
    await page.goto('/toolhive');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-has-hydrated'));
    expect(await currentTheme(page)).toBe('dark');
    await page
      .locator('.theme-doc-sidebar-menu')
      .getByRole('link', {name: 'Tutorials', exact: true})
      .click();
    await page.waitForURL('**/toolhive/tutorials');
    expect(await currentTheme(page)).toBe('dark');
    await page.reload();
    expect(await currentTheme(page)).toBe('dark');
  });

  test('the toggle switches mode and the choice survives a reload', async ({page}) => {
    await page.emulateMedia({colorScheme: 'dark'});
    await page.goto('/toolhive');
    await expect.poll(() => currentTheme(page)).toBe('dark');
    await toggleToLight(page);
    await page.reload();
    await expect.poll(() => currentTheme(page)).toBe('light');
  });
});

test.describe('navbar', () => {
  for (const width of [320, 360, 412, 768]) {
    test(`every control is whole, at least 24 px and clear of the others at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({width, height: 800});
      await page.goto('/toolhive');
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-has-hydrated'));
      const boxes = await page.locator('.navbar__inner').evaluate((inner) =>
        [...inner.querySelectorAll<HTMLElement>('a[href], button')]
          .filter(
            (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
          )
          .map((el) => {
            const r = el.getBoundingClientRect();
            const name = el.getAttribute('aria-label') || el.textContent?.trim() || el.tagName;
            return {name, x: r.x, y: r.y, w: r.width, h: r.height};
          }),
      );
      // The menu button, the logo and search, at least.
      expect(boxes.length, JSON.stringify(boxes)).toBeGreaterThanOrEqual(3);
      for (const b of boxes) {
        expect(b.w, b.name).toBeGreaterThanOrEqual(24);
        expect(b.h, b.name).toBeGreaterThanOrEqual(24);
        expect(b.x, b.name).toBeGreaterThanOrEqual(0);
        expect(b.x + b.w, b.name).toBeLessThanOrEqual(width);
      }
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) {
          const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
          expect(overlap, `${a.name} overlaps ${b.name}`).toBe(false);
        }
      }
    });
  }

  test('on phones the community links are in the sidebar menu', async ({page}) => {
    await page.setViewportSize({width: 360, height: 800});
    await page.goto('/toolhive');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-has-hydrated'));
    await page.getByRole('button', {name: /toggle navigation bar/i}).click();
    const menu = page.locator('.navbar-sidebar');
    for (const name of ['Stacklok on GitHub', 'Stacklok on Discord', 'Stacklok on YouTube']) {
      await expect(menu.getByRole('link', {name})).toBeVisible();
    }
  });

  test('the ToolHive Docs dropdown lists the five sections', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto('/toolhive');
    const dropdown = page.locator('.navbar__item.dropdown').filter({hasText: 'ToolHive Docs'});
    await dropdown.hover();
    const items = dropdown.locator('.dropdown__menu a');
    await expect(items).toHaveText([
      'Home',
      'Tutorials',
      'ToolHive UI',
      'ToolHive CLI',
      'Kubernetes Operator',
    ]);
    const hrefs = await items.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      '/toolhive',
      '/toolhive/tutorials',
      '/toolhive/guides-ui',
      '/toolhive/guides-cli',
      '/toolhive/guides-k8s',
    ]);
    await items.nth(3).click();
    await expect(page).toHaveURL(/\/toolhive\/guides-cli$/);
    await expect(page.locator('h1')).toBeVisible();
  });

  test('the logo links home and the right side has named icon links', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto('/toolhive');
    await expect(page.locator('a.navbar__brand')).toHaveAttribute('href', '/');
    const right = page.locator('.navbar__items--right');
    for (const [name, href] of [
      ['Stacklok on GitHub', 'https://github.com/stacklok'],
      ['Stacklok on Discord', 'https://discord.gg/stacklok'],
      ['Stacklok on YouTube', 'https://youtube.com/@stacklok'],
    ] as const) {
      const link = right.getByRole('link', {name});
      await expect(link).toHaveAttribute('href', href);
      await expect(link.locator('svg')).toBeVisible();
    }
    await expect(right.getByRole('button', {name: /mode/i})).toBeVisible();
  });

  test('the mobile menu exists at 996 px and closes at desktop width', async ({page}) => {
    await page.setViewportSize({width: 996, height: 800});
    await page.goto('/toolhive');
    const menuButton = page.getByRole('button', {name: /toggle navigation bar/i});
    await expect(menuButton).toBeVisible();
    await menuButton.click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/navbar-sidebar--show|/);
    await expect(
      page.locator('.navbar-sidebar__items').getByText('Stacklok on GitHub'),
    ).toBeVisible();
    await page.setViewportSize({width: 1280, height: 800});
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
  });

  test('there is no mobile menu button at 1280 px', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto('/toolhive');
    await expect(page.getByRole('button', {name: /toggle navigation bar/i})).toBeHidden();
    await expect(page.locator('.navbar__items--right')).toBeVisible();
  });
});

test.describe('docs layout', () => {
  test('the sidebar is 300 px wide and cannot be hidden', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto('/toolhive');
    const sidebar = page.locator('aside.theme-doc-sidebar-container');
    await expect(sidebar).toBeVisible();
    const box = await sidebar.boundingBox();
    expect(Math.round(box!.width)).toBe(300);
    await expect(page.getByRole('button', {name: /collapse sidebar/i})).toHaveCount(0);
  });

  test('the table of contents lists h2 and h3 headings only', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    // The FAQ has h2, h3 and h4 headings.
    await page.goto('/toolhive/faq');
    const tocLinks = page.locator('.table-of-contents a');
    await expect(tocLinks.first()).toBeVisible();
    const targets = await tocLinks.evaluateAll((as) =>
      as.map((a) => {
        const id = decodeURIComponent(a.getAttribute('href')!.slice(1));
        return document.getElementById(id)?.tagName ?? 'missing';
      }),
    );
    expect(targets.length).toBeGreaterThan(2);
    expect(new Set(targets)).toEqual(new Set(['H2', 'H3']));
    const h4Ids = await page.locator('article h4[id]').evaluateAll((hs) => hs.map((h) => h.id));
    for (const id of h4Ids) {
      await expect(page.locator(`.table-of-contents a[href="#${id}"]`)).toHaveCount(0);
    }
  });
});

test.describe('footer', () => {
  test('shows the logo, community links and copyright', async ({page}) => {
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer.locator('a[href="https://stacklok.com"] img:visible')).toHaveCount(1);
    for (const [name, href] of [
      ['Stacklok on GitHub', 'https://github.com/stacklok'],
      ['Stacklok on Discord', 'https://discord.gg/stacklok'],
      ['Stacklok on YouTube', 'https://youtube.com/@stacklok'],
      ['Stacklok on LinkedIn', 'https://www.linkedin.com/company/stacklok'],
      ['Stacklok on X', 'https://x.com/stacklokHQ'],
    ] as const) {
      await expect(footer.getByRole('link', {name})).toHaveAttribute('href', href);
    }
    await expect(footer).toContainText('Copyright © 2025 Stacklok, Inc.');
  });
});

test.describe('routing', () => {
  test('an unknown path shows the not-found page with links to the docs', async ({page}) => {
    const response = await page.goto('/toolhive/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText('Page not found');
    await expect(page.getByRole('link', {name: 'ToolHive documentation home'})).toHaveAttribute(
      'href',
      '/toolhive',
    );
  });

  test('a .html suffix renders the same page', async ({page}) => {
    await page.goto('/toolhive/faq');
    const title = await page.locator('h1').textContent();
    const response = await page.goto('/toolhive/faq.html');
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveText(title!);
  });

  test('the landing page shows the tagline and three entry cards', async ({page}) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await expect(page.locator('h1')).toHaveText('Simple and secure AI tools');
    await expect(page.locator('main h3')).toHaveText([
      'ToolHive UI',
      'ToolHive CLI',
      'Kubernetes Operator',
    ]);
    for (const href of [
      '/toolhive/tutorials/quickstart-ui',
      '/toolhive/tutorials/quickstart-cli',
      '/toolhive/tutorials/quickstart-k8s',
    ]) {
      await expect(page.locator(`main a[href="${href}"]`)).toHaveCount(1);
    }
    expect(errors).toEqual([]);
  });
});

test.describe('theme preview', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`code is highlighted in ${mode} mode`, async ({page}) => {
      const errors = collectErrors(page);
      await page.emulateMedia({colorScheme: mode});
      await page.goto('/theme-preview');
      await expect.poll(() => currentTheme(page)).toBe(mode);
      for (const lang of ['bash', 'json', 'yaml', 'powershell', 'dockerfile', 'promql']) {
        const block = page.locator(`pre.language-${lang}`).first();
        await expect(block, `${lang} block`).toBeVisible();
        // Prism splits highlighted code into typed tokens drawn in colours
        // other than the block's plain text colour.
        const colouredTokens = () =>
          block.evaluate((pre) => {
            const plain = getComputedStyle(pre).color;
            return [...pre.querySelectorAll('span.token:not(.plain)')].filter(
              (t) => getComputedStyle(t).color !== plain,
            ).length;
          });
        // Poll: after hydration the block re-renders in the reader's mode.
        await expect.poll(colouredTokens, {message: `${lang} coloured tokens`}).toBeGreaterThan(0);
      }
      await expect(page.locator('.theme-code-block-highlighted-line').first()).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
});

test.describe('code block features', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`magic comments, line numbers and titles in ${mode} mode`, async ({page}) => {
      const errors = collectErrors(page);
      await page.emulateMedia({colorScheme: mode});
      await page.goto('/theme-preview');
      await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
      await expect.poll(() => currentTheme(page)).toBe(mode);

      const magic = page.locator('.theme-code-block').filter({hasText: 'Magic comments'});
      await expect(magic).toHaveCount(1);
      await expect(magic.locator('[class*="codeBlockTitle"]')).toHaveText('Magic comments');
      const lines = magic.locator('.token-line');
      await expect(lines).toHaveText([
        'thv registry list',
        'thv run fetch',
        'thv run fetch --transport websocket',
        'thv list',
      ]);
      await expect(magic.locator('pre')).not.toContainText('next-line');
      await expect(lines.nth(1)).toHaveClass(/theme-code-block-highlighted-line/);
      await expect(lines.nth(2)).toHaveClass(/code-block-error-line/);
      for (const n of [0, 3]) {
        await expect(lines.nth(n)).not.toHaveClass(/highlighted-line|error-line/);
      }
      // Build-time tokens fit the code without its comment lines.
      await expect
        .poll(() =>
          magic.locator('pre').evaluate((pre) => {
            const plain = getComputedStyle(pre).color;
            return [...pre.querySelectorAll('span.token:not(.plain)')].filter(
              (t) => getComputedStyle(t).color !== plain,
            ).length;
          }),
        )
        .toBeGreaterThan(0);
      // Marked lines stand out from the block and from each other.
      const background = (n: number) =>
        lines.nth(n).evaluate((el) => getComputedStyle(el).backgroundColor);
      const backgrounds = new Set([await background(0), await background(1), await background(2)]);
      expect(backgrounds.size, 'plain, highlighted and error backgrounds').toBe(3);

      // Line numbers: one per line, counting from 1, or from showLineNumbers=5.
      await expect(magic.locator('[class*="codeLineNumber"]')).toHaveCount(4);
      const ranges = page.locator('.theme-code-block').filter({hasText: 'error ranges'});
      const rangeLines = ranges.locator('.token-line');
      await expect(rangeLines).toHaveCount(7);
      await expect(ranges.locator('[class*="codeLineNumber"]')).toHaveCount(7);
      const firstNumbers = await Promise.all(
        [magic, ranges].map((block) =>
          block.locator('.token-line').evaluateAll((els) =>
            els.map((el) => {
              // The number a counter-based line shows: the code element's reset
              // plus the rows before it.
              const code = el.closest('code')!;
              const reset = /line-count (-?\d+)/.exec(code.style.counterReset)?.[1];
              return Number(reset) + [...code.children].indexOf(el) + 1;
            }),
          ),
        ),
      );
      expect(firstNumbers[0]).toEqual([1, 2, 3, 4]);
      expect(firstNumbers[1]).toEqual([5, 6, 7, 8, 9, 10, 11]);
      await expect(rangeLines.nth(3)).toHaveClass(/theme-code-block-highlighted-line/);
      await expect(rangeLines.nth(4)).toHaveClass(/theme-code-block-highlighted-line/);
      await expect(rangeLines.nth(5)).toHaveClass(/code-block-error-line/);
      await expect(rangeLines.nth(6)).toHaveClass(/code-block-error-line/);
      await expect(ranges.locator('pre')).not.toContainText(/highlight-|error-/);
      // Numbers sit in a column of their own: every line's code starts at the
      // same place, marked or not.
      for (const block of [magic, ranges]) {
        const starts = await block
          .locator('[class*="codeLineContent"]')
          .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)));
        expect(new Set(starts).size, 'code column starts').toBe(1);
      }

      await animationsFinished(page);
      expect(await axeViolations(page, axe(page).include('.theme-code-block'))).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});

/** Built files holding Prism's tokenizer (its hook names are only there). */
function prismFiles(): Set<string> {
  return builtScripts((js) => js.includes('before-tokenize') && js.includes('after-tokenize'));
}

/** Tokens of the code blocks drawn in a colour other than their plain text. */
function colouredTokens(page: Page, selector: string): () => Promise<number> {
  return () =>
    page.locator(selector).evaluateAll((blocks) =>
      blocks
        .map((pre) => {
          const plain = getComputedStyle(pre).color;
          return [...pre.querySelectorAll('span.token:not(.plain)')].filter(
            (t) => getComputedStyle(t).color !== plain,
          ).length;
        })
        .reduce((a, b) => a + b, 0),
    );
}

test.describe('build-time highlighting', () => {
  test('pages outside the API reference load no Prism', async ({page}) => {
    const prism = prismFiles();
    expect(prism.size, 'the API reference has a chunk with Prism').toBeGreaterThan(0);
    const scripts = trackScripts(page);
    for (const url of ['/', '/toolhive/faq', '/theme-preview', '/toolhive/reference/cli/thv_run']) {
      await page.goto(url, {waitUntil: 'networkidle'});
      await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
      if (url !== '/') {
        expect(await colouredTokens(page, 'pre')(), `${url} coloured tokens`).toBeGreaterThan(0);
      }
      expect(
        scripts.filter((s) => prism.has(s)),
        `${url} loads Prism`,
      ).toEqual([]);
    }
  });

  test('code on a page reached through a link is highlighted, in either colour mode', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.emulateMedia({colorScheme: 'dark'});
    await page.goto('/toolhive');
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    await page.evaluate(() => ((window as unknown as {__samePage: boolean}).__samePage = true));
    await page.locator('main a[href="/toolhive/guides-cli/install"]').first().click();
    await expect(page).toHaveURL(/\/toolhive\/guides-cli\/install$/);
    const block = 'pre.language-bash';
    await expect.poll(colouredTokens(page, block)).toBeGreaterThan(0);
    const tokenColour = () =>
      page
        .locator(`${block} span.token.function`)
        .first()
        .evaluate((t) => getComputedStyle(t).color);
    const dark = await tokenColour();
    await toggleToLight(page);
    await expect.poll(tokenColour).not.toBe(dark);
    await expect.poll(colouredTokens(page, block)).toBeGreaterThan(0);
    // Still the same document: the link was followed in the page.
    expect(
      await page.evaluate(() => (window as unknown as {__samePage?: boolean}).__samePage),
    ).toBe(true);
    expect(errors).toEqual([]);
  });
});

/** The managed part of the document head, comparable between two loads. */
function headSnapshot(page: Page) {
  return page.evaluate(() => {
    const html = document.documentElement;
    return {
      title: document.title,
      html: ['lang', 'dir', 'class'].map((name) => `${name}=${html.getAttribute(name)}`),
      // Each tag as its name, its attributes in a fixed order and its text.
      tags: [...document.head.querySelectorAll('[data-rh]')]
        .map((el) =>
          [
            el.tagName,
            ...[...el.attributes].map((a) => `${a.name}="${a.value}"`).sort(),
            el.textContent,
          ].join(' '),
        )
        .sort(),
    };
  });
}

/** Waits for hydration and for the head updates of the frame after it. */
async function settled(page: Page): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

test.describe('document head', () => {
  test('after a page change in the browser, the head is the one pre-rendered for that page', async ({
    page,
  }) => {
    const steps: [string, string][] = [
      ['a[href="/toolhive/reference/api"]:visible', '/toolhive/reference/api'],
      ['.theme-doc-sidebar-menu a[href="/toolhive/faq"]', '/toolhive/faq'],
      ['a.navbar__brand', '/'],
    ];
    const loaded: Record<string, Awaited<ReturnType<typeof headSnapshot>>> = {};
    for (const url of ['/toolhive', ...steps.map(([, to]) => to)]) {
      await page.goto(url);
      await settled(page);
      loaded[url] = await headSnapshot(page);
      expect(loaded[url]!.tags.length, `${url} has managed head tags`).toBeGreaterThan(5);
    }
    expect(new Set(Object.values(loaded).map((h) => h.title)).size).toBe(4);

    // From here on (going from page to page above aborts link prefetches).
    const errors = collectErrors(page);
    await page.goto('/toolhive');
    await settled(page);
    await page.evaluate(() => ((window as unknown as {__samePage: boolean}).__samePage = true));
    for (const [link, url] of steps) {
      await page.locator(link).first().click();
      await expect(page).toHaveURL(new RegExp(`${url.replace(/\//g, '\\/')}$`));
      await expect.poll(() => headSnapshot(page), {message: url}).toEqual(loaded[url]);
    }
    // Every change happened in the page, not by loading a document.
    expect(
      await page.evaluate(() => (window as unknown as {__samePage?: boolean}).__samePage),
    ).toBe(true);
    expect(errors).toEqual([]);
  });
});

test.describe('progress bar', () => {
  test('a slow page change shows the bar at the top, and it goes when the page is in', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/toolhive');
    await settled(page);
    // Hold back the next page's scripts so the change takes over 200 ms.
    await page.route('**/assets/js/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.locator('.theme-doc-sidebar-menu a[href="/toolhive/faq"]').first().click();
    const bar = page.locator('#nprogress .bar');
    await expect(bar).toBeVisible();
    const box = await bar.boundingBox();
    expect(box?.y).toBe(0);
    await expect(page).toHaveURL(/\/toolhive\/faq$/);
    await expect(page.locator('#nprogress')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

test.describe('route prefetching', () => {
  /** JavaScript files the page fetched through `initiator` elements: path and start time. */
  const jsFetchedBy = (page: Page, initiator: 'script' | 'link') =>
    page.evaluate(
      (type) =>
        performance
          .getEntriesByType('resource')
          .filter((e) => (e as PerformanceResourceTiming).initiatorType === type)
          .map((e) => ({path: new URL(e.name).pathname, start: e.startTime}))
          .filter((e) => e.path.startsWith('/assets/js/')),
      initiator,
    );
  const paths = async (files: Promise<{path: string}[]>) => (await files).map((f) => f.path);
  const prefetchLinks = (page: Page) =>
    page
      .locator('link[rel="prefetch"]')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));

  test('a visible link fetches the files its page needs, each file once, after the page has settled', async ({
    page,
    browser,
    baseURL,
  }) => {
    // The files the FAQ runs when it is loaded on its own.
    const other = await browser.newContext({baseURL});
    const faq = await other.newPage();
    await faq.goto('/toolhive/faq');
    await settled(faq);
    const faqScripts = await paths(jsFetchedBy(faq, 'script'));
    await other.close();

    const errors = collectErrors(page);
    await page.goto('/toolhive');
    await settled(page);
    await expect(page.locator('.theme-doc-sidebar-menu a[href="/toolhive/faq"]')).toBeInViewport();
    const own = new Set(await paths(jsFetchedBy(page, 'script')));
    const needed = faqScripts.filter((f) => !own.has(f));
    expect(needed.length).toBeGreaterThan(0);
    await expect.poll(() => prefetchLinks(page)).toEqual(expect.arrayContaining(needed));
    // The browser fetched them.
    await expect
      .poll(() => paths(jsFetchedBy(page, 'link')))
      .toEqual(expect.arrayContaining(needed));
    // Many links point to pages that share files; each file is asked for once.
    const hrefs = await prefetchLinks(page);
    expect(hrefs.length).toBe(new Set(hrefs).size);
    // Nor are the files this page has run (they are in the HTTP cache).
    expect(hrefs.filter((href) => own.has(href))).toEqual([]);
    // Not while the page starts: two seconds after the links were drawn at
    // the earliest (they are reported visible after the first paint).
    const paint = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    );
    const starts = (await jsFetchedBy(page, 'link'))
      .filter((f) => hrefs.includes(f.path))
      .map((f) => f.start);
    expect(paint).toBeGreaterThan(0);
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(paint + 2000);
    expect(errors).toEqual([]);
  });
});
