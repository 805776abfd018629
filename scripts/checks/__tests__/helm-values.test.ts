import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {findRepoRoot} from '../lib/code-blocks';
import {
  chartDataDir,
  failuresOf,
  loadCharts,
  mergeValues,
  parseHelmArgs,
  parseSetFlag,
  resolveChart,
  typedValue,
} from '../lib/helm';
import {lexShell, type Word} from '../lib/thv-lines';
import {CHART_FILES, checkHelmMarkdown, checkHelmValues} from '../helm-values';

const charts = loadCharts(path.join(findRepoRoot(), 'data/releases/v0.2.8/helm'), CHART_FILES);
const operator = charts.find((c) => c.chart.name === 'toolhive-operator')!;
const crds = charts.find((c) => c.chart.name === 'toolhive-operator-crds')!;

const words = (s: string) => lexShell(s).tokens.filter((t): t is Word => t.kind === 'word');

/** Problems of a page with one bash block holding `command`, plus extra Markdown. */
function problemsOf(command: string, extra = '') {
  return checkHelmMarkdown(['```bash', command, '```', '', extra].join('\n'), charts).problems;
}

const INSTALL = `helm upgrade --install toolhive-operator \\
  oci://ghcr.io/stacklok/toolhive/toolhive-operator \\
  --version 0.2.4 -n toolhive-system --create-namespace`;

test('the extracted data knows the charts and their references', () => {
  assert.equal(operator.chart.version, '0.2.4');
  assert.equal(operator.reference, 'oci://ghcr.io/stacklok/toolhive/toolhive-operator');
  assert.equal(crds.chart.version, '0.0.15');
  assert.deepEqual(crds.values, {});
  assert.deepEqual(operator.values['operator.rbac.scope'].compares, ['cluster', 'namespace']);
  assert.ok(operator.values['operator.podSecurityContext'].freeForm);
  assert.deepEqual(
    operator.values['operator.autoscaling.targetMemoryUtilizationPercentage'].types,
    ['number'],
  );
  const env = operator.values['operator.env'];
  assert.deepEqual(env.types, ['map']);
  assert.deepEqual(
    env.templateProblems?.map((p) => [p.shape, p.template]),
    [
      ['map', 'templates/deployment.yaml'],
      ['list', 'templates/deployment.yaml'],
    ],
  );
});

test('helm arguments are read as Helm reads them', () => {
  const cmd = parseHelmArgs(
    words(
      'upgrade -i rel oci://x/toolhive-operator --version=0.2.4 -n ns -f a.yaml --values b.yaml,c.yaml --set a.b=1 --set-string c=2 --wait',
    ),
  )!;
  assert.equal(cmd.command, 'upgrade');
  assert.equal(cmd.release?.value, 'rel');
  assert.equal(cmd.chart?.value, 'oci://x/toolhive-operator');
  assert.equal(cmd.version?.value, '0.2.4');
  assert.deepEqual(
    cmd.values.map((v) => [v.flag, v.value]),
    [
      ['values', 'a.yaml'],
      ['values', 'b.yaml,c.yaml'],
      ['set', 'a.b=1'],
      ['set-string', 'c=2'],
    ],
  );
  assert.equal(
    parseHelmArgs(words('show values oci://x/toolhive-operator'))!.command,
    'show values',
  );
  assert.equal(
    parseHelmArgs(words('install --generate-name ./toolhive-operator'))!.chart?.value,
    './toolhive-operator',
  );
  assert.equal(
    parseHelmArgs(words('template toolhive-operator'))!.chart?.value,
    'toolhive-operator',
  );
  assert.equal(resolveChart('toolhive-operator/', charts)?.chart, operator);
  assert.equal(
    resolveChart('oci://ghcr.io/stacklok/toolhive/toolhive-operator-crds', charts)?.chart,
    crds,
  );
  assert.match(
    resolveChart('oci://example.com/charts/toolhive-operator', charts)!.problem!,
    /published at oci:\/\/ghcr\.io/,
  );
  assert.equal(resolveChart('bitnami/nginx', charts), null);
});

