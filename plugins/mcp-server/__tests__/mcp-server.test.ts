// The MCP endpoint's logic on a small fixture corpus (./fixture.ts), through
// the SDK's client in process: page references, sections, the four tools,
// their errors, and the HTTP answers in front of the SDK. Needs no build;
// build.test.ts checks the same code against the real docs.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Client} from '@modelcontextprotocol/client';
import {normalizeRoute, resolvePageRef} from '../pages';
import {comparable, sectionOf} from '../markdown';
import {
  connect,
  fixtureCorpus,
  fixtureHandler,
  fixtureVersionsHandler,
  SITE,
  twinOf,
} from './fixture';

type Result = Awaited<ReturnType<Client['callTool']>>;
const textOf = (r: Result) => (r.content as {type: string; text: string}[])[0]!.text;

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Result> {
  return client.callTool({name, arguments: args});
}

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'x', version: '1'}},
});
const HEADERS = {'content-type': 'application/json', accept: 'application/json, text/event-stream'};

function post(body: string, headers: Record<string, string> = {}, method = 'POST'): Request {
  return new Request('http://localhost/mcp', {
    method,
    headers: {...HEADERS, ...headers},
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
  });
}

test('page references: paths, URLs, twins and anchors name a route', () => {
  const cases: [string, string, string | null][] = [
    ['/toolhive/faq', '/toolhive/faq', null],
    ['toolhive/faq', '/toolhive/faq', null],
    ['/toolhive/faq/', '/toolhive/faq', null],
    ['/toolhive/faq.md', '/toolhive/faq', null],
    ['/toolhive/faq.html', '/toolhive/faq', null],
    ['/toolhive/faq/index.html', '/toolhive/faq', null],
    ['/toolhive/faq?x=1#install', '/toolhive/faq', 'install'],
    [`${SITE}/toolhive/faq#some%20anchor`, '/toolhive/faq', 'some anchor'],
    [`${SITE}/index.md`, '/', null],
    [SITE, '/', null],
    ['http://127.0.0.1:3000/toolhive/faq', '/toolhive/faq', null],
    ['/llms.txt', '/llms.txt', null],
  ];
  for (const [input, route, anchor] of cases) {
    const ref = resolvePageRef(input, SITE, 'http://127.0.0.1:3000');
    assert.deepEqual(ref, {ok: true, route, anchor}, input);
  }
  assert.equal(normalizeRoute('//toolhive//faq'), '/toolhive/faq');
});

test('page references that leave the site are refused, each with its reason', () => {
  const cases: [string, string][] = [
    ['../../etc/passwd', 'outside'],
    ['/toolhive/../../etc/passwd', 'outside'],
    ['/toolhive/%2e%2e/%2E%2E/etc/passwd', 'outside'],
    ['/toolhive/%252e%252e/etc', 'outside'],
    ['./faq', 'outside'],
    ['/toolhive/faq\u0000.md', 'outside'],
    ['/toolhive/faq%00.md', 'outside'],
    ['C:\\Windows\\win.ini', 'outside'],
    ['/toolhive%5c..%5cfaq', 'outside'],
    ['file:///etc/passwd', 'outside'],
    ['javascript:alert(1)', 'outside'],
    ['https://evil.example/toolhive/faq', 'other-host'],
    ['//evil.example/toolhive/faq', 'other-host'],
    [`${SITE}.evil.example/toolhive/faq`, 'other-host'],
    ['/toolhive/%E0%A4%A', 'invalid'],
    ['   ', 'invalid'],
  ];
  for (const [input, reason] of cases) {
    const ref = resolvePageRef(input, SITE);
    assert.equal(ref.ok, false, input);
    if (!ref.ok) {
      assert.equal(ref.reason, reason, input);
      assert.ok(ref.message.includes(SITE), `${input}: the message says what to send instead`);
    }
  }
});

