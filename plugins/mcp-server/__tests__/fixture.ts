/**
 * A small corpus for the unit tests: four pages with their index records and
 * twins, and an in-process client of the handler. The tests that need the
 * real build are in build.test.ts.
 */
import {Client, StreamableHTTPClientTransport} from '@modelcontextprotocol/client';
import {packRecords, type PageRecords} from '../../search/client/records';
import {llmsTxt, type Twin} from '../../markdown-twins/llms-txt';
import {corpusFrom, corpusVersion, type DocsCorpora, type DocsCorpus} from '../corpus';
import {createDocsMcpHandler, type DocsMcpHandler} from '../handler';

export const SITE = 'https://docs.example.com';

const SECRETS = `# Secrets management

Keep API keys out of your shell history.

## Set a secret

Run \`thv secret set\` and type the value.

## Use a secret

Pass it to a server with \`--secret\`.

\`\`\`bash
# Not a heading: a comment in a code block
thv run --secret github,target=GITHUB_TOKEN github
\`\`\`

### Troubleshooting

#### \`secret not found\`

Check the name with \`thv secret list\`.

## Set a secret

A second section with the same heading, on purpose.
`;

const SECRET_SET = `# thv secret set

Store a secret.

## Usage

\`\`\`text
thv secret set [flags] NAME
\`\`\`

## Flags

| Flag | Type | Default | Description |
| - | - | - | - |
| \`--help\`, \`-h\` | bool | | Shows help. |
| \`--from-file\` | string | | Read the value from a file. |
`;

const THV = `# thv

The ToolHive CLI.

## Subcommands

| Command | Summary |
| - | - |
| [\`thv secret set\`](${SITE}/toolhive/reference/cli/thv_secret_set) | Store a secret. |
`;

const LIST = `# List workloads

\`GET /api/v1beta/workloads\`

Returns the workloads.
`;

const CREATE = `# Run a new MCP server

\`POST /api/v1beta/workloads\`

Starts a workload.
`;

const GET = `# Get a workload

\`GET /api/v1beta/workloads/{name}\`

Returns one workload.
`;

const HOME = `# Example docs

Welcome.
`;

interface FixturePage {
  route: string;
  section: string;
  title: string;
  markdown: string;
  records: PageRecords['records'];
}

const FIXTURE_PAGES: FixturePage[] = [
  {
    route: '/',
    section: 'Overview',
    title: 'Example docs',
    markdown: HOME,
    records: [
      {level: 1, text: 'Example docs', parent: -1},
      {level: 0, text: 'Welcome.', parent: 0},
    ],
  },
  {
    route: '/toolhive/guides-cli/secrets-management',
    section: 'ToolHive CLI',
    title: 'Secrets management',
    markdown: SECRETS,
    records: [
      {level: 1, text: 'Secrets management', parent: -1},
      {level: 0, text: 'Keep API keys out of your shell history.', parent: 0},
      {level: 2, text: 'Set a secret', parent: 0, anchor: 'set-a-secret'},
      {level: 0, text: 'Run thv secret set and type the value.', parent: 2},
      {level: 2, text: 'Use a secret', parent: 0, anchor: 'use-a-secret'},
      {level: 0, text: 'Pass it to a server with --secret.', parent: 4},
      {level: 3, text: 'Troubleshooting', parent: 4, anchor: 'troubleshooting'},
      {level: 4, text: 'secret not found', parent: 6, anchor: 'secret-not-found'},
      {level: 0, text: 'Check the name with thv secret list.', parent: 7},
      {level: 2, text: 'Set a secret', parent: 0, anchor: 'set-a-secret-1'},
      {level: 0, text: 'A second section with the same heading, on purpose.', parent: 9},
    ],
  },
  {
    route: '/toolhive/reference/cli/thv',
    section: 'Reference',
    title: 'thv',
    markdown: THV,
    records: [
      {level: 1, text: 'thv', parent: -1},
      {level: 0, text: 'The ToolHive CLI.', parent: 0},
    ],
  },
  {
    route: '/toolhive/reference/cli/thv_secret_set',
    section: 'Reference',
    title: 'thv secret set',
    markdown: SECRET_SET,
    records: [
      {level: 1, text: 'thv secret set', parent: -1},
      {level: 0, text: 'Store a secret.', parent: 0},
      {level: 2, text: 'Usage', parent: 0, anchor: 'usage'},
      {level: 2, text: 'Flags', parent: 0, anchor: 'flags'},
      {level: 3, text: '--help, -h', parent: 3, anchor: 'flag-help', content: 'bool · Shows help.'},
      {
        level: 3,
        text: '--from-file',
        parent: 3,
        anchor: 'flag-from-file',
        content: 'string · Read the value from a file.',
      },
    ],
  },
  {
    route: '/toolhive/reference/api/list-workloads',
    section: 'Reference',
    title: 'List workloads',
    markdown: LIST,
    records: [
      {level: 1, text: 'List workloads', parent: -1},
      {level: 0, text: 'GET /api/v1beta/workloads', parent: 0},
    ],
  },
  {
    route: '/toolhive/reference/api/create-workload',
    section: 'Reference',
    title: 'Run a new MCP server',
    markdown: CREATE,
    records: [
      {level: 1, text: 'Run a new MCP server', parent: -1},
      {level: 0, text: 'POST /api/v1beta/workloads', parent: 0},
    ],
  },
  {
    route: '/toolhive/reference/api/get-workload',
    section: 'Reference',
    title: 'Get a workload',
    markdown: GET,
    records: [
      {level: 1, text: 'Get a workload', parent: -1},
      {level: 0, text: 'GET /api/v1beta/workloads/:name', parent: 0},
    ],
  },
];

