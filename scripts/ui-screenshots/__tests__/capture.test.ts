import {test} from 'node:test';
import assert from 'node:assert/strict';
import {bundledThvTag, parseArgs} from '../capture';
import {registryFromUpstream} from '../v0.39.4/profile';
import {DOCS_VERSIONS} from '../../../docs-versions';

const current = DOCS_VERSIONS.find((v) => v.name === 'current')!;

test('the capture takes the current version’s UI release by default', () => {
  const args = parseArgs([]);
  assert.equal(args.uiRelease, current.uiRelease);
  assert.equal(args.release, current.release);
});

test('--ui-release finds the ToolHive release whose docs show it, and --release the UI release', () => {
  for (const v of DOCS_VERSIONS) {
    assert.equal(parseArgs(['--ui-release', v.uiRelease]).release, v.release);
    assert.equal(parseArgs([`--release=${v.release}`]).uiRelease, v.uiRelease);
  }
  assert.throws(() => parseArgs(['--ui-release', 'v9.9.9']), /no docs version shows/);
  assert.throws(() => parseArgs(['--release', 'v9.9.9']), /no docs version documents/);
  assert.throws(() => parseArgs(['--only']), /--only needs a value/);
});

test('bundledThvTag reads TOOLHIVE_VERSION in both forms the studio has used', () => {
  assert.equal(
    bundledThvTag("export const TOOLHIVE_VERSION = process.env.THV_VERSION ?? 'v0.42.1'"),
    'v0.42.1',
  );
  assert.equal(bundledThvTag("export const TOOLHIVE_VERSION = 'v0.2.10'"), 'v0.2.10');
  assert.equal(bundledThvTag('export const OTHER = 1'), null);
});

test('registryFromUpstream turns container and remote entries into the API’s shapes', () => {
  const ext = (extra: Record<string, unknown>) => ({
    'io.modelcontextprotocol.registry/publisher-provided': {'io.github.stacklok': extra},
  });
  const doc = {
    meta: {last_updated: '2026-08-04T00:00:00Z'},
    data: {
      servers: [
        {
          name: 'io.github.stacklok/zeta',
          description: 'A remote one',
          remotes: [{type: 'streamable-http', url: 'https://zeta.example.com/mcp'}],
          _meta: ext({'https://zeta.example.com/mcp': {tier: 'Official', tools: ['z']}}),
        },
        {
          name: 'io.github.stacklok/alpha',
          title: 'Alpha',
          repository: {url: 'https://github.com/example/alpha'},
          packages: [
            {
              registryType: 'oci',
              identifier: 'ghcr.io/example/alpha:1.0.0',
              transport: {type: 'streamable-http', url: 'http://localhost:8080'},
              environmentVariables: [{name: 'TOKEN', isSecret: true, isRequired: true}],
            },
          ],
          _meta: ext({
            'ghcr.io/example/alpha:1.0.0': {
              tier: 'Community',
              tools: ['a', 'b'],
              permissions: {network: {outbound: {allow_host: ['api.example.com']}}},
            },
          }),
        },
      ],
    },
  };
  const reg = registryFromUpstream(JSON.stringify(doc));
  assert.equal(reg.last_updated, '2026-08-04T00:00:00Z');
  assert.equal(reg.servers.length, 1);
  assert.deepEqual(
    {...reg.servers[0], env_vars: undefined},
    {
      name: 'io.github.stacklok/alpha',
      title: 'Alpha',
      description: undefined,
      repository_url: 'https://github.com/example/alpha',
      tier: 'Community',
      status: undefined,
      tools: ['a', 'b'],
      tags: [],
      metadata: undefined,
      image: 'ghcr.io/example/alpha:1.0.0',
      transport: 'streamable-http',
      target_port: 8080,
      args: [],
      permissions: {network: {outbound: {allow_host: ['api.example.com']}}},
      provenance: undefined,
      env_vars: undefined,
    },
  );
  assert.deepEqual(reg.servers[0].env_vars, [
    {name: 'TOKEN', description: undefined, required: true, secret: true, default: undefined},
  ]);
  assert.equal(reg.remote_servers.length, 1);
  assert.equal(reg.remote_servers[0].url, 'https://zeta.example.com/mcp');
  assert.equal(reg.remote_servers[0].tier, 'Official');
});
