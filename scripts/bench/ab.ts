/**
 * Interleaved A/B benchmark of two or more production builds. Prints
 * numbers; it asserts nothing.
 *
 * Each build directory is served the way the host serves it (the headers of
 * vercel.json, compressed responses; see scripts/serve-build.ts), each on its
 * own port. For every page, Lighthouse (mobile, simulated throttling: the
 * settings of scripts/bench/audit.ts, performance category only) runs
 * round-robin over the variants, A, B, C, A, B, C, ..., so that the load of
 * a shared machine spreads evenly over them instead of favouring the variant
 * that happened to run in a quiet minute (one warm-up run of the fresh
 * browser comes first and is not counted). Per variant and page it
 * prints the median performance score, Total Blocking Time and Largest
 * Contentful Paint (each with its range over the runs) and the gzip
 * JavaScript the page loads (page-weight.ts, measured once per variant: it
 * is deterministic).
 *
 * Usage:
 *   tsx scripts/bench/ab.ts --dir base=build --dir no-x=/tmp/no-x \
 *     [--dir ...] [--pages /a,/b] [--runs 5]
 *   npm run bench:ab -- --dir base=build --dir no-x=/tmp/no-x --pages /toolhive
 *
 * The first --dir is the reference: the "Δ" columns compare each other
 * variant's medians with it. A difference smaller than the runs' range is
 * noise.
 */
import fs from 'node:fs';
import path from 'node:path';
import type http from 'node:http';
import type {AddressInfo} from 'node:net';
import {chromiumArgs, chromiumPath} from '../chromium';
import {createServer, loadHostConfig} from '../serve-build';
import {htmlFileFor, measureInBrowser} from './page-weight';

interface Variant {
  name: string;
  dir: string;
  server?: http.Server;
  origin?: string;
  /** gzip bytes of JavaScript loaded, by page. */
  js: Map<string, number>;
}

interface Sample {
  perf: number;
  tbt: number;
  lcp: number;
}

function parseArgs(argv: string[]): {variants: Variant[]; pages: string[]; runs: number} {
  const variants: Variant[] = [];
  let pages = ['/toolhive/guides-cli/run-mcp-servers'];
  let runs = 5;
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i]!;
    const value = argv[i + 1];
    if (a === '--dir' && value) {
      const eq = value.indexOf('=');
      const name = eq > 0 ? value.slice(0, eq) : path.basename(value);
      const dir = path.resolve(eq > 0 ? value.slice(eq + 1) : value);
      variants.push({name, dir, js: new Map()});
      i += 1;
    } else if (a === '--pages' && value) {
      pages = value.split(',').filter(Boolean);
      i += 1;
    } else if (a === '--runs' && value) {
      runs = Number(value);
      i += 1;
    } else {
      throw new Error(`ab: unknown argument ${a}`);
    }
  }
  if (variants.length < 2) throw new Error('ab: give at least two --dir name=path');
  if (!(runs >= 1)) throw new Error('ab: --runs must be a positive number');
  for (const v of variants) {
    if (!fs.existsSync(path.join(v.dir, 'index.html'))) {
      throw new Error(`ab: no build in ${v.dir}`);
    }
  }
  return {variants, pages, runs};
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const range = (values: number[]): string =>
  `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}`;

const signed = (n: number, digits = 0): string =>
  `${n > 0 ? '+' : n < 0 ? '-' : '±'}${Math.abs(n).toFixed(digits)}`;

async function main(): Promise<void> {
  const {variants, pages, runs} = parseArgs(process.argv.slice(2));
  const present = pages.filter((page) =>
    variants.every((v) => {
      try {
        htmlFileFor(v.dir, page);
        return true;
      } catch {
        console.error(`ab: skipping ${page} (not in ${v.name})`);
        return false;
      }
    }),
  );

  process.stderr.write('Measuring the JavaScript each page loads, per variant\n');
  for (const v of variants) {
    for (const w of await measureInBrowser(v.dir, present)) {
      v.js.set(w.page, w.loadedJs?.gzip ?? w.initialJs.gzip);
    }
  }

  const {default: lighthouse} = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const hostConfig = loadHostConfig();
  for (const v of variants) {
    v.server = createServer(v.dir, hostConfig);
    await new Promise<void>((resolve) => v.server!.listen(0, '127.0.0.1', resolve));
    v.origin = `http://127.0.0.1:${(v.server.address() as AddressInfo).port}`;
  }
  const chrome = await chromeLauncher.launch({chromePath: chromiumPath, chromeFlags: chromiumArgs});
  const samples = new Map<string, Sample[]>();
  const key = (v: Variant, page: string) => `${v.name} ${page}`;
  const started = Date.now();
  const audit = async (url: string) => {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    return result!.lhr;
  };
  try {
    // The first run of a fresh browser is slower than the rest; it is not
    // counted.
    await audit(variants[0]!.origin + present[0]!);
    for (const page of present) {
      for (let run = 0; run < runs; run += 1) {
        for (const v of variants) {
          const lhr = await audit(v.origin + page);
          const sample = {
            perf: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
            lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
          };
          const list = samples.get(key(v, page)) ?? [];
          list.push(sample);
          samples.set(key(v, page), list);
          process.stderr.write(
            `${page} run ${run + 1}/${runs} ${v.name}: ${sample.perf} ` +
              `TBT ${Math.round(sample.tbt)} ms LCP ${Math.round(sample.lcp)} ms\n`,
          );
        }
      }
    }
  } finally {
    chrome.kill();
    for (const v of variants) v.server?.close();
  }

  console.log(
    `\nLighthouse mobile (simulated throttling), ${runs} interleaved run(s) per variant, ` +
      `${((Date.now() - started) / 60000).toFixed(1)} min; medians (range); Δ against ${variants[0]!.name}`,
  );
  const header = [
    'page',
    'variant',
    'perf',
    '(range)',
    'TBT ms',
    '(range)',
    'LCP ms',
    'JS KB gz',
    'Δperf',
    'ΔTBT',
    'ΔLCP',
    'ΔJS KB',
  ];
  const rows: string[][] = [];
  for (const page of present) {
    const ref = variants[0]!;
    const refS = samples.get(key(ref, page))!;
    const refJs = ref.js.get(page) ?? 0;
    for (const v of variants) {
      const s = samples.get(key(v, page))!;
      const perf = median(s.map((x) => x.perf));
      const tbt = median(s.map((x) => x.tbt));
      const lcp = median(s.map((x) => x.lcp));
      const js = v.js.get(page) ?? 0;
      const isRef = v === ref;
      rows.push([
        page,
        v.name,
        String(perf),
        range(s.map((x) => x.perf)),
        String(Math.round(tbt)),
        range(s.map((x) => x.tbt)),
        String(Math.round(lcp)),
        (js / 1024).toFixed(1),
        isRef ? '' : signed(perf - median(refS.map((x) => x.perf))),
        isRef ? '' : signed(tbt - median(refS.map((x) => x.tbt))),
        isRef ? '' : signed(lcp - median(refS.map((x) => x.lcp))),
        isRef ? '' : signed((js - refJs) / 1024, 1),
      ]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log([fmt(header), fmt(widths.map((w) => '-'.repeat(w))), ...rows.map(fmt)].join('\n'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
