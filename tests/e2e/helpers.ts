import type {Page} from '@playwright/test';

/** Console errors and failed requests seen by a page, for assertions. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('requestfailed', (req) => {
    errors.push(`requestfailed: ${req.url()} ${req.failure()?.errorText ?? ''}`);
  });
  return errors;
}

/** The colour mode the page shows, from the attribute the theme sets. */
export async function currentTheme(page: Page): Promise<string | null> {
  return page.locator('html').getAttribute('data-theme');
}
