/**
 * The MCP endpoint of the served build (`/mcp` on the test server, which is
 * scripts/serve-build.ts with the production handler), driven by the
 * official SDK's client over Streamable HTTP in both protocol eras, and by
 * raw HTTP for what a client library would never send. After every bad
 * request the endpoint must still answer.
 */
import {expect, test, type APIRequestContext} from '@playwright/test';
import {Client, StreamableHTTPClientTransport} from '@modelcontextprotocol/client';
import {twinPath} from '../../markdown-twins/twin-path';
import {MCP_PATH} from '../endpoint';
import {DOCS_VERSIONS, versionPath} from '../../../docs-versions';

const SITE = 'https://docs.stacklok.com';
const ERAS = ['modern', 'legacy'] as const;
type Era = (typeof ERAS)[number];

async function connect(baseURL: string | undefined, era: Era = 'modern'): Promise<Client> {
  const client = new Client(
    {name: 'docs-e2e', version: '1.0.0'},
    era === 'modern' ? {versionNegotiation: {mode: {pin: '2026-07-28'}}} : {},
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(MCP_PATH, baseURL)));
  return client;
}

type Result = Awaited<ReturnType<Client['callTool']>>;
const textOf = (r: Result) => (r.content as {text: string}[])[0]!.text;

/** The endpoint still serves a search. */
async function stillAnswers(baseURL: string | undefined): Promise<void> {
  const client = await connect(baseURL, 'legacy');
  const r = await client.callTool({name: 'search_docs', arguments: {query: 'install', limit: 1}});
  expect(r.isError).toBeFalsy();
  await client.close();
}

for (const era of ERAS) {
  test(`${era} client: initialize and list the four read-only tools`, async ({baseURL}) => {
    const client = await connect(baseURL, era);
    expect(client.getProtocolEra()).toBe(era);
    expect(client.getServerVersion()?.name).toBe('toolhive-docs');
    const {tools} = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'search_docs',
      'get_page',
      'get_cli_command',
      'get_api_operation',
    ]);
    for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);
    await client.close();
  });
}

test('search_docs finds the page that answers each question first', async ({baseURL}) => {
  const client = await connect(baseURL);
  const cases: [string, string][] = [
    ['how do I install the thv CLI on macOS', '/toolhive/guides-cli/install'],
    [
      'pass an API key to an MCP server',
      '/toolhive/guides-cli/secrets-management#pass-secrets-to-mcp-servers',
    ],
    ['deploy the operator with Helm', '/toolhive/guides-k8s/deploy-operator-helm'],
    ['--isolate-network', '/toolhive/reference/cli/thv_run#flag-isolate-network'],
    ['GET /api/v1beta/workloads/{name}/logs', '/toolhive/reference/api/get-workload-logs'],
  ];
  for (const [query, url] of cases) {
    const r = await client.callTool({name: 'search_docs', arguments: {query}});
    const results = (r.structuredContent as {results: {url: string; markdownUrl: string}[]})
      .results;
    expect(results[0]?.url, query).toBe(`${SITE}${url}`);
    expect(results[0]?.markdownUrl, query).toBe(`${SITE}${twinPath(url.split('#')[0]!)}`);
    expect(results.length).toBeLessThanOrEqual(10);
  }
  await client.close();
});

test('every tool reads the version it is given: search_docs says which release it searched', async ({
  baseURL,
  request,
}) => {
  const client = await connect(baseURL);
  const versions = DOCS_VERSIONS.map((v) => ({...v, path: versionPath(v.name)}));
  for (const v of versions) {
    const r = await client.callTool({
      name: 'search_docs',
      arguments: {query: 'secrets', version: v.release},
    });
    expect(textOf(r)).toContain(`from the docs of ToolHive ${v.release}:`);
    const urls = (r.structuredContent as {results: {url: string}[]}).results.map(
      (x) => new URL(x.url).pathname,
    );
    expect(urls.length).toBeGreaterThan(0);
    for (const other of versions.filter((o) => o.path && o.name !== v.name))
      expect(urls.filter((u) => u.startsWith(`${other.path}/`))).toEqual([]);
    if (v.path) for (const u of urls) expect(u.startsWith(`${v.path}/`), u).toBe(true);
    // Each version's llms.txt, as get_page gives it and as the site serves it.
    const list = await client.callTool({name: 'get_page', arguments: {url: `${v.path}/llms.txt`}});
    expect(textOf(list)).toBe(await (await request.get(`${v.path}/llms.txt`)).text());
  }
  await client.close();
});

