import fs from 'node:fs';
import path from 'node:path';
import type {ConsoleMessage, Page, Request} from '@playwright/test';

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
