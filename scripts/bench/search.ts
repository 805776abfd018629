/**
 * Benchmarks of the local search, on the production build. Prints numbers
 * next to their targets; nothing here passes or fails.
 *
 * 1. Index size: build/search-index.json, raw, gzip (level 9) and brotli.
 * 2. JavaScript on the initial page: the scripts the built HTML of a few pages
 *    loads (`<script src>` and `<link rel="preload" as="script">`), gzip,
 *    compared with a build of the same tree without search (made in a
 *    temporary copy, or given with --baseline). Also checks in Chromium that
 *    no search chunk and no index is fetched before the reader reaches for
 *    search, and prints what opening search downloads.
 * 3. Cold open: a fresh browser profile loads a page; once it is interactive,
 *    Ctrl+K (or a click) opens the modal and the query is typed in the frame
 *    after the input is drawn. Time from the key press (or the click) to the
 *    first results; median of --runs runs. Also printed: the same with
 *    Playwright's fill() typing, which adds the driver's round trips.
 * 4. Query latency: queries typed into the modal in headless Chromium (the
 *    queries of the relevance tables and the first half of each, as while
 *    typing). The engine time of each comes from the User Timing entries
 *    written by plugins/search/client/localClient.ts; the time until DocSearch has drawn
 *    the results is printed as well. p50 and p95.
 *
 * Usage:
 *   tsx scripts/bench/search.ts [--dir build] [--baseline DIR | --no-baseline] [--runs 5]
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type {AddressInfo} from 'node:net';
import {fileURLToPath} from 'node:url';
import {parse} from 'node-html-parser';
import {chromium, type Browser, type Page} from '@playwright/test';
import {chromiumArgs, chromiumPath} from '../chromium';
import {createServer, loadHostConfig} from '../serve-build';

const CHROMIUM = chromiumPath;
const CHROMIUM_ARGS = chromiumArgs;
const PAGES = ['/', '/toolhive', '/toolhive/faq', '/toolhive/guides-cli/install'];
const TARGETS = {indexGzip: 250 * 1024, initialGrowth: 5 * 1024, firstResults: 300, p95: 30};
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// ---------------------------------------------------------------------------
// Sizes
// ---------------------------------------------------------------------------

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const gzip = (buf: Buffer) => zlib.gzipSync(buf, {level: 9}).length;
const verdict = (ok: boolean) => (ok ? 'meets target' : 'OVER TARGET');

function fileOf(buildDir: string, urlPath: string): string {
  return path.join(buildDir, decodeURIComponent(urlPath.split(/[?#]/)[0]!));
}

function htmlOf(buildDir: string, page: string): string {
  const clean = page.replace(/\/$/, '');
  const file = [
    path.join(buildDir, `${clean}.html`),
    path.join(buildDir, clean, 'index.html'),
  ].find((f) => fs.existsSync(f));
  if (!file) throw new Error(`no built HTML for ${page} in ${buildDir}`);
  return fs.readFileSync(file, 'utf8');
}

/** Scripts that the page's HTML loads before hydration. */
function initialScripts(buildDir: string, page: string): string[] {
  const root = parse(htmlOf(buildDir, page));
  const urls = [
    ...root.querySelectorAll('script[src]').map((s) => s.getAttribute('src')),
    ...root.querySelectorAll('link[rel="preload"][as="script"]').map((l) => l.getAttribute('href')),
  ];
  return [
    ...new Set(urls.filter((u): u is string => !!u && u.startsWith('/') && !u.startsWith('//'))),
  ];
}

function gzipOfFiles(buildDir: string, urls: string[]): number {
  return urls.reduce((sum, u) => sum + gzip(fs.readFileSync(fileOf(buildDir, u))), 0);
}

/**
 * The config's text without the search plugin's entry: a line that names it
 * (`'./plugins/search/index.ts',`) or, when it has options, the whole
 * `[name, {...}]` pair around that name, however many lines it takes.
 */
function withoutSearchPlugin(config: string): string {
  const at = config.indexOf("'./plugins/search/");
  if (at < 0) return config;
  // A pair when the name follows a "[" (with only white space between).
  const before = config.slice(0, at).trimEnd();
  const open = before.endsWith('[') ? before.length - 1 : -1;
  const lineStart = (i: number) => config.lastIndexOf('\n', i) + 1;
  if (open < 0) {
    // A plain name on its own line.
    const end = config.indexOf('\n', at);
    return withoutSearchPlugin(config.slice(0, lineStart(at)) + config.slice(end + 1));
  }
  let close = open;
  let depth = 0;
  for (let i = open; i < config.length; i += 1) {
    const c = config[i];
    if (c === '[' || c === '{' || c === '(') depth += 1;
    else if (c === ']' || c === '}' || c === ')') depth -= 1;
    if (depth === 0) {
      close = i;
      break;
    }
  }
  let end = close + 1;
  if (config[end] === ',') end += 1;
  if (config[end] === '\n') end += 1;
  return withoutSearchPlugin(config.slice(0, lineStart(open)) + config.slice(end));
}

