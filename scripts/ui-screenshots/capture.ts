/**
 * Take the ToolHive UI screenshots used by the UI guides.
 *
 * Builds the renderer of a toolhive-studio work tree with its own Vite config
 * (plus browser-setup.js, which stubs the Electron bridge and serves a mocked
 * ToolHive API through MSW), opens it in the system Chromium with
 * playwright-core, walks to each screen in the light and the dark theme, and
 * writes WebP images (encoded by Chromium's canvas) and their pixel sizes.
 *
 * Usage (from the repository root; see README.md for the studio checkout):
 *   tsx scripts/ui-screenshots/capture.ts [--studio /tmp/studio]
 *       [--toolhive-git /work/.mirror/stacklok+toolhive/repo] [--thv-tag v0.2.10]
 *       [--only name,name] [--png-dir DIR] [--no-build]
 *
 * Writes static/img/guides-ui/<name>-{light,dark}.webp and
 * data/releases/v0.2.8/ui/screenshots.json. Nothing from the studio tree is copied here.
 */
import {execFileSync} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {chromium, type Browser, type Page} from '@playwright/test';
import {chromiumArgs, chromiumPath} from '../chromium';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

const VIEWPORT = {width: 1280, height: 800};
const SCALE = 1.25;
const MAX_WIDTH = 1600;
const TARGET_BYTES = 120 * 1024;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

interface Args {
  studio: string;
  toolhiveGit: string;
  thvTag: string;
  only: string[] | null;
  pngDir: string | null;
  build: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    studio: '/tmp/studio',
    toolhiveGit: '/work/.mirror/stacklok+toolhive/repo',
    thvTag: 'v0.2.10',
    only: null,
    pngDir: null,
    build: true,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--studio') args.studio = path.resolve(value());
    else if (flag === '--toolhive-git') args.toolhiveGit = value();
    else if (flag === '--thv-tag') args.thvTag = value();
    else if (flag === '--only') args.only = value().split(',');
    else if (flag === '--png-dir') args.pngDir = path.resolve(value());
    else if (flag === '--no-build') args.build = false;
    else throw new Error(`unknown argument: ${argv[i]}`);
  }
  return args;
}

// ---------------------------------------------------------------------------
// Mock data handed to browser-setup.js
// ---------------------------------------------------------------------------

interface RegistryServer {
  name: string;
  [key: string]: unknown;
}

/**
 * The registry that the bundled thv serves, read from the ToolHive mirror, so
 * that the registry screens show real entries. Returns null (the app's own
 * fixtures are used) when the mirror or tag is missing.
 */
function loadRegistry(gitDir: string, tag: string): RegistryServer[] | null {
  try {
    const text = execFileSync(
      'git',
      ['--git-dir', gitDir, 'show', `${tag}:pkg/registry/data/registry.json`],
      {encoding: 'utf8', maxBuffer: 64 * 1024 * 1024},
    );
    const data = JSON.parse(text) as {servers: Record<string, Omit<RegistryServer, 'name'>>};
    return Object.entries(data.servers)
      .map(([name, server]) => ({...server, name}))
      .sort((a, b) => a.name.localeCompare(b.name));
  } catch (err) {
    console.warn(`registry: ${(err as Error).message.split('\n')[0]}; using the app fixtures`);
    return null;
  }
}

function workloads(registry: RegistryServer[] | null) {
  const image = (name: string, fallback: string) =>
    (registry?.find((s) => s.name === name)?.image as string | undefined) ?? fallback;
  const w = (
    name: string,
    pkg: string,
    port: number,
    status: string,
    statusContext: string,
    transport = 'streamable-http',
  ) => ({
    name,
    package: pkg,
    url:
      transport === 'sse' ? `http://127.0.0.1:${port}/sse#${name}` : `http://127.0.0.1:${port}/mcp`,
    port,
    tool_type: 'mcp',
    transport_type: transport,
    status,
    status_context: statusContext,
    group: 'default',
    created_at: '2025-08-22T09:12:00Z',
  });
  return [
    w(
      'fetch',
      image('fetch', 'ghcr.io/stackloklabs/gofetch/server:latest'),
      18271,
      'running',
      'Up 2 hours',
    ),
    w(
      'github',
      image('github', 'ghcr.io/github/github-mcp-server:latest'),
      40253,
      'running',
      'Up 2 hours',
      'stdio',
    ),
    w(
      'osv',
      image('osv', 'ghcr.io/stackloklabs/osv-mcp/server:latest'),
      31604,
      'stopped',
      'Exited (0) 1 day ago',
    ),
    w(
      'time',
      image('time', 'mcp/time:latest'),
      27915,
      'error',
      'Exited (1) 5 minutes ago',
      'stdio',
    ),
  ];
}

