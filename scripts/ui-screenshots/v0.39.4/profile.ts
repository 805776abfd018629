/**
 * ToolHive UI v0.39.4 (the current docs version, ToolHive v0.44.0): its
 * renderer build, its data and its screens. The images are
 * static/img/guides-ui/v0.39.4/; UI v0.39.4 bundles thv v0.42.1.
 */
import {copyFileSync, mkdirSync, readFileSync} from 'node:fs';
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
import * as data from './data';

const here = path.dirname(fileURLToPath(import.meta.url));
const APP_VERSION = '0.39.4';

// ---------------------------------------------------------------------------
// Building the renderer
// ---------------------------------------------------------------------------

/**
 * Build the renderer in production mode (so that the React Query and router
 * devtools stay out of the pictures). The config mirrors
 * renderer/vite.renderer.config.ts without its Sentry upload plugin and the
 * router plugin (the route tree, route-tree.gen.ts, is in the studio tree).
 */
async function build(studio: string, outDir: string, setupFile: string): Promise<void> {
  const {load, resolve} = studioImporter(studio);
  const vite = await load<ViteModule>('vite');
  const react = (await load<() => unknown>('@vitejs/plugin-react')).default;
  const tailwind = (await load<() => unknown>('@tailwindcss/vite')).default;

  const setupDir = path.join(studio, '.ui-screenshots');
  mkdirSync(setupDir, {recursive: true});
  copyFileSync(setupFile, path.join(setupDir, 'setup.js'));
  const cwd = process.cwd();
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
        chunkSizeWarningLimit: 20_000,
      },
      plugins: [react(), tailwind(), entryPlugin('../.ui-screenshots/setup.js')],
      resolve: {
        alias: {
          '@': path.join(studio, 'renderer/src'),
          '@common': path.join(studio, 'common'),
          '@utils': path.join(studio, 'utils'),
          '@mocks': path.join(studio, 'renderer/src/common/mocks'),
        },
      },
    });
  } finally {
    process.chdir(cwd);
  }
  copyFileSync(resolve('msw/mockServiceWorker.js'), path.join(outDir, 'mockServiceWorker.js'));
}

// ---------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------

interface UpstreamServer {
  name: string;
  title?: string;
  description?: string;
  repository?: {url?: string};
  packages?: {
    registryType?: string;
    identifier?: string;
    transport?: {type?: string; url?: string};
    environmentVariables?: {
      name: string;
      description?: string;
      isRequired?: boolean;
      isSecret?: boolean;
      default?: string;
    }[];
  }[];
  remotes?: {type?: string; url?: string}[];
  _meta?: Record<string, Record<string, Record<string, Record<string, unknown>>>>;
}

/**
 * Read a registry in the upstream format that thv v0.42.1 embeds (the
 * toolhive-catalog module's pkg/catalog/toolhive/data/registry-upstream.json)
 * and turn its servers into the shape the API serves: container servers
 * with their image, remote servers with their URL, each with the ToolHive
 * metadata the publisher added (tier, tools, permissions, provenance).
 */
export function registryFromUpstream(text: string): {
  servers: Record<string, unknown>[];
  remote_servers: Record<string, unknown>[];
  last_updated?: string;
} {
  const doc = JSON.parse(text) as {
    meta?: {last_updated?: string};
    data?: {servers?: UpstreamServer[]};
  };
  const servers: Record<string, unknown>[] = [];
  const remotes: Record<string, unknown>[] = [];
  for (const s of doc.data?.servers ?? []) {
    const pkg = s.packages?.find((p) => p.registryType === 'oci');
    const remote = s.remotes?.[0];
    const key = pkg?.identifier ?? remote?.url ?? '';
    const ext = s._meta?.['io.modelcontextprotocol.registry/publisher-provided']?.[
      'io.github.stacklok'
    ]?.[key] as Record<string, unknown> | undefined;
    const base = {
      name: s.name,
      title: s.title,
      description: s.description,
      repository_url: s.repository?.url,
      tier: ext?.tier,
      status: ext?.status,
      tools: ext?.tools ?? [],
      tags: ext?.tags ?? [],
      metadata: ext?.metadata,
    };
    if (pkg) {
      const port = pkg.transport?.url ? Number(new URL(pkg.transport.url).port) : undefined;
      servers.push({
        ...base,
        image: pkg.identifier,
        transport: pkg.transport?.type ?? 'stdio',
        target_port: port || undefined,
        args: ext?.args ?? [],
        permissions: ext?.permissions,
        provenance: ext?.provenance,
        env_vars: (pkg.environmentVariables ?? []).map((e) => ({
          name: e.name,
          description: e.description,
          required: e.isRequired ?? false,
          secret: e.isSecret ?? false,
          default: e.default,
        })),
      });
    } else if (remote) {
      remotes.push({...base, url: remote.url, transport: remote.type});
    }
  }
  const byName = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    String(a.name).localeCompare(String(b.name));
  return {
    servers: servers.sort(byName),
    remote_servers: remotes.sort(byName),
    last_updated: doc.meta?.last_updated,
  };
}

