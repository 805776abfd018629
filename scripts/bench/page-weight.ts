/**
 * Page weight of the production build: for each page, the JavaScript and CSS
 * it downloads, gzip-compressed (level 9, the way a host serves them).
 *
 * Two numbers per page:
 * - "initial": the files the built HTML references itself (`<script src>` and
 *   `<link rel="stylesheet">`), what the browser fetches before hydration;
 * - "loaded": every script and stylesheet a real browser executes until the
 *   network is idle: the initial files plus the route chunks and the chunks the
 *   page imports at runtime (for example the API reference chunk, loaded on API
 *   pages only). Prefetches of linked pages (`<link rel="prefetch">`) are not
 *   counted.
 *
 * Usage:
 *   tsx scripts/bench/page-weight.ts [--dir build] [--json] [--static] [path ...]
 * Without paths it measures /, /toolhive, /toolhive/faq and one API page.
 * --static skips the browser and prints only the "initial" numbers.
 *
 * The exported functions are reused by other audit scripts.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type {AddressInfo} from 'node:net';
import {parse} from 'node-html-parser';
import {chromium} from '@playwright/test';
import {chromiumArgs, chromiumPath} from '../chromium';
import {createServer, loadHostConfig} from '../serve-build';

export const DEFAULT_PAGES = [
  '/',
  '/toolhive',
  '/toolhive/faq',
  '/toolhive/reference/api',
  '/toolhive/reference/api/list-workloads',
];

export interface Weight {
  files: number;
  raw: number;
  gzip: number;
}

export interface PageWeight {
  page: string;
  initialJs: Weight;
  initialCss: Weight;
  loadedJs?: Weight;
  loadedCss?: Weight;
  /** Runtime-loaded files that the HTML does not reference. */
  lazyFiles?: string[];
}

const gzipCache = new Map<string, number>();

