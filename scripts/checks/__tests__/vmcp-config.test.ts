import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';
import {findRepoRoot} from '../lib/code-blocks';
import {
  DEFAULT_CRD,
  VMCP_TITLE,
  checkVmcpConfigs,
  configProblems,
  createVmcpSchemaValidator,
  semanticProblems,
  vmcpConfigSchema,
} from '../vmcp-config';
import {blockTitle} from '../lib/config-files';

const root = findRepoRoot();
const crd = path.join(root, DEFAULT_CRD);
const validate = createVmcpSchemaValidator(crd);
const problems = (yaml: string) => configProblems(validate, parseYaml(yaml));

/** The smallest file `thv vmcp validate` accepts at v0.44.0. */
const MINIMAL = `name: demo
groupRef: demo
incomingAuth:
  type: anonymous
outgoingAuth:
  source: inline
aggregation:
  conflictResolution: prefix
  conflictResolutionConfig:
    prefixFormat: "{workload}_"
`;

test('the schema comes from spec.config of the CRD and refuses unknown top-level fields', () => {
  const schema = vmcpConfigSchema(crd);
  const props = Object.keys(schema.properties as object);
  for (const k of [
    'name',
    'groupRef',
    'incomingAuth',
    'outgoingAuth',
    'aggregation',
    'backends',
    'telemetry',
    'audit',
  ])
    assert.ok(props.includes(k), k);
  assert.equal(schema.additionalProperties, false);
  assert.ok(!JSON.stringify(schema).includes('celRules'));
});

test('a minimal configuration passes', () => {
  assert.deepEqual(problems(MINIMAL), []);
});

test('unknown and misspelled fields are refused, at the top and inside sections', () => {
  assert.match(problems(MINIMAL + 'group: demo\n').join('\n'), /group: unknown field/);
  assert.match(
    problems(MINIMAL.replace('source: inline', 'source: inline\n  sources: inline')).join('\n'),
    /outgoingAuth.sources: unknown field/,
  );
});

test('the sections DefaultValidator requires are required', () => {
  for (const section of ['incomingAuth', 'outgoingAuth', 'aggregation']) {
    const cfg = parseYaml(MINIMAL) as Record<string, unknown>;
    delete cfg[section];
    assert.ok(
      semanticProblems(cfg).some((p) => p.startsWith(`${section}: required`)),
      section,
    );
  }
  const noGroup = parseYaml(MINIMAL) as Record<string, unknown>;
  delete noGroup.groupRef;
  assert.ok(semanticProblems(noGroup).some((p) => p.startsWith('groupRef')));
});

test('strategy and aggregation rules of the validator apply', () => {
  assert.match(
    problems(MINIMAL.replace('prefixFormat: "{workload}_"', 'prefixFormat: ""')).join('\n'),
    /prefixFormat: required/,
  );
  assert.match(
    problems(MINIMAL.replace('type: anonymous', 'type: oidc')).join('\n'),
    /incomingAuth.oidc: required/,
  );
  const header = MINIMAL.replace(
    'source: inline',
    'source: inline\n  backends:\n    docs:\n      type: header_injection\n      headerInjection:\n        headerName: X-API-Key',
  );
  assert.match(problems(header).join('\n'), /either headerValue or headerValueEnv must be set/);
  assert.deepEqual(
    problems(
      header.replace('headerName: X-API-Key', 'headerName: X-API-Key\n        headerValueEnv: KEY'),
    ),
    [],
  );
  assert.match(
    problems(MINIMAL.replace('conflictResolution: prefix', 'conflictResolution: manual')).join(
      '\n',
    ),
    /aggregation.tools: required for the manual strategy/,
  );
});

test('serve-time checks: telemetry needs traces or metrics turned on', () => {
  const tel = MINIMAL + 'telemetry:\n  endpoint: localhost:4318\n';
  assert.match(problems(tel).join('\n'), /tracingEnabled or metricsEnabled/);
  assert.deepEqual(problems(tel + '  tracingEnabled: true\n'), []);
  assert.match(
    problems(MINIMAL + 'telemetry:\n  samplingRate: 0.1\n').join('\n'),
    /samplingRate: must be string/,
  );
});

test('static backends follow the CRD: url, transport and name', () => {
  const backends =
    MINIMAL +
    'backends:\n  - name: fetch\n    url: http://127.0.0.1:1234/mcp\n    transport: streamable-http\n';
  assert.deepEqual(problems(backends), []);
  assert.match(
    problems(backends.replace('streamable-http', 'stdio')).join('\n'),
    /transport: must be one of/,
  );
  assert.match(
    problems(backends.replace('    transport: streamable-http\n', '')).join('\n'),
    /transport: required/,
  );
});

test('only yaml blocks titled vmcp*.yaml are configurations', () => {
  assert.equal(blockTitle('title="vmcp.yaml"'), 'vmcp.yaml');
  assert.equal(
    blockTitle("showLineNumbers title='config/vmcp-remote.yaml'"),
    'config/vmcp-remote.yaml',
  );
  assert.ok(VMCP_TITLE.test('vmcp.yaml') && VMCP_TITLE.test('config/vmcp-observability.yml'));
  assert.ok(!VMCP_TITLE.test('values.yaml') && !VMCP_TITLE.test('my-vmcp.yaml'));
});

test('the check reports a bad block of a page with its line, and passes a good one', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vmcp-'));
  try {
    const page = path.join(dir, 'page.mdx');
    writeFileSync(
      page,
      [
        '# Page',
        '',
        '```yaml title="vmcp.yaml"',
        MINIMAL + 'bogus: 1',
        '```',
        '',
        '```yaml title="other.yaml"',
        'bogus: 1',
        '```',
        '',
      ].join('\n'),
    );
    const report = checkVmcpConfigs({root, paths: [dir]});
    assert.equal(report.configs, 1);
    assert.equal(report.problems.length, 1);
    assert.equal(report.problems[0].line, 3);
    assert.match(report.problems[0].message, /vmcp.yaml: bogus: unknown field/);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('every vMCP configuration in the docs is valid for thv vmcp at v0.44.0', () => {
  const report = checkVmcpConfigs({root, paths: ['docs']});
  assert.ok(
    report.configs >= 4,
    `expected the vMCP guide's configurations, found ${report.configs}`,
  );
  assert.deepEqual(report.problems, []);
});
