/**
 * The data that the mocked ToolHive API and the stubbed bridge serve for the
 * ToolHive UI v0.39.4 screenshots: a sample of registry entries and skills
 * in the shapes thv v0.42.1's API returns, example servers in two groups,
 * secrets, clients and a playground conversation.
 *
 * Names, images, tools and permissions follow entries of the ToolHive
 * registry; descriptions are ours. Pass --registry-json with the catalog file
 * that thv bundles to show the real registry instead (see README.md).
 */

export interface RegistryEnvVar {
  name: string;
  description: string;
  required?: boolean;
  secret?: boolean;
  default?: string;
}

export interface RegistryServer {
  name: string;
  title?: string;
  description: string;
  tier: 'Official' | 'Community';
  status: string;
  transport: 'stdio' | 'sse' | 'streamable-http';
  image?: string;
  url?: string;
  target_port?: number;
  tools: string[];
  env_vars?: RegistryEnvVar[];
  args?: string[];
  tags: string[];
  metadata: {stars: number; last_updated: string};
  repository_url: string;
  permissions?: Record<string, unknown>;
  provenance?: Record<string, unknown>;
}

const NS = 'io.github.stacklok';

const dockyardProvenance = {
  cert_issuer: 'https://token.actions.githubusercontent.com',
  repository_uri: 'https://github.com/stacklok/dockyard',
  runner_environment: 'github-hosted',
  signer_identity: '/.github/workflows/build-containers.yml',
  sigstore_url: 'tuf-repo-cdn.sigstore.dev',
};

const outbound = (allow_host: string[], allow_port = [443]) => ({
  network: {outbound: {allow_host, allow_port}},
});
const anywhere = {network: {outbound: {insecure_allow_all: true}}};

export const githubTools = [
  'add_issue_comment',
  'create_branch',
  'create_issue',
  'create_or_update_file',
  'create_pull_request',
  'get_commit',
  'get_file_contents',
  'get_issue',
  'get_me',
  'list_branches',
  'list_commits',
  'list_issues',
  'list_pull_requests',
  'merge_pull_request',
  'pull_request_read',
  'push_files',
  'search_code',
  'search_issues',
  'search_repositories',
  'update_issue',
];