/** The twin's text of a fixture page. */
export function twinOf(route: string): string {
  return FIXTURE_PAGES.find((p) => p.route === route)!.markdown;
}

const RESTART = `# thv restart

Restart a workload.
`;

/** A command that only the older version has. */
const OLDER_ONLY: FixturePage = {
  route: '/toolhive/reference/cli/thv_restart',
  section: 'Reference',
  title: 'thv restart',
  markdown: RESTART,
  records: [
    {level: 1, text: 'thv restart', parent: -1},
    {level: 0, text: 'Restart a workload.', parent: 0},
  ],
};

/**
 * The corpus of a docs version: the fixture pages under the version's path
 * (the older version also has `thv restart`).
 */
export function fixtureCorpus(version = corpusVersion('current', '')): DocsCorpus {
  const PAGES = [...FIXTURE_PAGES, ...(version.name === 'current' ? [] : [OLDER_ONLY])].map(
    (p) => ({
      ...p,
      route: p.route === '/' ? version.path || '/' : version.path + p.route,
      markdown: p.markdown.replaceAll(`${SITE}/toolhive/`, `${SITE}${version.path}/toolhive/`),
    }),
  );
  const index = packRecords(
    PAGES.map((p) => ({path: p.route, lvl0: p.section, lvl1: p.title, records: p.records})),
  );
  const twins = new Map<string, Twin>(
    PAGES.map((p) => [
      p.route,
      {route: p.route, title: p.title, description: `About ${p.title}.`, markdown: p.markdown},
    ]),
  );
  const sections = [...new Set(PAGES.map((p) => p.section))].map((title) => ({
    title,
    routes: PAGES.filter((p) => p.section === title).map((p) => p.route),
  }));
  return corpusFrom({
    version,
    index,
    llmsTxt: llmsTxt('Example', 'Summary.', sections, twins, SITE),
    twin: (route) => twins.get(route)?.markdown ?? null,
  });
}

/** Two docs versions: the current one at the root and 0.2.8 under /0.2.8. */
export function fixtureCorpora(): DocsCorpora {
  const root = fixtureCorpus(corpusVersion('current', ''));
  return {all: [root, fixtureCorpus(corpusVersion('0.2.8', '/0.2.8'))], root};
}

export function fixtureVersionsHandler(): DocsMcpHandler {
  return createDocsMcpHandler({buildDir: '/nonexistent', load: fixtureCorpora});
}

export function fixtureHandler(local = false): DocsMcpHandler {
  return createDocsMcpHandler({buildDir: '/nonexistent', local, load: () => fixtureCorpus()});
}

/** A client of the SDK connected to a handler in process, in the given protocol era. */
export async function connect(
  handler: DocsMcpHandler,
  era: 'legacy' | 'modern' = 'modern',
  url = 'http://localhost/mcp',
): Promise<Client> {
  const client = new Client(
    {name: 'test', version: '1.0.0'},
    era === 'modern' ? {versionNegotiation: {mode: {pin: '2026-07-28'}}} : {},
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      fetch: (input, init) => handler.fetch(new Request(input, init)),
    }),
  );
  return client;
}
