/**
 * Each diff function on small hand-made inputs, so that every rule (renames
 * only through aliases, flags of renamed commands, parameters behind $ref,
 * fields reported at the highest new or lost path, free-form objects,
 * successors, nested Helm defaults, release boundaries) has a case that
 * fails when the rule breaks.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import type {CliCommand, CliData, CliFlag} from '../../cli-reference/data';
import type {ChartData} from '../../helm-values/extract';
import type {Client, ClientData} from '../../client-reference/generate';
import type {KnownIssue} from '../../../plugins/known-issues/data';
import type {CrdExtract, Node} from '../../checks/lib/crd-structure';
import {
  compareVersions,
  diffApi,
  diffCli,
  diffClients,
  diffCrds,
  diffFlags,
  diffHelm,
  diffKindFields,
  findRenames,
  fixedBetween,
  leaves,
  settableKeys,
  stillPresent,
  type ApiSpec,
  type ProductRange,
} from '../diff';
import {cell, parameterChangeText} from '../render';

// ---------------------------------------------------------------------------
// Fixture builders
// ---------------------------------------------------------------------------

function flag(name: string, over: Partial<CliFlag> = {}): CliFlag {
  return {
    name,
    shorthand: null,
    type: 'string',
    default: null,
    required: false,
    description: `The ${name} flag.`,
    ...over,
  };
}

function cmd(p: string, over: Partial<CliCommand> = {}): CliCommand {
  return {
    path: p,
    summary: `Summary of ${p}.`,
    description: '',
    usage: `${p} [flags]`,
    runnable: true,
    aliases: [],
    arguments: [],
    flags: [],
    examples: [],
    related: [],
    ...over,
  };
}

const cli = (release: string, commands: CliCommand[]): CliData => ({release, commands});

function crd(
  kind: string,
  versions: {name: string; storage: boolean; deprecated?: boolean; spec: Node}[],
): CrdExtract {
  return {
    $comment: '',
    source: {repository: 'r', tag: 't', path: 'p'},
    resource: {
      group: 'toolhive.stacklok.dev',
      kind,
      listKind: `${kind}List`,
      plural: `${kind.toLowerCase()}s`,
      singular: kind.toLowerCase(),
      shortNames: [],
      scope: 'Namespaced',
    },
    versions: versions.map((v) => ({
      name: v.name,
      served: true,
      storage: v.storage,
      ...(v.deprecated ? {deprecated: true} : {}),
      subresources: [],
      printerColumns: [],
      schema: {type: 'object', properties: {spec: v.spec}},
    })),
  };
}

const obj = (properties: Record<string, Node>, extra: Node = {}): Node => ({
  type: 'object',
  properties,
  ...extra,
});
const str: Node = {type: 'string'};
const int: Node = {type: 'integer', format: 'int32'};

function chart(name: string, version: string, values: ChartData['values']): ChartData {
  return {
    chart: {name, version, appVersion: version},
    values,
  } as unknown as ChartData;
}

function client(id: string, over: Partial<Client> = {}): Client {
  const p = `~/.${id}/mcp.json`;
  return {
    id,
    name: `Client ${id}`,
    description: '',
    configPath: {linux: p, macos: p, windows: p},
    serversKey: 'servers',
    urlKey: 'url',
    types: {stdio: 'sse', sse: 'sse', 'streamable-http': 'http'},
    detection: 'file',
    ui: {managed: true, label: null},
    notes: [],
    ...over,
  };
}

const clients = (list: Client[]): ClientData => ({
  release: 'v1',
  ui: {release: 'v1', bundledCli: 'v1'},
  clients: list,
});

function issue(id: string, over: Partial<KnownIssue>): KnownIssue {
  return {
    id,
    title: `Issue ${id}`,
    surfaces: ['cli'],
    severity: 'bug',
    checked: [{product: 'ToolHive', release: 'v0.2.8'}],
    symptom: 's',
    workaround: 'w',
    source: [{repo: 'stacklok/toolhive', ref: 'v0.2.8', path: 'x.go'}],
    ...over,
  };
}

// ---------------------------------------------------------------------------
// Versions
// ---------------------------------------------------------------------------

test('compareVersions orders numerically, across product and chart tags', () => {
  assert.ok(compareVersions('v0.2.10', 'v0.2.9') > 0);
  assert.ok(compareVersions('v0.10.0', 'v0.9.9') > 0);
  assert.equal(compareVersions('toolhive-operator-0.2.4', '0.2.4'), 0);
  assert.ok(compareVersions('toolhive-operator-crds-0.0.41', '0.44.0') < 0);
  assert.throws(() => compareVersions('latest', 'v1.0.0'), /version number/);
});

// ---------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------

test('diffCli: a command that became an alias of another is a rename, not an addition and a removal', () => {
  const older = cli('v1', [
    cmd('thv'),
    cmd('thv restart', {flags: [flag('all', {type: 'bool'})]}),
    cmd('thv gone'),
  ]);
  const newer = cli('v2', [
    cmd('thv'),
    cmd('thv start', {aliases: ['restart'], flags: [flag('all', {type: 'bool'}), flag('group')]}),
    cmd('thv fresh'),
  ]);
  const c = diffCli(older, newer);
  assert.deepEqual(c.renamed, [{from: 'thv restart', to: 'thv start'}]);
  assert.deepEqual(
    c.added.map((x) => x.path),
    ['thv fresh'],
  );
  assert.deepEqual(
    c.removed.map((x) => x.path),
    ['thv gone'],
  );
  // The renamed command's flags are compared with its old self.
  assert.deepEqual(c.flags, [
    {command: 'thv start', was: 'thv restart', added: [flag('group')], removed: [], changed: []},
  ]);
});

test('findRenames: no alias, no rename; an alias under another parent does not count', () => {
  const older = cli('v1', [cmd('thv'), cmd('thv a'), cmd('thv a old'), cmd('thv b')]);
  const newer = cli('v2', [
    cmd('thv'),
    cmd('thv a'),
    cmd('thv b'),
    cmd('thv b new', {aliases: ['old']}),
    cmd('thv a other'),
  ]);
  assert.deepEqual(findRenames(older, newer), []);
});

test('findRenames: the children of a renamed group follow it', () => {
  const older = cli('v1', [
    cmd('thv'),
    cmd('thv old', {runnable: false, usage: null}),
    cmd('thv old x'),
  ]);
  const newer = cli('v2', [
    cmd('thv'),
    cmd('thv new', {aliases: ['old'], runnable: false, usage: null}),
    cmd('thv new x'),
  ]);
  assert.deepEqual(findRenames(older, newer), [
    {from: 'thv old', to: 'thv new'},
    {from: 'thv old x', to: 'thv new x'},
  ]);
  const c = diffCli(older, newer);
  assert.equal(c.added.length, 0);
  assert.equal(c.removed.length, 0);
});

test('diffCli: only newly deprecated commands are listed as deprecated', () => {
  const older = cli('v1', [cmd('thv'), cmd('thv a', {deprecated: 'Use b.'})]);
  const newer = cli('v2', [
    cmd('thv'),
    cmd('thv a', {deprecated: 'Use b.'}),
    cmd('thv c', {deprecated: 'Use d.'}),
  ]);
  assert.deepEqual(
    diffCli(older, newer).deprecated.map((x) => x.path),
    ['thv c'],
  );
});

test('diffFlags: added, removed, type, default and short form; a bool without default is false', () => {
  const d = diffFlags(
    [
      flag('keep', {type: 'bool'}),
      flag('gone'),
      flag('port', {type: 'string', default: '8080'}),
      flag('mode', {default: 'sse'}),
      flag('all', {type: 'bool'}),
      flag('iso', {type: 'bool'}),
    ],
    [
      flag('keep', {type: 'bool', default: 'false'}),
      flag('port', {type: 'int', default: '8080'}),
      flag('mode', {default: 'streamable-http'}),
      flag('all', {type: 'bool', shorthand: 'a'}),
      flag('iso', {type: 'bool', default: 'true'}),
      flag('new'),
    ],
  );
  assert.deepEqual(
    d.added.map((f) => f.name),
    ['new'],
  );
  assert.deepEqual(
    d.removed.map((f) => f.name),
    ['gone'],
  );
  assert.deepEqual(d.changed, [
    {flag: 'port', what: 'type', before: 'string', after: 'int'},
    {flag: 'mode', what: 'default', before: 'sse', after: 'streamable-http'},
    {flag: 'all', what: 'shorthand', before: null, after: 'a'},
    {flag: 'iso', what: 'default', before: 'false', after: 'true'},
  ]);
});

// ---------------------------------------------------------------------------
// API
// ---------------------------------------------------------------------------

const olderSpec: ApiSpec = {
  components: {
    parameters: {
      Name: {name: 'name', in: 'path', required: true, schema: {type: 'string', enum: ['a', 'b']}},
    },
  },
  paths: {
    '/items/{name}': {
      parameters: [{$ref: '#/components/parameters/Name'}],
      get: {operationId: 'getItem', summary: 'Get', responses: {'200': {}, '500': {}}},
      delete: {operationId: 'deleteItem', summary: 'Delete', responses: {'204': {}}},
    },
    '/items': {
      get: {
        operationId: 'listItems',
        summary: 'List',
        parameters: [{name: 'page', in: 'query', schema: {type: 'integer'}}],
        responses: {'200': {}},
      },
    },
    '/old': {post: {operationId: 'old', summary: 'Old', responses: {'200': {}}}},
  },
};

const newerSpec: ApiSpec = {
  components: {
    parameters: {
      Name: {name: 'name', in: 'path', required: true, schema: {type: 'string', enum: ['a', 'c']}},
    },
  },
  paths: {
    '/items/{name}': {
      get: {
        operationId: 'getItem',
        summary: 'Get',
        parameters: [{$ref: '#/components/parameters/Name'}],
        responses: {'200': {}, '404': {}},
      },
      delete: {
        operationId: 'deleteItem',
        summary: 'Delete',
        parameters: [{$ref: '#/components/parameters/Name'}],
        responses: {'204': {}},
      },
    },
    '/items': {
      get: {
        operationId: 'listItems',
        summary: 'List',
        parameters: [
          {name: 'page', in: 'query', required: true, schema: {type: 'integer'}},
          {name: 'group', in: 'query', schema: {type: 'string'}},
        ],
        responses: {'200': {}},
      },
      post: {operationId: 'createItem', summary: 'Create', responses: {'201': {}}},
    },
  },
};

test('diffApi: operations are matched by method and path', () => {
  const d = diffApi(olderSpec, newerSpec);
  assert.deepEqual(
    d.added.map((o) => `${o.method} ${o.path} ${o.operationId}`),
    ['POST /items createItem'],
  );
  assert.deepEqual(
    d.removed.map((o) => `${o.method} ${o.path} ${o.operationId}`),
    ['POST /old old'],
  );
});

test('diffApi: parameters behind $ref and at path level, and status codes', () => {
  const d = diffApi(olderSpec, newerSpec);
  const byId = new Map(d.changed.map((c) => [c.operationId, c]));
  assert.deepEqual([...byId.keys()].sort(), ['deleteItem', 'getItem', 'listItems']);
  const get = byId.get('getItem')!;
  assert.deepEqual(get.statusAdded, ['404']);
  assert.deepEqual(get.statusRemoved, ['500']);
  assert.equal(get.parametersChanged.length, 1);
  assert.equal(
    parameterChangeText(get.parametersChanged[0]),
    '`name` (path): values added: `c`; values removed: `b`.',
  );
  const list = byId.get('listItems')!;
  assert.deepEqual(
    list.parametersAdded.map((p) => `${p.in}:${p.name}`),
    ['query:group'],
  );
  assert.equal(parameterChangeText(list.parametersChanged[0]), '`page` (query): now required.');
  assert.deepEqual(list.statusAdded, []);
});

test('diffApi: the same description twice has no changes', () => {
  const d = diffApi(newerSpec, newerSpec);
  assert.deepEqual(d, {added: [], removed: [], changed: []});
});

// ---------------------------------------------------------------------------
// Kubernetes resources
// ---------------------------------------------------------------------------

const oldServer = crd('MCPServer', [
  {
    name: 'v1alpha1',
    storage: true,
    spec: obj(
      {
        image: str,
        port: {...int, default: 8080},
        oidc: obj({issuer: str, audience: str}),
        pod: obj({
          metadata: obj({labels: {type: 'object', additionalProperties: str}}),
          spec: obj({a: str}),
        }),
        env: {type: 'array', items: obj({name: str, value: str})},
        mode: {type: 'string', enum: ['sse']},
      },
      {required: ['image']},
    ),
  },
]);

const newSpec = obj(
  {
    image: str,
    proxyPort: {...int, default: 8080},
    pod: {type: 'object', 'x-kubernetes-preserve-unknown-fields': true},
    env: {
      type: 'array',
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name'],
      items: obj({name: str, value: str, valueFrom: obj({key: str})}),
    },
    mode: {type: 'string', enum: ['sse', 'streamable-http'], default: 'streamable-http'},
    rateLimit: obj({perUser: obj({max: int}), shared: int}),
  },
  {required: ['image', 'mode']},
);

const newServer = crd('MCPServer', [
  {name: 'v1beta1', storage: true, spec: newSpec},
  {name: 'v1alpha1', storage: false, deprecated: true, spec: newSpec},
]);

test('diffKindFields: fields are reported at the highest new or lost path, with the count below', () => {
  const d = diffKindFields('MCPServer', oldServer, newServer);
  assert.deepEqual(d.added, [
    {path: 'spec.proxyPort', below: 0, type: 'integer (int32)'},
    {path: 'spec.env[].valueFrom', below: 1, type: 'object'},
    {path: 'spec.rateLimit', below: 3, type: 'object'},
  ]);
  // spec.pod.* are not lost: spec.pod now takes any fields.
  assert.deepEqual(d.removed, [
    {path: 'spec.port', below: 0},
    {path: 'spec.oidc', below: 2},
  ]);
  assert.equal(d.olderVersion, 'v1alpha1');
  assert.equal(d.newerVersion, 'v1beta1');
  assert.equal(d.newerVersionsShareSchema, true);
  const changes = d.changed.map((c) => `${c.path} ${c.what}: ${c.before} -> ${c.after}`);
  assert.deepEqual(changes, [
    'spec.pod type: object -> object (any fields)',
    'spec.env allowed values: no limits -> Unique `name` per item',
    'spec.mode default: none -> "streamable-http"',
    'spec.mode allowed values: One of `sse` -> One of `sse`, `streamable-http`',
    'spec.mode required: optional -> required',
  ]);
});

test('diffKindFields: a successor is attached only to a lost field, and must exist in the newer kind', () => {
  const source = {repo: 'stacklok/toolhive', ref: 'v0.14.0', path: 'x.go', lines: '1-2'};
  const d = diffKindFields('MCPServer', oldServer, newServer, {
    'spec.port': {successor: 'spec.proxyPort', source},
  });
  assert.deepEqual(d.removed[0], {
    path: 'spec.port',
    below: 0,
    successor: {successor: 'spec.proxyPort', source},
  });
  assert.equal(d.removed[1].successor, undefined);
  assert.throws(
    () =>
      diffKindFields('MCPServer', oldServer, newServer, {
        'spec.image': {successor: 'spec.image', source},
      }),
    /not a field that MCPServer lost/,
  );
  assert.throws(
    () =>
      diffKindFields('MCPServer', oldServer, newServer, {
        'spec.port': {successor: 'spec.nope', source},
      }),
    /no field spec\.nope/,
  );
});

test('diffCrds: kinds added and removed, with their served, stored and deprecated versions', () => {
  const gone = crd('OldKind', [{name: 'v1alpha1', storage: true, spec: obj({a: str})}]);
  const fresh = crd('MCPGroup', [
    {name: 'v1beta1', storage: true, spec: obj({a: str})},
    {name: 'v1alpha1', storage: false, deprecated: true, spec: obj({a: str})},
  ]);
  const d = diffCrds(
    new Map([
      ['MCPServer', oldServer],
      ['OldKind', gone],
    ]),
    new Map([
      ['MCPServer', newServer],
      ['MCPGroup', fresh],
    ]),
  );
  assert.deepEqual(d.added, ['MCPGroup']);
  assert.deepEqual(d.removed, ['OldKind']);
  assert.deepEqual(
    d.fields.map((f) => f.kind),
    ['MCPServer'],
  );
  assert.deepEqual(
    d.kinds.find((k) => k.kind === 'MCPGroup'),
    {
      kind: 'MCPGroup',
      newer: {served: ['v1beta1', 'v1alpha1'], stored: 'v1beta1', deprecated: ['v1alpha1']},
    },
  );
  assert.deepEqual(d.kinds.find((k) => k.kind === 'OldKind')?.newer, undefined);
  assert.throws(
    () =>
      diffCrds(new Map([['OldKind', gone]]), new Map([['MCPGroup', fresh]]), {
        release: 'v2',
        kinds: {OldKind: {}},
      }),
    /not a kind of both releases/,
  );
});

// ---------------------------------------------------------------------------
// Helm
// ---------------------------------------------------------------------------

test('settableKeys leaves out keys that only hold other keys', () => {
  assert.deepEqual(
    settableKeys({
      operator: {types: ['map'], inValues: true},
      'operator.gc': {types: ['map'], inValues: true},
      'operator.gc.gogc': {types: ['number'], inValues: true, default: 75},
      'operator.affinity': {types: ['map'], inValues: true, default: {}},
    }),
    ['operator.affinity', 'operator.gc.gogc'],
  );
});

test('leaves flattens maps and lists; empty ones are leaves', () => {
  assert.deepEqual(
    [...leaves({a: {b: 1, c: []}, d: [{e: 'x'}, 'y'], f: {}})],
    [
      ['a.b', 1],
      ['a.c', []],
      ['d[0].e', 'x'],
      ['d[1]', 'y'],
      ['f', {}],
    ],
  );
});

test('diffHelm: keys added and removed, and defaults changed, inside maps too', () => {
  const older = chart('op', '0.2.4', {
    operator: {types: ['map'], inValues: true},
    'operator.image': {types: ['string'], inValues: true, default: 'img:v1'},
    'operator.env': {types: ['map'], inValues: true, default: {}},
    'operator.ctx': {types: ['map'], inValues: true, default: {a: true, caps: {drop: ['ALL']}}},
    'operator.same': {types: ['number'], inValues: true, default: 1},
    'operator.gone': {types: ['string'], inValues: true, default: 'x'},
  });
  const newer = chart('op', '0.44.0', {
    operator: {types: ['map'], inValues: true},
    'operator.image': {types: ['string'], inValues: true, default: 'img:v2'},
    'operator.env': {types: ['list'], inValues: true, default: []},
    'operator.ctx': {
      types: ['map'],
      inValues: true,
      default: {a: true, caps: {drop: ['ALL']}, seccomp: {type: 'RuntimeDefault'}},
    },
    'operator.same': {types: ['number'], inValues: true, default: 1},
    'global.redis.host': {types: [], inValues: false},
  });
  const d = diffHelm(older, newer);
  assert.equal(d.chart, 'op');
  assert.equal(d.olderVersion, '0.2.4');
  assert.equal(d.newerVersion, '0.44.0');
  assert.deepEqual(d.added, [{key: 'global.redis.host', types: [], inValues: false}]);
  assert.deepEqual(d.removed, [
    {key: 'operator.gone', types: ['string'], default: 'x', inValues: true},
  ]);
  assert.deepEqual(
    d.changed.map((c) => c.key),
    ['operator.ctx', 'operator.env', 'operator.image'],
  );
  const ctx = d.changed.find((c) => c.key === 'operator.ctx')!;
  assert.deepEqual(ctx.inside, [{path: 'seccomp.type', after: 'RuntimeDefault'}]);
  const env = d.changed.find((c) => c.key === 'operator.env')!;
  assert.deepEqual([env.typesBefore, env.typesAfter, env.inside], [['map'], ['list'], []]);
});

// ---------------------------------------------------------------------------
// Clients
// ---------------------------------------------------------------------------

test('diffClients: added, removed, newly deprecated and moved configuration files', () => {
  const d = diffClients(
    clients([client('a'), client('b'), client('c', {deprecated: 'old'})]),
    clients([
      client('a', {configPath: {linux: '~/new', macos: '~/.a/mcp.json', windows: '~/.a/mcp.json'}}),
      client('c', {deprecated: 'old'}),
      client('d', {deprecated: 'going'}),
      client('e'),
    ]),
  );
  assert.deepEqual(
    d.added.map((c) => c.id),
    ['d', 'e'],
  );
  assert.deepEqual(
    d.removed.map((c) => c.id),
    ['b'],
  );
  assert.deepEqual(
    d.deprecated.map((c) => c.id),
    ['d'],
  );
  assert.deepEqual(d.configPaths, [
    {id: 'a', name: 'Client a', os: 'linux', before: '~/.a/mcp.json', after: '~/new'},
  ]);
});

// ---------------------------------------------------------------------------
// Known issues
// ---------------------------------------------------------------------------

const range: ProductRange = {
  ToolHive: {older: 'v0.2.8', newer: 'v0.44.0'},
  'ToolHive UI': {older: 'v0.5.0', newer: 'v0.39.4'},
  'toolhive-operator chart': {older: '0.2.4', newer: '0.44.0'},
  'toolhive-operator-crds chart': {older: '0.0.15', newer: '0.44.0'},
};

test('fixedBetween: after the older release, up to and including the newer, per product', () => {
  const issues = [
    issue('at-older', {fixedIn: {product: 'ToolHive', release: 'v0.2.8'}}),
    issue('just-after', {fixedIn: {product: 'ToolHive', release: 'v0.2.9'}}),
    issue('at-newer', {fixedIn: {product: 'ToolHive', release: 'v0.44.0'}}),
    issue('after-newer', {fixedIn: {product: 'ToolHive', release: 'v0.45.0'}}),
    issue('ui-at-older', {fixedIn: {product: 'ToolHive UI', release: 'v0.5.0'}}),
    issue('ui', {fixedIn: {product: 'ToolHive UI', release: 'v0.21.0'}}),
    issue('chart', {
      fixedIn: {product: 'toolhive-operator chart', release: 'toolhive-operator-0.2.13'},
    }),
    issue('open', {presentIn: {product: 'ToolHive', release: 'v0.44.0'}}),
    issue('open-older', {presentIn: {product: 'ToolHive', release: 'v0.3.8'}}),
  ];
  const fixed = fixedBetween(issues, range);
  const ids = Object.fromEntries(fixed.map((f) => [f.product, f.issues.map((i) => i.id)]));
  assert.deepEqual(ids, {
    ToolHive: ['just-after', 'at-newer'],
    'ToolHive UI': ['ui'],
    'toolhive-operator chart': ['chart'],
    'toolhive-operator-crds chart': [],
  });
  assert.deepEqual(
    stillPresent(issues, range).map((i) => i.id),
    ['open'],
  );
});

// ---------------------------------------------------------------------------
// Page text
// ---------------------------------------------------------------------------

test('cell keeps code spans and escapes what MDX would read as JSX', () => {
  assert.equal(cell('Use `{name}` <here> {x} | y'), 'Use `{name}` \\<here> \\{x\\} \\| y');
});