/** Registry entries, as GET /api/v1beta/registry/default/servers returns them. */
export const registryServers: RegistryServer[] = [
  {
    name: `${NS}/agentql-mcp`,
    title: 'AgentQL',
    description: 'Extracts structured data from web pages with AgentQL queries.',
    tier: 'Official',
    status: 'Active',
    transport: 'stdio',
    image: 'ghcr.io/stacklok/dockyard/npx/agentql-mcp:1.0.1',
    tools: ['extract-web-data'],
    env_vars: [
      {name: 'AGENTQL_API_KEY', description: 'AgentQL API key', required: true, secret: true},
    ],
    tags: ['web-scraping', 'data-extraction', 'automation'],
    metadata: {stars: 174, last_updated: '2026-07-31T20:52:34Z'},
    repository_url: 'https://github.com/tinyfish-io/agentql-mcp',
    permissions: outbound(['api.agentql.com']),
    provenance: dockyardProvenance,
  },
  {
    name: `${NS}/apollo-mcp-server`,
    title: 'Apollo GraphQL',
    description: 'Turns the operations of a GraphQL graph into MCP tools.',
    tier: 'Official',
    status: 'Active',
    transport: 'streamable-http',
    image: 'ghcr.io/apollographql/apollo-mcp-server:v1.20.0',
    target_port: 5000,
    tools: ['example_GetAstronautsCurrentlyInSpace'],
    env_vars: [
      {name: 'APOLLO_GRAPH_REF', description: 'Graph ID and variant'},
      {name: 'APOLLO_KEY', description: 'Apollo Studio API key', secret: true},
    ],
    tags: ['graphql', 'api', 'apollo'],
    metadata: {stars: 309, last_updated: '2026-07-18T02:27:38Z'},
    repository_url: 'https://github.com/apollographql/apollo-mcp-server',
    permissions: anywhere,
  },
  {
    name: `${NS}/arxiv-mcp-server`,
    title: 'arXiv',
    description: 'Searches arXiv and keeps downloaded papers for later reading.',
    tier: 'Community',
    status: 'Active',
    transport: 'stdio',
    image: 'ghcr.io/stacklok/dockyard/uvx/arxiv-mcp-server:0.7.2',
    tools: ['download_paper', 'get_abstract', 'list_papers', 'read_paper', 'search_papers'],
    env_vars: [
      {
        name: 'ARXIV_STORAGE_PATH',
        description: 'Folder for downloaded papers',
        default: '/arxiv-papers',
      },
    ],
    args: ['--storage-path', '/arxiv-papers'],
    tags: ['research', 'papers', 'search'],
    metadata: {stars: 2509, last_updated: '2026-07-31T21:34:39Z'},
    repository_url: 'https://github.com/blazickjp/arxiv-mcp-server',
    permissions: outbound(['arxiv.org', 'export.arxiv.org'], [443, 80]),
    provenance: dockyardProvenance,
  },
  {
    name: `${NS}/aws-documentation`,
    title: 'AWS Documentation',
    description: 'Searches and reads the AWS documentation.',
    tier: 'Official',
    status: 'Active',
    transport: 'stdio',
    image: 'public.ecr.aws/awslabs-mcp/awslabs/aws-documentation-mcp-server:1.1.20',
    tools: ['read_documentation', 'recommend', 'search_documentation'],
    tags: ['aws', 'documentation'],
    metadata: {stars: 7100, last_updated: '2026-07-28T03:10:11Z'},
    repository_url: 'https://github.com/awslabs/mcp',
    permissions: outbound(['docs.aws.amazon.com', 'proxy.search.docs.aws.amazon.com']),
  },
  {
    name: `${NS}/context7-remote`,
    title: 'Context7',
    description: 'Up-to-date library documentation and code examples, served remotely.',
    tier: 'Official',
    status: 'Active',
    transport: 'streamable-http',
    url: 'https://mcp.context7.com/mcp',
    tools: ['get-library-docs', 'resolve-library-id'],
    tags: ['documentation', 'libraries', 'remote'],
    metadata: {stars: 38000, last_updated: '2026-07-30T08:00:00Z'},
    repository_url: 'https://github.com/upstash/context7',
  },
  {
    name: `${NS}/fetch`,
    title: 'Fetch',
    description: 'Fetches web pages and returns them as Markdown.',
    tier: 'Community',
    status: 'Active',
    transport: 'streamable-http',
    image: 'ghcr.io/stackloklabs/gofetch/server:1.0.3',
    target_port: 8080,
    tools: ['fetch'],
    tags: ['web', 'content', 'html', 'markdown'],
    metadata: {stars: 44, last_updated: '2026-07-30T02:31:05Z'},
    repository_url: 'https://github.com/StacklokLabs/gofetch',
    permissions: anywhere,
    provenance: {
      ...dockyardProvenance,
      repository_uri: 'https://github.com/StacklokLabs/gofetch',
      signer_identity: '/.github/workflows/release.yml',
    },
  },
  {
    name: `${NS}/github`,
    title: 'GitHub',
    description: "Works with GitHub's repositories, issues and pull requests.",
    tier: 'Official',
    status: 'Active',
    transport: 'stdio',
    image: 'ghcr.io/github/github-mcp-server:v0.33.0',
    tools: githubTools,
    env_vars: [
      {
        name: 'GITHUB_PERSONAL_ACCESS_TOKEN',
        description: 'GitHub personal access token',
        required: true,
        secret: true,
      },
      {name: 'GITHUB_HOST', description: 'GitHub Enterprise host name'},
      {name: 'GITHUB_TOOLSETS', description: 'Toolsets to turn on'},
    ],
    tags: ['api', 'issues', 'pull-requests', 'repository'],
    metadata: {stars: 27400, last_updated: '2026-07-31T02:26:51Z'},
    repository_url: 'https://github.com/github/github-mcp-server',
    permissions: outbound(['.github.com', '.githubusercontent.com']),
    provenance: {
      ...dockyardProvenance,
      repository_uri: 'https://github.com/github/github-mcp-server',
      signer_identity: '/.github/workflows/docker-publish.yml',
    },
  },
  {
    name: `${NS}/grafana`,
    title: 'Grafana',
    description: 'Queries Grafana dashboards, data sources and alerts.',
    tier: 'Official',
    status: 'Active',
    transport: 'streamable-http',
    image: 'docker.io/mcp/grafana:0.11.2',
    target_port: 8000,
    tools: ['list_datasources', 'query_prometheus', 'search_dashboards'],
    env_vars: [
      {name: 'GRAFANA_URL', description: 'Grafana URL', required: true},
      {name: 'GRAFANA_API_KEY', description: 'Grafana service account token', secret: true},
    ],
    tags: ['monitoring', 'dashboards'],
    metadata: {stars: 1900, last_updated: '2026-07-27T02:40:00Z'},
    repository_url: 'https://github.com/grafana/mcp-grafana',
    permissions: anywhere,
  },
  {
    name: `${NS}/osv`,
    title: 'OSV',
    description: 'Looks up known vulnerabilities of packages in the OSV database.',
    tier: 'Community',
    status: 'Active',
    transport: 'streamable-http',
    image: 'ghcr.io/stackloklabs/osv-mcp/server:0.1.3',
    target_port: 8080,
    tools: ['get_vulnerability', 'query_vulnerabilities_batch', 'query_vulnerability'],
    tags: ['security', 'vulnerabilities', 'osv'],
    metadata: {stars: 26, last_updated: '2026-07-29T02:50:11Z'},
    repository_url: 'https://github.com/StacklokLabs/osv-mcp',
    permissions: outbound(['api.osv.dev']),
  },
  {
    name: `${NS}/playwright`,
    title: 'Playwright',
    description: 'Drives a browser to navigate, click and read pages.',
    tier: 'Official',
    status: 'Active',
    transport: 'streamable-http',
    image: 'mcr.microsoft.com/playwright/mcp:v0.0.70',
    target_port: 8931,
    tools: ['browser_click', 'browser_navigate', 'browser_snapshot', 'browser_type'],
    args: ['--port', '8931', '--host', '0.0.0.0'],
    tags: ['browser', 'automation', 'testing'],
    metadata: {stars: 21000, last_updated: '2026-07-30T02:12:44Z'},
    repository_url: 'https://github.com/microsoft/playwright-mcp',
    permissions: anywhere,
  },
];

