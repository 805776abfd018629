import {test} from 'node:test';
import assert from 'node:assert/strict';
import {parse as parseYaml} from 'yaml';
import {commentedExample, extractChart, ociRepository, readTemplates} from '../extract';

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
