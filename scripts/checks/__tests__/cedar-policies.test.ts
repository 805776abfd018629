import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {findRepoRoot} from '../lib/code-blocks';
import {scanMarkdown, scanYamlFile} from '../lib/cedar-docs';
import {
  buildRequest,
  cedarModel,
  decide,
  decimalFromFloat,
  loadCedarSchema,
  sanitizeURIForCedar,
  validatePolicy,
} from '../lib/cedar-engine';
import {
  checkCedarPolicies,
  checkPolicySets,
  formatReport,
  type DecisionTables,
  type TableEntry,
} from '../cedar-policies';

const ROOT = findRepoRoot();
const schema = loadCedarSchema(path.join(ROOT, 'data/releases/v0.2.8/cedar/toolhive.cedarschema'));

/** Problems of one Markdown text with the given decision tables for it. */
function problemsOf(markdown: string, tables?: Record<string, TableEntry>) {
  return checkPolicySets(scanMarkdown(markdown), schema, tables, 'decisions.yaml', 'page.mdx')
    .problems;
}

const ALLOW_FETCH = `permit(principal, action == Action::"call_tool", resource == Tool::"fetch");`;

test('the schema parses and declares the three actions ToolHive authorizes', () => {
  const ns = schema[''];
  assert.deepEqual(Object.keys(ns.actions).sort(), ['call_tool', 'get_prompt', 'read_resource']);
  assert.deepEqual(Object.keys(ns.entityTypes).sort(), ['Client', 'Prompt', 'Resource', 'Tool']);
});