/** Tool descriptions the running servers report (customize tools, playground). */
export const toolDescriptions: Record<string, string> = {
  add_issue_comment: 'Add a comment to an issue or pull request',
  create_branch: 'Create a branch in a repository',
  create_issue: 'Open an issue in a repository',
  create_or_update_file: 'Create or update one file in a repository',
  create_pull_request: 'Open a pull request',
  get_commit: 'Get the details of a commit',
  get_file_contents: 'Get the contents of a file or folder',
  get_issue: 'Get the details of an issue',
  get_me: 'Get the signed-in user',
  list_branches: 'List the branches of a repository',
  list_commits: 'List the commits of a branch',
  list_issues: 'List the issues of a repository',
  list_pull_requests: 'List the pull requests of a repository',
  merge_pull_request: 'Merge a pull request',
  pull_request_read: 'Read a pull request, its diff, files and reviews',
  push_files: 'Push several files in one commit',
  search_code: 'Search code across repositories',
  search_issues: 'Search issues and pull requests',
  search_repositories: 'Search repositories',
  update_issue: 'Change the title, body or state of an issue',
  fetch: 'Fetch a URL and return its content as Markdown',
  get_vulnerability: 'Get one vulnerability by its OSV ID',
  query_vulnerability: 'List the vulnerabilities of a package version',
  query_vulnerabilities_batch: 'List the vulnerabilities of several packages',
  search_papers: 'Search arXiv papers',
  download_paper: 'Download a paper and store it locally',
  read_paper: 'Read a downloaded paper',
  list_papers: 'List the downloaded papers',
  get_abstract: 'Get the abstract of a paper',
  'extract-web-data': 'Extract structured data from a web page',
  'get-library-docs': 'Get documentation for a library',
  'resolve-library-id': 'Find the Context7 ID of a library',
};

// ---------------------------------------------------------------------------
// Workloads
// ---------------------------------------------------------------------------

const created = '2026-08-11T09:12:00Z';

