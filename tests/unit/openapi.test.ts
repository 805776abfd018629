// Checks our hand-written OpenAPI descriptions of the ToolHive API server, one
// per documented release:
// - v0.2.8 (static/api-specs/v0.2.8/openapi.yaml, or static/api-specs/v0.2.8/openapi.yaml
//   until the file moves) against the endpoint list from the product requirements;
// - v0.44.0 (static/api-specs/v0.44.0/openapi.yaml) against the facts extracted from
//   the release (data/releases/v0.44.0/api/operations.json, written by
//   scripts/api-extract/extract.ts): every operation, path and query parameter,
//   request body, status code, content type, response header and schema field of
//   the release must be described, and nothing the release lacks.
// Both get the same checks of metadata, tags, operation ids, summaries and
// error bodies.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {parse} from 'yaml';
import {compareWithFacts, type Facts, type Spec, type Operation} from './openapi-facts';

const repoFile = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

interface Release {
  release: string;
  specPath: string;
  /** Tag names, in order. */
  tags: string[];
  /** Facts extracted from the release, when the project has them. */
  factsPath?: string;
}

const V028_PATH = existsSync(repoFile('static/api-specs/v0.2.8/openapi.yaml'))
  ? 'static/api-specs/v0.2.8/openapi.yaml'
  : 'static/api-specs/v0.2.8/openapi.yaml';

const RELEASES: Release[] = [
  {
    release: '0.2.8',
    specPath: V028_PATH,
    tags: [
      'system',
      'version',
      'clients',
      'discovery',
      'groups',
      'registry',
      'secrets',
      'workloads',
    ],
  },
  {
    release: '0.44.0',
    specPath: 'static/api-specs/v0.44.0/openapi.yaml',
    tags: [
      'system',
      'version',
      'workloads',
      'logs',
      'groups',
      'clients',
      'discovery',
      'registry',
      'registry-servers',
      'registry-skills',
      'registry-plugins',
      'secrets',
      'skills',
      'plugins',
    ],
    factsPath: 'data/releases/v0.44.0/api/operations.json',
  },
];

function allOperations(spec: Spec): Array<{method: string; path: string; op: Operation}> {
  const result: Array<{method: string; path: string; op: Operation}> = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (op) result.push({method, path, op});
    }
  }
  return result;
}

for (const rel of RELEASES) {
  const spec = parse(readFileSync(repoFile(rel.specPath), 'utf8')) as Spec;
  const facts = rel.factsPath
    ? (JSON.parse(readFileSync(repoFile(rel.factsPath), 'utf8')) as Facts)
    : undefined;
  const name = `v${rel.release} (${rel.specPath})`;

  test(`${name}: declares OpenAPI 3.1.0 with title, version, description and license`, () => {
    assert.equal(spec.openapi, '3.1.0');
    assert.ok(spec.info.title, 'info.title is missing');
    assert.match(spec.info.version ?? '', new RegExp(`^v?${rel.release.replace(/\./g, '\\.')}$`));
    assert.ok(spec.info.description && spec.info.description.includes('thv serve'));
    assert.equal(spec.info.license?.identifier, 'Apache-2.0');
  });

  test(`${name}: the first server is the default local address`, () => {
    assert.equal(spec.servers?.[0]?.url, 'http://127.0.0.1:8080');
  });

  test(`${name}: the tag list is exactly the release's API areas, each described`, () => {
    const tags = spec.tags ?? [];
    assert.deepEqual(
      tags.map((t) => t.name),
      rel.tags,
    );
    for (const tag of tags) assert.ok(tag.description, `tag ${tag.name} has no description`);
  });

  test(`${name}: every operation has operationId, summary, description and known tags`, () => {
    const known = new Set(rel.tags);
    for (const {method, path, op} of allOperations(spec)) {
      const where = `${method.toUpperCase()} ${path}`;
      assert.ok(op.operationId, `${where} has no operationId`);
      assert.match(op.operationId, /^[a-z][A-Za-z0-9]*$/, `${where} operationId is not camelCase`);
      assert.ok(op.summary, `${where} has no summary`);
      assert.ok(op.description, `${where} has no description`);
      assert.ok(op.tags && op.tags.length > 0, `${where} has no tags`);
      for (const tag of op.tags) assert.ok(known.has(tag), `${where} uses unknown tag ${tag}`);
    }
  });

  test(`${name}: operationIds are unique`, () => {
    const ids = allOperations(spec).map(({op}) => op.operationId);
    const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
    assert.deepEqual(duplicates, []);
  });

  test(`${name}: error responses are plain text unless the release answers with JSON`, () => {
    for (const {method, path, op} of allOperations(spec)) {
      const key = `${method.toUpperCase()} ${path}`;
      const factsOp = facts?.operations.find((o) => `${o.method} ${o.path}` === key);
      for (const [code, response] of Object.entries(op.responses ?? {})) {
        if (!/^[45]/.test(code)) continue;
        const r = response as {$ref?: string; content?: Record<string, unknown>};
        const content = r.$ref
          ? (spec.components.responses?.[r.$ref.split('/').pop()!] as typeof r | undefined)?.content
          : r.content;
        const expected = factsOp?.responses[code]?.content ?? (r.$ref ? undefined : 'text/plain');
        if (!expected) continue; // v0.2.8 shared responses are checked through components
        assert.ok(content && expected in content, `${key} ${code} is not ${expected}`);
      }
    }
  });

  if (facts) {
    test(`${name}: the facts come from the release the description names`, () => {
      assert.equal(facts.source.tag, `v${rel.release}`);
      assert.match(spec.info.version ?? '', new RegExp(`^v?${rel.release.replace(/\./g, '\\.')}$`));
    });

    test(`${name}: every operation of the release is described, and no other`, () => {
      const described = allOperations(spec).map(
        ({method, path}) => `${method.toUpperCase()} ${path}`,
      );
      const released = facts.operations.map((o) => `${o.method} ${o.path}`);
      assert.deepEqual(
        described.filter((k) => !released.includes(k)),
        [],
        'described but not in the release',
      );
      assert.deepEqual(
        released.filter((k) => !described.includes(k)),
        [],
        'in the release but not described',
      );
    });

    for (const factsOp of facts.operations) {
      const key = `${factsOp.method} ${factsOp.path}`;
      test(`${name}: ${key} matches the release's parameters, body, codes and schemas`, () => {
        const problems = compareWithFacts(spec, facts, factsOp);
        assert.deepEqual(problems, [], `${key}:\n${problems.join('\n')}`);
      });
    }
  }
}

