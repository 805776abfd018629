import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {findRepoRoot} from '../../checks/lib/code-blocks';
import {loadRelease} from '../../checks/lib/crd-release';
import {
  checkFields,
  kindFields,
  loadFieldsData,
  namedPaths,
  resolveKind,
  type FieldsData,
} from '../fields';

const DIR = path.join(findRepoRoot(), 'data/releases/v0.44.0/crd');
const release = loadRelease(DIR);
const data = loadFieldsData(path.join(DIR, 'fields.yaml'));

/** A deep copy to change in a test. */
const copy = (): FieldsData => JSON.parse(JSON.stringify(data)) as FieldsData;

test('every spec and status field of every kind has a description, and every description a field', () => {
  const report = checkFields(data, release.kinds);
  assert.deepEqual(report.problems, []);
  assert.equal(Object.keys(report.counts).length, 14);
  const spec = Object.values(report.counts).reduce((n, c) => n + c.spec, 0);
  // Named fields only: the item of a list ([]) or the value of a map ({}) is
  // not a field of its own.
  assert.ok(spec > 1000, `only ${spec} spec fields`);
  assert.ok(report.sets >= 30, `only ${report.sets} field sets`);
  // Written once: far fewer descriptions than the fields they describe.
  const status = Object.values(report.counts).reduce((n, c) => n + c.status, 0);
  assert.ok(report.descriptions < (spec + status) * 0.7, `${report.descriptions} descriptions`);
});

test('a field without a description fails, naming the kind and the path', () => {
  const d = copy();
  delete d.fieldSets.secretKeyRef.fields.key;
  const problems = checkFields(d, release.kinds).problems;
  assert.ok(problems.includes('MCPServer: spec.sessionStorage.passwordRef.key has no description'));
  assert.ok(
    problems.includes(
      'VirtualMCPServer: spec.authServerConfig.upstreamProviders[].oidcConfig.clientSecretRef.key has no description',
    ),
  );
});

test('a description of a field the CRD lacks fails, in a kind and in a set', () => {
  const d = copy();
  d.kinds.MCPServer.fields!['spec.port'] = 'The port.';
  d.fieldSets.oidcConfigRef.fields.clientId = 'A client ID.';
  const problems = checkFields(d, release.kinds).problems;
  assert.ok(
    problems.includes('MCPServer: spec.port (kind) is described, but the CRD has no such field'),
  );
  assert.ok(
    problems.includes(
      'MCPRemoteProxy: spec.oidcConfigRef.clientId (set:oidcConfigRef) is described, but the CRD has no such field',
    ),
  );
});

test('a description that names a field the CRD lacks fails, also for another kind', () => {
  const d = copy();
  d.kinds.MCPServer.fields!['spec.image'] = 'The image; see `spec.targetPort`.';
  d.kinds.MCPGroup.fields!['spec.description'] = "See `MCPServer`'s `spec.tools`.";
  const problems = checkFields(d, release.kinds).problems;
  assert.ok(
    problems.some((p) =>
      /MCPServer: the description of spec\.image \(kind\) names `spec\.targetPort`/.test(p),
    ),
  );
  assert.ok(
    problems.some((p) =>
      /MCPGroup: the description of spec\.description \(kind\) names `spec\.tools` of MCPServer/.test(
        p,
      ),
    ),
  );
  assert.deepEqual(namedPaths("The `MCPToolConfig`'s `status.configHash` and `spec.x[].y`."), [
    {kind: 'MCPToolConfig', path: 'status.configHash'},
    {kind: undefined, path: 'spec.x[].y'},
  ]);
});

test('sets: an unknown set, a set placed on no object, an unused set and a path described twice fail', () => {
  const d = copy();
  d.kinds.MCPGroup.sets = {'spec.description': 'nameRef', spec: 'noSuchSet'};
  d.fieldSets.orphan = {fields: {name: 'Unused.'}};
  // proxyResourceOverrides already places proxyMetadataOverrides there.
  d.kinds.MCPServer.sets!['spec.resourceOverrides.proxyService'] = 'proxyMetadataOverrides';
  const problems = checkFields(d, release.kinds).problems;
  assert.ok(problems.includes('MCPGroup: spec uses the unknown field set "noSuchSet"'));
  assert.ok(
    problems.some((p) =>
      p.startsWith('MCPGroup: set "nameRef" is placed at spec.description, which is no object'),
    ),
  );
  assert.ok(problems.includes('field set "orphan" is used by no kind'));
  assert.ok(
    problems.includes(
      'MCPServer: spec.resourceOverrides.proxyService.labels is described by set:proxyMetadataOverrides and by set:proxyMetadataOverrides',
    ),
  );
});

test('shared sets are written once and placed in several kinds', () => {
  const uses = new Map<string, Set<string>>();
  for (const kind of release.kinds.keys())
    for (const set of resolveKind(data, kind).mounts.keys())
      uses.set(set, new Set([...(uses.get(set) ?? []), kind]));
  for (const set of [
    'secretKeyRef',
    'oidcConfigRef',
    'authzConfig',
    'telemetryConfigRef',
    'sessionStorage',
    'rateLimiting',
    'embeddedAuthServer',
    'compositeTool',
    'condition',
  ])
    assert.ok(
      (uses.get(set)?.size ?? 0) >= 2,
      `${set} is used by ${[...(uses.get(set) ?? [])].join(', ')}`,
    );
});

test('a kind overrides a set where its behaviour differs', () => {
  const ext = resolveKind(data, 'MCPExternalAuthConfig').descriptions.get(
    'spec.embeddedAuthServer.primaryUpstreamProvider',
  )!;
  const vmcp = resolveKind(data, 'VirtualMCPServer').descriptions.get(
    'spec.authServerConfig.primaryUpstreamProvider',
  )!;
  assert.equal(ext.from, 'kind');
  assert.match(ext.text, /no effect/);
  assert.equal(vmcp.from, 'kind');
  assert.doesNotMatch(vmcp.text, /no effect/);
  assert.ok(
    kindFields(release.kinds.get('MCPWebhookConfig')!).some(
      (f) => f.path === 'spec.validating[].url',
    ),
  );
});
