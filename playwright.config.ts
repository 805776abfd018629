import {defineConfig} from '@playwright/test';
import {chromiumArgs, chromiumPath} from './scripts/chromium';

/**
 * Browser tests run against the production build (`npm run build`), served by
 * scripts/serve-build.ts with the same headers as vercel.json. They drive the
 * system Chromium: set CHROMIUM_PATH to use another binary. No browser is ever
 * downloaded.
 */
const port = Number(process.env.TEST_PORT ?? 3100);

export default defineConfig({
  // Site-wide browser tests in tests/e2e; a feature's own next to it, in its
  // __tests__ folder (plugins/search/__tests__/search.spec.ts, ...).
  testDir: '.',
  testMatch: ['tests/e2e/**/*.spec.ts', '{plugins,src}/**/__tests__/*.spec.ts'],
  testIgnore: ['**/node_modules/**', 'build/**', '.docusaurus/**'],
  timeout: 60_000,
  expect: {timeout: 10_000},
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // A test that needed a retry fails the run, and the slowest tests are
  // printed with their share of the limit (tests/e2e/headroom-reporter.ts).
  reporter: [
    ['list'],
    ...(process.env.CI ? [['json', {outputFile: 'reports/e2e.json'}] as const] : []),
    ['./tests/e2e/headroom-reporter.ts'],
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
    trace: 'off',
  },
  webServer: {
    command: `npx tsx scripts/serve-build.ts --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