test('sections: a heading and what is under it, a table row with its header', () => {
  const corpus = fixtureCorpus();
  const secrets = '/toolhive/guides-cli/secrets-management';
  const anchors = corpus.anchors.get(secrets);
  assert.equal(
    sectionOf(twinOf(secrets), 'use-a-secret', anchors),
    [
      '## Use a secret',
      '',
      'Pass it to a server with `--secret`.',
      '',
      '```bash',
      '# Not a heading: a comment in a code block',
      'thv run --secret github,target=GITHUB_TOKEN github',
      '```',
      '',
      '### Troubleshooting',
      '',
      '#### `secret not found`',
      '',
      'Check the name with `thv secret list`.',
      '',
    ].join('\n'),
  );
  // Code spans in a heading, and the second of two headings with one text.
  assert.match(
    sectionOf(twinOf(secrets), 'secret-not-found', anchors)!,
    /^#### `secret not found`\n/,
  );
  assert.match(sectionOf(twinOf(secrets), 'set-a-secret-1', anchors)!, /second section/);
  assert.doesNotMatch(sectionOf(twinOf(secrets), 'set-a-secret', anchors)!, /second section/);
  // A flag's anchor names a table row.
  const set = '/toolhive/reference/cli/thv_secret_set';
  assert.equal(
    sectionOf(twinOf(set), 'flag-from-file', corpus.anchors.get(set)),
    '## Flags\n\n| Flag | Type | Default | Description |\n| - | - | - | - |\n| `--from-file` | string | | Read the value from a file. |\n',
  );
  // Without index anchors, the heading's slug.
  assert.match(sectionOf(twinOf(secrets), 'use-a-secret', undefined)!, /^## Use a secret/);
  assert.equal(sectionOf(twinOf(secrets), 'no-such-anchor', anchors), null);
  assert.equal(comparable('[`thv run`](https://x/y) **now**'), 'thv run now');
});

for (const era of ['legacy', 'modern'] as const) {
  test(`${era} clients: the four read-only tools, each with input and output schemas`, async () => {
    const client = await connect(fixtureHandler(), era);
    assert.equal(client.getProtocolEra(), era);
    const {tools} = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['search_docs', 'get_page', 'get_cli_command', 'get_api_operation'],
    );
    for (const tool of tools) {
      assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
      assert.equal(tool.annotations?.destructiveHint, false, tool.name);
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.equal(tool.outputSchema?.type, 'object', tool.name);
      assert.ok((tool.description ?? '').length > 80, tool.name);
    }
    await client.close();
  });
}

test('search_docs: ranked results with page, heading, URLs and excerpt; section and limit', async () => {
  const client = await connect(fixtureHandler());
  const result = await call(client, 'search_docs', {query: 'use a secret'});
  assert.equal(result.isError, undefined);
  const {results} = result.structuredContent as {results: Record<string, string | null>[]};
  assert.deepEqual(results[0], {
    title: 'Secrets management',
    heading: 'Use a secret',
    section: 'ToolHive CLI',
    url: `${SITE}/toolhive/guides-cli/secrets-management#use-a-secret`,
    markdownUrl: `${SITE}/toolhive/guides-cli/secrets-management.md`,
    excerpt: 'Pass it to a server with --secret.',
  });
  assert.match(
    textOf(result),
    /^Results for "use a secret", from the docs of ToolHive v0\.44\.0:\n\n1\. Secrets management > Use a secret/,
  );
  const reference = await call(client, 'search_docs', {
    query: 'secret',
    section: 'reference',
    limit: 1,
  });
  const kept = (reference.structuredContent as {results: {url: string}[]}).results;
  assert.deepEqual(
    kept.map((r) => r.url),
    [`${SITE}/toolhive/reference/cli/thv_secret_set`],
  );
  const none = await call(client, 'search_docs', {query: 'zzyzx qwxq'});
  assert.equal(none.isError, undefined);
  assert.match(textOf(none), /^No results for "zzyzx qwxq"/);
  await client.close();
});

