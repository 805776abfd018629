import {test} from 'node:test';
import assert from 'node:assert/strict';
import {parse as parseYaml} from 'yaml';
import {
  commentedExample,
  extractChart,
  normaliseRefs,
  ociRepository,
  parseCondition,
  readFailures,
  readTemplates,
  readValuesSchema,
} from '../extract';

// A small chart written for these tests: one value rendered right after a
// finished list entry (the mistake), one after a `key:` line, one extending a
// mapping, one compared with strings and one read by a template only.
const TEMPLATE = `kind: Pod
metadata:
  labels:
    app: demo
    {{- with .Values.extraLabels }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
spec:
  containers:
    - name: main
      env:
      - name: MODE
        value: "{{ .Values.mode }}"
      {{- if .Values.extraEnv }}
        {{- toYaml .Values.extraEnv | nindent 8 }}
      {{- end }}
      {{- if eq .Values.scope "cluster" }}
      {{- end }}
      resources:
        {{- toYaml .Values.resources | nindent 8 }}
      {{- if .Values.limit }}
      {{- end }}
`;

const VALUES = `mode: fast
scope: cluster
extraEnv: {}
extraLabels: {}
resources: {}
unusedValue: 1
# limit: 5
`;

/** Lines 11-20 of the template rendered with extraEnv set to `value`, as nindent 8 puts it. */
function renderEnv(value: unknown): unknown {
  const block =
    JSON.stringify(value) === '{}'
      ? []
      : toYaml(value)
          .split('\n')
          .map((l) => `        ${l}`);
  const lines = [
    '      env:',
    '      - name: MODE',
    '        value: "fast"',
    ...block,
    '      resources: {}',
  ];
  return parseYaml(lines.join('\n'));
}

function toYaml(v: unknown): string {
  if (Array.isArray(v))
    return v
      .map(
        (x) =>
          `- ${Object.entries(x)
            .map(([k, y]) => `${k}: ${y}`)
            .join('\n  ')}`,
      )
      .join('\n');
  return Object.entries(v as object)
    .map(([k, y]) => `${k}: ${y}`)
    .join('\n');
}

