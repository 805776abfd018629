/**
 * Take the ToolHive UI screenshots used by the UI guides.
 *
 * Builds the renderer of a toolhive-studio work tree with its own Vite (plus
 * the release's browser-setup.js, which stubs the Electron bridge and serves a
 * mocked ToolHive API through MSW), opens it in the system Chromium with
 * playwright-core, walks to each screen in the light and the dark theme, and
 * writes WebP images (encoded by Chromium's canvas) and their pixel sizes.
 * What differs between UI releases (build, data, screens) is in the release's
 * folder: v0.5.0/profile.ts, v0.39.4/profile.ts.
 *
 * Usage (from the repository root; see README.md for the studio checkout):
 *   tsx scripts/ui-screenshots/capture.ts [--ui-release v0.39.4] [--release v0.44.0]
 *       [--studio /tmp/studio] [--thv-tag v0.42.1]
 *       [--toolhive-git /work/.mirror/stacklok+toolhive/repo] [--registry-json FILE]
 *       [--only name,name] [--png-dir DIR] [--no-build]
 *
 * Writes static/img/guides-ui/<UI release>/<name>-{light,dark}.webp and
 * data/releases/<ToolHive release>/ui/screenshots.json. Nothing from the
 * studio tree is copied here.
 */
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {chromium, type Browser, type Page} from '@playwright/test';
import {DOCS_VERSIONS} from '../../docs-versions';
import {chromiumArgs, chromiumPath} from '../chromium';
import {settle, type Profile, type Screen} from './profile';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

const VIEWPORT = {width: 1280, height: 800};
const SCALE = 1.25;
const MAX_WIDTH = 1600;
const TARGET_BYTES = 120 * 1024;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

interface Args {
  uiRelease: string;
  release: string;
  studio: string;
  toolhiveGit: string;
  thvTag: string | null;
  registryJson: string | null;
  only: string[] | null;
  pngDir: string | null;
  build: boolean;
}

/**
 * The UI release defaults to the current docs version's; the ToolHive release
 * to the docs version that goes with the UI release (docs-versions.ts).
 */
export function parseArgs(argv: string[]): Args {
  const args: Omit<Args, 'uiRelease' | 'release'> & {
    uiRelease: string | null;
    release: string | null;
  } = {
    uiRelease: null,
    release: null,
    studio: '/tmp/studio',
    toolhiveGit: '/work/.mirror/stacklok+toolhive/repo',
    thvTag: null,
    registryJson: null,
    only: null,
    pngDir: null,
    build: true,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--ui-release') args.uiRelease = value();
    else if (flag === '--release') args.release = value();
    else if (flag === '--studio') args.studio = path.resolve(value());
    else if (flag === '--toolhive-git') args.toolhiveGit = value();
    else if (flag === '--thv-tag') args.thvTag = value();
    else if (flag === '--registry-json') args.registryJson = path.resolve(value());
    else if (flag === '--only') args.only = value().split(',');
    else if (flag === '--png-dir') args.pngDir = path.resolve(value());
    else if (flag === '--no-build') args.build = false;
    else throw new Error(`unknown argument: ${argv[i]}`);
  }
  const current = DOCS_VERSIONS.find((v) => v.name === 'current') ?? DOCS_VERSIONS[0];
  const uiRelease =
    args.uiRelease ??
    (args.release
      ? DOCS_VERSIONS.find((v) => v.release === args.release)?.uiRelease
      : current.uiRelease);
  if (!uiRelease) throw new Error(`no docs version documents ToolHive ${args.release}`);
  const release =
    args.release ?? DOCS_VERSIONS.find((v) => v.uiRelease === uiRelease)?.release ?? null;
  if (!release) throw new Error(`no docs version shows ToolHive UI ${uiRelease}; pass --release`);
  return {...args, uiRelease, release};
}

/** The thv release a studio tree bundles: TOOLHIVE_VERSION in utils/constants.ts. */
export function bundledThvTag(constantsSource: string): string | null {
  return (
    /TOOLHIVE_VERSION\s*=\s*(?:process\.env\.THV_VERSION\s*\?\?\s*)?'(v[^']+)'/.exec(
      constantsSource,
    )?.[1] ?? null
  );
}

