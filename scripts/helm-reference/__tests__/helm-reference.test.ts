import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {parse} from 'yaml';
import {CHART_FILES, checkHelmMarkdown} from '../../checks/helm-values';
import {extractCodeBlocks} from '../../checks/lib/code-blocks';
import {
  DEFAULT_DATA_DIR,
  PAGE_FILE,
  anchor,
  descriptionProblems,
  generate,
  helmDir,
  loadReleaseHelmData,
  renderPage,
  textOf,
  type ReleaseHelmData,
} from '../generate';

const data = loadReleaseHelmData();
const page = renderPage(data);

test('every value of both 0.44.0 charts has a description, and nothing else does', () => {
  assert.deepEqual(descriptionProblems(data), []);
  const counts = data.charts.map((c) => [c.chart.name, Object.keys(c.values).length]);
  assert.deepEqual(counts, [
    ['toolhive-operator', 66],
    ['toolhive-operator-crds', 3],
  ]);
});

test('a value without a description, or a description without a value, fails', () => {
  const broken = structuredClone(data) as ReleaseHelmData;
  const operator = broken.descriptions.charts['toolhive-operator'];
  delete operator.values['operator.vmcpImage'];
  operator.values['operator.webhook.enabled'] = 'Turns on a webhook that the chart does not have.';
  broken.charts[1].values['crds.extra'] = {types: ['boolean'], inValues: true, default: false};
  broken.descriptions.charts['toolhive-registry'] = {summary: 'x', notes: [], values: {}};
  assert.deepEqual(descriptionProblems(broken), [
    'descriptions name the chart toolhive-registry, which the release data lacks',
    'toolhive-operator: operator.vmcpImage has no description',
    'toolhive-operator: operator.webhook.enabled is described, but the chart has no operator.webhook.enabled',
    'toolhive-operator-crds: crds.extra has no description',
  ]);
  assert.throws(() => renderPage(broken), /operator\.vmcpImage has no description/);
});

test('the page has one link target per value, and every description', () => {
  for (const chart of data.charts) {
    const d = data.descriptions.charts[chart.chart.name];
    for (const key of Object.keys(chart.values)) {
      const id = anchor(chart.chart.name, key);
      const targets = page.match(new RegExp(`(id="${id}"|\\{#${id}\\})`, 'g')) ?? [];
      assert.equal(targets.length, 1, `${chart.chart.name} ${key}: ${targets.length} link targets`);
      assert.ok(page.includes(textOf(d.values[key])), `${key}: description missing`);
    }
  }
  assert.match(page, /`operator\.features\.experimental`.*\*\*No effect in this release\.\*\*/);
  assert.match(
    page,
    /Helm stops with an error, and installs nothing, when `operator\.features\.storageVersionMigrator` is `true` and `operator\.rbac\.scope` is not `cluster`/,
  );
  assert.doesNotMatch(page, /custom_edit_url/, 'edit links come from the docs plugin option');
  assert.match(page, /^title: Helm chart values$/m);
});

test('defaults too long for a table are shown as values files that set them', () => {
  const operator = data.charts[0];
  const trees = extractCodeBlocks(page)
    .filter((b) => b.lang === 'yaml')
    .map((b) => parse(b.content) as Record<string, unknown>);
  const at = (tree: unknown, key: string) =>
    key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)?.[k], tree);
  const long = Object.entries(operator.values)
    .filter(([, v]) => v.default !== undefined && JSON.stringify(v.default).length > 48)
    .map(([k]) => k);
  assert.deepEqual(long, [
    'operator.containerSecurityContext',
    'operator.leaderElectionRole.rules',
    'operator.livenessProbe',
    'operator.ports',
    'operator.readinessProbe',
    'operator.resources',
  ]);
  assert.equal(trees.length, long.length);
  for (const key of long)
    assert.ok(
      trees.some(
        (t) => JSON.stringify(at(t, key)) === JSON.stringify(operator.values[key].default),
      ),
      `${key}: no values block with its default`,
    );
});

test('the commands on the page pass the Helm check of the release', () => {
  const charts = data.charts.filter((c) => CHART_FILES.includes(`${c.chart.name}.json`));
  const result = checkHelmMarkdown(page, charts);
  assert.equal(result.commands, 2);
  assert.deepEqual(result.problems, []);
});

test('the generator takes the release folder or its helm folder, and an output folder', () => {
  assert.equal(helmDir(DEFAULT_DATA_DIR), path.join(DEFAULT_DATA_DIR, 'helm'));
  assert.equal(helmDir(path.join(DEFAULT_DATA_DIR, 'helm')), path.join(DEFAULT_DATA_DIR, 'helm'));
  assert.throws(() => helmDir(os.tmpdir()), /no descriptions\.yaml/);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'helm-reference-'));
  try {
    const file = generate(path.join(DEFAULT_DATA_DIR, 'helm'), out);
    assert.equal(file, path.join(out, PAGE_FILE));
    assert.equal(fs.readFileSync(file, 'utf8'), page);
  } finally {
    fs.rmSync(out, {recursive: true});
  }
});
