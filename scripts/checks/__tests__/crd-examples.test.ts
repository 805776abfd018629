import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {findRepoRoot} from '../lib/code-blocks';
import {checkMarkdownManifests, checkYamlText, loadSchema, loadValidator} from '../lib/crd-yaml';
import {checkCrdExamples, formatReport} from '../crd-examples';

const SCHEMA_FILE = path.join(findRepoRoot(), 'data/releases/v0.2.8/crd/mcpserver.schema.json');
const validate = loadValidator(SCHEMA_FILE);

const VALID = `apiVersion: toolhive.stacklok.dev/v1alpha1
kind: MCPServer
metadata:
  name: fetch
  namespace: toolhive-system
spec:
  image: ghcr.io/stackloklabs/gofetch/server
  transport: streamable-http
  port: 8080
  targetPort: 8080
`;

/** Messages for one YAML text. */
const problems = (yamlText: string) => checkYamlText(validate, yamlText).problems;
const messages = (yamlText: string) => problems(yamlText).map((p) => p.message);

test('the schema is draft 2020-12 with descriptions on every property', () => {
  const schema = loadSchema(SCHEMA_FILE);
  assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
  const missing: string[] = [];
  const walk = (node: Record<string, unknown>, at: string) => {
    const props = node.properties as Record<string, Record<string, unknown>> | undefined;
    for (const [key, child] of Object.entries(props ?? {})) {
      if (typeof child.description !== 'string' || child.description.length < 10)
        missing.push(`${at}.${key}`);
      walk(child, `${at}.${key}`);
    }
    if (node.items && typeof node.items === 'object')
      walk(node.items as Record<string, unknown>, `${at}[]`);
  };
  walk(schema, '');
  assert.deepEqual(missing, []);
});

test('a minimal valid manifest passes', () => {
  const r = checkYamlText(validate, VALID);
  assert.equal(r.manifests, 1);
  assert.deepEqual(r.problems, []);
});

test('a full manifest using every section passes', () => {
  const full = `apiVersion: toolhive.stacklok.dev/v1alpha1
kind: MCPServer
metadata:
  name: github
  namespace: toolhive-system
  labels:
    team: platform
  annotations:
    example.com/owner: platform
spec:
  image: ghcr.io/github/github-mcp-server
  transport: stdio
  port: 8080
  args: ["--read-only"]
  env:
    - name: LOG_LEVEL
      value: debug
  secrets:
    - name: github-token
      key: token
      targetEnvName: GITHUB_PERSONAL_ACCESS_TOKEN
  volumes:
    - name: data
      hostPath: /srv/data
      mountPath: /data
      readOnly: true
  resources:
    limits:
      cpu: "500m"
      memory: 512Mi
    requests:
      cpu: "0.1"
      memory: 128Mi
  serviceAccount: github-mcp
  permissionProfile:
    type: builtin
    name: network
  podTemplateSpec:
    spec:
      containers:
        - name: mcp
          resources:
            limits:
              memory: 1Gi
      tolerations:
        - key: dedicated
          operator: Exists
  resourceOverrides:
    proxyDeployment:
      labels:
        team: platform
      annotations:
        example.com/note: proxy
      env:
        - name: HTTP_PROXY
          value: http://proxy.internal:3128
    proxyService:
      annotations:
        service.beta.kubernetes.io/aws-load-balancer-internal: "true"
  oidcConfig:
    type: inline
    resourceUrl: https://mcp.example.com/github
    inline:
      issuer: https://accounts.example.com
      audience: github-mcp
      jwksAllowPrivateIP: false
  authzConfig:
    type: inline
    inline:
      policies:
        - permit(principal, action == Action::"call_tool", resource);
      entitiesJson: "[]"
  tools: [get_issue, list_issues]
status:
  phase: Running
  url: http://mcp-github-proxy.toolhive-system.svc.cluster.local:8080
  message: MCP server is running
  conditions:
    - type: Ready
      status: "True"
      reason: PodRunning
      message: ok
      lastTransitionTime: "2025-08-18T12:00:00Z"
`;
  assert.deepEqual(messages(full), []);
});

test('defaulted fields (type, transport, port) may be left out', () => {
  const yamlText = `${VALID}  permissionProfile:
    name: none
  oidcConfig:
    kubernetes:
      audience: toolhive
  authzConfig:
    configMap:
      name: authz
`;
  assert.deepEqual(messages(yamlText), []);
});

test('an unknown field fails, at its own line, with a suggestion', () => {
  const yamlText = VALID.replace('  image: ghcr', '  imagee: ghcr');
  const p = problems(yamlText);
  assert.ok(
    p.some((x) =>
      /\/spec\/imagee: unknown field "imagee" \(did you mean "image"\?\)/.test(x.message),
    ),
  );
  assert.equal(p.find((x) => x.message.includes('imagee'))?.line, 7);
});

test('a missing spec.image fails', () => {
  const yamlText = VALID.replace(/ {2}image: .*\n/, '');
  const p = problems(yamlText);
  assert.deepEqual(
    p.map((x) => x.message),
    ['MCPServer fetch: /spec: missing required field "image"'],
  );
  assert.equal(p[0].line, 6);
});

test('a wrong enum value fails', () => {
  const yamlText = VALID.replace('transport: streamable-http', 'transport: websocket');
  const p = problems(yamlText);
  assert.equal(p.length, 1);
  assert.match(
    p[0].message,
    /\/spec\/transport: must be one of "stdio", "streamable-http", "sse" \(got "websocket"\)/,
  );
  assert.equal(p[0].line, 8);
});