/** Container output for the logs page (sample lines, the server's real output differs). */
const sampleLogs = (name: string) =>
  [
    `2025-08-22T09:12:03Z INFO starting ${name} MCP server`,
    '2025-08-22T09:12:03Z INFO transport: streamable-http, listening on port 8080',
    '2025-08-22T09:12:04Z INFO registered 1 tool',
    '2025-08-22T09:14:27Z INFO session opened',
    '2025-08-22T09:14:27Z INFO tools/list',
    '2025-08-22T09:14:31Z INFO tools/call name=fetch',
    '2025-08-22T09:14:32Z INFO request completed status=200 duration=812ms',
    '2025-08-22T09:20:10Z INFO session closed',
  ].join('\n');

const chatProviders = [
  {id: 'openai', name: 'OpenAI', models: ['gpt-5', 'gpt-4o', 'gpt-4.1']},
  {id: 'anthropic', name: 'Anthropic', models: ['claude-sonnet-4-20250514']},
  {id: 'google', name: 'Google', models: ['gemini-2.5-pro', 'gemini-2.5-flash']},
  {id: 'xai', name: 'xAI', models: ['grok-4']},
  {id: 'openrouter', name: 'OpenRouter', models: ['openai/gpt-4o']},
];

const clients = [
  {client_type: 'claude-code', installed: true, registered: true},
  {client_type: 'cline', installed: true, registered: false},
  {client_type: 'cursor', installed: true, registered: false},
  {client_type: 'roo-code', installed: false, registered: false},
  {client_type: 'vscode', installed: true, registered: true},
  {client_type: 'vscode-insider', installed: false, registered: false},
];

// ---------------------------------------------------------------------------
// Building and serving the renderer
// ---------------------------------------------------------------------------

/** The part of Vite's API used here (Vite comes from the studio tree). */
interface ViteModule {
  build: (config: Record<string, unknown>) => Promise<unknown>;
}

/**
 * Build the renderer in production mode (so that the React Query and router
 * devtools stay out of the pictures). The config mirrors
 * renderer/vite.renderer.config.ts without its Sentry upload plugin and with
 * browser-setup.js as the page's entry.
 */
async function buildRenderer(studio: string, outDir: string): Promise<void> {
  const req = createRequire(path.join(studio, 'package.json'));
  const load = async <T>(id: string) =>
    (await import(pathToFileURL(req.resolve(id)).href)) as {default: T} & T;
  const vite = await load<ViteModule>('vite');
  const react = (await load<() => unknown>('@vitejs/plugin-react-swc')).default;
  const tailwind = (await load<() => unknown>('@tailwindcss/postcss')).default;
  const autoprefixer = (await load<() => unknown>('autoprefixer')).default;

  const setupDir = path.join(studio, '.ui-screenshots');
  mkdirSync(setupDir, {recursive: true});
  copyFileSync(path.join(here, 'browser-setup.js'), path.join(setupDir, 'setup.js'));
  process.env.VITE_BASE_API_URL = 'http://localhost:50000';
  const cwd = process.cwd();
  // Tailwind scans for class names from the working directory, as in the app's own build.
  process.chdir(studio);
  try {
    await vite.build({
      configFile: false,
      root: path.join(studio, 'renderer'),
      mode: 'production',
      logLevel: 'warn',
      build: {
        outDir,
        emptyOutDir: true,
        sourcemap: false,
        target: 'esnext',
        chunkSizeWarningLimit: 10_000,
      },
      plugins: [
        react(),
        {
          name: 'ui-screenshots-entry',
          transformIndexHtml: {
            order: 'pre',
            handler: (html: string) =>
              html.replace('/src/renderer.tsx', '../.ui-screenshots/setup.js'),
          },
        },
      ],
      css: {postcss: {plugins: [tailwind, autoprefixer]}},
      resolve: {
        alias: {
          '@': path.join(studio, 'renderer/src'),
          '@api': path.join(studio, 'api/generated'),
        },
      },
    });
  } finally {
    process.chdir(cwd);
  }
  copyFileSync(req.resolve('msw/mockServiceWorker.js'), path.join(outDir, 'mockServiceWorker.js'));
}

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
// Screens
// ---------------------------------------------------------------------------

