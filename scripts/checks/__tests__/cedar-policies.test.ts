import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {findRepoRoot} from '../lib/code-blocks';
import {scanMarkdown, scanYamlFile} from '../lib/cedar-docs';
import {
  buildRequest,
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