/** Gzip size of a file of the build, by its URL path. */
export function gzipSize(buildDir: string, urlPath: string): {raw: number; gzip: number} {
  const file = path.join(buildDir, decodeURIComponent(urlPath.split(/[?#]/)[0]!));
  const buf = fs.readFileSync(file);
  let gz = gzipCache.get(file);
  if (gz === undefined) {
    gz = zlib.gzipSync(buf, {level: 9}).length;
    gzipCache.set(file, gz);
  }
  return {raw: buf.length, gzip: gz};
}

export function sumWeights(buildDir: string, urls: Iterable<string>): Weight {
  const unique = [...new Set(urls)];
  let raw = 0;
  let gzip = 0;
  for (const url of unique) {
    const s = gzipSize(buildDir, url);
    raw += s.raw;
    gzip += s.gzip;
  }
  return {files: unique.length, raw, gzip};
}

/** The built HTML file that answers a clean URL. */
export function htmlFileFor(buildDir: string, page: string): string {
  const clean = page.replace(/\/$/, '');
  const candidates = [
    path.join(buildDir, `${clean}.html`),
    path.join(buildDir, clean, 'index.html'),
  ];
  const found = candidates.find((c) => fs.existsSync(c));
  if (!found) throw new Error(`no built HTML for ${page} in ${buildDir}`);
  return found;
}

/** JS and CSS files that the page's HTML references (same-origin only). */
export function initialAssets(buildDir: string, page: string): {js: string[]; css: string[]} {
  const root = parse(fs.readFileSync(htmlFileFor(buildDir, page), 'utf8'));
  const local = (u: string | undefined): u is string =>
    !!u && u.startsWith('/') && !u.startsWith('//');
  const js = root
    .querySelectorAll('script[src]')
    .map((s) => s.getAttribute('src'))
    .filter(local);
  const css = root
    .querySelectorAll('link[rel="stylesheet"]')
    .map((l) => l.getAttribute('href'))
    .filter(local);
  return {js, css};
}

/** Measures pages from the built HTML only. */
export function measureStatic(buildDir: string, pages: string[]): PageWeight[] {
  return pages.map((page) => {
    const {js, css} = initialAssets(buildDir, page);
    return {page, initialJs: sumWeights(buildDir, js), initialCss: sumWeights(buildDir, css)};
  });
}

/** Measures pages in Chromium, served the way the host serves them. */
export async function measureInBrowser(
  buildDir: string,
  pages: string[],
  executablePath: string = chromiumPath,
): Promise<PageWeight[]> {
  const server = createServer(buildDir, loadHostConfig());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({executablePath, args: chromiumArgs});
  try {
    const results: PageWeight[] = [];
    for (const page of pages) {
      // A fresh context per page: nothing cached from the previous page.
      const context = await browser.newContext();
      const tab = await context.newPage();
      const requested: string[] = [];
      tab.on('request', (req) => {
        const url = new URL(req.url());
        // Scripts and stylesheets the page executes; <link rel="prefetch">
        // requests for pages it links to have another resource type.
        const executed = ['script', 'stylesheet'].includes(req.resourceType());
        if (executed && url.origin === origin && /\.(js|css)$/.test(url.pathname)) {
          requested.push(url.pathname);
        }
      });
      await tab.goto(origin + page, {waitUntil: 'networkidle'});
      await context.close();
      const initial = initialAssets(buildDir, page);
      const known = new Set([...initial.js, ...initial.css]);
      results.push({
        page,
        initialJs: sumWeights(buildDir, initial.js),
        initialCss: sumWeights(buildDir, initial.css),
        loadedJs: sumWeights(
          buildDir,
          requested.filter((u) => u.endsWith('.js')),
        ),
        loadedCss: sumWeights(
          buildDir,
          requested.filter((u) => u.endsWith('.css')),
        ),
        lazyFiles: [...new Set(requested.filter((u) => !known.has(u)))],
      });
    }
    return results;
  } finally {
    await browser.close();
    server.close();
  }
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} kB`;

export function formatTable(rows: PageWeight[]): string {
  const header = ['page', 'JS initial (gzip)', 'JS loaded (gzip)', 'JS files', 'CSS (gzip)'];
  const lines = rows.map((r) => [
    r.page,
    kb(r.initialJs.gzip),
    r.loadedJs ? kb(r.loadedJs.gzip) : '-',
    String(r.loadedJs?.files ?? r.initialJs.files),
    kb((r.loadedCss ?? r.initialCss).gzip),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]): string =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [fmt(header), fmt(widths.map((w) => '-'.repeat(w))), ...lines.map(fmt)].join('\n');
}

/**
 * The lazily loaded chunk of the "Copy page" menu (src/components/CopyPage),
 * found by a label only it has. The button itself is part of the docs item
 * code that every docs page loads, counted in "JS loaded".
 */
export function copyPageMenuCost(buildDir: string): Weight {
  const jsDir = path.join(buildDir, 'assets/js');
  const files = fs
    .readdirSync(jsDir)
    .filter((f) => f.endsWith('.js'))
    .filter((f) => fs.readFileSync(path.join(jsDir, f), 'utf8').includes('Open in ChatGPT'))
    .map((f) => `/assets/js/${f}`);
  return sumWeights(buildDir, files);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  let dir = 'build';
  const pages: string[] = [];
  let json = false;
  let staticOnly = false;
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i]!;
    if (a === '--dir') dir = args[++i]!;
    else if (a === '--json') json = true;
    else if (a === '--static') staticOnly = true;
    else pages.push(a);
  }
  const buildDir = path.resolve(dir);
  if (!fs.existsSync(path.join(buildDir, 'index.html'))) {
    console.error(`page-weight: no build in ${buildDir}; run "npm run build" first`);
    process.exit(1);
  }
  const wanted = (pages.length ? pages : DEFAULT_PAGES).filter((p) => {
    try {
      htmlFileFor(buildDir, p);
      return true;
    } catch {
      console.error(`page-weight: skipping ${p} (not in the build)`);
      return false;
    }
  });
  const rows = staticOnly
    ? measureStatic(buildDir, wanted)
    : await measureInBrowser(buildDir, wanted);
  const copyPageMenu = copyPageMenuCost(buildDir);
  if (json) {
    console.log(JSON.stringify({pages: rows, copyPageMenu}, null, 2));
  } else {
    console.log(formatTable(rows));
    for (const r of rows) {
      if (r.lazyFiles?.length)
        console.log(`\n${r.page} loads at runtime: ${r.lazyFiles.join(', ')}`);
    }
    console.log(
      `\n"Copy page" menu, loaded on first use: ${copyPageMenu.files} file(s), ${kb(copyPageMenu.gzip)} gzip`,
    );
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