/** Servers, as GET /api/v1beta/workloads lists them. */
export const workloads = [
  {
    name: 'github',
    package: 'ghcr.io/github/github-mcp-server:v0.31.0',
    url: 'http://127.0.0.1:31205/mcp',
    port: 31205,
    transport_type: 'stdio',
    proxy_mode: 'streamable-http',
    status: 'running',
    status_context: 'Up 2 hours',
    group: 'default',
    remote: false,
    created_at: created,
  },
  {
    name: 'fetch',
    package: 'ghcr.io/stackloklabs/gofetch/server:1.0.3',
    url: 'http://127.0.0.1:18271/mcp',
    port: 18271,
    transport_type: 'streamable-http',
    status: 'running',
    status_context: 'Up 2 hours',
    group: 'default',
    remote: false,
    created_at: created,
  },
  {
    name: 'context7',
    package: 'https://mcp.context7.com/mcp',
    url: 'http://127.0.0.1:27915/mcp',
    port: 27915,
    transport_type: 'streamable-http',
    status: 'running',
    status_context: '',
    group: 'default',
    remote: true,
    created_at: created,
  },
  {
    name: 'osv',
    package: 'ghcr.io/stackloklabs/osv-mcp/server:0.1.3',
    url: 'http://127.0.0.1:40253/mcp',
    port: 40253,
    transport_type: 'streamable-http',
    status: 'stopped',
    status_context: 'Exited (0) 1 day ago',
    group: 'default',
    remote: false,
    created_at: created,
  },
  {
    name: 'arxiv-mcp-server',
    package: 'ghcr.io/stacklok/dockyard/uvx/arxiv-mcp-server:0.7.2',
    url: 'http://127.0.0.1:35111/mcp',
    port: 35111,
    transport_type: 'stdio',
    proxy_mode: 'streamable-http',
    status: 'running',
    status_context: 'Up 20 minutes',
    group: 'research',
    remote: false,
    created_at: created,
  },
  {
    name: 'fetch-research',
    package: 'ghcr.io/stackloklabs/gofetch/server:1.0.3',
    url: 'http://127.0.0.1:36402/mcp',
    port: 36402,
    transport_type: 'streamable-http',
    status: 'running',
    status_context: 'Up 20 minutes',
    group: 'research',
    remote: false,
    created_at: created,
  },
];

/** What GET /api/v1beta/workloads/{name} returns: the server's run configuration
 * (thv v0.42.1 fills proxy_port from the running server's port). */
export const runConfigs: Record<string, Record<string, unknown>> = {
  github: {
    name: 'github',
    proxy_port: 31205,
    image: 'ghcr.io/github/github-mcp-server:v0.31.0',
    transport: 'stdio',
    proxy_mode: 'streamable-http',
    group: 'default',
    cmd_arguments: [],
    env_vars: {GITHUB_TOOLSETS: 'repos,issues,pull_requests'},
    secrets: [{name: 'github-token', target: 'GITHUB_PERSONAL_ACCESS_TOKEN'}],
    volumes: [],
    network_isolation: true,
    permission_profile: {
      network: {
        outbound: {
          allow_host: ['.github.com', '.githubusercontent.com'],
          allow_port: [443],
          insecure_allow_all: false,
        },
      },
    },
    allow_docker_gateway: false,
    tools: [
      'create_issue',
      'get_file_contents',
      'get_issue',
      'list_issues',
      'list_pull_requests',
      'pull_request_read',
      'search_code',
      'search_issues',
    ],
    tools_override: {search_code: {description: 'Search code in our repositories only'}},
  },
  fetch: {
    name: 'fetch',
    proxy_port: 18271,
    image: 'ghcr.io/stackloklabs/gofetch/server:1.0.3',
    transport: 'streamable-http',
    target_port: 8080,
    group: 'default',
    cmd_arguments: [],
    env_vars: {},
    secrets: [],
    volumes: [],
    network_isolation: true,
    permission_profile: {network: {outbound: {insecure_allow_all: true}}},
    allow_docker_gateway: false,
  },
  osv: {
    name: 'osv',
    proxy_port: 40253,
    image: 'ghcr.io/stackloklabs/osv-mcp/server:0.1.3',
    transport: 'streamable-http',
    target_port: 8080,
    group: 'default',
    cmd_arguments: [],
    env_vars: {},
    secrets: [],
    volumes: [],
    network_isolation: false,
  },
  context7: {
    name: 'context7',
    proxy_port: 27915,
    url: 'https://mcp.context7.com/mcp',
    transport: 'streamable-http',
    group: 'default',
    oauth_config: {},
    header_forward: {
      add_headers_from_secret: {CONTEXT7_API_KEY: 'context7-api-key'},
    },
  },
  'arxiv-mcp-server': {
    name: 'arxiv-mcp-server',
    proxy_port: 35111,
    image: 'ghcr.io/stacklok/dockyard/uvx/arxiv-mcp-server:0.7.2',
    transport: 'stdio',
    proxy_mode: 'streamable-http',
    group: 'research',
    cmd_arguments: ['--storage-path', '/arxiv-papers'],
    env_vars: {ARXIV_STORAGE_PATH: '/arxiv-papers'},
    secrets: [],
    volumes: ['/home/dana/papers:/arxiv-papers:rw'],
    network_isolation: true,
    permission_profile: {
      network: {
        outbound: {
          allow_host: ['arxiv.org', 'export.arxiv.org'],
          allow_port: [443, 80],
          insecure_allow_all: false,
        },
      },
    },
  },
  'fetch-research': {
    name: 'fetch-research',
    proxy_port: 36402,
    image: 'ghcr.io/stackloklabs/gofetch/server:1.0.3',
    transport: 'streamable-http',
    target_port: 8080,
    group: 'research',
    cmd_arguments: [],
    env_vars: {},
    secrets: [],
    volumes: [],
    network_isolation: true,
    permission_profile: {network: {outbound: {insecure_allow_all: true}}},
  },
};

