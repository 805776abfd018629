/**
 * ToolHive UI v0.5.0 (the docs version 0.2.8): its renderer build, its data
 * and its screens. The images are static/img/guides-ui/v0.5.0/; UI v0.5.0
 * bundles thv v0.2.10, whose registry is read from the ToolHive mirror.
 */
import {execFileSync} from 'node:child_process';
import {copyFileSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {Page} from '@playwright/test';
import {
  entryPlugin,
  studioImporter,
  type Profile,
  type ProfileContext,
  type Screen,
  type ViteModule,
} from '../profile';

const here = path.dirname(fileURLToPath(import.meta.url));

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
// Building the renderer
// ---------------------------------------------------------------------------

/**
 * Build the renderer in production mode (so that the React Query and router
 * devtools stay out of the pictures). The config mirrors
 * renderer/vite.renderer.config.ts without its Sentry upload plugin.
 */
async function build(studio: string, outDir: string, setupFile: string): Promise<void> {
  const {load, resolve} = studioImporter(studio);
  const vite = await load<ViteModule>('vite');
  const react = (await load<() => unknown>('@vitejs/plugin-react-swc')).default;
  const tailwind = (await load<() => unknown>('@tailwindcss/postcss')).default;
  const autoprefixer = (await load<() => unknown>('autoprefixer')).default;

  const setupDir = path.join(studio, '.ui-screenshots');
  mkdirSync(setupDir, {recursive: true});
  copyFileSync(setupFile, path.join(setupDir, 'setup.js'));
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
      plugins: [react(), entryPlugin('../.ui-screenshots/setup.js')],
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
  copyFileSync(resolve('msw/mockServiceWorker.js'), path.join(outDir, 'mockServiceWorker.js'));
}

// ---------------------------------------------------------------------------
// Screens
// ---------------------------------------------------------------------------

const nav = async (page: Page, label: string) => {
  await page.getByRole('navigation').getByRole('link', {name: label, exact: true}).click();
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
  {name: 'server-menu', go: openServerMenu, keepPointer: true},
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
    skipReady: true,
    go: async (page) => {
      await page.getByRole('link', {name: 'Podman'}).waitFor({timeout: 20_000});
    },
  },
];

export const profile: Profile = {
  uiRelease: 'v0.5.0',
  setupFile: path.join(here, 'browser-setup.js'),
  build,
  options: (ctx: ProfileContext) => {
    const registry = loadRegistry(ctx.toolhiveGit, ctx.thvTag);
    return {
      platform: 'linux',
      appVersion: '0.5.0',
      thvVersion: ctx.thvTag,
      featureFlags: {playground: true},
      chatProviders,
      clients,
      registryServers: registry,
      workloads: workloads(registry),
      logs: {fetch: sampleLogs('fetch')},
      secrets: ['github-token', 'grafana-api-key', 'slack-bot-token'],
    };
  },
  ready: async (page) => {
    await page.getByRole('heading', {name: 'MCP Servers'}).waitFor();
  },
  screens,
};
