// Checks the hand-written OpenAPI description of the ToolHive v0.2.8 API server
// (static/api-specs/openapi.yaml) against the endpoint list from the product
// requirements: every route, method and documented status code must be present,
// and the shared enums and metadata must hold the expected values.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {parse} from 'yaml';

const SPEC_PATH = fileURLToPath(new URL('../../static/api-specs/openapi.yaml', import.meta.url));

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  responses?: Record<string, unknown>;
};
type PathItem = Record<string, Operation>;
type Spec = {
  openapi: string;
  info: {title?: string; version?: string; description?: string; license?: {identifier?: string}};
  servers?: Array<{url: string}>;
  tags?: Array<{name: string; description?: string}>;
  paths: Record<string, PathItem>;
  components: {schemas: Record<string, {enum?: string[]}>};
};

const spec = parse(readFileSync(SPEC_PATH, 'utf8')) as Spec;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

// [method, path, status codes that must be documented]
const EXPECTED: Array<[string, string, string[]]> = [
  ['get', '/api/openapi.json', ['200']],
  ['get', '/health', ['204']],
  ['get', '/api/v1beta/version', ['200']],
  ['get', '/api/v1beta/clients', ['200']],
  ['post', '/api/v1beta/clients', ['200', '400']],
  ['delete', '/api/v1beta/clients/{name}', ['204']],
  ['delete', '/api/v1beta/clients/{name}/groups/{group}', ['204', '404']],
  ['post', '/api/v1beta/clients/register', ['200', '400']],
  ['post', '/api/v1beta/clients/unregister', ['204', '400']],
  ['get', '/api/v1beta/discovery/clients', ['200']],
  ['get', '/api/v1beta/groups', ['200', '500']],
  ['post', '/api/v1beta/groups', ['201', '400', '409', '500']],
  ['get', '/api/v1beta/groups/{name}', ['200', '404']],
  ['delete', '/api/v1beta/groups/{name}', ['204', '404']],
  ['get', '/api/v1beta/registry', ['200']],
  ['post', '/api/v1beta/registry', ['501']],
  ['get', '/api/v1beta/registry/{name}', ['200', '404']],
  ['put', '/api/v1beta/registry/{name}', ['200', '400', '404']],
  ['delete', '/api/v1beta/registry/{name}', ['404']],
  ['get', '/api/v1beta/registry/{name}/servers', ['200', '404']],
  ['get', '/api/v1beta/registry/{name}/servers/{serverName}', ['200', '404']],
  ['post', '/api/v1beta/secrets', ['201', '400', '500']],
  ['get', '/api/v1beta/secrets/default', ['200', '404', '500']],
  ['get', '/api/v1beta/secrets/default/keys', ['200', '404', '405', '500']],
  ['post', '/api/v1beta/secrets/default/keys', ['201', '400', '404', '405', '409', '500']],
  ['put', '/api/v1beta/secrets/default/keys/{key}', ['200', '400', '404', '405', '500']],
  ['delete', '/api/v1beta/secrets/default/keys/{key}', ['204', '404', '405', '500']],
  ['get', '/api/v1beta/workloads', ['200']],
  ['post', '/api/v1beta/workloads', ['201', '400', '409']],
  ['get', '/api/v1beta/workloads/{name}', ['200', '404']],
  ['delete', '/api/v1beta/workloads/{name}', ['202', '400']],
  ['get', '/api/v1beta/workloads/{name}/export', ['200', '404']],
  ['get', '/api/v1beta/workloads/{name}/logs', ['200', '404']],
  ['post', '/api/v1beta/workloads/{name}/restart', ['202', '400']],
  ['post', '/api/v1beta/workloads/{name}/stop', ['202', '400']],
  ['post', '/api/v1beta/workloads/delete', ['202', '400']],
  ['post', '/api/v1beta/workloads/restart', ['202', '400']],
  ['post', '/api/v1beta/workloads/stop', ['202', '400']],
];

const EXPECTED_TAGS = [
  'system',
  'version',
  'clients',
  'discovery',
  'groups',
  'registry',
  'secrets',
  'workloads',
];

const CLIENT_TYPES = [
  'roo-code',
  'cline',
  'cursor',
  'vscode-insider',
  'vscode',
  'claude-code',
  'windsurf',
  'windsurf-jetbrains',
  'amp-cli',
  'amp-vscode',
  'amp-cursor',
  'amp-vscode-insider',
  'amp-windsurf',
];

const WORKLOAD_STATUSES = [
  'running',
  'stopped',
  'error',
  'starting',
  'stopping',
  'unhealthy',
  'removing',
  'unknown',
];