export const groups = [
  {name: 'default', registered_clients: ['claude-code', 'vscode']},
  {name: 'research', registered_clients: ['cursor']},
];

/** GET /api/v1beta/discovery/clients. */
export const discoveredClients = [
  {client_type: 'claude-code', installed: true, registered: true, supports_skills: true},
  {client_type: 'cline', installed: false, registered: false, supports_skills: false},
  {client_type: 'codex', installed: true, registered: false, supports_skills: true},
  {client_type: 'cursor', installed: true, registered: true, supports_skills: true},
  {client_type: 'goose', installed: false, registered: false, supports_skills: false},
  {client_type: 'opencode', installed: false, registered: false, supports_skills: true},
  {client_type: 'vscode', installed: true, registered: true, supports_skills: true},
  {client_type: 'vscode-insider', installed: false, registered: false, supports_skills: false},
  {client_type: 'windsurf', installed: true, registered: false, supports_skills: false},
];

export const secrets = ['context7-api-key', 'github-token', 'grafana-token'];

// ---------------------------------------------------------------------------
// Skills
// ---------------------------------------------------------------------------

const skill = (
  name: string,
  title: string,
  description: string,
  version: string,
  repo: string,
) => ({
  namespace: NS,
  name,
  title,
  description,
  version,
  status: 'active',
  license: 'Apache-2.0',
  repository: {url: repo, type: 'git'},
  packages: [
    {registryType: 'oci', identifier: `ghcr.io/stacklok/dockyard/skills/${name}:${version}`},
  ],
});

/** GET /registry/default/v0.1/x/dev.toolhive/skills. */
export const registrySkills = [
  skill(
    'agents-md',
    'AGENTS.md authoring',
    'Writes and trims AGENTS.md and CLAUDE.md files for a repository.',
    '0.3.0',
    'https://github.com/getsentry/skills',
  ),
  skill(
    'claude-api',
    'Claude API',
    'Helps build applications on the Claude API and its SDKs.',
    '1.2.0',
    'https://github.com/anthropics/skills',
  ),
  skill(
    'code-simplifier',
    'Code simplifier',
    'Reviews recent changes and proposes simpler code.',
    '0.2.0',
    'https://github.com/anthropics/claude-plugins-official',
  ),
  skill(
    'codeql',
    'CodeQL',
    'Runs CodeQL analyses and explains the findings.',
    '0.4.1',
    'https://github.com/trailofbits/skills',
  ),
  skill(
    'commit',
    'Commit messages',
    'Writes commit messages that follow the repository conventions.',
    '0.1.2',
    'https://github.com/getsentry/skills',
  ),
  skill(
    'find-bugs',
    'Find bugs',
    'Looks for bugs and security problems in a branch before review.',
    '0.2.0',
    'https://github.com/getsentry/skills',
  ),
  skill(
    'gh-review-requests',
    'GitHub review requests',
    'Lists the pull requests that wait for your review.',
    '0.1.0',
    'https://github.com/getsentry/skills',
  ),
  skill(
    'hf-cli',
    'Hugging Face CLI',
    'Uses the Hugging Face command line to manage models and datasets.',
    '0.1.0',
    'https://github.com/huggingface/skills',
  ),
];