test('other schema violations fail', () => {
  assert.match(
    messages(VALID.replace('port: 8080', 'port: 70000')).join('\n'),
    /\/spec\/port: must be <= 65535/,
  );
  assert.match(
    messages(VALID.replace('port: 8080', 'port: "8080"')).join('\n'),
    /\/spec\/port: must be integer/,
  );
  assert.match(
    messages(VALID.replace('v1alpha1', 'v1')).join('\n'),
    /\/apiVersion: must be "toolhive.stacklok.dev\/v1alpha1" \(got "toolhive.stacklok.dev\/v1"\)/,
  );
  assert.match(
    messages(VALID.replace('  namespace:', '  namspace:')).join('\n'),
    /\/metadata\/namspace: unknown field/,
  );
  assert.match(
    messages(`${VALID}  resources:\n    limits:\n      memory: lots\n`).join('\n'),
    /\/spec\/resources\/limits\/memory: must match pattern/,
  );
  assert.match(
    messages(`${VALID}  env:\n    - name: A\n`).join('\n'),
    /\/spec\/env\/0: missing required field "value"/,
  );
  assert.match(
    messages(`${VALID}  authzConfig:\n    type: inline\n    inline:\n      policies: []\n`).join(
      '\n',
    ),
    /\/spec\/authzConfig\/inline\/policies: must NOT have fewer than 1 items/,
  );
});

test('multi-document YAML: only MCPServer documents are validated', () => {
  const yamlText = `apiVersion: v1
kind: Namespace
metadata:
  name: toolhive-system
  bogusField: ignored because this is not an MCPServer
---
${VALID.replace('transport: streamable-http', 'transport: websocket')}---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: other
`;
  const r = checkYamlText(validate, yamlText);
  assert.equal(r.manifests, 1);
  assert.equal(r.problems.length, 1);
  assert.equal(r.problems[0].line, 14);
});

test('markdown: yaml and yml blocks are checked with file line numbers', () => {
  const md = [
    '# Deploy', // 1
    '', // 2
    '```yaml title="fetch.yaml"', // 3
    VALID.trimEnd(), // 4-13
    '```', // 14
    '', // 15
    '- Step:', // 16
    '', // 17
    '  ```yml', // 18
    '  apiVersion: toolhive.stacklok.dev/v1alpha1', // 19
    '  kind: MCPServer', // 20
    '  metadata:', // 21
    '    name: broken', // 22
    '  spec:', // 23
    '    image: example/image', // 24
    '    transport: websocket', // 25
    '  ```', // 26
    '', // 27
    '```json', // 28
    '{"kind": "MCPServer", "spec": {}}', // 29
    '```', // 30
  ].join('\n');
  const r = checkMarkdownManifests(validate, md);
  assert.equal(r.manifests, 2);
  assert.deepEqual(r.problems, [
    {
      line: 25,
      message:
        'MCPServer broken: /spec/transport: must be one of "stdio", "streamable-http", "sse" (got "websocket")',
    },
  ]);
});

test('markdown: manifests in shell here-documents are checked too', () => {
  const md = [
    '```bash', // 1
    "kubectl apply -f - <<'EOF'", // 2
    'apiVersion: toolhive.stacklok.dev/v1alpha1', // 3
    'kind: MCPServer', // 4
    'metadata:', // 5
    '  name: fetch', // 6
    'spec:', // 7
    '  image: ghcr.io/stackloklabs/gofetch/server', // 8
    '  transprot: sse', // 9
    'EOF', // 10
    'kubectl get mcpservers', // 11
    '```', // 12
  ].join('\n');
  const r = checkMarkdownManifests(validate, md);
  assert.equal(r.manifests, 1);
  assert.deepEqual(r.problems, [
    {
      line: 9,
      message:
        'MCPServer fetch: /spec/transprot: unknown field "transprot" (did you mean "transport"?)',
    },
  ]);
});

test('checkCrdExamples scans docs and reports path:line', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'crd-examples-'));
  try {
    mkdirSync(path.join(dir, 'docs/toolhive/guides-k8s'), {recursive: true});
    writeFileSync(
      path.join(dir, 'docs/toolhive/guides-k8s/run.mdx'),
      `# Run\n\n\`\`\`yaml\n${VALID.replace('  image: ghcr', '  imagee: ghcr')}\`\`\`\n`,
    );
    writeFileSync(path.join(dir, 'docs/toolhive/guides-k8s/ok.md'), `\`\`\`yaml\n${VALID}\`\`\`\n`);
    const report = checkCrdExamples({root: dir, validate});
    assert.equal(report.files, 2);
    assert.equal(report.manifests, 2);
    const lines = formatReport(report);
    assert.ok(
      lines.includes(
        'docs/toolhive/guides-k8s/run.mdx:10: MCPServer fetch: /spec/imagee: unknown field "imagee" (did you mean "image"?)',
      ),
    );
    assert.ok(
      lines.includes(
        'docs/toolhive/guides-k8s/run.mdx:9: MCPServer fetch: /spec: missing required field "image"',
      ),
    );
    assert.equal(
      lines[lines.length - 1],
      'crd examples: 2 manifests (MCPServer 2) checked in 2 files, 2 problems',
    );
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