interface Screen {
  name: string;
  scenario?: string;
  /** Bring the page to the screen; the screenshot is taken afterwards. */
  go: (page: Page) => Promise<void>;
}

const nav = async (page: Page, label: string) => {
  await page.getByRole('navigation').getByRole('link', {name: label, exact: true}).click();
};

const settle = async (page: Page, ms = 600) => {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(ms);
};

const openServerMenu = async (page: Page) => {
  await page.getByText('fetch', {exact: true}).first().waitFor();
  await page.getByRole('button', {name: 'More options'}).first().click();
  await page.getByRole('menu').waitFor();
};

const openInstallForm = async (page: Page, server: string) => {
  await nav(page, 'Registry');
  await page.getByRole('button', {name: server, exact: true}).click();
  await page.getByRole('button', {name: 'Install server'}).click();
  await page.getByRole('dialog').waitFor();
};

const screens: Screen[] = [
  {
    name: 'servers',
    go: async (page) => {
      await page.getByText('fetch', {exact: true}).first().waitFor();
    },
  },
  {name: 'server-menu', go: openServerMenu},
  {
    name: 'logs',
    go: async (page) => {
      await openServerMenu(page);
      await page.getByRole('menuitem', {name: 'Logs'}).click();
      await page.getByText('session opened').first().waitFor();
    },
  },
  {
    name: 'registry',
    go: async (page) => {
      await nav(page, 'Registry');
      await page.getByRole('button', {name: 'fetch', exact: true}).waitFor();
    },
  },
  {
    name: 'registry-detail',
    go: async (page) => {
      await nav(page, 'Registry');
      await page.getByRole('button', {name: 'github', exact: true}).click();
      await page.getByRole('button', {name: 'Install server'}).waitFor();
    },
  },
  {
    name: 'install-form',
    go: async (page) => {
      await openInstallForm(page, 'github');
      const dialog = page.getByRole('dialog');
      await dialog
        .getByLabel('GITHUB_PERSONAL_ACCESS_TOKEN value', {exact: true})
        .fill('github_pat_11AEXAMPLE0000000000');
      await dialog.getByLabel('GITHUB_PERSONAL_ACCESS_TOKEN value', {exact: true}).blur();
      // Show the top of the form (the name field) as the dialog first opens.
      await dialog.getByText('Server name', {exact: true}).scrollIntoViewIfNeeded();
      await page.evaluate(() => {
        for (const el of document.querySelectorAll('[role="dialog"] *'))
          if (el.scrollHeight > el.clientHeight + 4) el.scrollTop = 0;
      });
    },
  },
  {
    name: 'install-form-network',
    go: async (page) => {
      await openInstallForm(page, 'fetch');
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('tab', {name: 'Network Isolation'}).click();
      await dialog.getByRole('switch', {name: 'Enable outbound network filtering'}).click();
      const host = dialog.getByRole('textbox', {name: 'Host 1', exact: true});
      if (!(await host.count())) await dialog.getByRole('button', {name: 'Add a host'}).click();
      await host.fill('.github.com');
      await host.blur();
    },
  },
  {
    name: 'custom-server-form',
    go: async (page) => {
      await page.getByRole('button', {name: 'Add server'}).click();
      await page.getByRole('menuitem', {name: 'Custom MCP server'}).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('textbox', {name: 'Name', exact: true}).fill('my-server');
      await dialog
        .getByRole('textbox', {name: 'Docker image', exact: true})
        .fill('ghcr.io/example/my-mcp-server:1.0.0');
      await dialog.getByRole('heading', {name: 'Custom MCP server'}).click();
    },
  },
  {
    name: 'clients',
    go: async (page) => {
      await nav(page, 'Clients');
      await page.getByText('Cursor', {exact: false}).first().waitFor();
    },
  },
  {
    name: 'secrets',
    go: async (page) => {
      await nav(page, 'Secrets');
      await page.getByText('github-token').waitFor();
    },
  },
  {
    name: 'secret-form',
    go: async (page) => {
      await nav(page, 'Secrets');
      await page.getByRole('button', {name: 'Add secret'}).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByPlaceholder('Name').fill('jira-api-token');
      await dialog.getByPlaceholder('Secret').fill('example-secret-value');
    },
  },
  {
    name: 'settings',
    go: async (page) => {
      await page.locator('header a[href="/settings"]').click();
      await page.getByRole('tab').first().waitFor();
    },
  },
  {
    name: 'playground',
    go: async (page) => {
      await nav(page, 'Playground');
      await page.getByRole('heading', {name: 'Chat Playground'}).waitFor();
    },
  },
  {
    name: 'runtime-missing',
    scenario: 'no-runtime',
    go: async (page) => {
      await page.getByRole('link', {name: 'Podman'}).waitFor({timeout: 20_000});
    },
  },
];

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