function sampleRegistry() {
  const servers = data.registryServers.filter((s) => s.image);
  const remote_servers = data.registryServers.filter((s) => s.url);
  return {servers, remote_servers, last_updated: '2026-08-04T00:00:00Z'};
}

/** The tools a running server reports, as the bridge's MCP client returns them. */
function serverTools(names: string[]) {
  return Object.fromEntries(
    names.map((name) => [
      name,
      {description: data.toolDescriptions[name] ?? '', inputSchema: {properties: {}}},
    ]),
  );
}

/**
 * A playground conversation that calls a tool of the fetch server, started
 * a few minutes before the capture (the app shows times relative to now).
 */
const conversation = (t0: number) => ({
  id: 'thread-docs-summary',
  title: 'Summarize the ToolHive docs page',
  starred: false,
  createdAt: t0,
  lastEditTimestamp: t0 + 60_000,
  selectedProvider: 'anthropic',
  selectedModel: 'claude-sonnet-4-5',
  agentId: 'builtin.toolhive-assistant',
  messages: [
    {
      id: 'm1',
      role: 'user',
      metadata: {createdAt: t0},
      parts: [
        {
          type: 'text',
          text: 'Fetch https://docs.stacklok.com/toolhive and tell me in two sentences what ToolHive does.',
        },
      ],
    },
    {
      id: 'm2',
      role: 'assistant',
      metadata: {
        createdAt: t0 + 4_000,
        model: 'claude-sonnet-4-5',
        providerId: 'anthropic',
        responseTime: 5_800,
        finishReason: 'stop',
        totalUsage: {inputTokens: 2860, outputTokens: 118, totalTokens: 2978},
      },
      parts: [
        {type: 'step-start'},
        {
          type: 'dynamic-tool',
          toolName: 'fetch',
          toolCallId: 'call-1',
          state: 'output-available',
          input: {url: 'https://docs.stacklok.com/toolhive'},
          output: {
            content: [
              {type: 'text', text: '# ToolHive\n\nToolHive runs MCP servers in containers...'},
            ],
          },
        },
        {type: 'step-start'},
        {
          type: 'text',
          text:
            'ToolHive runs Model Context Protocol (MCP) servers in isolated containers and ' +
            'connects them to your AI clients. You can use it from a desktop app, a CLI or a ' +
            'Kubernetes operator, with secrets, network isolation and a curated registry of servers.',
        },
      ],
    },
  ],
});

const agents = (t0: number) => [
  {
    id: 'builtin.toolhive-assistant',
    kind: 'builtin',
    name: 'ToolHive Assistant',
    description: 'General assistant that uses the MCP tools you enable.',
    instructions: '',
    createdAt: t0,
    updatedAt: t0,
  },
  {
    id: 'builtin.skills',
    kind: 'builtin',
    name: 'Skills',
    description: 'Writes, builds and inspects skills.',
    instructions: '',
    builtinToolsKey: 'skills',
    createdAt: t0,
    updatedAt: t0,
  },
  {
    id: 'custom-release-helper',
    kind: 'custom',
    name: 'Release helper',
    description: 'Prepares release notes from merged pull requests.',
    instructions:
      'You help maintainers prepare releases. Use the GitHub tools to list the pull requests ' +
      'merged since the last tag and group them by type.',
    defaultModel: {provider: 'anthropic', model: 'claude-sonnet-4-5'},
    createdAt: t0,
    updatedAt: t0,
  },
];

