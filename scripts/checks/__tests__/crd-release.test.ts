import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {findRepoRoot} from '../lib/code-blocks';
import {loadRelease, releaseOf, valuesAt} from '../lib/crd-release';
import {checkMarkdownManifests, checkYamlText, type ManifestValidators} from '../lib/crd-yaml';
import {checkCrdExamples, formatReport, loadValidators} from '../crd-examples';

const ROOT = findRepoRoot();
const V044 = path.join(ROOT, 'data/releases/v0.44.0/crd');
const EXAMPLES = path.join(ROOT, 'scripts/crd-reference/v0.44.0/examples');
const validators: ManifestValidators = loadValidators(ROOT, {releaseDir: V044});
const legacy: ManifestValidators = loadValidators(ROOT);

const messages = (text: string, v: ManifestValidators = validators) =>
  checkYamlText(v, text).problems.map((p) => p.message);

test('the release folder holds the 14 kinds of ToolHive v0.44.0', () => {
  const release = validators.release!;
  assert.equal(release.release, 'v0.44.0');
  assert.equal(release.group, 'toolhive.stacklok.dev');
  assert.deepEqual([...release.kinds.keys()].sort(), [
    'EmbeddingServer',
    'MCPAuthzConfig',
    'MCPExternalAuthConfig',
    'MCPGroup',
    'MCPOIDCConfig',
    'MCPRegistry',
    'MCPRemoteProxy',
    'MCPServer',
    'MCPServerEntry',
    'MCPTelemetryConfig',
    'MCPToolConfig',
    'MCPWebhookConfig',
    'VirtualMCPCompositeToolDefinition',
    'VirtualMCPServer',
  ]);
  assert.equal(releaseOf(V044), 'v0.44.0');
  assert.equal(releaseOf(path.join(ROOT, 'data/releases/v0.2.8/crd')), 'v0.2.8');
});

test('every example manifest passes, one per kind', () => {
  const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.yaml'));
  assert.equal(files.length, 14);
  for (const f of files) {
    const r = checkYamlText(validators, readFileSync(path.join(EXAMPLES, f), 'utf8'));
    assert.equal(r.manifests, 1, f);
    assert.deepEqual(r.problems, [], f);
  }
});

/** A control manifest per kind, with one unknown field, one wrong enum value and one missing required field. */
const CONTROLS: Record<
  string,
  {yaml: string; unknown: RegExp; enumValue: RegExp; required: RegExp}
> = {
  MCPServer: {
    yaml: `apiVersion: toolhive.stacklok.dev/v1beta1
kind: MCPServer
metadata:
  name: fetch
spec:
  imagee: ghcr.io/stackloklabs/gofetch/server
  transport: websocket
`,
    unknown: /strict decoding error: unknown field "spec\.imagee"/,
    enumValue:
      /spec\.transport: Unsupported value: "websocket": supported values: "stdio", "streamable-http", "sse"/,
    required: /spec\.image: Required value/,
  },
  VirtualMCPServer: {
    yaml: `apiVersion: toolhive.stacklok.dev/v1beta1
kind: VirtualMCPServer
metadata:
  name: engineering
spec:
  groupRef:
    name: engineering
  serviceType: Ingress
  config:
    aggregation:
      conflictResolution: prefix
      conflictResolutin: prefix
`,
    unknown: /unknown field "spec\.config\.aggregation\.conflictResolutin"/,
    enumValue: /spec\.serviceType: Unsupported value: "Ingress"/,
    required: /spec\.incomingAuth: Required value/,
  },
  MCPExternalAuthConfig: {
    yaml: `apiVersion: toolhive.stacklok.dev/v1beta1
kind: MCPExternalAuthConfig
metadata:
  name: exchange
spec:
  type: tokenSwap
  tokenExchange:
    audience: github
    clientSecret: plain
`,
    unknown: /unknown field "spec\.tokenExchange\.clientSecret"/,
    enumValue: /spec\.type: Unsupported value: "tokenSwap"/,
    required: /spec\.tokenExchange\.tokenUrl: Required value/,
  },
  EmbeddingServer: {
    yaml: `apiVersion: toolhive.stacklok.dev/v1beta1
kind: EmbeddingServer
metadata:
  name: embeddings
spec:
  imagePullPolicy: Sometimes
  modelCache:
    sizeGi: 5
  hfTokenSecretRef:
    name: hf-token
`,
    unknown: /unknown field "spec\.modelCache\.sizeGi"/,
    enumValue:
      /spec\.imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "Never", "IfNotPresent"/,
    required: /spec\.hfTokenSecretRef\.key: Required value/,
  },
  MCPWebhookConfig: {
    yaml: `apiVersion: toolhive.stacklok.dev/v1alpha1
kind: MCPWebhookConfig
metadata:
  name: hooks
spec:
  validating:
    - name: check
      url: https://policy.example.com/check
      failurePolicy: retry
      retries: 3
    - url: https://policy.example.com/other
`,
    unknown: /unknown field "spec\.validating\[0\]\.retries"/,
    enumValue:
      /spec\.validating\[0\]\.failurePolicy: Unsupported value: "retry": supported values: "fail", "ignore"/,
    required: /spec\.validating\[1\]\.name: Required value/,
  },
};

