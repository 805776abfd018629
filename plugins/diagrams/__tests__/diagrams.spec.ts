/**
 * Browser tests of the site's diagrams (plugins/diagrams): every kind drawn in
 * both colour modes, Mermaid loaded only where the theme draws, the figure's
 * text alternative, the full-size view, and legibility measured on what the
 * screen paints (./painted.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {axe, axeViolations} from '../../../tests/e2e/axe';
import {
  animationsFinished,
  builtScripts,
  collectErrors,
  currentTheme,
  diagramsDrawn,
  diagramTextSizes,
  toggleTo,
  trackScripts,
} from '../../../tests/e2e/helpers';
import {paintedLabels, type PaintedView} from './painted';

test.describe('theme preview', () => {
  test('every kind of diagram draws in light mode, then in dark mode without a reload', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.emulateMedia({colorScheme: 'light'});
    await page.goto('/theme-preview');
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    await expect.poll(() => currentTheme(page)).toBe('light');
    expect(await diagramsDrawn(page, 'light')).toBe(PREVIEW_KINDS.length);
    const light = await drawings(page);
    expect(light.map((d) => d.kind)).toEqual(PREVIEW_KINDS);
    for (const d of light) {
      expect(d.width, `${d.kind} width`).toBeGreaterThan(0);
      expect(d.height, `${d.kind} height`).toBeGreaterThan(0);
    }

    // The navbar toggle repaints the build-time drawings (their colours are
    // the mode's custom properties) and has the theme redraw its own.
    await page.evaluate(() => Object.assign(window, {beforeToggle: true}));
    await toggleTo(page, 'dark');
    await diagramsDrawn(page, 'dark');
    expect(await page.evaluate(() => 'beforeToggle' in window), 'no reload').toBe(true);
    const dark = await drawings(page);
    expect(dark.map((d) => d.kind)).toEqual(PREVIEW_KINDS);
    for (const [i, d] of dark.entries()) {
      expect(d.width, `${d.kind} width`).toBeGreaterThan(0);
      expect(d.height, `${d.kind} height`).toBeGreaterThan(0);
      expect(d.colours, `${d.kind} colours`).not.toEqual(light[i]!.colours);
    }
    expect(errors).toEqual([]);
  });
});

/**
 * The kinds of diagram /theme-preview shows, in order: drawn at build time
 * (plugins/diagrams, named by the figure's accessible name, as the
 * drawing has no kind of its own), then drawn by the theme (as Mermaid
 * names them in each drawing).
 */
const PREVIEW_KINDS = [
  'build: Flowchart sample',
  'build: Sequence diagram sample',
  'build: State diagram sample',
  'build: Class diagram sample',
  'build: Entity relationship diagram sample',
  'theme: gantt',
  'theme: pie',
  'theme: timeline',
  'theme: mindmap',
  'theme: gitGraph',
  'theme: journey',
];

/**
 * Each drawing of the page: who drew it and its kind, its box and the
 * colours it is painted in.
 */
function drawings(page: Page) {
  return page.locator('[data-mermaid-diagram] > figure').evaluateAll((figures) =>
    figures.map((figure) => {
      const slot = figure.querySelector('[data-mermaid-slot]');
      const svg = slot ? slot.querySelector(':scope > div > svg') : figure.querySelector('svg');
      if (!svg) return {kind: null, width: 0, height: 0, colours: []};
      const box = svg.getBoundingClientRect();
      const colours = new Set<string>();
      for (const el of svg.querySelectorAll('*')) {
        const style = getComputedStyle(el);
        // SVG shapes are painted with fill and stroke, HTML labels with color.
        if (el instanceof SVGElement) colours.add(`${style.fill} ${style.stroke}`);
        else colours.add(`${style.color} ${style.backgroundColor}`);
      }
      return {
        kind: slot
          ? `theme: ${svg.getAttribute('aria-roledescription')}`
          : `build: ${figure.getAttribute('aria-label')}`,
        width: box.width,
        height: box.height,
        colours: [...colours].sort(),
      };
    }),
  );
}