/** GET /api/v1beta/skills: the installed skills. */
export const installedSkills = [
  {
    reference: 'ghcr.io/stacklok/dockyard/skills/commit:0.1.2',
    tag: '0.1.2',
    status: 'installed',
    scope: 'user',
    clients: ['claude-code', 'cursor'],
    installed_at: '2026-08-10T14:03:00Z',
    metadata: {
      name: 'commit',
      description: 'Writes commit messages that follow the repository conventions.',
      version: '0.1.2',
    },
  },
  {
    reference: 'ghcr.io/stacklok/dockyard/skills/find-bugs:0.2.0',
    tag: '0.2.0',
    status: 'installed',
    scope: 'project',
    project_root: '/home/dana/src/billing-service',
    clients: ['claude-code'],
    installed_at: '2026-08-11T08:40:00Z',
    metadata: {
      name: 'find-bugs',
      description: 'Looks for bugs and security problems in a branch before review.',
      version: '0.2.0',
    },
  },
  {
    reference: 'release-notes:v0.1.0',
    tag: 'v0.1.0',
    status: 'installed',
    scope: 'user',
    clients: ['claude-code', 'codex', 'cursor', 'vscode'],
    installed_at: '2026-08-11T10:05:00Z',
    metadata: {
      name: 'release-notes',
      description: 'Drafts release notes from the merged pull requests since the last tag.',
      version: 'v0.1.0',
    },
  },
];

/** GET /api/v1beta/skills/builds: skills built on this computer. */
export const skillBuilds = [
  {
    name: 'release-notes',
    tag: 'release-notes:v0.1.0',
    version: 'v0.1.0',
    description: 'Drafts release notes from the merged pull requests since the last tag.',
    digest: 'sha256:3f6c1d0b9e2a47c58d1e0f7a9b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c',
  },
];

/** GET /api/v1beta/skills/content: a skill's SKILL.md. */
export const skillBody = `---
name: commit
description: Writes commit messages that follow the repository conventions.
---

# Commit messages

Use this skill when the user asks you to commit staged changes.

1. Read the staged diff with \`git diff --cached\`.
2. Look at the last twenty commit messages to learn the repository's style.
3. Write a subject line of at most 72 characters in the imperative mood.
4. Explain in the body why the change is needed, not what each line does.

Never commit files that the user did not stage.
`;

// ---------------------------------------------------------------------------
// Playground
// ---------------------------------------------------------------------------

export const chatProviders = [
  {id: 'openai', name: 'OpenAI', models: ['gpt-5', 'gpt-5-mini', 'gpt-4.1']},
  {id: 'anthropic', name: 'Anthropic', models: ['claude-sonnet-4-5', 'claude-opus-4-1']},
  {id: 'google', name: 'Google', models: ['gemini-2.5-pro', 'gemini-2.5-flash']},
  {id: 'xai', name: 'xAI', models: ['grok-4']},
  {id: 'ollama', name: 'Ollama', models: []},
  {id: 'lmstudio', name: 'LM Studio', models: []},
  {id: 'openrouter', name: 'OpenRouter', models: []},
];

/** Container output for the logs page (sample lines; a server's real output differs). */
export const sampleLogs = [
  '2026-08-11T09:12:03Z INFO starting fetch MCP server',
  '2026-08-11T09:12:03Z INFO transport: streamable-http, listening on port 8080',
  '2026-08-11T09:12:04Z INFO registered 1 tool',
  '2026-08-11T09:14:27Z INFO session opened',
  '2026-08-11T09:14:27Z INFO tools/list',
  '2026-08-11T09:14:31Z INFO tools/call name=fetch url=https://docs.stacklok.com/toolhive',
  '2026-08-11T09:14:32Z INFO request completed status=200 duration=812ms',
  '2026-08-11T09:20:10Z INFO session closed',
].join('\n');