test('--set values get the types Helm gives them', () => {
  assert.equal(typedValue('true'), true);
  assert.equal(typedValue('12'), 12);
  assert.equal(typedValue('012'), '012');
  assert.equal(typedValue('0.0.0.0'), '0.0.0.0');
  assert.equal(typedValue('null'), null);
  assert.deepEqual(parseSetFlag('set', 'a.b=1,c={x,y},d\\.e=f,g[0].h=true'), {
    a: {b: 1},
    c: ['x', 'y'],
    'd.e': 'f',
    g: [{h: true}],
  });
  assert.deepEqual(parseSetFlag('set-string', 'a=true'), {a: 'true'});
  assert.deepEqual(parseSetFlag('set-json', 'a=[{"name":"X"}]'), {a: [{name: 'X'}]});
});

test('the docs-style commands pass', () => {
  assert.deepEqual(problemsOf(INSTALL), []);
  assert.deepEqual(
    problemsOf(
      `${INSTALL} \\\n  --set operator.image=ghcr.io/stacklok/toolhive/operator:v0.2.8 --set operator.replicaCount=2`,
    ),
    [],
  );
});

test('an unknown key fails with a suggestion', () => {
  const p = problemsOf(`${INSTALL} \\\n  --set operator.replicas=2`);
  assert.equal(p.length, 1);
  assert.equal(p[0].line, 5);
  assert.match(
    p[0].message,
    /--set operator\.replicas=2: operator\.replicas: the chart toolhive-operator 0\.2\.4 has no such value \(its templates never read it\); did you mean operator\.replicaCount\?/,
  );
  // Keys below a value the chart passes whole to Kubernetes are free.
  assert.deepEqual(problemsOf(`${INSTALL} --set operator.podSecurityContext.fsGroup=1000`), []);
  // The CRD chart has no values at all.
  const c = problemsOf(
    'helm upgrade -i toolhive-operator-crds oci://ghcr.io/stacklok/toolhive/toolhive-operator-crds --version 0.0.15 --set crds.install=true',
  );
  assert.match(
    c[0].message,
    /crds: the chart toolhive-operator-crds 0\.0\.15 has no values at all/,
  );
});

test('a value of the wrong shape or type fails', () => {
  assert.match(
    problemsOf(`${INSTALL} --set operator.tolerations.key=x`)
      .map((p) => p.message)
      .join('\n'),
    /operator\.tolerations: the chart toolhive-operator 0\.2\.4 expects a list \(default \[\]\), but this is a map/,
  );
  assert.match(
    problemsOf(`${INSTALL} --set operator.proxyHost=true`)
      .map((p) => p.message)
      .join('\n'),
    /operator\.proxyHost: .* expects a string .* but this is a boolean \(--set turns it into a boolean; use --set-string\)/,
  );
  assert.match(
    problemsOf(`${INSTALL} --set-string operator.autoscaling.enabled=false`)
      .map((p) => p.message)
      .join('\n'),
    /operator\.autoscaling\.enabled: .* expects a boolean \(default false\), but this is a string/,
  );
  assert.match(
    problemsOf(`${INSTALL} --set operator.rbac.scope=namespaces`)
      .map((p) => p.message)
      .join('\n'),
    /templates act only on "cluster" or "namespace"; "namespaces" matches none of them/,
  );
});

