import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {findRepoRoot} from '../lib/code-blocks';
import {
  apiVersionOf,
  checkDerivedNames,
  compareWithCrd,
  createCrdValidator,
  kubectlMessage,
  loadCrdExtract,
  loadDerivedNames,
  loadJson,
  nameLimit,
  nameLimitAllTransports,
  PARTIAL_NODES,
  storedSchema,
  TRANSPORTS,
  withoutNulls,
  type Node,
} from '../lib/crd-structure';
import {checkYamlText, loadValidator} from '../lib/crd-yaml';
import {kubernetesTypes, resource} from '../../crd-reference/generate';

const ROOT = findRepoRoot();
const extract = loadCrdExtract(path.join(ROOT, 'data/releases/v0.2.8/crd/mcpserver.crd.json'));
const ours = loadJson(path.join(ROOT, 'data/releases/v0.2.8/crd/mcpserver.schema.json'));
const names = loadDerivedNames(path.join(ROOT, 'data/releases/v0.2.8/crd/derived-names.yaml'));
const crd = createCrdValidator(extract);
const validators = {
  schema: loadValidator(path.join(ROOT, 'data/releases/v0.2.8/crd/mcpserver.schema.json')),
  crd,
  names,
};

const clone = (n: Node): Node => JSON.parse(JSON.stringify(n)) as Node;
const at = (n: Node, ...keys: string[]): Node =>
  keys.reduce((x, k) => (x as Record<string, Node>)[k], n);

test('our schema agrees with the CRD extract on every node', () => {
  assert.deepEqual(compareWithCrd(ours, extract), []);
});

test('the comparison finds each kind of disagreement', () => {
  const spec = (s: Node) => at(s, 'properties', 'spec', 'properties');
  const messages = (s: Node) => compareWithCrd(s, extract).map((d) => `${d.path}: ${d.message}`);

  const labels = clone(ours);
  at(spec(labels), 'podTemplateSpec', 'properties', 'metadata').properties = {
    labels: {type: 'object'},
  };
  delete at(spec(labels), 'podTemplateSpec', 'properties', 'metadata').additionalProperties;
  const m1 = messages(labels);
  assert.ok(
    m1.some((m) =>
      /^spec\.podTemplateSpec\.metadata\.labels: our schema has this field, the CRD doesn't/.test(
        m,
      ),
    ),
  );
  assert.ok(
    m1.some((m) => /^spec\.podTemplateSpec\.metadata: the CRD keeps no field here/.test(m)),
  );

  const missing = clone(ours);
  delete spec(missing).tools;
  assert.deepEqual(messages(missing), ["spec.tools: the CRD has this field, our schema doesn't"]);

  const wrong = clone(ours);
  at(spec(wrong), 'transport').enum = ['stdio', 'sse'];
  at(spec(wrong), 'port').default = 80;
  at(spec(wrong), 'image').minLength = 1;
  at(spec(wrong), 'port').maximum = 70000;
  at(wrong, 'properties', 'spec').required = ['image', 'transport'];
  const m3 = messages(wrong);
  assert.ok(m3.some((m) => m.startsWith('spec.transport: enum is')));
  assert.ok(m3.some((m) => m === 'spec.port: default is 80 in our schema, 8080 in the CRD'));
  assert.ok(m3.some((m) => m === 'spec.port: maximum is 70000 in our schema, 65535 in the CRD'));
  assert.ok(m3.some((m) => m === 'spec.image: minLength is 1 in our schema, undefined in the CRD'));
  assert.ok(m3.some((m) => m.startsWith('spec: required is ["image","transport"]')));

  const open = clone(ours);
  delete at(spec(open), 'env', 'items').additionalProperties;
  assert.deepEqual(messages(open), [
    'spec.env[]: the CRD rejects unknown fields here; our schema must say additionalProperties: false',
  ]);

  const quantity = clone(ours);
  at(spec(quantity), 'resources', 'properties', 'limits', 'properties', 'cpu').pattern =
    '^[0-9]+m$';
  assert.match(
    messages(quantity).join('\n'),
    /spec\.resources\.limits\.cpu: pattern must be the CRD's quantity pattern/,
  );
});

test('the reference page calls partial exactly the objects our schema lists in part', () => {
  const partial = Object.entries(kubernetesTypes)
    .filter(([, t]) => t.partial)
    .map(([p]) => p)
    .sort();
  assert.deepEqual(partial, [...PARTIAL_NODES].sort());
});

test('the generator states the resource facts of the extract', () => {
  assert.equal(apiVersionOf(extract), `${resource.group}/${resource.version}`);
  assert.equal(extract.resource.kind, resource.kind);
  assert.equal(extract.resource.listKind, resource.listKind);
  assert.equal(extract.resource.plural, resource.plural);
  assert.equal(extract.resource.singular, resource.singular);
  assert.equal(extract.resource.scope, resource.scope);
  assert.deepEqual(extract.resource.shortNames, resource.shortNames);
  const v = extract.versions.find((x) => x.storage)!;
  assert.deepEqual(v.subresources, resource.subresources);
  assert.deepEqual(v.printerColumns, resource.printerColumns);
});

const MANIFEST = {
  apiVersion: 'toolhive.stacklok.dev/v1alpha1',
  kind: 'MCPServer',
  metadata: {name: 'fetch'},
  spec: {image: 'ghcr.io/stackloklabs/gofetch/server', transport: 'streamable-http'},
};

function crdErrors(obj: unknown): string[] {
  if (crd(withoutNulls(obj))) return [];
  return (crd.errors ?? []).map((e) => kubectlMessage(e).message);
}