for (const [kind, c] of Object.entries(CONTROLS)) {
  test(`${kind}: an unknown field, a wrong enum value and a missing required field fail`, () => {
    const m = messages(c.yaml);
    assert.ok(
      m.some((x) => c.unknown.test(x)),
      `unknown field not reported:\n${m.join('\n')}`,
    );
    assert.ok(
      m.some((x) => c.enumValue.test(x)),
      `enum not reported:\n${m.join('\n')}`,
    );
    assert.ok(
      m.some((x) => c.required.test(x)),
      `required field not reported:\n${m.join('\n')}`,
    );
    assert.ok(
      m.every((x) => x.startsWith(`${kind} `)),
      m.join('\n'),
    );
  });
}

test('types, bounds, patterns and defaults are checked as the API server does', () => {
  const base = `apiVersion: toolhive.stacklok.dev/v1beta1
kind: MCPServer
metadata:
  name: fetch
spec:
  image: example/fetch
`;
  assert.match(
    messages(`${base}  proxyPort: 70000\n`).join('\n'),
    /spec\.proxyPort: Invalid value: 70000: spec\.proxyPort in body must be <= 65535/,
  );
  assert.match(
    messages(`${base}  replicas: "2"\n`).join('\n'),
    /spec\.replicas: Invalid value: "2": spec\.replicas in body must be of type integer/,
  );
  // authzConfig.type defaults to configMap, so configMap is then required (CEL rule).
  assert.match(
    messages(
      `${base}  authzConfig:\n    inline:\n      policies: ["permit(principal, action, resource);"]\n`,
    ).join('\n'),
    /spec\.authzConfig: Invalid value: "object": failed rule: self\.type == 'configMap' \? has\(self\.configMap\) : !has\(self\.configMap\)/,
  );
  assert.match(
    messages(
      `${base}  rateLimiting:\n    shared:\n      maxTokens: 10\n      refillPeriod: 1m\n`,
    ).join('\n'),
    /failed rule: !has\(self\.rateLimiting\) \|\| \(has\(self\.sessionStorage\)/,
  );
  assert.deepEqual(messages(`${base}  env:\n    - name: A\n      value: "1"\n`), []);
  assert.match(
    messages(
      `${base}  env:\n    - name: A\n      value: "1"\n    - name: A\n      value: "2"\n`,
    ).join('\n'),
    /spec\.env: Duplicate value/,
  );
});

test('versions: a deprecated version passes, a version the CRD does not serve fails', () => {
  const group = (v: string) =>
    `apiVersion: toolhive.stacklok.dev/${v}\nkind: MCPGroup\nmetadata:\n  name: team\nspec: {}\n`;
  assert.deepEqual(messages(group('v1alpha1')), []);
  assert.deepEqual(messages(group('v1beta1')), []);
  assert.match(
    messages(group('v1')).join('\n'),
    /does not serve v1; use toolhive\.stacklok\.dev\/v1beta1 or toolhive\.stacklok\.dev\/v1alpha1/,
  );
  const webhook = readFileSync(path.join(EXAMPLES, 'mcpwebhookconfig.yaml'), 'utf8');
  assert.match(
    messages(webhook.replace('v1alpha1', 'v1beta1')).join('\n'),
    /MCPWebhookConfig CRD of ToolHive v0\.44\.0 does not serve v1beta1; use toolhive\.stacklok\.dev\/v1alpha1/,
  );
  assert.match(
    messages(
      'apiVersion: toolhive.stacklok.dev/v1beta1\nkind: MCPProxy\nmetadata:\n  name: x\n',
    ).join('\n'),
    /has no kind "MCPProxy" in ToolHive v0\.44\.0/,
  );
  assert.match(messages('kind: MCPGroup\nmetadata:\n  name: x\n').join('\n'), /apiVersion must be/);
});

test('ToolHive v0.2.8 data refuses the kinds that came later', () => {
  const group =
    'apiVersion: toolhive.stacklok.dev/v1alpha1\nkind: MCPGroup\nmetadata:\n  name: team\n';
  assert.match(
    messages(group, legacy).join('\n'),
    /has no kind "MCPGroup" in ToolHive v0\.2\.8 \(its kinds: MCPServer\)/,
  );
  assert.match(
    messages(readFileSync(path.join(EXAMPLES, 'mcpserver.yaml'), 'utf8'), legacy).join('\n'),
    /does not serve v1beta1; use toolhive\.stacklok\.dev\/v1alpha1/,
  );
});

test('names the operator derives from metadata.name are checked per kind', () => {
  const proxy = (name: string) =>
    `apiVersion: toolhive.stacklok.dev/v1beta1\nkind: MCPRemoteProxy\nmetadata:\n  name: ${name}\nspec:\n  remoteUrl: https://mcp.example.com/mcp\n`;
  assert.deepEqual(messages(proxy('a'.repeat(46))), []);
  assert.match(
    messages(proxy('a'.repeat(47))).join('\n'),
    /the proxy Service is mcp-\{name\}-remote-proxy, a DNS-1035 label .* at most 46/,
  );
  const server = (transport: string) =>
    `apiVersion: toolhive.stacklok.dev/v1beta1\nkind: MCPServer\nmetadata:\n  name: ${'s'.repeat(51)}\nspec:\n  image: x\n  transport: ${transport}\n`;
  assert.deepEqual(messages(server('stdio')), []);
  assert.match(
    messages(server('sse')).join('\n'),
    /headless Service of the MCP server is mcp-\{name\}-headless/,
  );
  const embedding = `apiVersion: toolhive.stacklok.dev/v1beta1\nkind: EmbeddingServer\nmetadata:\n  name: 1embed\nspec: {}\n`;
  assert.match(
    messages(embedding).join('\n'),
    /the Service would be "1embed", which is not a DNS-1035 label/,
  );
});

test("the operator's own rules: internal remote URLs, webhooks, telemetry, optimizer", () => {
  const entry = (url: string) =>
    `apiVersion: toolhive.stacklok.dev/v1beta1\nkind: MCPServerEntry\nmetadata:\n  name: e\nspec:\n  remoteUrl: ${url}\n  transport: sse\n  groupRef:\n    name: g\n`;
  assert.deepEqual(messages(entry('https://mcp.example.com/sse')), []);
  for (const url of [
    'http://mcp.tools.svc.cluster.local:8080',
    'http://10.0.0.5/sse',
    'http://localhost:8080',
  ])
    assert.match(
      messages(entry(url)).join('\n'),
      /spec\.remoteUrl: the host must not be .* \(operator: /,
      url,
    );
  const webhook = readFileSync(path.join(EXAMPLES, 'mcpwebhookconfig.yaml'), 'utf8');
  assert.match(
    messages(webhook.replace('https://policy', 'http://policy')).join('\n'),
    /a webhook URL must use HTTPS unless tlsConfig\.insecureSkipVerify is set/,
  );
  assert.match(
    messages(webhook.replace('timeout: 5s', 'timeout: 1m')).join('\n'),
    /between 1s and 30s/,
  );
  const vmcp = readFileSync(path.join(EXAMPLES, 'virtualmcpserver.yaml'), 'utf8');
  assert.match(
    messages(vmcp.replace(/ {2}embeddingServerRef:\n {4}name: tool-embeddings\n/, '')).join('\n'),
    /the optimizer needs spec\.embeddingServerRef or spec\.config\.optimizer\.embeddingService/,
  );
});

test('names of other resources must match the resources the same page shows', () => {
  const group = readFileSync(path.join(EXAMPLES, 'mcpgroup.yaml'), 'utf8');
  const server = readFileSync(path.join(EXAMPLES, 'mcpserver.yaml'), 'utf8');
  const page = (g: string) => `\`\`\`yaml\n${g}\`\`\`\n\nText.\n\n\`\`\`yaml\n${server}\`\`\`\n`;
  // The server names MCPGroup "engineering": fine when the page shows that group ...
  assert.deepEqual(checkMarkdownManifests(validators, page(group)).problems, []);
  // ... and when the page shows no group at all (it may have been created elsewhere) ...
  assert.deepEqual(
    checkMarkdownManifests(validators, `\`\`\`yaml\n${server}\`\`\`\n`).problems,
    [],
  );
  // ... but not when the page shows a group of another name.
  const r = checkMarkdownManifests(
    validators,
    page(group.replace('name: engineering', 'name: platform')),
  );
  assert.equal(r.problems.length, 1);
  assert.match(
    r.problems[0].message,
    /MCPServer fetch: spec\.groupRef\.name names MCPGroup "engineering" in namespace toolhive-system, but the MCPGroup resources shown here are toolhive-system\/platform/,
  );
  assert.equal(r.problems[0].line, 25);
  assert.deepEqual(
    valuesAt({spec: {b: {x: {r: {name: 'a'}}, y: {}}}}, 'spec.b{}.r.name').map((v) => v.pointer),
    ['/spec/b/x/r/name'],
  );
});

test('checkCrdExamples takes the release data folder and counts manifests per kind', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'crd-release-'));
  try {
    mkdirSync(path.join(dir, 'docs'), {recursive: true});
    writeFileSync(
      path.join(dir, 'docs/page.mdx'),
      `\`\`\`yaml\n${readFileSync(path.join(EXAMPLES, 'mcpgroup.yaml'), 'utf8')}---\n${readFileSync(path.join(EXAMPLES, 'mcpserver.yaml'), 'utf8').replace('transport: streamable-http', 'transport: http')}\`\`\`\n`,
    );
    const report = checkCrdExamples({root: dir, releaseDir: V044, paths: ['docs']});
    assert.deepEqual(report.kinds, {MCPGroup: 1, MCPServer: 1});
    const lines = formatReport(report);
    assert.match(
      lines.join('\n'),
      /docs\/page\.mdx:\d+: MCPServer fetch: spec\.transport: Unsupported value: "http"/,
    );
    assert.equal(
      lines[lines.length - 1],
      'crd examples: 2 manifests (MCPGroup 1, MCPServer 1) checked in 1 file, 1 problem',
    );
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('loadRelease refuses a folder without extracts', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'crd-release-empty-'));
  try {
    assert.throws(() => loadRelease(dir), /holds no CRD extract/);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