test('a shape the chart template breaks is refused, in --set and in values files', () => {
  const asList = problemsOf(
    `${INSTALL} --set-json 'operator.env=[{"name":"HTTP_PROXY","value":"http://proxy:3128"}]'`,
  );
  assert.ok(
    asList.some((p) => /expects a map \(default \{\}\), but this is a list/.test(p.message)),
  );
  assert.ok(
    asList.some((p) =>
      /operator\.env: the chart toolhive-operator 0\.2\.4 can't take a list here: templates\/deployment\.yaml \(line \d+, toolhive-operator-0\.2\.4\) renders list items at column 12, among the keys of "- name: TOOLHIVE_PROXY_HOST": the YAML doesn't parse\. Leave operator\.env empty with this chart version/.test(
        p.message,
      ),
    ),
  );
  const file = [
    '```yaml title="values-env.yaml"', // 1
    'operator:', // 2
    '  env:', // 3
    '    HTTP_PROXY: http://proxy:3128', // 4
    '```', // 5
  ].join('\n');
  const p = checkHelmMarkdown(
    [file, '', '```bash', `${INSTALL} -f values-env.yaml`, '```'].join('\n'),
    charts,
  ).problems;
  assert.equal(p.length, 1);
  assert.equal(p[0].line, 3);
  assert.match(
    p[0].message,
    /^values-env\.yaml \(used with helm upgrade of toolhive-operator on line 10\): operator\.env: .* can't take a map here: .* inside the list entry "- name: TOOLHIVE_PROXY_HOST": its keys become fields of that entry/,
  );
  // An empty value renders nothing and is fine.
  assert.deepEqual(problemsOf(`${INSTALL} --set-json 'operator.env={}'`), []);
});

test('chart references, versions and values files are checked', () => {
  assert.match(
    problemsOf(
      'helm upgrade -i toolhive-operator oci://ghcr.io/stacklok/toolhive/toolhive-operator -n x',
    )[0].message,
    /has no --version, so Helm takes the newest chart; add --version 0\.2\.4/,
  );
  assert.match(
    problemsOf(
      'helm show values oci://ghcr.io/stacklok/toolhive/toolhive-operator --version 0.2.3',
    )[0].message,
    /--version 0\.2\.3, but these docs describe toolhive-operator 0\.2\.4/,
  );
  assert.match(
    problemsOf(`${INSTALL} -f missing.yaml`)[0].message,
    /-f missing\.yaml: the page shows no values file of that name/,
  );
  assert.deepEqual(problemsOf(`${INSTALL} -f toolhive-operator/values-openshift.yaml`), []);
  const unused = checkHelmMarkdown(
    ['```yaml title="values-extra.yaml"', 'operator: {}', '```'].join('\n'),
    charts,
  );
  assert.match(
    unused.problems[0].message,
    /values-extra\.yaml: a values file that no helm command on this page passes/,
  );
  // Commands for other charts are not judged; mistakes shown on purpose are skipped.
  assert.deepEqual(problemsOf('helm upgrade -i nginx bitnami/nginx --set foo=bar'), []);
  assert.deepEqual(
    problemsOf(
      `# error-next-line\nhelm upgrade -i toolhive-operator oci://ghcr.io/stacklok/toolhive/toolhive-operator --version 0.2.4 --set nope=1`,
    ),
    [],
  );
});

// Chart 0.44.0, from the release's data folder.
const release = path.join(findRepoRoot(), 'data/releases/v0.44.0');
const charts044 = loadCharts(chartDataDir(release, CHART_FILES), CHART_FILES);
const INSTALL_044 = `helm upgrade --install toolhive-operator \\
  oci://ghcr.io/stacklok/toolhive/toolhive-operator \\
  --version 0.44.0 -n toolhive-system --create-namespace`;
const problems044 = (command: string, extra = '') =>
  checkHelmMarkdown(['```bash', command, '```', '', extra].join('\n'), charts044).problems;