test('get_page: the twin exactly, a section, llms.txt, and the nearest pages for a miss', async () => {
  const client = await connect(fixtureHandler());
  const route = '/toolhive/guides-cli/secrets-management';
  const whole = await call(client, 'get_page', {url: `${SITE}${route}#use-a-secret`});
  assert.equal(textOf(whole), twinOf(route));
  assert.equal((whole.structuredContent as {anchor: null}).anchor, null);
  const part = await call(client, 'get_page', {url: `${route}#use-a-secret`, section_only: true});
  assert.match(textOf(part), /^## Use a secret\n/);
  assert.deepEqual(
    {...(part.structuredContent as object), markdown: undefined},
    {
      url: `${SITE}${route}#use-a-secret`,
      markdownUrl: `${SITE}${route}.md`,
      title: 'Secrets management',
      description: 'About Secrets management.',
      section: 'ToolHive CLI',
      anchor: 'use-a-secret',
      markdown: undefined,
    },
  );
  const list = await call(client, 'get_page', {url: '/llms.txt'});
  assert.match(textOf(list), /^# Example\n/);
  const missing = await call(client, 'get_page', {url: '/toolhive/guides-cli/secrets-managment'});
  assert.equal(missing.isError, true);
  assert.match(textOf(missing), /^No page at \/toolhive\/guides-cli\/secrets-managment/);
  assert.match(
    textOf(missing),
    /Secrets management: https:\/\/docs\.example\.com\/toolhive\/guides-cli\/secrets-management/,
  );
  // A typo in the last segment: the page in the same part of the site comes first.
  const typo = await call(client, 'get_page', {url: '/toolhive/guides-cli/secret-managment'});
  assert.match(textOf(typo), /nearest pages:\n- Secrets management: /);
  const noSection = await call(client, 'get_page', {url: `${route}#nope`, section_only: true});
  assert.equal(noSection.isError, true);
  assert.match(
    textOf(noSection),
    /has no section #nope\. Its sections: #set-a-secret \(Set a secret\)/,
  );
  await client.close();
});

test('get_cli_command: a command, one flag, and a miss', async () => {
  const client = await connect(fixtureHandler());
  const route = '/toolhive/reference/cli/thv_secret_set';
  for (const command of [
    'thv secret set',
    'secret set',
    'THV  secret   set',
    'thv_secret_set',
    'thv secret set mytoken',
  ]) {
    const r = await call(client, 'get_cli_command', {command});
    assert.equal(textOf(r), twinOf(route), command);
  }
  for (const [command, flag] of [
    ['thv secret set', '--from-file'],
    ['thv secret set', 'from-file'],
    ['thv secret set --from-file=x.txt', undefined],
  ] as const) {
    const r = await call(client, 'get_cli_command', flag ? {command, flag} : {command});
    assert.deepEqual((r.structuredContent as {flag: string}).flag, '--from-file');
    assert.match(
      textOf(r),
      /^# thv secret set\n\n## Flags\n\n\| Flag \|.*\n\| - \|.*\n\| `--from-file` \|/,
    );
  }
  const short = await call(client, 'get_cli_command', {command: 'thv secret set', flag: 'h'});
  assert.equal((short.structuredContent as {flag: string}).flag, '--help');
  const noFlag = await call(client, 'get_cli_command', {
    command: 'thv secret set',
    flag: '--force',
  });
  assert.equal(noFlag.isError, true);
  assert.match(textOf(noFlag), /has no flag --force\. Its flags: --help, -h, --from-file/);
  const noCommand = await call(client, 'get_cli_command', {command: 'thv secrets sett'});
  assert.equal(noCommand.isError, true);
  assert.match(textOf(noCommand), /^No thv command "thv secrets sett"/);
  await client.close();
});

test('get_api_operation: by method and path, by a real path, by name; ambiguity and misses', async () => {
  const client = await connect(fixtureHandler());
  const path = async (operation: string) =>
    (await call(client, 'get_api_operation', {operation})).structuredContent as {
      method: string;
      path: string;
    };
  assert.deepEqual(
    {...(await path('GET /api/v1beta/workloads'))},
    {
      method: 'GET',
      path: '/api/v1beta/workloads',
      title: 'List workloads',
      url: `${SITE}/toolhive/reference/api/list-workloads`,
      markdownUrl: `${SITE}/toolhive/reference/api/list-workloads.md`,
      markdown: twinOf('/toolhive/reference/api/list-workloads'),
    },
  );
  assert.equal((await path('post /api/v1beta/workloads')).method, 'POST');
  assert.equal((await path('/api/v1beta/workloads/github')).path, '/api/v1beta/workloads/{name}');
  assert.equal(
    (await path('GET http://127.0.0.1:8080/api/v1beta/workloads/{name}')).path,
    '/api/v1beta/workloads/{name}',
  );
  assert.equal((await path('List workloads')).path, '/api/v1beta/workloads');
  assert.equal((await path('get-workload')).path, '/api/v1beta/workloads/{name}');
  const both = await call(client, 'get_api_operation', {operation: '/api/v1beta/workloads'});
  assert.equal(both.isError, true);
  assert.match(
    textOf(both),
    /Several operations have the path \/api\/v1beta\/workloads: GET .*; POST /,
  );
  const method = await call(client, 'get_api_operation', {
    operation: 'DELETE /api/v1beta/workloads',
  });
  assert.match(textOf(method), /has no DELETE operation/);
  const unknown = await call(client, 'get_api_operation', {operation: '/api/v2/things'});
  assert.match(textOf(unknown), /^No API operation has the path \/api\/v2\/things/);
  const name = await call(client, 'get_api_operation', {operation: 'workload list please'});
  assert.equal(name.isError, true);
  assert.match(textOf(name), /Operations that match its words: GET \/api\/v1beta\/workloads/);
  await client.close();
});

test('arguments of the wrong type, missing, empty or too long get a clear error', async () => {
  const client = await connect(fixtureHandler());
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['search_docs', {}, /query/],
    ['search_docs', {query: 42}, /query must be a string/],
    ['search_docs', {query: '   '}, /query is empty/],
    ['search_docs', {query: 'x'.repeat(257)}, /query is longer than 256 characters/],
    ['search_docs', {query: 'x', section: 'blog'}, /section must be one of: cli, ui, kubernetes/],
    ['search_docs', {query: 'x', limit: 11}, /limit must be at most 10/],
    ['search_docs', {query: 'x', limit: 2.5}, /limit must be a whole number/],
    ['get_page', {}, /url/],
    ['get_page', {url: ['/a']}, /url must be a string/],
    ['get_page', {url: '/a', section_only: 'yes'}, /section_only must be true or false/],
    ['get_cli_command', {command: ''}, /command is empty/],
    ['get_api_operation', {operation: null}, /operation must be a string/],
  ];
  for (const [tool, args, message] of cases) {
    const r = await call(client, tool, args);
    assert.equal(r.isError, true, `${tool} ${JSON.stringify(args)}`);
    assert.match(textOf(r), message, `${tool} ${JSON.stringify(args)}`);
  }
  await assert.rejects(call(client, 'drop_tables', {}), /Tool drop_tables not found/);
  // The server still answers.
  assert.equal((await call(client, 'search_docs', {query: 'secret'})).isError, undefined);
  await client.close();
});

test('HTTP: only POST, both content types accepted, JSON bodies, a size limit', async () => {
  const handler = fixtureHandler();
  for (const method of ['GET', 'DELETE', 'PUT', 'OPTIONS']) {
    const r = await handler.fetch(post(INIT, {}, method));
    assert.equal(r.status, 405, method);
    assert.equal(r.headers.get('allow'), 'POST');
  }
  assert.equal((await handler.fetch(post(INIT, {accept: 'application/json'}))).status, 406);
  assert.equal((await handler.fetch(post(INIT, {accept: '*/*'}))).status, 406);
  assert.equal((await handler.fetch(post(INIT, {'content-type': 'text/plain'}))).status, 415);
  const parse = await handler.fetch(post('{"jsonrpc": "2.0", "id": '));
  assert.equal(parse.status, 400);
  assert.equal(((await parse.json()) as {error: {code: number}}).error.code, -32700);
  for (const body of ['{"hello":"world"}', '42', '[]', '"tools/list"']) {
    const r = await handler.fetch(post(body));
    assert.equal(r.status, 400, body);
    assert.equal(((await r.json()) as {error: {code: number}}).error.code, -32600, body);
  }
  // A notification is accepted without an answer, as the transport specifies.
  assert.equal(
    (await handler.fetch(post('{"jsonrpc":"2.0","method":"notifications/initialized"}'))).status,
    202,
  );
  const big = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/list',
    params: {x: 'x'.repeat(70_000)},
  });
  assert.equal((await handler.fetch(post(big))).status, 413);
  const unknown = await handler.fetch(
    post(
      '{"jsonrpc":"2.0","id":7,"method":"resources/read","params":{"uri":"file:///etc/passwd"}}',
      {
        'mcp-protocol-version': '2025-06-18',
      },
    ),
  );
  assert.match(await unknown.text(), /"code":-32601,"message":"Method not found"/);
  assert.equal((await handler.fetch(post(INIT))).status, 200);
});