test('a policy that does not parse fails at its page line (resource in a list in the scope)', () => {
  const md = [
    '## Inline', // 1
    '', // 2
    '```yaml title="osv-authz.yaml"', // 3
    'apiVersion: toolhive.stacklok.dev/v1alpha1', // 4
    'kind: MCPServer', // 5
    'metadata:', // 6
    '  name: osv', // 7
    'spec:', // 8
    '  image: ghcr.io/stackloklabs/osv-mcp/server', // 9
    '  authzConfig:', // 10
    '    type: inline', // 11
    '    inline:', // 12
    '      policies:', // 13
    '        - \'permit(principal, action == Action::"call_tool", resource in [Tool::"a", Tool::"b"]);\'', // 14
    '```', // 15
  ].join('\n');
  const problems = problemsOf(md, {'osv-authz.yaml': {noPromise: 'test'}});
  assert.equal(problems.length, 1);
  assert.equal(problems[0].line, 14);
  assert.match(problems[0].message, /does not parse: .*expected single entity uid/);
  assert.match(problems[0].message, /proxy doesn't start/);
});

test('a parse error in a Cedar block points at the line of the error', () => {
  const md = [
    '### Broken', // 1
    '```cedar', // 2
    ALLOW_FETCH, // 3
    'permit(principal, action, resource) when {', // 4
    '  principal.claim_groups.contains("a")', // 5
    '  && ;', // 6
    '};', // 7
    '```', // 8
  ].join('\n');
  const problems = problemsOf(md, {Broken: {noPromise: 'test'}});
  assert.equal(problems.length, 1);
  assert.equal(problems[0].line, 6);
});

test('an unknown entity type or action fails validation against the schema', () => {
  const unknownType = problemsOf(
    [
      '### A',
      '```cedar',
      'permit(principal, action == Action::"call_tool", resource == Tol::"fetch");',
      '```',
    ].join('\n'),
    {A: {noPromise: 'test'}},
  );
  assert.ok(
    unknownType.some((p) => /unrecognized entity type `Tol`.*did you mean `Tool`/.test(p.message)),
  );
  assert.equal(unknownType[0].line, 3);

  const unknownAction = problemsOf(
    [
      '### B',
      '```cedar',
      'permit(principal, action == Action::"list_tools", resource);',
      '```',
    ].join('\n'),
    {B: {noPromise: 'test'}},
  );
  assert.ok(
    unknownAction.some((p) => /unrecognized action `Action::"list_tools"`/.test(p.message)),
  );
});

test('attribute names must be ones ToolHive sets, and optional ones need `has`', () => {
  assert.match(
    validatePolicy(
      'permit(principal, action, resource) when { principal.groups.contains("a") };',
      schema,
    )
      .map((p) => p.message)
      .join('\n'),
    /principal\.groups: ToolHive v0\.2\.8 never sets this attribute/,
  );
  assert.match(
    validatePolicy(
      'permit(principal, action, resource) when { principal.claim_groups.contains("a") };',
      schema,
    )
      .map((p) => p.message)
      .join('\n'),
    /optional attribute `claim_groups`/,
  );
  assert.deepEqual(
    validatePolicy(
      'permit(principal, action, resource) when { principal has claim_groups && principal.claim_groups.contains("a") };',
      schema,
    ),
    [],
  );
  assert.deepEqual(
    validatePolicy(
      'permit(principal, action, resource) when { action.operation == "call_tool" };',
      schema,
    ),
    [],
  );
  // Resources have no arguments: reading arg_x without `has` is an error there.
  assert.match(
    validatePolicy('permit(principal, action, resource) when { resource.arg_x == "y" };', schema)
      .map((p) => p.message)
      .join('\n'),
    /`arg_x` on entity type `Resource` not found/,
  );
});

test('a decision that differs from the page fails with the request and the table entry', () => {
  const md = [
    '### Allow one user',
    '```cedar',
    'permit(principal == Client::"alice", action == Action::"call_tool", resource);',
    '```',
  ].join('\n');
  const good = problemsOf(md, {
    'Allow one user': {
      requests: [
        {tool: 'fetch', as: {claims: {sub: 'alice'}}, expect: 'allow'},
        {tool: 'fetch', as: {claims: {sub: 'bob'}}, expect: 'deny'},
      ],
    },
  });
  assert.deepEqual(good, []);
  const bad = problemsOf(md, {
    'Allow one user': {requests: [{tool: 'fetch', as: {claims: {sub: 'bob'}}, expect: 'allow'}]},
  });
  assert.equal(bad.length, 1);
  assert.equal(bad[0].line, 2);
  assert.match(
    bad[0].message,
    /Cedar decides deny \(no policy applies\) for tools\/call "fetch" as token claims \{"sub":"bob"\}, but the page promises allow \(decisions\.yaml → page\.mdx → "Allow one user", request 1\)/,
  );
});

test('every policy set needs a decision table entry', () => {
  const md = ['### Allow fetch', '```cedar', ALLOW_FETCH, '```'].join('\n');
  const problems = problemsOf(md, {});
  assert.equal(problems.length, 1);
  assert.match(problems[0].message, /"Allow fetch" \(Cedar text\) has no decision table/);
});

test('a policy list entry must hold exactly one policy', () => {
  const md = [
    '```json title="two.json"',
    '{"version": "1.0", "type": "cedarv1", "cedar": {"policies": [',
    `  "${ALLOW_FETCH.replace(/"/g, '\\"')} ${ALLOW_FETCH.replace(/"/g, '\\"')}"`,
    ']}}',
    '```',
  ].join('\n');
  const problems = problemsOf(md, {'two.json': {noPromise: 'test'}});
  assert.equal(problems.length, 1);
  assert.match(problems[0].message, /holds 2 policies/);
  assert.equal(problems[0].line, 3);
});

test('configurations that ToolHive refuses or misreads are reported', () => {
  const md = [
    '```yaml title="bad.yaml"', // 1
    'version: "1.0"', // 2
    'type: cedar', // 3
    'cedar:', // 4
    '  policies:', // 5
    `    - '${ALLOW_FETCH}'`, // 6
    '  entitiesJson: "[]"', // 7
    '```', // 8
  ].join('\n');
  const problems = problemsOf(md, {'bad.yaml': {noPromise: 'test'}});
  assert.deepEqual(
    problems.map((p) => p.line),
    [3, 7],
  );
  assert.match(problems[0].message, /"type" must be "cedarv1"/);
  assert.match(problems[1].message, /ignores the key "cedar\.entitiesJson"/);
});

test('a ConfigMap that holds the configuration must hold JSON', () => {
  const md = [
    '```yaml title="cm.yaml"',
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata:',
    '  name: authz',
    'data:',
    '  authz.json: |',
    '    version: "1.0"',
    '    type: cedarv1',
    '    cedar:',
    '      policies:',
    `        - '${ALLOW_FETCH}'`,
    '```',
  ].join('\n');
  const problems = problemsOf(md, {'cm.yaml': {requests: [{tool: 'fetch', expect: 'allow'}]}});
  assert.equal(problems.length, 1);
  assert.match(problems[0].message, /reads it as JSON, but it is not JSON/);
  const sets = scanMarkdown(md).sets;
  assert.equal(sets[0].policies[0].line, 12);
});

test('an MCPAuthzConfig of type cedarv1 holds its policies in spec.config', () => {
  const md = [
    '```yaml title="shared.yaml"', // 1
    'apiVersion: toolhive.stacklok.dev/v1beta1', // 2
    'kind: MCPAuthzConfig', // 3
    'metadata:', // 4
    '  name: shared', // 5
    'spec:', // 6
    '  type: cedarv1', // 7
    '  config:', // 8
    '    policies:', // 9
    `      - '${ALLOW_FETCH}'`, // 10
    "    entities_json: '[]'", // 11
    '```', // 12
  ].join('\n');
  const scan = scanMarkdown(md);
  assert.equal(scan.stray.length, 0);
  assert.equal(scan.sets.length, 1);
  assert.equal(scan.sets[0].source, 'MCPAuthzConfig policies');
  assert.equal(scan.sets[0].label, 'MCPAuthzConfig shared');
  assert.equal(scan.sets[0].policies[0].line, 10);
  assert.deepEqual(
    problemsOf(md, {
      'shared.yaml': {
        requests: [
          {tool: 'fetch', expect: 'allow'},
          {tool: 'other', expect: 'deny'},
        ],
      },
    }),
    [],
  );
  // A promise the policies don't keep fails.
  assert.equal(
    problemsOf(md, {'shared.yaml': {requests: [{tool: 'other', expect: 'allow'}]}}).length,
    1,
  );
});

test('an MCPAuthzConfig of another type holds no Cedar policies, and one without spec.config is reported', () => {
  const http = [
    '```yaml title="http.yaml"',
    'kind: MCPAuthzConfig',
    'metadata:',
    '  name: pdp',
    'spec:',
    '  type: httpv1',
    '  config:',
    '    http:',
    '      url: https://pdp.example.com',
    '```',
  ].join('\n');
  assert.equal(scanMarkdown(http).sets.length, 0);
  const empty = [
    '```yaml title="empty.yaml"', // 1
    'kind: MCPAuthzConfig', // 2
    'metadata:', // 3
    '  name: empty', // 4
    'spec:', // 5
    '  type: cedarv1', // 6
    '```',
  ].join('\n');
  const problems = problemsOf(empty, {'empty.yaml': {noPromise: 'test'}});
  assert.equal(problems.length, 1);
  assert.equal(problems[0].line, 6);
  assert.match(problems[0].message, /spec\.config must hold the Cedar options/);
});

test('an MCPRemoteProxy with inline policies is a policy set', () => {
  const md = [
    '```yaml title="remote.yaml"',
    'kind: MCPRemoteProxy',
    'metadata:',
    '  name: remote',
    'spec:',
    '  remoteUrl: https://mcp.example.com/mcp',
    '  authzConfig:',
    '    type: inline',
    '    inline:',
    '      policies:',
    `        - '${ALLOW_FETCH}'`,
    '```',
  ].join('\n');
  const scan = scanMarkdown(md);
  assert.equal(scan.stray.length, 0);
  assert.equal(scan.sets.length, 1);
  assert.equal(scan.sets[0].label, 'MCPRemoteProxy remote');
});

test('policy-like lines that no set holds are reported', () => {
  const scan = scanMarkdown(['```bash', `echo '${ALLOW_FETCH}' > policy.txt`, '```'].join('\n'));
  assert.equal(scan.stray.length, 1);
  assert.equal(scan.stray[0].line, 2);
});

test('requests are built the way ToolHive v0.2.8 builds them', () => {
  assert.equal(sanitizeURIForCedar('file:///data/report.txt'), 'file____data_report_txt');
  assert.equal(decimalFromFloat(2), '2.0');
  assert.equal(decimalFromFloat(1.23456), '1.2345');
  assert.equal(decimalFromFloat(-0.5), '-0.5');
  assert.equal(decimalFromFloat(1e16), null);

  const built = buildRequest({
    tool: 'fetch',
    args: {url: 'https://x', count: 3, headers: {a: 'b'}, tags: ['a']},
    as: {claims: {sub: 'alice', groups: ['eng'], exp: 1700000000, profile: {x: 1}}},
  });
  assert.ok(!('denied' in built));
  assert.deepEqual(built.principal, {type: 'Client', id: 'alice'});
  assert.deepEqual(built.action, {type: 'Action', id: 'call_tool'});
  assert.deepEqual(built.context, {
    claim_sub: 'alice',
    claim_groups: ['eng'],
    claim_exp: {__extn: {fn: 'decimal', arg: '1700000000.0'}},
    arg_url: 'https://x',
    arg_count: {__extn: {fn: 'decimal', arg: '3.0'}},
    arg_headers_present: true,
    arg_tags_present: true,
  });
  const resource = built.entities.find((e) => 'type' in e.uid && e.uid.type === 'Tool');
  assert.equal(resource?.attrs.name, 'fetch');
  assert.equal(resource?.attrs.feature, 'tool');
  assert.equal(resource?.attrs.arg_url, 'https://x');

  // Without authentication, exp is an int64 claim: a Cedar Long.
  const local = buildRequest({tool: 'fetch', as: {local: 'alice'}});
  assert.ok(!('denied' in local));
  assert.equal(typeof local.context.claim_exp, 'number');
  assert.equal(local.context.claim_email, 'alice@localhost');

  const resourceRead = buildRequest({resource: 'file:///data/report.txt'});
  assert.ok(!('denied' in resourceRead));
  assert.deepEqual(resourceRead.resource, {type: 'Resource', id: 'file____data_report_txt'});

  assert.deepEqual(buildRequest({tool: 'x', as: {claims: {groups: []}}}), {
    denied: 'the caller has no string sub claim (ErrMissingPrincipal)',
  });
});

test('like ToolHive, an evaluation error denies even when another policy permits', () => {
  const policies = [
    'permit(principal, action, resource);',
    'forbid(principal, action, resource) when { principal.claim_missing == "x" };',
  ];
  const result = decide(policies, {tool: 'fetch'});
  assert.equal(result.decision, 'deny');
  assert.match(result.reason, /evaluation error in policy1/);
  assert.equal(decide([policies[0]], {tool: 'fetch'}).decision, 'allow');
});

test('a reference example YAML file is scanned for inline policies', () => {
  const scan = scanYamlFile(
    [
      'apiVersion: toolhive.stacklok.dev/v1alpha1',
      'kind: MCPServer',
      'metadata: {name: x}',
      'spec:',
      '  image: x',
      '  authzConfig:',
      '    type: inline',
      '    inline:',
      `      policies: ['${ALLOW_FETCH}']`,
    ].join('\n'),
    'example.yaml',
  );
  assert.equal(scan.sets.length, 1);
  assert.equal(scan.sets[0].id, 'example.yaml');
  assert.equal(scan.sets[0].policies[0].line, 9);
});

test('checkCedarPolicies reports page:line, stale table entries and a summary', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cedar-policies-'));
  try {
    mkdirSync(path.join(dir, 'docs'), {recursive: true});
    writeFileSync(
      path.join(dir, 'docs/authz.mdx'),
      ['# Authz', '', '### Allow fetch', '', '```cedar', ALLOW_FETCH, '```', ''].join('\n'),
    );
    const tables: DecisionTables = {
      'docs/authz.mdx': {
        'Allow fetch': {requests: [{tool: 'fetch', expect: 'deny'}]},
        Gone: {noPromise: 'removed'},
      },
    };
    const report = checkCedarPolicies({
      root: dir,
      schema,
      tables,
      tablesName: 'decisions.yaml',
      paths: ['docs'],
    });
    const lines = formatReport(report);
    assert.equal(report.problems.length, 2);
    assert.ok(
      lines.some((l) => l.startsWith('docs/authz.mdx:5: Cedar decides allow (by policy0)')),
    );
    assert.ok(
      lines.some((l) =>
        l.startsWith('decisions.yaml:1: "docs/authz.mdx" → "Gone": the file has no policy set'),
      ),
    );
    assert.match(
      lines[lines.length - 1],
      /^cedar policies: 1 policy in 1 set, 1 decision checked with Cedar \d+\.\d+\.\d+, 2 problems$/,
    );
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('policies marked as a mistake shown on purpose are not judged', () => {
  const md = [
    '### Wrong and right', // 1
    '```text', // 2
    '// error-next-line', // 3
    'permit(principal, action, resource in [Tool::"a", Tool::"b"]);', // 4
    ALLOW_FETCH, // 5
    '```', // 6
    '', // 7
    '```yaml title="bad.yaml"', // 8
    'version: "1.0"', // 9
    'type: cedarv1', // 10
    'cedar:', // 11
    '  policies:', // 12
    '    # error-next-line', // 13
    '    - \'permit(principal, action, resource in [Tool::"a"]);\'', // 14
    '```', // 15
  ].join('\n');
  const scan = scanMarkdown(md);
  assert.deepEqual(
    scan.sets.map((s) => s.id),
    ['Wrong and right'],
  );
  assert.deepEqual(scan.stray, []);
  assert.deepEqual(
    problemsOf(md, {'Wrong and right': {requests: [{tool: 'fetch', expect: 'allow'}]}}),
    [],
  );
});

// ---------------------------------------------------------------------------
// ToolHive v0.44.0
// ---------------------------------------------------------------------------

const v044 = cedarModel('v0.44.0');
const schema044 = loadCedarSchema(
  path.join(ROOT, 'data/releases/v0.44.0/cedar/toolhive.cedarschema'),
);

test('the v0.44.0 schema declares the group and server types as parents', () => {
  const ns = schema044[''];
  assert.deepEqual(Object.keys(ns.actions).sort(), ['call_tool', 'get_prompt', 'read_resource']);
  assert.deepEqual(Object.keys(ns.entityTypes).sort(), [
    'Client',
    'MCP',
    'Prompt',
    'Resource',
    'THVGroup',
    'Tool',
  ]);
  const group = 'permit(principal in THVGroup::"eng", action, resource in MCP::"github");';
  assert.deepEqual(validatePolicy(group, schema044, v044), []);
  // v0.2.8 had neither type.
  assert.ok(validatePolicy(group, schema).length > 0);
  assert.throws(() => cedarModel('v0.1.0'), /no Cedar model for ToolHive v0\.1\.0/);
});

test('v0.44.0 attributes: claimset_, tool annotations with has, and the release in messages', () => {
  assert.deepEqual(
    validatePolicy(
      'permit(principal, action, resource) when { principal has claimset_scope && principal.claimset_scope.contains("a") };',
      schema044,
      v044,
    ),
    [],
  );
  // claimset_ is a set of strings: comparing it with a string is a type error.
  assert.ok(
    validatePolicy(
      'permit(principal, action, resource) when { principal has claimset_scope && principal.claimset_scope == "a" };',
      schema044,
      v044,
    ).length > 0,
  );
  assert.match(
    validatePolicy(
      'permit(principal, action, resource) when { principal has claimset_scope };',
      schema,
    )
      .map((p) => p.message)
      .join('\n'),
    /ToolHive v0\.2\.8 never sets this attribute/,
  );
  assert.match(
    validatePolicy(
      'permit(principal, action == Action::"call_tool", resource) when { resource.readOnlyHint };',
      schema044,
      v044,
    )
      .map((p) => p.message)
      .join('\n'),
    /optional attribute `readOnlyHint`/,
  );
  assert.deepEqual(
    validatePolicy(
      'permit(principal, action == Action::"call_tool", resource) when { resource has readOnlyHint && resource.readOnlyHint };',
      schema044,
      v044,
    ),
    [],
  );
  assert.match(
    validatePolicy(
      'permit(principal, action, resource) when { principal.groups.contains("a") };',
      schema044,
      v044,
    )
      .map((p) => p.message)
      .join('\n'),
    /principal\.groups: ToolHive v0\.44\.0 never sets this attribute/,
  );
});

test('requests are built the way ToolHive v0.44.0 builds them', () => {
  const built = buildRequest(
    {
      tool: 'fetch',
      args: {url: 'https://x', tags: ['a']},
      annotations: {readOnlyHint: true},
      server: 'web',
      as: {
        claims: {
          sub: 'alice',
          groups: ['eng', 'eng', 'ops'],
          roles: ['ignored'],
          tsid: 'session',
          profile: {team: 'a', ids: [1, [2]]},
        },
      },
    },
    v044,
  );
  assert.ok(!('denied' in built));
  assert.deepEqual(built.principal, {type: 'Client', id: 'alice'});
  const principal = built.entities.find((e) => 'type' in e.uid && e.uid.type === 'Client');
  // groups wins over roles; duplicates are dropped.
  assert.deepEqual(principal?.parents, [
    {type: 'THVGroup', id: 'eng'},
    {type: 'THVGroup', id: 'ops'},
  ]);
  assert.equal(principal?.attrs.claim_tsid, undefined);
  // Objects become records, nested lists nested sets.
  assert.deepEqual(principal?.attrs.claim_profile, {
    team: 'a',
    ids: [{__extn: {fn: 'decimal', arg: '1.0'}}, [{__extn: {fn: 'decimal', arg: '2.0'}}]],
  });
  const tool = built.entities.find((e) => 'type' in e.uid && e.uid.type === 'Tool');
  assert.deepEqual(tool?.parents, [{type: 'MCP', id: 'web'}]);
  assert.equal(tool?.attrs.readOnlyHint, true);
  assert.equal(tool?.attrs.arg_url, 'https://x');
  assert.equal(tool?.attrs.arg_tags_present, true);

  // Resource IDs are the URI itself, and the server defaults to "server".
  const read = buildRequest({resource: 'file:///data/report.txt'}, v044);
  assert.ok(!('denied' in read));
  assert.deepEqual(read.resource, {type: 'Resource', id: 'file:///data/report.txt'});
  const res = read.entities.find((e) => 'type' in e.uid && e.uid.type === 'Resource');
  assert.equal(res?.attrs.name, 'file:///data/report.txt');
  assert.deepEqual(res?.parents, [{type: 'MCP', id: 'server'}]);

  // Without groups, roles count; group_claim_name reads a nested claim; role_claim_name adds.
  const parentsOf = (claims: Record<string, unknown>, options = {}) => {
    const b = buildRequest({tool: 'x', as: {claims}}, v044, options);
    assert.ok(!('denied' in b));
    return b.entities[0].parents.map((p) => ('id' in p ? p.id : ''));
  };
  assert.deepEqual(parentsOf({sub: 'a', groups: 'eng', roles: ['r']}), ['r']);
  assert.deepEqual(
    parentsOf(
      {sub: 'a', realm_access: {roles: ['kc']}, groups: ['g']},
      {group_claim_name: 'realm_access.roles'},
    ),
    ['kc'],
  );
  assert.deepEqual(
    parentsOf({sub: 'a', groups: ['g'], app_roles: ['admin']}, {role_claim_name: 'app_roles'}),
    ['g', 'admin'],
  );
  assert.deepEqual(parentsOf({sub: 'a'}), []);

  // multi_valued_claims: a string for claim_, a set for claimset_.
  const scopes = buildRequest({tool: 'x', as: {claims: {sub: 'a', scp: ['read', 'write']}}}, v044, {
    multi_valued_claims: ['scp'],
  });
  assert.ok(!('denied' in scopes));
  assert.equal(scopes.context.claim_scp, 'read write');
  assert.deepEqual(scopes.context.claimset_scp, ['read', 'write']);

  assert.match(
    (buildRequest({tool: 'x', as: {claims: {groups: []}}}, v044) as {denied: string}).denied,
    /no string sub claim/,
  );
  assert.throws(() => buildRequest({prompt: 'p', annotations: {readOnlyHint: true}}, v044));
});

test('v0.44.0 decisions: group parents, nested groups from entities_json, server scope', () => {
  const engineering = 'permit(principal in THVGroup::"engineering", action, resource);';
  const nested = [
    {
      uid: {type: 'THVGroup', id: 'platform'},
      attrs: {},
      parents: [{type: 'THVGroup', id: 'engineering'}],
    },
  ];
  const as = (groups: string[]) => ({claims: {sub: 'u', groups}});
  assert.equal(
    decide([engineering], {tool: 'x', as: as(['engineering'])}, [], v044).decision,
    'allow',
  );
  assert.equal(
    decide([engineering], {tool: 'x', as: as(['platform'])}, nested, v044).decision,
    'allow',
  );
  assert.equal(decide([engineering], {tool: 'x', as: as(['platform'])}, [], v044).decision, 'deny');
  const github = 'permit(principal, action, resource in MCP::"github");';
  assert.equal(decide([github], {tool: 'x', server: 'github'}, [], v044).decision, 'allow');
  assert.equal(decide([github], {tool: 'x'}, [], v044).decision, 'deny');
  // The same policy means nothing to v0.2.8, which builds no parents.
  assert.equal(decide([github], {tool: 'x', server: 'github'}).decision, 'deny');
  // A v0.2.8 resource ID no longer matches.
  const oldId = 'permit(principal, action, resource == Resource::"file____data_report_txt");';
  assert.equal(decide([oldId], {resource: 'file:///data/report.txt'}).decision, 'allow');
  assert.equal(decide([oldId], {resource: 'file:///data/report.txt'}, [], v044).decision, 'deny');
});

test('v0.44.0 configuration keys: read by the new release, ignored by v0.2.8, checked', () => {
  const md = [
    '```yaml title="groups.yaml"', // 1
    'version: "1.0"', // 2
    'type: cedarv1', // 3
    'cedar:', // 4
    '  group_claim_name: realm_access.roles', // 5
    '  group_entity_type: "Platform::Group"', // 6
    '  policies:', // 7
    '    - \'permit(principal in THVGroup::"kc", action, resource);\'', // 8
    '```', // 9
  ].join('\n');
  const old = scanMarkdown(md).sets[0];
  assert.deepEqual(
    old.problems.map((p) => p.line),
    [5, 6],
  );
  assert.match(
    old.problems[0].message,
    /ToolHive v0\.2\.8 ignores the key "cedar\.group_claim_name"/,
  );
  const current = scanMarkdown(md, v044).sets[0];
  assert.equal(current.options.group_claim_name, 'realm_access.roles');
  assert.deepEqual(
    current.problems.map((p) => p.line),
    [6],
  );
  assert.match(current.problems[0].message, /must be a Cedar identifier without "::"/);

  const good = md.replace('  group_entity_type: "Platform::Group"\n', '');
  const problems = checkPolicySets(
    scanMarkdown(good, v044),
    schema044,
    {
      'groups.yaml': {
        requests: [
          {tool: 'x', as: {claims: {sub: 'a', realm_access: {roles: ['kc']}}}, expect: 'allow'},
          {tool: 'x', as: {claims: {sub: 'b', groups: ['kc']}}, expect: 'allow'},
          {tool: 'x', as: {claims: {sub: 'c', realm_access: {roles: ['other']}}}, expect: 'allow'},
        ],
      },
    },
    'decisions.yaml',
    'page.mdx',
    v044,
  ).problems;
  // The first two hold (the second through the fallback to groups); the third fails.
  assert.equal(problems.length, 1);
  assert.match(problems[0].message, /Cedar decides deny .* request 3\)/);
  assert.match(problems[0].message, /"realm_access":\{"roles":\["other"\]\}/);
});

test('httpv1 configurations are checked by their own keys and refused by v0.2.8', () => {
  const good = [
    '```json title="pdp.json"', // 1
    '{', // 2
    '  "version": "1.0",', // 3
    '  "type": "httpv1",', // 4
    '  "pdp": {', // 5
    '    "http": {"url": "https://pdp.example.com", "timeout": 10},', // 6
    '    "claim_mapping": "standard",', // 7
    '    "context": {"include_operation": true}', // 8
    '  }', // 9
    '}', // 10
    '```', // 11
  ].join('\n');
  const scan = scanMarkdown(good, v044);
  assert.deepEqual(scan.sets, []);
  assert.deepEqual(scan.stray, []);
  const old = scanMarkdown(good).stray;
  assert.equal(old.length, 1);
  assert.equal(old[0].line, 4);
  assert.match(old[0].message, /ToolHive v0\.2\.8 doesn't know the type "httpv1"/);

  const bad = good
    .replace('    "claim_mapping": "standard",\n', '')
    .replace('"timeout": 10', '"timeout": "10s", "retries": 2');
  const problems = scanMarkdown(bad, v044).stray;
  assert.deepEqual(
    problems.map((p) => p.line),
    [6, 6, 5],
  );
  assert.match(problems[0].message, /ignores the key "pdp\.http\.retries"/);
  assert.match(problems[1].message, /"pdp\.http\.timeout" is a whole number of seconds/);
  assert.match(problems[2].message, /"pdp\.claim_mapping" must be "mpe" or "standard"/);
  // The page-level check reports them like any other problem.
  assert.equal(
    checkPolicySets(scanMarkdown(bad, v044), schema044, {}, 'd', 'p', v044).problems.length,
    3,
  );
});
