import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {parse} from 'yaml';
import {
  detectionPath,
  exampleBlock,
  exampleEntries,
  exampleToml,
  generate,
  loadClientData,
  loadRaw,
  outputs,
  renderGuidePaths,
  renderGuideTable,
  renderPage,
  siteRoot,
  templateFor,
  validateClientData,
  type ClientData,
} from '../generate';
import {clientEntries, clientFacts, goValue, stringConsts} from '../extract';
import {compareWithFacts, loadFacts} from '../facts';
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
    fs.readFileSync(path.join(siteRoot, 'static', 'api-specs', 'v0.2.8', 'openapi.yaml'), 'utf8'),
  ) as {components: {schemas: Record<string, {enum?: string[]}>}};
  const schemas = spec.components.schemas;
  const clientEnum = (schemas['client.MCPClient'] ?? schemas.ClientType)?.enum;
  assert.ok(clientEnum, 'no client.MCPClient or ClientType schema in openapi.yaml');
  assert.deepEqual([...clientEnum].sort(), ids);
});

test('the IDs match the ones named in the thv client register help', (t) => {
  const register = loadCliData().commands.find((c) => c.path === 'thv client register');
  if (!register) {
    t.diagnostic('no thv client register command in data/releases/v0.2.8/cli/thv.yaml');
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

// ---------------------------------------------------------------------------
// Releases: the data of each release against the facts of its source
// ---------------------------------------------------------------------------

const release044 = path.join(siteRoot, 'data', 'releases', 'v0.44.0', 'clients.yaml');
const data044 = loadClientData(release044);

test('the v0.44.0 client data validates against the schema', () => {
  assert.deepEqual(validateClientData(loadRaw(release044)), []);
  assert.equal(data044.release, 'v0.44.0');
  assert.equal(data044.ui.release, 'v0.39.4');
  assert.equal(data044.ui.bundledCli, 'v0.42.1');
});

test('each release has an entry for every client of its source, and no other', () => {
  for (const d of [data, data044]) {
    const facts = loadFacts(d.release);
    assert.ok(
      facts,
      `${d.release}: no clients.facts.json; run scripts/client-reference/extract.ts`,
    );
    assert.deepEqual(compareWithFacts(d, facts), [], d.release);
  }
  assert.deepEqual(
    data044.clients.map((c) => c.id).sort(),
    loadFacts('v0.44.0')!
      .clients.map((c) => c.id)
      .sort(),
  );
  assert.equal(data044.clients.length, 24);
});

test('a missing client, an extra one or a wrong fact fails the comparison', () => {
  const facts = loadFacts('v0.44.0')!;
  const broken = structuredClone(data044);
  broken.clients = broken.clients.filter((c) => c.id !== 'zed');
  broken.clients.push({...structuredClone(broken.clients[0]), id: 'amp-vscode'});
  broken.clients.find((c) => c.id === 'goose')!.types.sse = 'http';
  broken.clients.find((c) => c.id === 'codex')!.configPath.windows =
    '%USERPROFILE%\\codex\\config.toml';
  broken.llmGatewayOnly = [];
  assert.deepEqual(compareWithFacts(broken, facts), [
    'client "zed": in v0.44.0 (Zed editor) but has no entry',
    'client "amp-vscode": v0.44.0 has no such client',
    'LLM gateway only tools: the data lists [], v0.44.0 has ["claude-desktop","xcode"]',
    'client "goose" field types: the data says {"stdio":"streamable_http","sse":"http","streamable-http":"streamable_http"}, v0.44.0 has {"stdio":"streamable_http","sse":"sse","streamable-http":"streamable_http"}',
    'client "codex" field configPath: the data says {"linux":"~/.codex/config.toml","macos":"~/.codex/config.toml","windows":"%USERPROFILE%\\\\codex\\\\config.toml"}, v0.44.0 has {"linux":"~/.codex/config.toml","macos":"~/.codex/config.toml","windows":"%USERPROFILE%\\\\.codex\\\\config.toml"}',
  ]);
  // A client that the UI's bundled CLI lacks must be named in the UI notes.
  const ui = structuredClone(facts);
  ui.ui!.bundledCliClients = ui.ui!.bundledCliClients.filter((id) => id !== 'copilot-cli');
  assert.deepEqual(compareWithFacts(data044, ui), [
    'ui.notes: the bundled ToolHive v0.42.1 and v0.44.0 differ on client "copilot-cli", which the notes do not name',
  ]);
});

test('the extractor reads the client table of config.go', () => {
  const go = `
const (
	Alpha ClientApp = "alpha"
	Beta LLMClientApp = "beta"
)
const defaultURLFieldName = "url"
var supportedClientIntegrations = []clientAppConfig{
	{
		ClientType:  Alpha,
		Description: "Alpha " +
			"editor", // a comment
		Deprecated:   true,
		SettingsFile: "config.yaml",
		RelPath:      []string{"alpha"},
		PlatformPrefix: map[Platform][]string{
			PlatformLinux:  {".config"},
			PlatformDarwin: {"Library", "Application Support"},
		},
		MCPServersPathPrefix: "/servers",
		Extension:            YAML,
		SupportedTransportTypesMap: map[types.TransportType]string{
			types.TransportTypeStdio: "streamable",
			types.TransportTypeSSE:   "sse",
		},
		IsTransportTypeFieldSupported: true,
		MCPServersUrlLabelMap: map[types.TransportType]string{
			types.TransportTypeSSE: "uri",
		},
		YAMLStorageType: YAMLStorageTypeArray,
		YAMLDefaults:    map[string]interface{}{"enabled": true, "timeout": 60},
		SupportsSkills:   true,
		SkillsGlobalPath: []string{".alpha", "skills"},
		SkillsProjectPath: []string{".alpha", "skills"},
	},
	{
		ClientType:     ClientApp(Beta),
		Description:    "Beta",
		LLMGatewayOnly: true,
		LLMGatewayMode: llmgateway.ModeProxy,
		LLMSettingsFile: "s.json",
		LLMSettingsRelPath: []string{"beta"},
	},
}
const (
	YAML Extension = "yaml"
	YAMLStorageTypeArray YAMLStorageType = "array"
)
`;
  const consts = {...stringConsts(go), 'llmgateway.ModeProxy': 'proxy'};
  const [alpha, beta] = clientEntries(go, consts);
  assert.equal(alpha.Description, 'Alpha editor');
  const facts = clientFacts(alpha);
  assert.deepEqual(facts.configPath, {
    linux: '~/.config/alpha/config.yaml',
    macos: '~/Library/Application Support/alpha/config.yaml',
    windows: '%USERPROFILE%\\alpha\\config.yaml',
  });
  assert.deepEqual(facts.types, {stdio: 'streamable', sse: 'sse', 'streamable-http': null});
  assert.deepEqual(facts.urlKey, {stdio: 'url', sse: 'uri', 'streamable-http': 'url'});
  assert.equal(facts.storage, 'list');
  assert.equal(facts.nameKey, 'name');
  assert.equal(facts.deprecated, true);
  assert.deepEqual(facts.fixedFields, {enabled: true, timeout: 60});
  assert.deepEqual(facts.skills?.user.windows, '%USERPROFILE%\\.alpha\\skills');
  assert.equal(beta.LLMGatewayOnly, true);
  assert.equal(beta.ClientType, 'beta');
  assert.throws(() => goValue('Unknown', consts), /unknown identifier Unknown/);
});

test('the v0.44.0 page shows every client in its own file format', () => {
  const page = renderPage(data044, undefined, release044);
  assert.doesNotMatch(page, /custom_edit_url/, 'edit links come from the docs plugin option');
  assert.doesNotMatch(page, /\{\{\w+\}\}/);
  for (const c of data044.clients) {
    assert.ok(page.includes(`### ${c.name} \\{#${c.id}}`), `${c.id}: section`);
    const block = exampleBlock(c);
    assert.ok(page.includes(block.text), `${c.id}: example`);
    if (block.lang === 'yaml') assert.deepEqual(parse(block.text), exampleEntries(c));
    if (block.lang === 'json') assert.deepEqual(JSON.parse(block.text), exampleEntries(c));
  }
  const byId = (id: string) => data044.clients.find((c) => c.id === id)!;
  assert.deepEqual(exampleEntries(byId('gemini-cli')).mcpServers, {
    fetch: {httpUrl: 'http://localhost:41235/mcp'},
    github: {httpUrl: 'http://localhost:35217/mcp'},
    docs: {url: 'http://localhost:52310/sse#docs'},
  });
  assert.equal(
    exampleToml(byId('mistral-vibe')).split('\n\n')[2],
    '[[mcp_servers]]\nname = "docs"\ntransport = "http"\nurl = "http://localhost:52310/sse#docs"',
  );
  assert.equal(
    exampleToml(byId('codex')).split('\n\n')[0],
    '[mcp_servers.docs]\nurl = "http://localhost:52310/sse#docs"',
  );
  assert.deepEqual(exampleEntries(byId('goose')).extensions.fetch, {
    description: '',
    enabled: true,
    name: 'fetch',
    timeout: 60,
    type: 'streamable_http',
    uri: 'http://localhost:41235/mcp',
  } as unknown as Record<string, string>);
  assert.match(page, /\*\*Claude Desktop\*\* \(`claude-desktop`, `credential-helper` mode\)/);
  assert.match(page, /\[Roo Code\]\(#roo-code\) \(deprecated\)/);
});

test('the generator takes the data file, the output folder and a route base', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'client-reference-'));
  try {
    const files = generate({data: release044, outDir: out, routeBase: '/toolhive/next'});
    assert.deepEqual(
      files.map((f) => path.relative(out, f)),
      [outputs.page, outputs.table, outputs.paths],
    );
    const page = fs.readFileSync(files[0], 'utf8');
    assert.match(page, /\]\(\/toolhive\/next\/guides-cli\/client-configuration\)/);
    assert.doesNotMatch(page, /\]\(\/toolhive\/(?!next)/);
    const table = fs.readFileSync(files[1], 'utf8');
    assert.match(table, /^\{\/\*Generated from data\/releases\/v0\.44\.0\/clients\.yaml /);
    assert.match(table, /\(\/toolhive\/next\/reference\/client-compatibility#gemini-cli\)/);
  } finally {
    fs.rmSync(out, {recursive: true});
  }
  assert.equal(
    templateFor('v0.44.0'),
    path.join(siteRoot, 'scripts', 'client-reference', 'template-v0.44.0.md'),
  );
  assert.equal(
    templateFor('v0.2.8'),
    path.join(siteRoot, 'scripts', 'client-reference', 'template.md'),
  );
});