test('the indentation audit finds the value rendered inside a finished list entry', () => {
  const facts = readTemplates([{name: 'templates/pod.yaml', text: TEMPLATE}]);
  const env = facts.problems.get('extraEnv')!;
  assert.deepEqual(
    env.map((p) => [p.shape, p.line]),
    [
      ['map', 15],
      ['list', 15],
    ],
  );
  assert.match(
    env[0].reason,
    /inside the list entry "- name: MODE": its keys become fields of that entry/,
  );
  assert.match(env[1].reason, /the YAML doesn't parse/);
  // The audit agrees with a YAML parser on what the rendering gives.
  assert.throws(() => renderEnv([{name: 'A', value: 'b'}]));
  assert.deepEqual(renderEnv({A: 'b'}), {
    env: [{name: 'MODE', value: 'fast', A: 'b'}],
    resources: {},
  });
  // A map that extends a mapping, and a block after `key:`, are fine.
  assert.equal(
    facts.problems.get('extraLabels')?.some((p) => p.shape === 'map'),
    false,
  );
  assert.equal(facts.problems.get('resources'), undefined);
});

test('the chart data says how each value is used', () => {
  const data = extractChart({
    name: 'demo',
    tag: 'demo-1.0.0',
    dir: 'charts/demo',
    chartYaml: 'name: demo\nversion: 1.0.0\nappVersion: "2.0"\n',
    values: [{file: 'values.yaml', text: VALUES}],
    templates: [{name: 'templates/pod.yaml', text: TEMPLATE}],
    reference: 'oci://example.com/charts/demo',
  });
  assert.deepEqual(data.chart, {name: 'demo', version: '1.0.0', appVersion: '2.0'});
  assert.equal(data.values.extraEnv.freeForm, true);
  assert.deepEqual(data.values.extraEnv.types, ['map']);
  assert.equal(data.values.extraEnv.templateProblems?.length, 2);
  // A list shape the value never has is left to the type check.
  assert.equal(data.values.extraLabels.templateProblems, undefined);
  assert.deepEqual(data.values.scope.compares, ['cluster']);
  assert.equal(data.values.unusedValue.unused, true);
  assert.deepEqual(data.values.limit, {
    types: ['number'],
    inValues: false,
    usedIn: ['templates/pod.yaml:21'],
  });
});

test('commented-out examples and the release workflow give types and references', () => {
  assert.equal(commentedExample('a:\n  # b: 80\n', 'a.b'), 'number');
  assert.equal(commentedExample('a:\n  # b: 80\n', 'b'), null);
  assert.equal(
    ociRepository(
      'run: helm push ${chart} oci://ghcr.io/${GITHUB_REPOSITORY} |& tee log',
      'acme/tools',
    ),
    'oci://ghcr.io/acme/tools',
  );
});

test("the release workflow of v0.44.0 gives the charts' OCI repository too", () => {
  const workflow = [
    'env:',
    '  REGISTRY: ghcr.io',
    'jobs:',
    '  publish:',
    '    steps:',
    '      - run: |',
    "          REPO=$(echo \"$REPOSITORY\" | tr '[:upper:]' '[:lower:]')",
    '          OUTPUT=$(helm push "${CHART_NAME}-${CHART_VERSION}.tgz" \\',
    '            "oci://${REGISTRY}/${REPO}" 2>&1)',
  ].join('\n');
  assert.equal(ociRepository(workflow, 'Acme/Tools'), 'oci://ghcr.io/acme/tools');
  // Without the registry, the reference is unknown rather than half-filled.
  assert.equal(ociRepository(workflow.replace('REGISTRY: ghcr.io', ''), 'acme/tools'), null);
});

// A chart written for these tests in the way chart 0.44.0 reads values: a
// nil-safe read of a parent chart's value, a `ne` beside a flag, and a fail.
const GUARDED = `{{- if and .Values.features.migrator (ne .Values.rbac.scope "cluster") -}}
{{- fail "migrator needs cluster scope" -}}
{{- end -}}
{{- with .Values.pullSecrets }}
{{- range $i, $e := . }}
{{- if not $e.name }}{{- fail "entry without a name" }}{{- end }}
{{- end }}
{{- end }}
kind: ConfigMap
data:
  {{- $host := (((.Values.global).redis).host) }}
  {{- if $host }}
  addr: {{ printf "%s:%v" $host (((.Values.global).redis).port | default 6379) | quote }}
  {{- end }}
  {{- if eq .Values.rbac.scope "namespace" }}
  watch: "{{ .Values.rbac.namespaces | join "," }}"
  {{- else }}
  {{- fail "never judged: an else branch" }}
  {{- end }}
`;

test("nil-safe reads of a parent chart's values count as reads of the value", () => {
  assert.equal(
    normaliseRefs('(((.Values.global).redis).host) | default 1'),
    '(.Values.global.redis.host) | default 1',
  );
  const data = extractChart({
    name: 'guarded',
    tag: 'v1.0.0',
    dir: 'charts/guarded',
    chartYaml: 'name: guarded\nversion: 1.0.0\n',
    values: [
      {
        file: 'values.yaml',
        text: 'features:\n  migrator: true\nrbac:\n  scope: cluster\n  namespaces: []\npullSecrets: []\n',
      },
    ],
    templates: [{name: 'templates/cm.yaml', text: GUARDED}],
    reference: null,
  });
  assert.deepEqual(data.values['global.redis.host'], {
    types: [],
    inValues: false,
    usedIn: ['templates/cm.yaml:11'],
  });
  assert.deepEqual(data.values['global.redis.port'].usedIn, ['templates/cm.yaml:13']);
  // The maps above them are keys a values file may hold.
  assert.deepEqual(data.values.global, {types: ['map'], inValues: false});
  assert.deepEqual(data.values['global.redis'], {types: ['map'], inValues: false});
  // `ne` compares too, and the literal belongs to the value compared only.
  assert.deepEqual(data.values['rbac.scope'].compares, ['cluster', 'namespace']);
  assert.equal(data.values['features.migrator'].compares, undefined);
  // One fail is a condition of values; the ones inside range and else are not.
  assert.deepEqual(data.failures, [
    {
      when: {and: [{value: 'features.migrator'}, {ne: ['rbac.scope', 'cluster']}]},
      message: 'migrator needs cluster scope',
      template: 'templates/cm.yaml',
      line: 2,
    },
  ]);
});

test('conditions are parsed only when they are made of values', () => {
  assert.deepEqual(parseCondition(' .Values.a'), {value: 'a'});
  assert.deepEqual(parseCondition('not (eq "x" .Values.a.b)'), {not: {eq: ['a.b', 'x']}});
  assert.deepEqual(parseCondition('or .Values.a (and .Values.b (ne .Values.c 3))'), {
    or: [{value: 'a'}, {and: [{value: 'b'}, {ne: ['c', 3]}]}],
  });
  assert.equal(parseCondition('.Values.a | default true'), null);
  assert.equal(parseCondition('and .Values.a $x'), null);
  assert.equal(parseCondition('contains "x" .Values.a'), null);
  assert.equal(parseCondition('eq .Values.a .Values.b'), null);
  assert.deepEqual(readFailures([{name: 't.yaml', text: '{{ fail "always" }}'}]), []);
});

test('values.schema.json adds types, allowed values and keys', () => {
  const schema = {
    type: 'object',
    properties: {
      mode: {type: 'string', enum: ['a', 'b']},
      limits: {type: 'object', properties: {cpu: {type: ['string', 'integer']}}},
      extra: {properties: {x: {type: 'boolean'}}},
    },
  };
  assert.deepEqual(
    [...readValuesSchema(schema)],
    [
      ['mode', {types: ['string'], allowed: ['a', 'b']}],
      ['limits', {types: ['map']}],
      ['limits.cpu', {types: ['string', 'number']}],
      ['extra', {types: ['map']}],
      ['extra.x', {types: ['boolean']}],
    ],
  );
  const data = extractChart({
    name: 'schema',
    tag: 'v1.0.0',
    dir: 'charts/schema',
    chartYaml: 'name: schema\nversion: 1.0.0\n',
    values: [{file: 'values.yaml', text: 'mode: a\n'}],
    schema: {file: 'values.schema.json', text: JSON.stringify(schema)},
    templates: [{name: 'templates/a.yaml', text: 'mode: {{ .Values.mode }}\n'}],
    reference: null,
  });
  assert.equal(data.valuesSchema, 'values.schema.json');
  assert.deepEqual(data.values.mode, {
    types: ['string'],
    inValues: true,
    default: 'a',
    allowed: ['a', 'b'],
    usedIn: ['templates/a.yaml:1'],
  });
  // A key only the schema declares is accepted by Helm but read by no template.
  assert.equal(data.values['extra.x'].unused, true);
  assert.deepEqual(data.values['limits.cpu'].types, ['number', 'string']);
});
