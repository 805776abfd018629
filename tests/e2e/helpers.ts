import fs from 'node:fs';
import path from 'node:path';
import {expect, type ConsoleMessage, type Page, type Request} from '@playwright/test';

/** Console errors and failed requests seen by a page, for assertions. */
export function collectErrors(page: Page): string[] {
  return watchErrors(page).list;
}

/**
 * Console errors and failed requests seen by a page from now on, for a page
 * that outlives the test: `stop()` removes the listeners.
 */
export function watchErrors(page: Page): {list: string[]; stop: () => void} {
  const list: string[] = [];
  const onConsole = (msg: ConsoleMessage) => {
    if (msg.type() === 'error') list.push(`console: ${msg.text()}`);
  };
  const onPageError = (err: Error) => list.push(`pageerror: ${err.message}`);
  const onRequestFailed = (req: Request) => {
    list.push(`requestfailed: ${req.url()} ${req.failure()?.errorText ?? ''}`);
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('requestfailed', onRequestFailed);
  return {
    list,
    stop: () => {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
      page.off('requestfailed', onRequestFailed);
    },
  };
}

/** The colour mode the page shows, from the attribute the theme sets. */
export async function currentTheme(page: Page): Promise<string | null> {
  return page.locator('html').getAttribute('data-theme');
}

/**
 * Waits until every finite CSS transition and animation has finished, so a
 * check sees the colours a reader sees at rest. After a colour-mode switch,
 * elements with `transition: all` (the search button's key caps, for one)
 * pass through in-between colours for a moment; axe must not sample those.
 * `document.getAnimations()` flushes pending style changes first, so
 * transitions the switch just started are included.
 */
export async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    const finite = document.getAnimations().filter((a) => {
      const end = a.effect?.getComputedTiming().endTime;
      return typeof end === 'number' && Number.isFinite(end);
    });
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/** The production build's JavaScript folder. */
export const builtJsDir = path.resolve('build/assets/js');

/**
 * Names of the built JavaScript files whose text passes `test`, for telling
 * which chunk holds some code (by strings only that code contains).
 */
export function builtScripts(test: (js: string) => boolean): Set<string> {
  return new Set(
    fs
      .readdirSync(builtJsDir)
      .filter((f) => f.endsWith('.js') && test(fs.readFileSync(path.join(builtJsDir, f), 'utf8'))),
  );
}

/** The smallest text of one diagram, as drawn on the screen. */
export interface DiagramText {
  /** Rendered size in CSS pixels of the smallest label. */
  px: number;
  /** That label's text. */
  text: string;
  /** How many labels were measured. */
  labels: number;
}

/**
 * Measures the labels of every diagram drawing (an `svg`) that `selector`
 * matches: for each element holding text, its computed font size times the
 * scale at which its SVG is drawn on the screen (the determinant of its
 * screen transform: the SVG's viewBox scaling and any transform on the way),
 * for HTML labels the scale of their `foreignObject`. Text that is not drawn
 * (a `title`, an empty box) is left out.
 */
export async function diagramTextSizes(page: Page, selector: string): Promise<DiagramText[]> {
  return page.locator(selector).evaluateAll((svgs) =>
    svgs.map((svg) => {
      const scale = (el: Element) => {
        const m = (el as SVGGraphicsElement).getScreenCTM?.();
        return m ? Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) : 1;
      };
      let px = Infinity;
      let text = '';
      let labels = 0;
      const walker = document.createTreeWalker(svg, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const content = node.textContent?.trim();
        const el = node.parentElement;
        if (!content || !el || el.closest('title, desc, style')) continue;
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
        const foreign = el.closest('foreignObject');
        const graphic = foreign ?? el.closest('text') ?? el;
        const size = parseFloat(style.fontSize) * scale(graphic);
        labels += 1;
        if (size < px) {
          px = size;
          text = content;
        }
      }
      return {px: Math.round(px * 10) / 10, text, labels};
    }),
  );
}

/**
 * Waits until every diagram of the page is drawn, and returns how many the
 * page has. A diagram drawn at build time is in the HTML already. The theme
 * (@docusaurus/theme-mermaid) draws the others when they come within 400 px
 * of the viewport, so they are brought near one after the other, and this
 * waits until each is drawn in `mode` (by default the mode the page shows):
 * after a change of mode, until the new drawings have replaced the old ones.
 * (A slot holds the theme's container, which holds the drawing.)
 */
export async function diagramsDrawn(page: Page, mode?: string | null): Promise<number> {
  const want = mode ?? (await currentTheme(page));
  const slots = page.locator('[data-mermaid-slot]');
  const themed = await slots.count();
  for (let i = 0; i < themed; i += 1) {
    await slots.nth(i).scrollIntoViewIfNeeded();
    await expect(slots.nth(i)).not.toHaveAttribute('data-mermaid-slot', 'waiting');
  }
  await expect(page.locator(`[data-mermaid-slot="${want}"] > div > svg`)).toHaveCount(themed, {
    timeout: 20_000,
  });
  const figures = page.locator('[data-mermaid-diagram] > figure');
  const count = await figures.count();
  await expect(figures.filter({has: page.locator('svg')})).toHaveCount(count);
  return count;
}

/** Clicks the navbar's colour-mode toggle until the page is in `mode`. */
export async function toggleTo(page: Page, mode: 'light' | 'dark'): Promise<void> {
  const toggle = page
    .locator('.navbar__inner')
    .getByRole('button', {name: /dark mode|light mode|system mode/i});
  // The toggle cycles through modes.
  for (let i = 0; i < 3 && (await currentTheme(page)) !== mode; i += 1) {
    await toggle.click();
  }
  await expect.poll(() => currentTheme(page)).toBe(mode);
}

/** Names of the built scripts a page requests, as they are requested. */
export function trackScripts(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') names.push(path.basename(new URL(req.url()).pathname));
  });
  return names;
}
