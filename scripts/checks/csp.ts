/**
 * Checks that the Content-Security-Policy in vercel.json allows every inline
 * script of the production build by its SHA-256 hash, and lists no hash the
 * build no longer has. `--write` updates vercel.json instead of failing.
 *
 * The redirect pages that @docusaurus/plugin-client-redirects writes (an old
 * address of a page: a `<meta http-equiv="refresh">` and a script to the
 * new one) are answered by the host itself: vercel.json's `redirects` must
 * list each, with the same target, and their scripts need no hash. A plain
 * static host serves the pages, whose script runs there (no CSP header).
 *
 * Usage: tsx scripts/checks/csp.ts [--write]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import {parse} from 'node-html-parser';

const root = process.cwd();
const buildDir = path.join(root, 'build');
const vercelPath = path.join(root, 'vercel.json');

interface HeaderRule {
  source: string;
  headers: {key: string; value: string}[];
}

/** Script types a browser runs; others (JSON-LD, for one) are data the CSP does not govern. */
const JS_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

export function inlineScriptHashes(html: string): string[] {
  return parse(html)
    .querySelectorAll('script')
    .filter((s) => !s.getAttribute('src'))
    .filter((s) => JS_TYPES.has((s.getAttribute('type') ?? '').trim().toLowerCase()))
    .map((s) => `'sha256-${crypto.createHash('sha256').update(s.innerHTML).digest('base64')}'`);
}

/** A redirect page's target, or null when the HTML is not one. */
export function redirectTarget(html: string): string | null {
  const doc = parse(html);
  const refresh = doc.querySelector('meta[http-equiv="refresh"]')?.getAttribute('content');
  const target = /^0;\s*url=(.+)$/.exec(refresh ?? '')?.[1];
  const scripts = doc.querySelectorAll('script');
  if (!target || scripts.length !== 1) return null;
  const expected = `window.location.href = '${target}' + window.location.search + window.location.hash;`;
  return scripts[0]!.innerHTML.trim() === expected ? target : null;
}

/** The route a built HTML file answers (`a/b/index.html` → `/a/b`). */
function routeOf(file: string): string {
  return (
    `/${file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`.replace(/\/$/, '') || '/'
  );
}

interface Redirect {
  source: string;
  destination: string;
  permanent: boolean;
}

function main(): void {
  if (!fs.existsSync(buildDir)) {
    console.error('csp: no build directory; run "npm run build" first');
    process.exit(1);
  }
  const files = fg.sync('**/*.html', {cwd: buildDir, ignore: ['__server/**']});
  const needed = new Set<string>();
  const redirects: Redirect[] = [];
  for (const file of files) {
    const html = fs.readFileSync(path.join(buildDir, file), 'utf8');
    const target = redirectTarget(html);
    if (target) redirects.push({source: routeOf(file), destination: target, permanent: true});
    else for (const h of inlineScriptHashes(html)) needed.add(h);
  }
  redirects.sort((a, b) => a.source.localeCompare(b.source));
  const vercel = JSON.parse(fs.readFileSync(vercelPath, 'utf8')) as {
    headers: HeaderRule[];
    redirects?: Redirect[];
  };
  const key = (r: Redirect) =>
    `${r.source} -> ${r.destination}${r.permanent ? '' : ' (temporary)'}`;
  const wantedRedirects = new Set(redirects.map(key));
  const listedRedirects = new Set((vercel.redirects ?? []).map(key));
  const missingRedirects = [...wantedRedirects].filter((r) => !listedRedirects.has(r));
  const staleRedirects = [...listedRedirects].filter((r) => !wantedRedirects.has(r));
  const header = vercel.headers
    .flatMap((r) => r.headers)
    .find((h) => h.key === 'Content-Security-Policy');
  if (!header) throw new Error('csp: vercel.json has no Content-Security-Policy');
  const directives = header.value.split(';').map((d) => d.trim());
  const scriptIdx = directives.findIndex((d) => d.startsWith('script-src '));
  const sources = directives[scriptIdx]!.split(/\s+/).slice(1);
  const listed = new Set(sources.filter((s) => s.startsWith("'sha256-")));
  const missing = [...needed].filter((h) => !listed.has(h));
  const stale = [...listed].filter((h) => !needed.has(h));

  if (process.argv.includes('--write')) {
    const others = sources.filter((s) => !s.startsWith("'sha256-"));
    const [self, ...rest] = others;
    directives[scriptIdx] = ['script-src', self, ...[...needed].sort(), ...rest].join(' ');
    header.value = directives.join('; ');
    vercel.redirects = redirects;
    fs.writeFileSync(vercelPath, `${JSON.stringify(vercel, null, 2)}\n`);
    console.log(
      `csp: wrote ${needed.size} script hashes and ${redirects.length} redirects to vercel.json`,
    );
    return;
  }
  console.log(
    `csp: ${files.length} HTML files, ${needed.size} inline scripts, ${missing.length} missing and ${stale.length} stale hashes; ${redirects.length} redirect pages, ${missingRedirects.length} missing and ${staleRedirects.length} stale redirects`,
  );
  for (const h of missing) console.error(`csp: missing from script-src: ${h}`);
  for (const h of stale) console.error(`csp: stale in script-src: ${h}`);
  for (const r of missingRedirects) console.error(`csp: missing from redirects: ${r}`);
  for (const r of staleRedirects) console.error(`csp: stale in redirects: ${r}`);
  if (missing.length || stale.length || missingRedirects.length || staleRedirects.length) {
    console.error('csp: check the build, then run "npx tsx scripts/checks/csp.ts --write"');
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) main();