function allOperations(): Array<{method: string; path: string; op: Operation}> {
  const result: Array<{method: string; path: string; op: Operation}> = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (op) result.push({method, path, op});
    }
  }
  return result;
}

test('declares OpenAPI 3.1.0 with title, version, description and license', () => {
  assert.equal(spec.openapi, '3.1.0');
  assert.ok(spec.info.title, 'info.title is missing');
  assert.ok(spec.info.version, 'info.version is missing');
  assert.ok(spec.info.description && spec.info.description.includes('thv serve'));
  assert.equal(spec.info.license?.identifier, 'Apache-2.0');
});

test('the first server is the default local address', () => {
  assert.equal(spec.servers?.[0]?.url, 'http://127.0.0.1:8080');
});

test('the tag list is exactly the eight API areas, each described', () => {
  const tags = spec.tags ?? [];
  assert.deepEqual(
    tags.map((t) => t.name),
    EXPECTED_TAGS,
  );
  for (const tag of tags) {
    assert.ok(tag.description, `tag ${tag.name} has no description`);
  }
});

for (const [method, path, codes] of EXPECTED) {
  test(`${method.toUpperCase()} ${path} documents ${codes.join(', ')}`, () => {
    const item = spec.paths[path];
    assert.ok(item, `path ${path} is missing`);
    const op = item[method];
    assert.ok(op, `${method.toUpperCase()} ${path} is missing`);
    const responses = Object.keys(op.responses ?? {});
    for (const code of codes) {
      assert.ok(
        responses.includes(code),
        `${method.toUpperCase()} ${path} lacks a ${code} response`,
      );
    }
  });
}

test('query parameters for listing workloads and deleting groups exist', () => {
  const names = (path: string, method: string): string[] =>
    (
      (spec.paths[path]?.[method] as {parameters?: Array<{name?: string}>} | undefined)
        ?.parameters ?? []
    ).map((p) => p.name ?? '');
  assert.ok(names('/api/v1beta/workloads', 'get').includes('all'));
  assert.ok(names('/api/v1beta/workloads', 'get').includes('group'));
  assert.ok(names('/api/v1beta/groups/{name}', 'delete').includes('with-workloads'));
});

test('workload logs are served as plain text', () => {
  const ok = spec.paths['/api/v1beta/workloads/{name}/logs']?.get?.responses?.['200'] as
    {content?: Record<string, unknown>} | undefined;
  assert.ok(ok?.content && 'text/plain' in ok.content);
});

test('every operation has operationId, summary, description and known tags', () => {
  const known = new Set(EXPECTED_TAGS);
  for (const {method, path, op} of allOperations()) {
    const where = `${method.toUpperCase()} ${path}`;
    assert.ok(op.operationId, `${where} has no operationId`);
    assert.match(op.operationId, /^[a-z][A-Za-z0-9]*$/, `${where} operationId is not camelCase`);
    assert.ok(op.summary, `${where} has no summary`);
    assert.ok(op.description, `${where} has no description`);
    assert.ok(op.tags && op.tags.length > 0, `${where} has no tags`);
    for (const tag of op.tags) {
      assert.ok(known.has(tag), `${where} uses unknown tag ${tag}`);
    }
  }
});

test('operationIds are unique', () => {
  const ids = allOperations().map(({op}) => op.operationId);
  const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
  assert.deepEqual(duplicates, []);
});

test('error responses are plain-text strings', () => {
  for (const {method, path, op} of allOperations()) {
    for (const [code, response] of Object.entries(op.responses ?? {})) {
      if (!/^[45]/.test(code)) continue;
      const r = response as {$ref?: string; content?: Record<string, unknown>};
      if (r.$ref) continue; // shared responses are checked through components
      assert.ok(
        r.content && 'text/plain' in r.content,
        `${method.toUpperCase()} ${path} ${code} is not text/plain`,
      );
    }
  }
});

test('the client type enum lists the 13 supported clients', () => {
  assert.deepEqual(spec.components.schemas.ClientType?.enum, CLIENT_TYPES);
});

test('the workload status enum lists the 8 states', () => {
  assert.deepEqual(spec.components.schemas.WorkloadStatus?.enum, WORKLOAD_STATUSES);
});

test('transport and proxy mode enums hold the wire values', () => {
  assert.deepEqual(spec.components.schemas.TransportType?.enum, [
    'stdio',
    'sse',
    'streamable-http',
    'inspector',
  ]);
  assert.deepEqual(spec.components.schemas.ProxyMode?.enum, ['sse', 'streamable-http']);
});

test('the secrets provider enum holds encrypted, 1password and none', () => {
  assert.deepEqual(spec.components.schemas.SecretsProviderType?.enum, [
    'encrypted',
    '1password',
    'none',
  ]);
});