async function loadProfile(uiRelease: string): Promise<Profile> {
  const file = path.join(here, uiRelease, 'profile.ts');
  if (!existsSync(file)) {
    const known = DOCS_VERSIONS.map((v) => v.uiRelease).join(', ');
    throw new Error(
      `no capture profile for ToolHive UI ${uiRelease} (${file}); docs show ${known}`,
    );
  }
  return ((await import(pathToFileURL(file).href)) as {profile: Profile}).profile;
}

// ---------------------------------------------------------------------------
// Serving the build
// ---------------------------------------------------------------------------

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

function serve(dir: string): Promise<{server: Server; url: string}> {
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(dir, pathname);
    if (!file.startsWith(dir) || !existsSync(file) || pathname === '/') {
      file = path.join(dir, 'index.html');
    }
    res.setHeader('content-type', MIME[path.extname(file)] ?? 'application/octet-stream');
    res.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({server, url: `http://127.0.0.1:${port}/`});
    }),
  );
}

// ---------------------------------------------------------------------------
// Capture and encode
// ---------------------------------------------------------------------------

interface Encoded {
  bytes: Buffer;
  width: number;
  height: number;
  quality: number;
}

/** Encode a PNG as WebP with Chromium's canvas, lowering quality until it fits. */
async function toWebp(page: Page, png: Buffer): Promise<Encoded> {
  for (const quality of [0.85, 0.78, 0.7, 0.6, 0.5]) {
    const out = await page.evaluate(
      async ({b64, quality, maxWidth}) => {
        const blob = await (await fetch(`data:image/png;base64,${b64}`)).blob();
        const bitmap = await createImageBitmap(blob);
        const scale = Math.min(1, maxWidth / bitmap.width);
        const canvas = document.createElement('canvas');
        canvas.width = Math.round(bitmap.width * scale);
        canvas.height = Math.round(bitmap.height * scale);
        const ctx = canvas.getContext('2d')!;
        ctx.imageSmoothingQuality = 'high';
        ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
        const webp = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/webp', quality));
        if (!webp || webp.type !== 'image/webp') throw new Error('canvas WebP encoding failed');
        const buf = new Uint8Array(await webp.arrayBuffer());
        let bin = '';
        for (let i = 0; i < buf.length; i += 0x8000)
          bin += String.fromCharCode(...buf.subarray(i, i + 0x8000));
        return {b64: btoa(bin), width: canvas.width, height: canvas.height};
      },
      {b64: png.toString('base64'), quality, maxWidth: MAX_WIDTH},
    );
    const bytes = Buffer.from(out.b64, 'base64');
    if (bytes.length <= TARGET_BYTES || quality === 0.5)
      return {bytes, width: out.width, height: out.height, quality};
  }
  throw new Error('unreachable');
}

/** What browser-setup.js noticed on the page: API calls nobody answered, bridge calls nobody stubbed. */
interface PageNotes {
  unhandled?: string[];
}