test('a release data folder is read through its helm folder', () => {
  assert.equal(chartDataDir(release, CHART_FILES), path.join(release, 'helm'));
  const helmDir = path.join(findRepoRoot(), 'data/releases/v0.2.8/helm');
  assert.equal(chartDataDir(helmDir, CHART_FILES), helmDir);
  assert.throws(
    () => chartDataDir(path.join(findRepoRoot(), 'docs'), CHART_FILES),
    /no chart data/,
  );
  assert.deepEqual(
    charts044.map((c) => [c.chart.name, c.chart.version, c.reference]),
    [
      ['toolhive-operator', '0.44.0', 'oci://ghcr.io/stacklok/toolhive/toolhive-operator'],
      [
        'toolhive-operator-crds',
        '0.44.0',
        'oci://ghcr.io/stacklok/toolhive/toolhive-operator-crds',
      ],
    ],
  );
  // The check takes the folder too, and judges versions against its charts.
  const dir = mkdtempSync(path.join(tmpdir(), 'helm-044-'));
  writeFileSync(
    path.join(dir, 'page.md'),
    [
      '```bash',
      INSTALL_044,
      'helm upgrade -i toolhive-operator oci://ghcr.io/stacklok/toolhive/toolhive-operator --version 0.2.4',
      '```',
    ].join('\n'),
  );
  const report = checkHelmValues({dataDir: release, paths: [dir]});
  rmSync(dir, {recursive: true});
  assert.equal(report.commands, 2);
  assert.deepEqual(
    report.problems.map((p) => [p.line, p.message]),
    [
      [
        5,
        'helm upgrade of toolhive-operator: --version 0.2.4, but these docs describe toolhive-operator 0.44.0',
      ],
    ],
  );
});

test('chart 0.44.0 takes a list of env entries and the keys of a parent chart', () => {
  assert.deepEqual(
    problems044(
      `${INSTALL_044} --set-json 'operator.env=[{"name":"TOOLHIVE_SKIP_UPDATE_CHECK","value":"true"}]'`,
    ),
    [],
  );
  assert.deepEqual(problems044(`${INSTALL_044} --set global.redis.host=valkey.cache.svc`), []);
  assert.match(
    problems044(`${INSTALL_044} --set operator.env.A=b`)
      .map((p) => p.message)
      .join('\n'),
    /operator\.env: the chart toolhive-operator 0\.44\.0 expects a list \(default \[\]\), but this is a map/,
  );
  // The CRD chart has two values in 0.44.0.
  assert.deepEqual(
    problems044(
      'helm upgrade -i toolhive-operator-crds oci://ghcr.io/stacklok/toolhive/toolhive-operator-crds --version 0.44.0 --set crds.keep=false',
    ),
    [],
  );
});

test('values that make a chart template fail are refused, over the defaults', () => {
  const [operator044] = charts044;
  const namespaced = {operator: {rbac: {scope: 'namespace', allowedNamespaces: ['team-a']}}};
  assert.deepEqual(
    failuresOf(operator044, [namespaced]).map((f) => [f.template, f.line]),
    [['templates/validate-features.yaml', 16]],
  );
  assert.deepEqual(failuresOf(operator044, []), []);
  const off = {operator: {features: {storageVersionMigrator: false}}};
  assert.deepEqual(failuresOf(operator044, [namespaced, off]), []);
  // A later value overrides an earlier one, as in Helm.
  assert.equal(
    failuresOf(operator044, [
      off,
      {operator: {features: {storageVersionMigrator: true}}},
      namespaced,
    ]).length,
    1,
  );
  assert.deepEqual(mergeValues({a: {b: 1, c: [1]}}, {a: {c: [2]}}), {a: {b: 1, c: [2]}});

  const p = problems044(`${INSTALL_044} \\\n  --set operator.rbac.scope=namespace`);
  assert.equal(p.length, 1);
  assert.equal(p[0].line, 2);
  assert.match(
    p[0].message,
    /^helm upgrade of toolhive-operator: with these values the chart refuses to render \(templates\/validate-features\.yaml line 16, v0\.44\.0: "operator\.features\.storageVersionMigrator requires operator\.rbac\.scope=cluster/,
  );
  const file = [
    '```yaml title="values-namespaced.yaml"',
    'operator:',
    '  features:',
    '    storageVersionMigrator: false',
    '  rbac:',
    '    scope: namespace',
    '    allowedNamespaces: [team-a]',
    '```',
  ].join('\n');
  assert.deepEqual(problems044(`${INSTALL_044} -f values-namespaced.yaml`, file), []);
  // `helm show values` renders nothing, so nothing fails.
  assert.deepEqual(
    problems044(
      'helm show values oci://ghcr.io/stacklok/toolhive/toolhive-operator --version 0.44.0 --set operator.rbac.scope=namespace',
    ),
    [],
  );
});