test('Origin: the site and loopback pages only; a local server also checks Host', async () => {
  const site = fixtureHandler();
  assert.equal((await site.fetch(post(INIT, {origin: 'https://evil.example'}))).status, 403);
  assert.equal((await site.fetch(post(INIT, {origin: 'null'}))).status, 403);
  assert.equal((await site.fetch(post(INIT, {origin: SITE}))).status, 200);
  assert.equal((await site.fetch(post(INIT, {origin: 'http://localhost:6274'}))).status, 200);
  const local = fixtureHandler(true);
  assert.equal((await local.fetch(post(INIT, {host: 'localhost:3000'}))).status, 200);
  assert.equal((await local.fetch(post(INIT, {host: 'evil.example:3000'}))).status, 403);
  assert.equal((await local.fetch(post(INIT, {host: '127.0.0.1:3000', origin: SITE}))).status, 403);
  assert.equal(
    (await local.fetch(post(INIT, {host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000'})))
      .status,
    200,
  );
});

test('a build that cannot be read gives 503 and names no path', async () => {
  const {createDocsMcpHandler} = await import('../handler');
  const handler = createDocsMcpHandler({buildDir: '/nonexistent/build'});
  const original = console.error;
  console.error = () => {};
  try {
    const r = await handler.fetch(post(INIT));
    assert.equal(r.status, 503);
    const text = await r.text();
    assert.doesNotMatch(text, /nonexistent|ENOENT/);
  } finally {
    console.error = original;
  }
});

test('versions: every tool takes a version, the root one by default, and says which it read', async () => {
  const client = await connect(fixtureVersionsHandler());
  const {tools} = await client.listTools();
  for (const tool of tools) {
    const props = (tool.inputSchema as {properties?: Record<string, {description?: string}>})
      .properties;
    assert.match(props?.version?.description ?? '', /v0\.44\.0, v0\.2\.8[\s\S]*Default: v0\.44\.0/);
  }
  assert.match(
    client.getInstructions() ?? '',
    /ToolHive v0\.44\.0 and ToolHive v0\.2\.8 \(default v0\.44\.0/,
  );

  const urls = (r: Awaited<ReturnType<typeof call>>) =>
    (r.structuredContent as {results: {url: string}[]}).results.map((x) => x.url);
  const current = await call(client, 'search_docs', {query: 'use a secret'});
  assert.equal((current.structuredContent as {version: string}).version, 'v0.44.0');
  assert.match(textOf(current), /from the docs of ToolHive v0\.44\.0:/);
  assert.ok(
    urls(current).every((u) => u.startsWith(`${SITE}/toolhive/`)),
    urls(current).join(),
  );
  for (const spelling of ['0.2.8', 'v0.2.8', '0.2']) {
    const older = await call(client, 'search_docs', {query: 'use a secret', version: spelling});
    assert.equal((older.structuredContent as {version: string}).version, 'v0.2.8');
    assert.match(textOf(older), /from the docs of ToolHive v0\.2\.8:/);
    assert.ok(urls(older).length > 0);
    assert.ok(
      urls(older).every((u) => u.startsWith(`${SITE}/0.2.8/toolhive/`)),
      urls(older).join(),
    );
  }
  for (const spelling of ['current', 'v0.44', '0.44.0']) {
    const named = await call(client, 'search_docs', {query: 'secret', version: spelling});
    assert.equal((named.structuredContent as {version: string}).version, 'v0.44.0');
  }
  const unknown = await call(client, 'search_docs', {query: 'secret', version: 'v9.9'});
  assert.equal(unknown.isError, true);
  assert.match(textOf(unknown), /no version "v9\.9"\. The versions: v0\.44\.0, v0\.2\.8/);

  // A command that only the older release has.
  const missing = await call(client, 'get_cli_command', {command: 'thv restart'});
  assert.equal(missing.isError, true);
  assert.match(textOf(missing), /No thv command "thv restart" in ToolHive v0\.44\.0/);
  const restart = await call(client, 'get_cli_command', {command: 'thv restart', version: '0.2.8'});
  assert.equal(restart.isError, undefined);
  assert.match(textOf(restart), /Restart a workload/);

  // A page's URL names its version, whatever the version argument says.
  const page = await call(client, 'get_page', {
    url: '/0.2.8/toolhive/guides-cli/secrets-management',
  });
  assert.equal(page.isError, undefined);
  assert.equal(
    (page.structuredContent as {url: string}).url,
    `${SITE}/0.2.8/toolhive/guides-cli/secrets-management`,
  );
  const list = await call(client, 'get_page', {url: '/0.2.8/llms.txt'});
  assert.equal(list.isError, undefined);
  assert.match(textOf(list), /\/0\.2\.8\/toolhive\/reference\/cli\/thv_restart/);
  const rootList = await call(client, 'get_page', {url: '/llms.txt'});
  assert.doesNotMatch(textOf(rootList), /thv_restart/);
  const op = await call(client, 'get_api_operation', {
    operation: 'GET /api/v1beta/workloads',
    version: '0.2.8',
  });
  assert.equal(
    (op.structuredContent as {url: string}).url,
    `${SITE}/0.2.8/toolhive/reference/api/list-workloads`,
  );
  await client.close();
});