function options(ctx: ProfileContext): Record<string, unknown> {
  const registry = ctx.registryJson
    ? registryFromUpstream(readFileSync(ctx.registryJson, 'utf8'))
    : sampleRegistry();
  const home = '/home/dana';
  const t0 = Date.now() - 12 * 60_000;
  return {
    platform: 'linux',
    appVersion: APP_VERSION,
    thvVersion: ctx.thvTag,
    mainLogPath: `${home}/.config/ToolHive/logs/main.log`,
    registry,
    workloads: data.workloads,
    runConfigs: data.runConfigs,
    groups: data.groups,
    clients: data.discoveredClients,
    secrets: data.secrets,
    logs: data.sampleLogs,
    skills: data.installedSkills,
    skillBuilds: data.skillBuilds,
    registrySkills: data.registrySkills,
    skillBody: data.skillBody,
    serverTools: {
      github: serverTools(data.githubTools),
      fetch: serverTools(['fetch']),
      context7: serverTools(['get-library-docs', 'resolve-library-id']),
      'arxiv-mcp-server': serverTools([
        'download_paper',
        'get_abstract',
        'list_papers',
        'read_paper',
        'search_papers',
      ]),
    },
    chatProviders: data.chatProviders,
    chatKeys: {anthropic: 'sk-ant-example'},
    selectedModel: {provider: 'anthropic', model: 'claude-sonnet-4-5'},
    enabledMcpTools: {fetch: ['fetch']},
    threads: [conversation(t0)],
    agents: agents(t0),
    cli: {
      status: {
        isManaged: true,
        cliPath: `${home}/.toolhive/bin/thv`,
        cliVersion: ctx.thvTag,
        installMethod: 'symlink',
        symlinkTarget: `/opt/ToolHive/resources/bin/linux-x64/thv`,
        isValid: true,
        lastValidated: '2026-08-11T09:00:00Z',
      },
      pathStatus: {
        isConfigured: true,
        modifiedFiles: [`${home}/.bashrc`],
        pathEntry: 'export PATH="$HOME/.toolhive/bin:$PATH"',
      },
      externalResult: {
        status: 'external-cli-found',
        cli: {path: '/home/linuxbrew/.linuxbrew/bin/thv', version: 'v0.40.0', source: 'homebrew'},
      },
    },
  };
}

// ---------------------------------------------------------------------------
// Screens
// ---------------------------------------------------------------------------

const nav = async (page: Page, label: string) => {
  await page.getByRole('navigation').getByRole('link', {name: label, exact: true}).click();
};

const toServers = async (page: Page) => {
  await nav(page, 'MCP Servers');
  await page.getByText('github', {exact: true}).first().waitFor();
};

const openServerMenu = async (page: Page, server = 'github') => {
  await toServers(page);
  const card = page.locator('[data-slot="card"]', {has: page.getByText(server, {exact: true})});
  await card.getByRole('button', {name: 'More options'}).click();
  await page.getByRole('menu').waitFor();
};

const toSettings = async (page: Page, tab?: string) => {
  await page.getByRole('link', {name: 'Settings'}).click();
  await page.getByRole('tab', {name: 'General'}).waitFor();
  if (tab) await page.getByRole('tab', {name: tab, exact: true}).click();
};

const openRegistryInstall = async (page: Page, title: string) => {
  await nav(page, 'Registry');
  await page.getByRole('button', {name: title, exact: true}).click();
  await page.getByRole('button', {name: 'Install server'}).click();
  await page.getByRole('dialog').waitFor();
};

/** Scroll the dialog's scrolling panel so that `text` is near its top. */
const scrollDialogTo = async (page: Page, text: string) => {
  await page
    .getByRole('dialog')
    .getByText(text, {exact: true})
    .first()
    .evaluate((el) => el.scrollIntoView({block: 'start'}));
};

const openAddServer = async (page: Page, item: string) => {
  await toServers(page);
  await page.getByRole('button', {name: 'Add an MCP server'}).click();
  await page.getByRole('menuitem', {name: item}).click();
  await page.getByRole('dialog').waitFor();
};