async function captureScreen(
  browser: Browser,
  baseUrl: string,
  profile: Profile,
  screen: Screen,
  theme: Theme,
  options: Record<string, unknown>,
): Promise<{png: Buffer; notes: string[]}> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: SCALE,
    colorScheme: theme,
    reducedMotion: 'reduce',
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  const problems: string[] = [];
  try {
    await context.addInitScript(
      ({theme, options}) => {
        localStorage.setItem('toolhive-ui-theme', theme);
        (window as unknown as {__UI_SHOTS__: unknown}).__UI_SHOTS__ = options;
      },
      {theme, options: {...options, theme, scenario: screen.scenario ?? 'default'}},
    );
    // Nothing leaves the machine: only the local server (and the mocked API,
    // answered by the service worker) is reachable.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) => route.abort());
    const page = await context.newPage();
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    await page.goto(baseUrl);
    await page.waitForFunction(
      () => (window as unknown as {__UI_SHOTS_READY__?: boolean}).__UI_SHOTS_READY__,
    );
    if (!screen.skipReady) await profile.ready(page);
    await screen.go(page);
    await settle(page);
    // Move the pointer away so that no hover state or tooltip shows.
    if (!screen.keepPointer) await page.mouse.move(VIEWPORT.width - 2, VIEWPORT.height - 2);
    await settle(page, 300);
    if (problems.length) throw new Error(problems.join('\n'));
    const png = await page.screenshot({type: 'png'});
    const notes = await page.evaluate(
      () => (window as unknown as {__UI_SHOTS_NOTES__?: PageNotes}).__UI_SHOTS_NOTES__ ?? {},
    );
    return {png, notes: [...new Set(notes.unhandled ?? [])]};
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const profile = await loadProfile(args.uiRelease);
  if (!existsSync(path.join(args.studio, 'renderer/index.html')))
    throw new Error(`${args.studio} is not a toolhive-studio work tree (see README.md)`);
  const constants = path.join(args.studio, 'utils/constants.ts');
  const thvTag =
    args.thvTag ?? (existsSync(constants) ? bundledThvTag(readFileSync(constants, 'utf8')) : null);
  if (!thvTag) throw new Error('cannot tell which thv release the studio bundles; pass --thv-tag');
  console.log(
    `ToolHive UI ${profile.uiRelease} (thv ${thvTag}) for ToolHive ${args.release}, studio ${args.studio}`,
  );
  const dist = path.join(args.studio, '.ui-screenshots/dist');
  if (args.build) {
    console.log('building the renderer ...');
    await profile.build(args.studio, dist, profile.setupFile);
  }
  const options = profile.options({
    studio: args.studio,
    thvTag,
    toolhiveGit: args.toolhiveGit,
    registryJson: args.registryJson,
  });

  const outDir = path.join(repoRoot, 'static/img/guides-ui', profile.uiRelease);
  const jsonFile = path.join(repoRoot, 'data/releases', args.release, 'ui/screenshots.json');
  mkdirSync(outDir, {recursive: true});
  mkdirSync(path.dirname(jsonFile), {recursive: true});
  if (args.pngDir) mkdirSync(args.pngDir, {recursive: true});
  const sizes: Record<string, {width: number; height: number}> = existsSync(jsonFile)
    ? JSON.parse(readFileSync(jsonFile, 'utf8'))
    : {};

  const unknown = args.only?.filter((n) => !profile.screens.some((s) => s.name === n)) ?? [];
  if (unknown.length) throw new Error(`unknown screen(s): ${unknown.join(', ')}`);

  const {server, url} = await serve(dist);
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumArgs});
  let failures = 0;
  try {
    const encoderPage = await (await browser.newContext()).newPage();
    for (const screen of profile.screens) {
      if (args.only && !args.only.includes(screen.name)) continue;
      for (const theme of THEMES) {
        try {
          const {png, notes} = await captureScreen(browser, url, profile, screen, theme, options);
          if (args.pngDir)
            writeFileSync(path.join(args.pngDir, `${screen.name}-${theme}.png`), png);
          const webp = await toWebp(encoderPage, png);
          writeFileSync(path.join(outDir, `${screen.name}-${theme}.webp`), webp.bytes);
          sizes[screen.name] = {width: webp.width, height: webp.height};
          console.log(
            `${screen.name}-${theme}.webp ${webp.width}x${webp.height} ` +
              `${webp.bytes.length} bytes (quality ${webp.quality})`,
          );
          for (const note of notes) console.warn(`  not answered: ${note}`);
        } catch (err) {
          failures += 1;
          console.error(`${screen.name}-${theme}: ${(err as Error).message}`);
        }
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  const sorted = Object.fromEntries(Object.entries(sizes).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(jsonFile, `${JSON.stringify(sorted, null, 2)}\n`);
  return failures > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      console.error((err as Error).stack ?? err);
      process.exitCode = 2;
    },
  );
}