/** Builds the current tree without search into `outDir`, in a temporary copy. */
function buildWithoutSearch(outDir: string): void {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'search-baseline-'));
  const skip = new Set(['node_modules', 'build', '.docusaurus', '.git', 'test-results', 'reports']);
  fs.cpSync(ROOT, copy, {
    recursive: true,
    filter: (src) => !skip.has(path.relative(ROOT, src).split(path.sep)[0]!),
  });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  const configFile = path.join(copy, 'docusaurus.config.ts');
  const config = fs.readFileSync(configFile, 'utf8');
  const stripped = withoutSearchPlugin(config.replace(/\n([ \t]*)algolia: \{[\s\S]*?\n\1\},/, ''));
  if (/\balgolia: \{/.test(stripped) || /plugins\/search\//.test(stripped)) {
    throw new Error('could not take search out of docusaurus.config.ts for the baseline build');
  }
  fs.writeFileSync(configFile, stripped);
  console.log(`Building the site without search for comparison (in ${copy})…`);
  const result = spawnSync('npx', ['docusaurus', 'build', '--out-dir', outDir], {
    cwd: copy,
    encoding: 'utf8',
    env: {...process.env, ALGOLIA_APP_ID: '', ALGOLIA_API_KEY: ''},
  });
  fs.rmSync(copy, {recursive: true, force: true});
  if (result.status !== 0) {
    throw new Error(`baseline build failed:\n${result.stdout}\n${result.stderr}`);
  }
}

// ---------------------------------------------------------------------------
// Browser
// ---------------------------------------------------------------------------

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function interactive(page: Page): Promise<void> {
  // DocSearch draws the shortcut keys once React has hydrated the page.
  await page.locator('.navbar .DocSearch-Button kbd').nth(1).waitFor();
}

/** Which files count as search: the local client, DocSearch's modal, the index. */
function searchFile(buildDir: string, url: string): string | null {
  const u = new URL(url);
  if (/\/search-index\.json$/.test(u.pathname)) return 'index';
  if (!u.pathname.endsWith('.js')) return null;
  const js = fs.readFileSync(fileOf(buildDir, u.pathname), 'utf8');
  if (js.includes('ToolHive local search')) return 'local search client';
  if (js.includes('DocSearch-Modal')) return 'DocSearch modal';
  return null;
}

async function firstPaintAndOpen(browser: Browser, origin: string, buildDir: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(origin) && r.resourceType() !== 'document') requested.push(r.url());
  });
  await page.goto(`${origin}/toolhive`, {waitUntil: 'networkidle'});
  await interactive(page);
  const onLoad = requested.map((u) => searchFile(buildDir, u)).filter(Boolean);
  const before = requested.length;
  await page.locator('.navbar .DocSearch-Button').click();
  await page.locator('.DocSearch-Input').fill('network');
  await page.locator('.DocSearch-Hit').first().waitFor();
  await page.waitForLoadState('networkidle');
  const opened = requested
    .slice(before)
    .map((u) => ({u, kind: searchFile(buildDir, u)}))
    .filter((x): x is {u: string; kind: string} => x.kind !== null);
  const sizes = new Map<string, number>();
  for (const {u, kind} of opened) {
    const size = gzip(fs.readFileSync(fileOf(buildDir, new URL(u).pathname)));
    sizes.set(kind, (sizes.get(kind) ?? 0) + size);
  }
  await context.close();
  return {onLoad, sizes};
}

type Opener = 'keyboard' | 'click';
type Typist = 'page' | 'driver';

/**
 * One cold open. The clock starts at the key press that opens the modal (the
 * K of Ctrl+K, not the Ctrl before it) or at the pointer press on the button.
 * The query is typed either by the page itself, right after the frame that
 * first shows the input (what a reader sees and reacts to), or by
 * Playwright's fill(), which adds the driver's round trips to the browser.
 */