const toSkills = async (page: Page, tab: string) => {
  await nav(page, 'Skills');
  await page.getByRole('tab', {name: tab, exact: true}).click();
};

const screens: Screen[] = [
  // MCP Servers
  {name: 'servers', go: toServers},
  {name: 'server-menu', go: (page) => openServerMenu(page), keepPointer: true},
  {
    name: 'add-server-menu',
    keepPointer: true,
    go: async (page) => {
      await toServers(page);
      await page.getByRole('button', {name: 'Add an MCP server'}).click();
      await page.getByRole('menu').waitFor();
    },
  },
  {
    name: 'logs',
    go: async (page) => {
      await openServerMenu(page, 'fetch');
      await page.getByRole('menuitem', {name: 'Logs'}).click();
      await page.getByText('session opened').first().waitFor();
    },
  },
  {
    name: 'group-research',
    go: async (page) => {
      await toServers(page);
      await page.getByRole('button', {name: 'research', exact: true}).click();
      await page.getByText('arxiv-mcp-server', {exact: true}).waitFor();
    },
  },
  {
    name: 'create-group',
    go: async (page) => {
      await toServers(page);
      await page.getByRole('button', {name: 'Add a group'}).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox').fill('data-tools');
    },
  },
  {
    name: 'copy-to-group',
    go: async (page) => {
      await openServerMenu(page, 'fetch');
      await page.getByRole('menuitem', {name: 'Copy server to a group'}).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'manage-clients',
    go: async (page) => {
      await toServers(page);
      await page.getByRole('button', {name: 'Manage Clients'}).click();
      await page.getByRole('dialog').getByText('cursor', {exact: true}).waitFor();
    },
  },

  // Registry and installing servers
  {
    name: 'registry',
    go: async (page) => {
      await nav(page, 'Registry');
      await page.getByRole('button', {name: 'GitHub', exact: true}).waitFor();
    },
  },
  {
    name: 'registry-detail',
    go: async (page) => {
      await nav(page, 'Registry');
      await page.getByRole('button', {name: 'GitHub', exact: true}).click();
      await page.getByRole('button', {name: 'Install server'}).waitFor();
    },
  },
  {
    name: 'install-form',
    go: async (page) => {
      await openRegistryInstall(page, 'GitHub');
      const dialog = page.getByRole('dialog');
      await dialog
        .getByLabel('GITHUB_PERSONAL_ACCESS_TOKEN value', {exact: true})
        .fill('github_pat_11AEXAMPLE0000000000');
      await scrollDialogTo(page, 'Storage volumes');
    },
  },
  {
    name: 'install-form-network',
    go: async (page) => {
      await openRegistryInstall(page, 'GitHub');
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('tab', {name: /Network access/}).click();
      await dialog.getByText('Allowed hosts').waitFor();
    },
  },
  {
    name: 'local-server-form',
    go: async (page) => {
      await openAddServer(page, 'Custom MCP server');
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', {name: 'Server Name'}).fill('my-server');
      await dialog
        .getByRole('textbox', {name: 'Docker image'})
        .fill('ghcr.io/example/my-mcp-server:1.2.0');
      await dialog.getByRole('heading', {name: 'Custom local MCP server'}).click();
    },
  },
  {
    name: 'remote-server-form',
    go: async (page) => {
      await openAddServer(page, 'Remote MCP server');
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', {name: 'Server name'}).fill('linear');
      await dialog.getByRole('textbox', {name: 'Server URL'}).fill('https://mcp.linear.app/mcp');
      await dialog.getByText('Add a remote MCP server').click();
    },
  },
  {
    name: 'edit-server-form',
    go: async (page) => {
      await openServerMenu(page, 'github');
      await page.getByRole('menuitem', {name: 'Edit configuration'}).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Secrets', {exact: true}).waitFor();
    },
  },
  {
    name: 'customize-tools',
    go: async (page) => {
      await openServerMenu(page, 'github');
      await page.getByRole('menuitem', {name: 'Customize tools'}).click();
      await page.getByText('search_code').first().waitFor({timeout: 15_000});
    },
  },

  // Skills
  {
    name: 'skills-installed',
    go: async (page) => {
      await toSkills(page, 'Installed');
      await page.getByText('release-notes').first().waitFor();
    },
  },
  {
    name: 'skills-registry',
    go: async (page) => {
      await toSkills(page, 'Registry');
      await page.getByText('agents-md').first().waitFor();
    },
  },
  {
    name: 'skill-detail',
    go: async (page) => {
      await toSkills(page, 'Registry');
      await page.getByRole('button', {name: 'commit', exact: true}).first().click();
      await page.getByText('Commit messages').first().waitFor();
    },
  },
  {
    name: 'skill-install',
    go: async (page) => {
      await toSkills(page, 'Registry');
      await page.getByRole('button', {name: 'commit', exact: true}).first().click();
      await page.getByText('SKILL.md', {exact: true}).waitFor();
      await page.getByRole('button', {name: 'Install', exact: true}).click();
      await page.getByRole('dialog').getByText('Install skill').waitFor();
    },
  },
  {
    name: 'skills-builds',
    go: async (page) => {
      await toSkills(page, 'Local Builds');
      await page.getByText('release-notes').first().waitFor();
    },
  },
  {
    name: 'skill-build',
    go: async (page) => {
      await toSkills(page, 'Local Builds');
      await page.getByRole('button', {name: 'Build skill'}).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox').first().fill('/home/dana/skills/release-notes');
      await dialog.getByPlaceholder('e.g. v1.0.0').fill('v0.2.0');
    },
  },

  // Playground
  {
    name: 'playground',
    go: async (page) => {
      await nav(page, 'Playground');
      await page.getByText('what ToolHive does', {exact: false}).first().waitFor();
    },
  },

  // Settings
  {name: 'settings', go: (page) => toSettings(page)},
  {
    name: 'settings-registry',
    go: async (page) => {
      await toSettings(page, 'Registry');
      await page.getByRole('button', {name: 'Save'}).waitFor();
    },
  },
  {
    name: 'settings-secrets',
    go: async (page) => {
      await toSettings(page, 'Secrets');
      await page.getByText('github-token').waitFor();
    },
  },
  {
    name: 'secret-form',
    go: async (page) => {
      await toSettings(page, 'Secrets');
      await page.getByRole('button', {name: 'New secret'}).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByPlaceholder('Name').fill('jira-api-token');
      await dialog.getByPlaceholder('Secret').fill('example-secret-value');
    },
  },
  {
    name: 'settings-cli',
    go: async (page) => {
      await toSettings(page, 'CLI');
      await page.getByText('CLI Location').waitFor();
    },
  },
  {
    name: 'settings-version',
    go: async (page) => {
      await toSettings(page, 'Version');
      await page.getByText('Desktop UI version').waitFor();
    },
  },
  {
    name: 'settings-logs',
    go: async (page) => {
      await toSettings(page, 'Logs');
      await page.getByText('main.log', {exact: false}).first().waitFor();
    },
  },
  {
    name: 'help-menu',
    keepPointer: true,
    go: async (page) => {
      await toServers(page);
      await page.getByRole('button', {name: 'Help'}).click();
      await page.getByRole('menu').waitFor();
    },
  },

  // Screens shown instead of the app's pages
  {
    name: 'runtime-missing',
    scenario: 'no-runtime',
    skipReady: true,
    go: async (page) => {
      await page.getByRole('link', {name: 'Podman'}).waitFor({timeout: 20_000});
    },
  },
  {
    name: 'cli-issue',
    scenario: 'external-cli',
    skipReady: true,
    go: async (page) => {
      await page.getByRole('button', {name: 'Check Again'}).waitFor({timeout: 20_000});
    },
  },
  {
    name: 'newsletter',
    scenario: 'newsletter',
    skipReady: true,
    go: async (page) => {
      await page.getByRole('dialog').waitFor();
    },
  },
];

export const profile: Profile = {
  uiRelease: `v${APP_VERSION}`,
  setupFile: path.join(here, 'browser-setup.js'),
  build,
  options,
  ready: async (page) => {
    await page.getByRole('navigation').getByRole('link', {name: 'Skills', exact: true}).waitFor();
  },
  screens,
};
