/**
 * Site budget audit. Prints numbers; it asserts nothing.
 *
 * 1. Production build: wall time and peak memory (GNU time), with the time of
 *    the reference generation step on its own.
 * 2. Page weight: gzip JavaScript each page loads (see page-weight.ts).
 * 3. Lighthouse mobile scores (performance, accessibility, best practices,
 *    SEO) against the build served with the host's headers.
 *
 * Usage: tsx scripts/bench/audit.ts [--skip-build] [--runs N] [--pages /a,/b]
 * (--pages: measure these pages instead of the lists below.)
 * Targets (from the site requirements): Lighthouse performance >= 95 and the
 * other categories 100; a docs page loads <= 150 KB of JavaScript (gzip).
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type {AddressInfo} from 'node:net';
import {chromiumArgs, chromiumPath} from '../chromium';
import {createServer, loadHostConfig} from '../serve-build';
import {formatTable, measureInBrowser} from './page-weight';

const root = path.resolve(__dirname, '..', '..');
const buildDir = path.join(root, 'build');
const chromePath = chromiumPath;
const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const runs = runsArg > -1 ? Number(args[runsArg + 1]) : 1;
const pagesArg = args.indexOf('--pages');
const onlyPages = pagesArg > -1 ? (args[pagesArg + 1] ?? '').split(',') : null;
const chosen = (list: string[]) => onlyPages ?? list;

const weightPages = [
  '/',
  '/toolhive',
  '/toolhive/faq',
  '/toolhive/guides-cli/run-mcp-servers',
  '/toolhive/reference/cli/thv_run',
  '/toolhive/reference/api',
  '/toolhive/reference/api/list-workloads',
  '/theme-preview',
];
const lighthousePages = [
  '/',
  '/toolhive',
  '/theme-preview',
  '/toolhive/guides-cli/run-mcp-servers',
  '/toolhive/reference/cli/thv_run',
  '/toolhive/reference/api',
  '/toolhive/reference/api/list-workloads',
];

function timed(label: string, command: string[]): void {
  const gnuTime = fs.existsSync('/usr/bin/time');
  const argv = gnuTime ? ['/usr/bin/time', '-f', '%e %M', ...command] : command;
  const started = Date.now();
  const r = spawnSync(argv[0]!, argv.slice(1), {cwd: root, encoding: 'utf8', env: process.env});
  const wall = (Date.now() - started) / 1000;
  if (r.status !== 0) {
    process.stderr.write(r.stdout + r.stderr);
    throw new Error(`${label} failed`);
  }
  const last = r.stderr.trim().split('\n').pop() ?? '';
  const m = /^([\d.]+) (\d+)$/.exec(last);
  const peak = m
    ? `${(Number(m[2]) / 1024).toFixed(0)} MB peak memory`
    : 'peak memory not measured';
  console.log(`${label}: ${wall.toFixed(1)} s wall, ${peak}`);
}

async function lighthouseScores(): Promise<void> {
  const {default: lighthouse} = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const server = createServer(buildDir, loadHostConfig());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: chromiumArgs,
  });
  try {
    console.log('\nLighthouse (mobile, simulated throttling); median of', runs, 'run(s)');
    console.log('page'.padEnd(42), 'perf  a11y  best  seo   LCP    TBT   CLS');
    for (const page of chosen(lighthousePages)) {
      const samples: {
        perf: number;
        a11y: number;
        best: number;
        seo: number;
        lcp: number;
        tbt: number;
        cls: number;
      }[] = [];
      for (let i = 0; i < runs; i += 1) {
        const result = await lighthouse(origin + page, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const lhr = result!.lhr;
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        samples.push({
          perf: score('performance'),
          a11y: score('accessibility'),
          best: score('best-practices'),
          seo: score('seo'),
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
        });
      }
      samples.sort((a, b) => a.perf - b.perf);
      const s = samples[Math.floor(samples.length / 2)]!;
      console.log(
        page.padEnd(42),
        String(s.perf).padStart(4),
        String(s.a11y).padStart(5),
        String(s.best).padStart(5),
        String(s.seo).padStart(4),
        `${(s.lcp / 1000).toFixed(2)}s`.padStart(6),
        `${Math.round(s.tbt)}ms`.padStart(6),
        s.cls.toFixed(3).padStart(6),
      );
    }
  } finally {
    chrome.kill();
    server.close();
  }
}

async function main(): Promise<void> {
  if (!args.includes('--skip-build')) {
    timed('Reference generation (npm run gen)', ['npm', 'run', '--silent', 'gen']);
    timed('Production build (docusaurus build)', ['npx', 'docusaurus', 'build']);
  }
  if (!fs.existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error('no build: run without --skip-build');
  }
  const pages = chosen(weightPages).filter((p) =>
    ['', '.html', '/index.html'].some((ext) =>
      fs.existsSync(path.join(buildDir, p === '/' ? 'index.html' : `${p}${ext}`)),
    ),
  );
  console.log('\nPage weight (gzip level 9)');
  console.log(formatTable(await measureInBrowser(buildDir, pages, chromePath)));
  await lighthouseScores();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