async function coldOpen(browser: Browser, origin: string, how: Opener, typist: Typist) {
  const query = 'network isolation';
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/toolhive/guides-cli/install`, {waitUntil: 'load'});
  await interactive(page);
  // No named functions inside evaluate(): tsx would wrap them in a helper
  // that doesn't exist in the page.
  await page.evaluate(
    ([typeInPage, text]) => {
      const w = window as unknown as {__bench: Record<string, number>};
      w.__bench = {};
      window.addEventListener(
        'keydown',
        (event) => {
          if (event.key.toLowerCase() === 'k') w.__bench.open ??= performance.now();
        },
        true,
      );
      window.addEventListener('pointerdown', () => (w.__bench.open ??= performance.now()), true);
      new MutationObserver(() => {
        const input = document.querySelector<HTMLInputElement>('.DocSearch-Input');
        if (w.__bench.input === undefined && input) {
          w.__bench.input = performance.now();
          if (typeInPage) {
            // After the frame that draws the input; typed as one input event,
            // as fill() does.
            requestAnimationFrame(() =>
              setTimeout(() => {
                const setValue = Object.getOwnPropertyDescriptor(
                  HTMLInputElement.prototype,
                  'value',
                )!.set!;
                setValue.call(input, text);
                w.__bench.typed = performance.now();
                input.dispatchEvent(new Event('input', {bubbles: true}));
              }),
            );
          }
        }
        if (w.__bench.hit === undefined && document.querySelector('.DocSearch-Hit')) {
          w.__bench.hit = performance.now();
        }
      }).observe(document.body, {childList: true, subtree: true});
    },
    [typist === 'page', query] as const,
  );
  if (how === 'keyboard') await page.keyboard.press('Control+k');
  else await page.locator('.navbar .DocSearch-Button').click();
  if (typist === 'driver') await page.locator('.DocSearch-Input').fill(query);
  await page.locator('.DocSearch-Hit').first().waitFor();
  const value = await page.locator('.DocSearch-Input').inputValue();
  if (value !== query) throw new Error(`the input holds "${value}", not "${query}"`);
  const t = await page.evaluate(
    () => (window as unknown as {__bench: Record<string, number>}).__bench,
  );
  await context.close();
  return {modal: t.input! - t.open!, results: t.hit! - t.open!};
}

async function queryLatency(browser: Browser, origin: string, queries: string[]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/toolhive`, {waitUntil: 'networkidle'});
  await interactive(page);
  await page.locator('.navbar .DocSearch-Button').click();
  await page.locator('.DocSearch-Input').fill('warm up');
  await page.waitForFunction(
    () => performance.getEntriesByName('toolhive-search:query').length > 0,
  );
  const engine: number[] = [];
  const drawn: number[] = [];
  for (const q of queries) {
    await page.evaluate(() => {
      performance.clearMeasures('toolhive-search:query');
      const w = window as unknown as {__input: number; __drawn: number};
      w.__input = 0;
      w.__drawn = 0;
      const input = document.querySelector('.DocSearch-Input')!;
      input.addEventListener('input', () => (w.__input = performance.now()), {
        once: true,
        capture: true,
      });
      const observer = new MutationObserver(() => (w.__drawn = performance.now()));
      observer.observe(document.querySelector('.DocSearch-Modal')!, {
        childList: true,
        subtree: true,
        characterData: true,
      });
      (w as unknown as {__observer: MutationObserver}).__observer = observer;
    });
    await page.locator('.DocSearch-Input').fill(q);
    await page.waitForFunction(
      () => performance.getEntriesByName('toolhive-search:query').length > 0,
    );
    // Two frames: DocSearch has drawn the results by then.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const r = await page.evaluate(() => {
      const w = window as unknown as {
        __input: number;
        __drawn: number;
        __observer: MutationObserver;
      };
      w.__observer.disconnect();
      const entry = performance.getEntriesByName('toolhive-search:query')[0]!;
      return {engine: entry.duration, drawn: w.__drawn - w.__input};
    });
    engine.push(r.engine);
    if (r.drawn > 0) drawn.push(r.drawn);
  }
  const index = await page.evaluate(
    () => performance.getEntriesByName('toolhive-search:index')[0]?.duration ?? NaN,
  );
  await context.close();
  return {engine, drawn, index};
}