test('manifests are validated against the CRD as strictly as kubectl', () => {
  assert.deepEqual(crdErrors(MANIFEST), []);
  assert.deepEqual(crdErrors({...MANIFEST, spec: {...MANIFEST.spec, telemetry: {}}}), [
    'strict decoding error: unknown field "spec.telemetry" (remove it or use a field of the CRD); kubectl apply rejects the manifest',
  ]);
  const pod = (podTemplateSpec: unknown) =>
    crdErrors({...MANIFEST, spec: {...MANIFEST.spec, podTemplateSpec}});
  assert.match(
    pod({metadata: {labels: {a: 'b'}}}).join(),
    /unknown field "spec\.podTemplateSpec\.metadata\.labels" \(the CRD keeps no field under spec\.podTemplateSpec\.metadata; remove it\)/,
  );
  // PodSpec fields the CRD has, int-or-string quantities, and typos inside them
  assert.deepEqual(
    pod({
      spec: {
        containers: [{name: 'mcp', resources: {limits: {cpu: 1, memory: '512Mi'}}}],
        tolerations: [{key: 'dedicated', operator: 'Exists'}],
      },
    }),
    [],
  );
  assert.match(
    pod({spec: {containers: [{name: 'mcp'}], toleration: []}}).join(),
    /unknown field "spec\.podTemplateSpec\.spec\.toleration"/,
  );
  assert.match(
    pod({spec: {containers: [{name: 'mcp', resources: {limits: {cpu: 'lots'}}}]}}).join(),
    /spec\.podTemplateSpec\.spec\.containers\[0\]\.resources\.limits\.cpu: Invalid value: "lots"/,
  );
  // list-type map: container names must be unique
  assert.match(
    pod({spec: {containers: [{name: 'mcp'}, {name: 'mcp'}]}}).join(),
    /Duplicate value: \["mcp"\]/,
  );
  // types, enums, required
  assert.deepEqual(crdErrors({...MANIFEST, spec: {image: 'x', port: '8080'}}), [
    'spec.port: Invalid value: "8080": spec.port in body must be of type integer',
  ]);
  assert.deepEqual(crdErrors({...MANIFEST, spec: {image: 'x', transport: 'websocket'}}), [
    'spec.transport: Unsupported value: "websocket": supported values: "stdio", "streamable-http", "sse"',
  ]);
  assert.deepEqual(crdErrors({...MANIFEST, spec: {transport: 'sse'}}), [
    'spec.image: Required value',
  ]);
  // null counts as absent
  assert.deepEqual(crdErrors({...MANIFEST, spec: {...MANIFEST.spec, args: null}}), []);
  // every field the CRD has is known to the validator
  assert.ok(
    Object.keys(at(storedSchema(extract), 'properties', 'spec', 'properties')).includes(
      'podTemplateSpec',
    ),
  );
});

test('the name limit is the tightest derived name; the schema keeps the limit of every transport', () => {
  assert.deepEqual(
    TRANSPORTS.map((t) => [t, nameLimit(names, t).max]),
    [
      ['stdio', 52],
      ['sse', 50],
      ['streamable-http', 50],
    ],
  );
  assert.equal(nameLimit(names, 'sse').binding.name, 'mcp-{name}-headless');
  assert.equal(nameLimitAllTransports(names), 50);
  assert.equal(
    at(ours, 'properties', 'metadata', 'properties', 'name').maxLength,
    nameLimitAllTransports(names),
  );
  assert.deepEqual(checkDerivedNames(names, 'a'.repeat(50), 'sse'), []);
  assert.deepEqual(checkDerivedNames(names, 'a'.repeat(52), 'stdio'), []);
  const long = checkDerivedNames(names, 'a'.repeat(51), 'streamable-http');
  assert.equal(long.length, 1);
  assert.match(
    long[0],
    /has 51 characters, too long for transport streamable-http: the headless Service of the MCP server is mcp-\{name\}-headless, a DNS-1035 label \(Service names\) of at most 63 characters, so the name can have at most 50/,
  );
  assert.match(
    checkDerivedNames(names, 'my.server', 'stdio').join(),
    /would be "mcp-my\.server-proxy", which is not a DNS-1035 label/,
  );
});

test("a too-long name in a manifest fails with the derived name; an unknown field with kubectl's words", () => {
  const yaml = (name: string, transport: string, extra = '') =>
    `apiVersion: toolhive.stacklok.dev/v1alpha1\nkind: MCPServer\nmetadata:\n  name: ${name}\nspec:\n  image: x\n  transport: ${transport}\n${extra}`;
  const long = 'n'.repeat(55);
  const p = checkYamlText(validators, yaml(long, 'sse')).problems;
  assert.equal(p.length, 1);
  assert.equal(p[0].line, 4);
  assert.match(
    p[0].message,
    /^MCPServer n+: metadata\.name "n+" has 55 characters, too long for transport sse: the headless Service/,
  );
  // 51 characters is fine for stdio, whose tightest name is the pod's revision label
  assert.deepEqual(checkYamlText(validators, yaml('s'.repeat(51), 'stdio')).problems, []);

  const unknown = checkYamlText(
    validators,
    yaml('fetch', 'sse', '  telemetry:\n    enabled: true\n'),
  ).problems;
  assert.deepEqual(unknown, [
    {
      line: 8,
      message:
        'MCPServer fetch: strict decoding error: unknown field "spec.telemetry" (remove it or use a field of the CRD); kubectl apply rejects the manifest (MCPServer CRD)',
    },
  ]);
});