// ----- v0.2.8: the endpoint list from the product requirements -----------------

const v028 = parse(readFileSync(repoFile(V028_PATH), 'utf8')) as Spec;

// [method, path, status codes that must be documented]
const EXPECTED_028: Array<[string, string, string[]]> = [
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

for (const [method, path, codes] of EXPECTED_028) {
  test(`v0.2.8: ${method.toUpperCase()} ${path} documents ${codes.join(', ')}`, () => {
    const item = v028.paths[path];
    assert.ok(item, `path ${path} is missing`);
    const op = item[method];
    assert.ok(op, `${method.toUpperCase()} ${path} is missing`);
    const responses = Object.keys(op.responses ?? {});
    for (const code of codes)
      assert.ok(
        responses.includes(code),
        `${method.toUpperCase()} ${path} lacks a ${code} response`,
      );
  });
}

test('v0.2.8: query parameters for listing workloads and deleting groups exist', () => {
  const names = (path: string, method: string): string[] =>
    (v028.paths[path]?.[method]?.parameters ?? []).map((p) => (p as {name?: string}).name ?? '');
  assert.ok(names('/api/v1beta/workloads', 'get').includes('all'));
  assert.ok(names('/api/v1beta/workloads', 'get').includes('group'));
  assert.ok(names('/api/v1beta/groups/{name}', 'delete').includes('with-workloads'));
});

test('v0.2.8: workload logs are served as plain text', () => {
  const ok = v028.paths['/api/v1beta/workloads/{name}/logs']?.get?.responses?.['200'] as
    {content?: Record<string, unknown>} | undefined;
  assert.ok(ok?.content && 'text/plain' in ok.content);
});

test('v0.2.8: the client type enum lists the 13 supported clients', () => {
  assert.deepEqual(v028.components.schemas.ClientType?.enum, [
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
  ]);
});

test('v0.2.8: the workload status enum lists the 8 states', () => {
  assert.deepEqual(v028.components.schemas.WorkloadStatus?.enum, [
    'running',
    'stopped',
    'error',
    'starting',
    'stopping',
    'unhealthy',
    'removing',
    'unknown',
  ]);
});

test('v0.2.8: transport and proxy mode enums hold the wire values', () => {
  assert.deepEqual(v028.components.schemas.TransportType?.enum, [
    'stdio',
    'sse',
    'streamable-http',
    'inspector',
  ]);
  assert.deepEqual(v028.components.schemas.ProxyMode?.enum, ['sse', 'streamable-http']);
});

test('v0.2.8: the secrets provider enum holds encrypted, 1password and none', () => {
  assert.deepEqual(v028.components.schemas.SecretsProviderType?.enum, [
    'encrypted',
    '1password',
    'none',
  ]);
});