// ---------------------------------------------------------------------------

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i > -1 ? args[i + 1] : undefined;
  };
  const buildDir = path.resolve(opt('dir') ?? 'build');
  const runs = Number(opt('runs') ?? 5);
  const indexFile = path.join(buildDir, 'search-index.json');
  if (!fs.existsSync(indexFile)) {
    console.error(`bench:search: ${indexFile} is missing; run "npm run build" first`);
    process.exit(1);
  }

  // 1. Index size
  const index = fs.readFileSync(indexFile);
  const indexGzip = gzip(index);
  const parsed = JSON.parse(index.toString('utf8')) as {pages: unknown[]; records: unknown[]};
  console.log('\n## Index');
  console.log(`pages ${parsed.pages.length}, records ${parsed.records.length}`);
  console.log(
    `search-index.json: ${kb(index.length)} raw, ${kb(indexGzip)} gzip, ${kb(zlib.brotliCompressSync(index).length)} brotli` +
      `  (target ≤ ${kb(TARGETS.indexGzip)} gzip: ${verdict(indexGzip <= TARGETS.indexGzip)})`,
  );

  // 2. Initial page JavaScript
  console.log('\n## JavaScript on the initial page (gzip)');
  let baseline = opt('baseline') ? path.resolve(opt('baseline')!) : undefined;
  if (!baseline && !args.includes('--no-baseline')) {
    baseline = fs.mkdtempSync(path.join(os.tmpdir(), 'search-baseline-build-'));
    buildWithoutSearch(baseline);
  }
  let worstGrowth = -Infinity;
  for (const page of PAGES) {
    const withSearch = gzipOfFiles(buildDir, initialScripts(buildDir, page));
    if (baseline) {
      const without = gzipOfFiles(baseline, initialScripts(baseline, page));
      worstGrowth = Math.max(worstGrowth, withSearch - without);
      console.log(
        `${page.padEnd(30)} ${kb(withSearch).padStart(9)} with search, ${kb(without).padStart(9)} without: +${kb(withSearch - without)}`,
      );
    } else {
      console.log(`${page.padEnd(30)} ${kb(withSearch).padStart(9)}`);
    }
  }
  if (baseline) {
    console.log(
      `growth at most +${kb(worstGrowth)} (target ≤ ${kb(TARGETS.initialGrowth)}: ${verdict(worstGrowth <= TARGETS.initialGrowth)})`,
    );
  }

  const server = createServer(buildDir, loadHostConfig(ROOT));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_ARGS});
  try {
    const {onLoad, sizes} = await firstPaintAndOpen(browser, origin, buildDir);
    console.log(
      `search files fetched before the reader reaches for search: ${onLoad.length ? onLoad.join(', ') : 'none'}`,
    );
    console.log(
      `fetched on first open: ${[...sizes].map(([k, v]) => `${k} ${kb(v)}`).join(', ')} (gzip)`,
    );

    // 3. Cold open
    console.log(`\n## Cold open to first results (fresh profile, median of ${runs})`);
    const variants: [Opener, Typist, string][] = [
      ['keyboard', 'page', 'Ctrl+K, then type'],
      ['click', 'page', 'click, then type'],
      ['keyboard', 'driver', 'Ctrl+K, Playwright fill()'],
    ];
    for (const [how, typist, label] of variants) {
      const samples = [];
      for (let i = 0; i < runs; i += 1) samples.push(await coldOpen(browser, origin, how, typist));
      const modal = percentile(
        samples.map((s) => s.modal),
        50,
      );
      const results = percentile(
        samples.map((s) => s.results),
        50,
      );
      const target =
        typist === 'page'
          ? `  (target ≤ ${TARGETS.firstResults} ms: ${verdict(results <= TARGETS.firstResults)})`
          : "  (includes the driver's round trips)";
      console.log(
        `${label.padEnd(26)} modal ${ms(modal)}, first results ${ms(results)} (worst ${ms(Math.max(...samples.map((s) => s.results)))})` +
          target,
      );
    }

    // 4. Query latency
    const cases = [
      'relevance.json',
      'relevance-held-out.json',
      'relevance-current-tuning.json',
      'relevance-current.json',
    ].flatMap(
      (file) =>
        (
          JSON.parse(
            fs.readFileSync(path.join(ROOT, 'plugins/search/__tests__', file), 'utf8'),
          ) as {
            cases: {query: string}[];
          }
        ).cases,
    );
    const queries = cases.flatMap(({query}) => [
      query.slice(0, Math.max(2, Math.ceil(query.length / 2))),
      query,
    ]);
    const {engine, drawn, index: indexLoad} = await queryLatency(browser, origin, queries);
    console.log(`\n## Query latency in headless Chromium (${engine.length} queries)`);
    console.log(`index fetch, parse and build: ${ms(indexLoad)}`);
    console.log(
      `engine    p50 ${ms(percentile(engine, 50))}, p95 ${ms(percentile(engine, 95))}, max ${ms(Math.max(...engine))}` +
        `  (target p95 ≤ ${TARGETS.p95} ms: ${verdict(percentile(engine, 95) <= TARGETS.p95)})`,
    );
    if (drawn.length) {
      console.log(
        `on screen p50 ${ms(percentile(drawn, 50))}, p95 ${ms(percentile(drawn, 95))} (input event to DocSearch's last DOM change)`,
      );
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(
    `\nmachine: ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