test("get_page returns exactly the twin's text, and a section when asked", async ({
  baseURL,
  request,
}) => {
  const client = await connect(baseURL, 'legacy');
  for (const route of ['/toolhive/guides-cli/run-mcp-servers', '/toolhive/faq', '/']) {
    const twin = await (await request.get(twinPath(route))).text();
    for (const url of [route, `${SITE}${route}`, `${SITE}${twinPath(route)}`]) {
      const r = await client.callTool({name: 'get_page', arguments: {url}});
      expect(textOf(r), url).toBe(twin);
    }
  }
  const section = await client.callTool({
    name: 'get_page',
    arguments: {
      url: `${SITE}/toolhive/guides-cli/remote-mcp-servers#sign-in-to-the-remote-server`,
      section_only: true,
    },
  });
  // The section with its subsections, up to the next heading of its level.
  expect(textOf(section)).toMatch(/^## Sign in to the remote server\n/);
  expect(textOf(section)).toMatch(/\n### Give the sign-in settings\n/);
  expect(textOf(section)).not.toMatch(/\n## Send a token of your own/);
  await client.close();
});

test('get_cli_command and get_api_operation look up one entry', async ({baseURL, request}) => {
  const client = await connect(baseURL);
  const run = await client.callTool({
    name: 'get_cli_command',
    arguments: {command: 'thv run', flag: '--proxy-port'},
  });
  expect(textOf(run)).toMatch(
    /^# thv run\n\n## Flags\n\n\| Flag \| Type \| Default \| Description \|/,
  );
  expect(textOf(run).trim().split('\n').at(-1)).toMatch(/^\| `--proxy-port` \|/);
  const op = await client.callTool({
    name: 'get_api_operation',
    arguments: {operation: 'GET /api/v1beta/workloads/github/logs'},
  });
  expect(op.structuredContent).toMatchObject({
    method: 'GET',
    path: '/api/v1beta/workloads/{name}/logs',
  });
  expect(textOf(op)).toBe(
    await (await request.get('/toolhive/reference/api/get-workload-logs.md')).text(),
  );
  await client.close();
});

test('bad tool calls get clear errors and the server keeps answering', async ({baseURL}) => {
  const client = await connect(baseURL);
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['search_docs', {}, /query/],
    ['search_docs', {query: 7}, /query must be a string/],
    ['search_docs', {query: ' '}, /query is empty/],
    ['search_docs', {query: 'a'.repeat(257)}, /longer than 256 characters/],
    ['get_page', {url: '../../etc/passwd'}, /would leave the page tree/],
    ['get_page', {url: '/toolhive/%2e%2e/%2e%2e/etc/passwd'}, /would leave the page tree/],
    ['get_page', {url: '/etc/passwd'}, /^No page at \/etc\/passwd/],
    ['get_page', {url: 'file:///etc/passwd'}, /"file:" references are not pages/],
    ['get_page', {url: '/toolhive/faq\u0000.md'}, /null byte/],
    ['get_page', {url: 'https://example.com/toolhive/faq'}, /example\.com is another site/],
    [
      'get_page',
      {url: '/toolhive/guides-cli/run-mcp-server'},
      /Run MCP servers: https:\/\/docs\.stacklok\.com\/toolhive\/guides-cli\/run-mcp-servers/,
    ],
    ['get_cli_command', {command: 'thv frobnicate'}, /^No thv command "thv frobnicate"/],
    ['get_api_operation', {operation: 'GET /api/v9/nothing'}, /^No API operation has the path/],
  ];
  for (const [name, args, message] of cases) {
    const r = await client.callTool({name, arguments: args});
    expect(r.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
    expect(textOf(r), `${name} ${JSON.stringify(args)}`).toMatch(message);
  }
  await expect(client.callTool({name: 'read_file', arguments: {}})).rejects.toThrow(/not found/);
  await client.close();
  await stillAnswers(baseURL);
});

const HEADERS = {'content-type': 'application/json', accept: 'application/json, text/event-stream'};
const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: {name: 'raw', version: '1'},
  },
};

async function post(
  request: APIRequestContext,
  data: string | object,
  headers: Record<string, string> = {},
) {
  // A Buffer goes as it is (Playwright would encode a string as JSON).
  return request.post(MCP_PATH, {
    headers: {...HEADERS, ...headers},
    data: Buffer.from(typeof data === 'string' ? data : JSON.stringify(data)),
  });
}

test('bad HTTP requests get their status and the server keeps answering', async ({
  baseURL,
  request,
}) => {
  const checks: [string, () => ReturnType<typeof post>, number, RegExp][] = [
    ['malformed JSON', () => post(request, '{"jsonrpc": "2.0", "id": '), 400, /"code":-32700/],
    [
      'JSON that is no JSON-RPC message',
      () => post(request, {hello: 'world'}),
      400,
      /"code":-32600/,
    ],
    ['an empty batch', () => post(request, []), 400, /"code":-32600/],
    [
      'an unknown method',
      () =>
        post(
          request,
          {jsonrpc: '2.0', id: 2, method: 'shell/exec'},
          {'mcp-protocol-version': '2025-11-25'},
        ),
      200,
      /"code":-32601/,
    ],
    [
      'a body over 64 KiB',
      () => post(request, {...INIT, pad: 'x'.repeat(70_000)}),
      413,
      /Payload Too Large/,
    ],
    [
      'GET',
      () => request.get(MCP_PATH, {headers: {accept: 'text/event-stream'}}),
      405,
      /POST requests only/,
    ],
    ['DELETE', () => request.delete(MCP_PATH), 405, /POST requests only/],
    [
      'Accept without event streams',
      () => post(request, INIT, {accept: 'application/json'}),
      406,
      /Not Acceptable/,
    ],
    [
      'a form body',
      () => post(request, INIT, {'content-type': 'application/x-www-form-urlencoded'}),
      415,
      /Unsupported Media Type/,
    ],
    [
      'a foreign Origin',
      () => post(request, INIT, {origin: 'https://attacker.example'}),
      403,
      /Invalid Origin/,
    ],
    ['a foreign Host', () => post(request, INIT, {host: 'attacker.example'}), 403, /Invalid Host/],
  ];
  for (const [what, send, status, body] of checks) {
    const response = await send();
    expect(response.status(), what).toBe(status);
    expect(await response.text(), what).toMatch(body);
  }
  const notification = await post(request, {jsonrpc: '2.0', method: 'notifications/initialized'});
  expect(notification.status()).toBe(202);
  const ok = await post(request, INIT, {origin: new URL(baseURL!).origin});
  expect(ok.status()).toBe(200);
  await stillAnswers(baseURL);
});