async function captureScreen(
  browser: Browser,
  baseUrl: string,
  screen: Screen,
  theme: Theme,
  options: Record<string, unknown>,
): Promise<Buffer> {
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
    if (!screen.scenario) await page.getByRole('heading', {name: 'MCP Servers'}).waitFor();
    await screen.go(page);
    await settle(page);
    // Move the pointer away so that no hover state or tooltip shows.
    if (screen.name !== 'server-menu')
      await page.mouse.move(VIEWPORT.width - 2, VIEWPORT.height - 2);
    await settle(page, 300);
    if (problems.length) throw new Error(problems.join('\n'));
    return await page.screenshot({type: 'png'});
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!existsSync(path.join(args.studio, 'renderer/index.html')))
    throw new Error(`${args.studio} is not a toolhive-studio work tree (see README.md)`);
  const dist = path.join(args.studio, '.ui-screenshots/dist');
  if (args.build) {
    console.log('building the renderer ...');
    await buildRenderer(args.studio, dist);
  }
  const registry = loadRegistry(args.toolhiveGit, args.thvTag);
  const options = {
    platform: 'linux',
    appVersion: '0.5.0',
    thvVersion: 'v0.2.10',
    featureFlags: {playground: true},
    chatProviders,
    clients,
    registryServers: registry,
    workloads: workloads(registry),
    logs: {fetch: sampleLogs('fetch')},
    secrets: ['github-token', 'grafana-api-key', 'slack-bot-token'],
  };

  const outDir = path.join(repoRoot, 'static/img/guides-ui');
  const jsonFile = path.join(repoRoot, 'data/releases/v0.2.8/ui/screenshots.json');
  mkdirSync(outDir, {recursive: true});
  mkdirSync(path.dirname(jsonFile), {recursive: true});
  if (args.pngDir) mkdirSync(args.pngDir, {recursive: true});
  const sizes: Record<string, {width: number; height: number}> = existsSync(jsonFile)
    ? JSON.parse(readFileSync(jsonFile, 'utf8'))
    : {};

  const {server, url} = await serve(dist);
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumArgs});
  let failures = 0;
  try {
    const encoderPage = await (await browser.newContext()).newPage();
    for (const screen of screens) {
      if (args.only && !args.only.includes(screen.name)) continue;
      for (const theme of THEMES) {
        try {
          const png = await captureScreen(browser, url, screen, theme, options);
          if (args.pngDir)
            writeFileSync(path.join(args.pngDir, `${screen.name}-${theme}.png`), png);
          const webp = await toWebp(encoderPage, png);
          writeFileSync(path.join(outDir, `${screen.name}-${theme}.webp`), webp.bytes);
          sizes[screen.name] = {width: webp.width, height: webp.height};
          console.log(
            `${screen.name}-${theme}.webp ${webp.width}x${webp.height} ` +
              `${webp.bytes.length} bytes (quality ${webp.quality})`,
          );
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

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    console.error((err as Error).stack ?? err);
    process.exitCode = 2;
  },
);