/** WCAG contrast ratio of two computed `rgb()` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Built files holding Mermaid's library (not the theme's small component). */
function mermaidLibraryFiles(): Set<string> {
  return builtScripts((js) => js.includes('securityLevel') && js.includes('startOnLoad'));
}

/** How many diagrams a page of the build has, from the HTML the server sends. */
function diagramCount(route: string): number {
  const file = path.resolve('build', `${route.replace(/^\/$/, '/index').slice(1)}.html`);
  return fs.readFileSync(file, 'utf8').split('data-mermaid-diagram').length - 1;
}

/** Every page of the build that has a diagram, from the HTML the server sends. */
function diagramPages(): string[] {
  const sitemap = fs.readFileSync(path.resolve('build/sitemap.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>[^<]*?(\/[^<]*)<\/loc>/g)]
    .map((m) => new URL(m[1]!, 'http://x').pathname)
    .filter((route) => {
      const file = path.resolve('build', `${route.replace(/^\/$/, '/index').slice(1)}.html`);
      return fs.existsSync(file) && fs.readFileSync(file, 'utf8').includes('data-mermaid-diagram');
    });
}

test.describe('diagrams', () => {
  test('Mermaid loads only for a diagram the theme draws, when it nears the viewport', async ({
    page,
  }) => {
    const library = mermaidLibraryFiles();
    expect(library.size, 'the build has one Mermaid library chunk').toBe(1);
    const scripts = trackScripts(page);
    const mermaidLoaded = () => scripts.some((s) => library.has(s));
    await page.setViewportSize({width: 1280, height: 800});

    await page.goto('/toolhive/faq', {waitUntil: 'networkidle'});
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    expect(await page.locator('[data-mermaid-diagram]').count()).toBe(0);
    expect(mermaidLoaded(), 'Mermaid on a page without diagrams').toBe(false);

    // A docs page's diagram is drawn at build time: it is in the HTML.
    await page.goto('/toolhive/guides-k8s/intro', {waitUntil: 'networkidle'});
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    const drawn = page.locator('[data-mermaid-diagram] figure svg');
    await expect(drawn).toHaveCount(1);
    await drawn.scrollIntoViewIfNeeded();
    await expect(drawn).toBeVisible();
    expect(await page.locator('[data-mermaid-slot]').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(mermaidLoaded(), 'Mermaid on a page whose diagrams are drawn at build time').toBe(false);

    // /theme-preview has the theme draw its last six diagrams, far below
    // the first screen.
    await page.goto('/theme-preview', {waitUntil: 'networkidle'});
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    const slot = page.locator('[data-mermaid-slot]').first();
    await expect(slot).toHaveAttribute('data-mermaid-slot', 'waiting');
    expect(await slot.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(1200);
    expect(mermaidLoaded(), 'Mermaid before a diagram is near').toBe(false);

    await slot.scrollIntoViewIfNeeded();
    await expect(slot.locator('svg').first()).toBeVisible();
    expect(mermaidLoaded(), 'Mermaid once a diagram is near').toBe(true);
  });

  test('a diagram is drawn, named and described in the HTML, and follows the colour mode', async ({
    page,
  }) => {
    const url = '/toolhive/guides-cli/run-mcp-servers';
    const name = 'How the proxy reaches each kind of server';
    // The drawing and its text alternative are in the HTML the server
    // sends, before any script runs.
    const noScripts = await page.context().newPage();
    await noScripts.route(/\.js$/, (route) => route.abort());
    await noScripts.goto(url);
    const before = noScripts.getByRole('img', {name});
    await expect(before).toHaveAccessibleDescription(
      /^The MCP client connects to the ToolHive proxy on the host over streamable HTTP or SSE\. /,
    );
    await before.locator('svg').scrollIntoViewIfNeeded();
    await expect(before.locator('svg')).toBeVisible();
    await expect(before.locator('svg text', {hasText: 'MCP client'})).toBeVisible();
    await noScripts.close();

    const errors = collectErrors(page);
    await page.emulateMedia({colorScheme: 'light'});
    await page.goto(url);
    await expect.poll(() => currentTheme(page)).toBe('light');
    const figure = page.getByRole('img', {name});
    await expect(figure).toHaveCount(1);
    // The description is for assistive technology only.
    const description = page.locator('[data-mermaid-diagram] > p');
    expect(await description.evaluate((p) => p.getBoundingClientRect().width)).toBeLessThanOrEqual(
      1,
    );
    await diagramsDrawn(page, 'light');
    await expect(figure.locator('svg').first()).toBeVisible();

    /** Computed colours of a node box, its label, an edge and an edge label. */
    const colours = () =>
      figure.evaluate((f) => {
        const style = (selector: string) => getComputedStyle(f.querySelector(selector)!);
        return {
          nodeFill: style('g.node rect').fill,
          nodeText: style('g.node text').fill,
          edge: style('polyline.edge').stroke,
          labelFill: style('g.edge-label rect').fill,
          labelText: style('g.edge-label text').fill,
          // The page's background: the first one set, from the body up (the
          // canvas is white in light mode).
          page:
            [document.body, document.documentElement]
              .map((el) => getComputedStyle(el).backgroundColor)
              .find((c) => c !== 'rgba(0, 0, 0, 0)') ?? 'rgb(255, 255, 255)',
        };
      });
    const light = await colours();
    const drawing = await figure.locator('svg').elementHandle();
    await toggleTo(page, 'dark');
    await diagramsDrawn(page, 'dark');
    const dark = await colours();
    // The same drawing, in the dark mode's colours.
    expect(await drawing!.evaluate((svg) => svg.isConnected)).toBe(true);
    expect(dark.nodeFill).not.toBe(light.nodeFill);
    expect(dark.nodeText).not.toBe(light.nodeText);
    expect(dark.edge).not.toBe(light.edge);
    for (const c of [light, dark]) {
      expect(contrast(c.nodeText, c.nodeFill), 'node label').toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.labelText, c.labelFill), 'edge label').toBeGreaterThanOrEqual(4.5);
      // Edge labels sit on the page's background colour.
      expect(c.labelFill, 'edge label background').toBe(c.page);
      expect(contrast(c.edge, c.labelFill), 'edge line').toBeGreaterThanOrEqual(3);
    }
    expect(errors).toEqual([]);
  });

  test('a diagram too wide for a phone opens full size from the keyboard', async ({page}) => {
    const errors = collectErrors(page);
    await page.setViewportSize({width: 390, height: 844});
    await page.emulateMedia({colorScheme: 'light'});
    await page.goto('/toolhive/guides-k8s/intro');
    await diagramsDrawn(page);
    const name = 'How the operator brings up an MCPServer';
    const open = page.getByRole('button', {name: `View full size: ${name}`});
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', {name});
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', {name: 'Close'})).toBeFocused();
    // The same text alternative, and text at its full size.
    await expect(dialog.getByRole('img', {name})).toHaveAccessibleDescription(
      /^The ToolHive operator watches the MCPServer resource NAME\./,
    );
    const [full] = await diagramTextSizes(page, 'dialog[open] svg');
    expect(full!.px, `smallest text "${full!.text}"`).toBeGreaterThanOrEqual(12);
    await animationsFinished(page);
    expect(await axeViolations(page, axe(page).include('dialog[open]'))).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
    // The Close button closes it too.
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', {name: 'Close'}).press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('pages without a diagram load none of the diagram code', async ({page}) => {
    // The figure's code is in the chunks of the pages that have a diagram
    // (plugins/diagrams/remark.ts imports it there), not in the docs layout.
    const figureCode = builtScripts((js) => js.includes('View full size'));
    expect(figureCode.size, 'chunks with the diagram figure').toBeGreaterThan(0);
    const dialogCode = builtScripts((js) => js.includes('Diagram at full size'));
    expect(dialogCode.size, 'the full-size view is a chunk of its own').toBe(1);
    const scripts = trackScripts(page);
    for (const url of ['/toolhive/faq', '/toolhive/guides-cli/install']) {
      await page.goto(url, {waitUntil: 'networkidle'});
      await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
      expect(
        scripts.filter((s) => figureCode.has(s) || dialogCode.has(s)),
        url,
      ).toEqual([]);
    }
    // A page with a diagram loads the figure, and the view only when opened.
    await page.setViewportSize({width: 390, height: 844});
    await page.goto('/toolhive/guides-k8s/intro', {waitUntil: 'networkidle'});
    expect(scripts.some((s) => figureCode.has(s))).toBe(true);
    expect(scripts.some((s) => dialogCode.has(s))).toBe(false);
    await page.getByRole('button', {name: /^View full size/}).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(scripts.some((s) => dialogCode.has(s))).toBe(true);
  });
});

/**
 * Legibility, by what the screen paints. On every page with a diagram, at a
 * phone's width (390 px) and a laptop's (1280 px), in light and dark mode,
 * each diagram is read where a reader reads it: in the page, and in its
 * full-size view when it offers one. In each view, every label the window
 * shows is measured on two screenshots, one as drawn and one with the
 * diagram's text made transparent (./painted.ts): the text must change what
 * is painted (text drawn in the colour of the box behind it, or not drawn at
 * all, changes nothing), its most distinct pixels must stand out from the
 * box behind them, and its size on the screen must be 12 px or more.
 */
test.describe('diagrams are painted legibly', () => {
  const pages = diagramPages();
  test('the build has diagram pages', () => {
    expect(pages.length, pages.join(', ')).toBeGreaterThanOrEqual(12);
  });
  // A test per page, width and mode, and per group of diagrams on a page
  // with many, so that each stays well within its time limit.
  const GROUP = 5;
  for (const url of pages) {
    const count = diagramCount(url);
    for (let first = 0; first < count; first += GROUP) {
      const last = Math.min(count, first + GROUP);
      const which = count > GROUP ? `, diagrams ${first + 1}–${last}` : '';
      for (const width of [390, 1280]) {
        for (const mode of ['light', 'dark'] as const) {
          test(`on ${url} at ${width} px in ${mode} mode${which}`, async ({page}) => {
            const errors = collectErrors(page);
            await page.setViewportSize({width, height: width < 600 ? 844 : 900});
            await page.emulateMedia({colorScheme: mode, reducedMotion: 'reduce'});
            await page.goto(url);
            await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
            await expect.poll(() => currentTheme(page)).toBe(mode);
            expect(await diagramsDrawn(page, mode)).toBe(count);
            const diagrams = page.locator('[data-mermaid-diagram]');
            for (let i = first; i < last; i += 1) {
              const where = `diagram ${i + 1}`;
              const diagram = diagrams.nth(i);
              expectLegible(
                await paintedLabels(page, diagram.locator('figure')),
                `${where}, in the page`,
              );
              const open = diagram.getByRole('button', {name: /^View full size/});
              if ((await open.count()) === 0) continue;
              await open.click();
              const dialog = page.locator('dialog[open]');
              await expect(dialog).toBeVisible();
              expectLegible(
                await paintedLabels(page, dialog.getByRole('img')),
                `${where}, full size`,
              );
              await page.keyboard.press('Escape');
              await expect(dialog).toHaveCount(0);
            }
            expect(errors).toEqual([]);
          });
        }
      }
    }
  }
});

/**
 * The bars a view's labels must pass. The contrast bar is on the label's most
 * distinct pixel against the same pixel without the text: antialiasing
 * softens the edges of 12 px glyphs, but their stems reach the text's colour.
 */
function expectLegible(view: PaintedView, where: string): void {
  expect(view.labels.length, `${where}: labels in view`).toBeGreaterThan(0);
  expect(view.changedPixels, `${where}: pixels the text paints`).toBeGreaterThan(0);
  for (const label of view.labels) {
    expect(
      label.contrast,
      `${where}: "${label.text}" stands out from its box`,
    ).toBeGreaterThanOrEqual(3);
    expect(label.px, `${where}: "${label.text}" size on the screen`).toBeGreaterThanOrEqual(12);
  }
}
