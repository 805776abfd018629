import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {parse} from 'yaml';
import {
  detectionPath,
  exampleEntries,
  loadClientData,
  loadRaw,
  renderGuidePaths,
  renderGuideTable,
  renderPage,
  siteRoot,
  validateClientData,
  type ClientData,
} from '../generate';
import {loadCliData} from '../../cli-reference/data';

const data = loadClientData();
const ids = data.clients.map((c) => c.id).sort();
const guideFile = path.join(siteRoot, 'docs', 'toolhive', 'guides-cli', 'client-configuration.mdx');

test('the client data validates against its schema', () => {
  assert.deepEqual(validateClientData(loadRaw()), []);
});

test('validation names the client and the field', () => {
  const broken = structuredClone(loadRaw()) as {clients: Record<string, unknown>[]};
  const cursor = broken.clients.find((c) => c.id === 'cursor')!;
  delete cursor.urlKey;
  cursor.types = {stdio: 'sse', sse: 'sse', 'streamable-http': 'streamableHTTP'};
  cursor.extra = true;
  const problems = validateClientData(broken).join('\n');
  assert.match(problems, /client "cursor": must have required property 'urlKey'/);
  assert.match(problems, /client "cursor" field types\.streamable-http: must be equal to one of/);
  assert.match(
    problems,
    /client "cursor": must NOT have additional properties \(unknown field "extra"\)/,
  );
  const twice = structuredClone(loadRaw()) as ClientData;
  twice.clients.push(twice.clients[0]);
  assert.match(validateClientData(twice).join('\n'), /client "vscode": duplicate id/);
});

test('the data has the 13 client IDs of thv v0.2.8', () => {
  assert.equal(data.release, 'v0.2.8');
  assert.deepEqual(ids, [
    'amp-cli',
    'amp-cursor',
    'amp-vscode',
    'amp-vscode-insider',
    'amp-windsurf',
    'claude-code',
    'cline',
    'cursor',
    'roo-code',
    'vscode',
    'vscode-insider',
    'windsurf',
    'windsurf-jetbrains',
  ]);
});

test('the IDs match the client enum of the API description', () => {
  const spec = parse(
    fs.readFileSync(path.join(siteRoot, 'static', 'api-specs', 'openapi.yaml'), 'utf8'),
  ) as {components: {schemas: Record<string, {enum?: string[]}>}};
  const schemas = spec.components.schemas;
  const clientEnum = (schemas['client.MCPClient'] ?? schemas.ClientType)?.enum;
  assert.ok(clientEnum, 'no client.MCPClient or ClientType schema in openapi.yaml');
  assert.deepEqual([...clientEnum].sort(), ids);
});

test('the IDs match the ones named in the thv client register help', (t) => {
  const register = loadCliData().commands.find((c) => c.path === 'thv client register');
  if (!register) {
    t.diagnostic('no thv client register command in data/cli/thv.yaml');
    return;
  }
  const sentence = register.description
    .split(/\n\s*\n/)
    .find((p) => p.includes('supported values'));
  assert.ok(sentence, 'the help lists the supported values');
  const named = [...sentence.matchAll(/`([a-z][a-z0-9-]*)`/g)].map((m) => m[1]).sort();
  assert.deepEqual(named, ids);
});

test('every client appears on the generated page with its paths and entry', () => {
  const page = renderPage(data);
  assert.match(page, /^---\ntitle: MCP client compatibility\n/);
  assert.doesNotMatch(page, /\{\{\w+\}\}/);
  for (const c of data.clients) {
    assert.ok(page.includes(`### ${c.name} \\{#${c.id}}`), `${c.id}: section`);
    assert.ok(page.includes(`| [${c.name}](#${c.id}) | \`${c.id}\` |`), `${c.id}: summary row`);
    for (const os of ['linux', 'macos', 'windows'] as const) {
      assert.ok(page.includes(`\`${c.configPath[os]}\``), `${c.id}: ${os} path`);
    }
    const entry = JSON.stringify(exampleEntries(c), null, 2);
    assert.ok(page.includes(entry), `${c.id}: example entry`);
  }
  assert.ok(page.includes('thv list --format mcpservers'));
  assert.equal((page.match(/<Tabs groupId="os">/g) ?? []).length, data.clients.length);
});

test('the entries follow the client settings', () => {
  const byId = (id: string) => data.clients.find((c) => c.id === id)!;
  assert.deepEqual(exampleEntries(byId('windsurf')), {
    mcpServers: {
      fetch: {serverUrl: 'http://localhost:41235/mcp', type: 'http'},
      github: {serverUrl: 'http://localhost:35217/sse#github', type: 'sse'},
    },
  });
  assert.deepEqual(Object.keys(exampleEntries(byId('amp-cli'))), ['amp.mcpServers']);
  assert.deepEqual(exampleEntries(byId('cline')).mcpServers.fetch, {
    url: 'http://localhost:41235/mcp',
  });
  assert.equal(exampleEntries(byId('roo-code')).mcpServers.fetch.type, 'streamable-http');
  assert.equal(detectionPath(byId('claude-code'), 'linux'), '~/.claude.json');
  assert.equal(detectionPath(byId('windsurf-jetbrains'), 'windows'), '%USERPROFILE%\\.codeium');
  assert.equal(detectionPath(byId('vscode'), 'macos'), '~/Library/Application Support/Code/User');
});

test("the CLI guide's client tables render from the data", () => {
  const guide = fs.readFileSync(guideFile, 'utf8');
  assert.match(guide, /^import ClientsTable from '\.\/_clients-table\.mdx';$/m);
  assert.match(guide, /^import ClientConfigPaths from '\.\/_client-config-paths\.mdx';$/m);
  assert.match(guide, /^<ClientsTable \/>$/m);
  assert.match(guide, /^<ClientConfigPaths \/>$/m);
  assert.ok(guide.includes('/toolhive/reference/client-compatibility'), 'links the reference');
  // No hand-written copy of a row is left in the guide.
  assert.doesNotMatch(guide, /^\| `(vscode|cursor|amp-cli)`\s+\|/m);
  const table = renderGuideTable(data);
  const paths = renderGuidePaths(data);
  for (const c of data.clients) {
    assert.match(table, new RegExp(`^\\| \`${c.id}\` \\|`, 'm'), `${c.id}: table row`);
    for (const os of ['linux', 'macos', 'windows'] as const) {
      assert.ok(paths.includes(`| \`${c.id}\` | \`${c.configPath[os]}\` |`), `${c.id}: ${os}`);
    }
  }
  assert.doesNotMatch(table, /^---/, 'a partial has no front matter');
});
