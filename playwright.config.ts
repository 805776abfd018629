import {defineConfig} from '@playwright/test';
import {chromiumArgs, chromiumPath} from './scripts/chromium';

/**
 * Browser tests run against the production build (`npm run build`), served by
 * scripts/serve-build.ts with the same headers as vercel.json. They drive the
 * system Chromium: set CHROMIUM_PATH to use another binary. No browser is ever
 * downloaded.
 */
const port = Number(process.env.TEST_PORT ?? 3100);

/**
 * The browser tests keep V8's own work on the thread that runs the page's
 * script: its compilers and garbage collector start no helper threads. Each
 * test page lives for a few seconds, and on a 2-core machine with two
 * workers those helper threads competed for the same cores; in the kernel,
 * freeing their memory made both cores wait for each other. An interleaved
 * run (4 rounds, the crawl of 19 CLI guides, 2 workers) took 44.7-48.5 s
 * with this flag and 52.1-54.7 s without it. Web workers (the search index)
 * are unaffected. The audits and benchmarks (scripts/chromium.ts) run
 * without it, as a reader's browser does.
 */
const testArgs = [...chromiumArgs, '--js-flags=--single-threaded'];

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
      args: testArgs,
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
