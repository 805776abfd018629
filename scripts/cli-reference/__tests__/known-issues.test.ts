/**
 * The known issues a command tree names (`issues` of a command): where its
 * page shows them, which mentions the known issues plugin finds there, and
 * the check that refuses an id the ledger lacks or an entry that doesn't
 * affect the tree's release.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {loadKnownIssues} from '../../../plugins/known-issues/data';
import {loadCliData, releaseDataFile, validateCliData, type CliData} from '../data';
import {checkIssues, generate, issueMentions, renderPage} from '../generate';

const v044 = () => loadCliData(releaseDataFile('v0.44.0'));

/** The v0.44.0 tree with `issues` set on one command. */
function withIssues(commandPath: string, issues: string[]): CliData {
  const data = v044();
  return {
    ...data,
    commands: data.commands.map((c) => (c.path === commandPath ? {...c, issues} : c)),
  };
}

test('a command page shows its known issues after the description', () => {
  const data = withIssues('thv list', ['cli-container-port-bypasses-proxy']);
  const i = data.commands.findIndex((c) => c.path === 'thv list');
  const page = renderPage(data, data.commands[i], i + 1);
  const section =
    /## Description\n[\s\S]*?\n## Known issues\n\n(<KnownIssue id="[^"]+" \/>\n\n)+## /.exec(page);
  assert.ok(section, 'a Known issues section between the description and the next section');
  assert.match(section[0], /<KnownIssue id="cli-container-port-bypasses-proxy" \/>/);
  const other = data.commands.findIndex((c) => c.path === 'thv stop');
  assert.doesNotMatch(renderPage(data, data.commands[other], other + 1), /Known issues|KnownIssue/);
});

test('the mentions of a tree are its pages, lines and release', () => {
  const data = withIssues('thv list', ['cli-container-port-bypasses-proxy']);
  const mentions = issueMentions(data).filter((x) => x.title === 'thv list');
  assert.equal(mentions.length, 1);
  const [m] = mentions;
  assert.equal(m.file, 'toolhive/reference/cli/thv_list.mdx');
  assert.equal(m.id, 'cli-container-port-bypasses-proxy');
  assert.equal(m.title, 'thv list');
  assert.equal(m.release, 'v0.44.0');
  const i = data.commands.findIndex((c) => c.path === 'thv list');
  const lines = renderPage(data, data.commands[i], i + 1).split('\n');
  assert.match(lines[m.line - 1], /^<KnownIssue id="cli-container-port-bypasses-proxy"/);
  assert.deepEqual(checkIssues(data), []);
  // v0.2.8's tree names none.
  assert.deepEqual(issueMentions(loadCliData(releaseDataFile('v0.2.8'))), []);
});

test('the v0.44.0 pages show the entries of thv export, the build auth file and the otel settings', () => {
  const data = v044();
  const byPage = new Map<string, string[]>();
  for (const m of issueMentions(data)) byPage.set(m.title, [...(byPage.get(m.title) ?? []), m.id]);
  assert.deepEqual(Object.fromEntries(byPage), {
    'thv config otel get-metrics-enabled': ['cli-otel-get-enabled-says-false'],
    'thv config otel get-tracing-enabled': ['cli-otel-get-enabled-says-false'],
    'thv config set-build-auth-file': ['cli-build-auth-yarnrc-unused'],
    'thv export': ['cli-export-client-secrets-plain-text'],
  });
  assert.deepEqual(checkIssues(data), []);
});

test('an unknown id, or an entry that ToolHive v0.44.0 does not have, is refused', () => {
  const issues = loadKnownIssues();
  // Fixed in ToolHive v0.3.6, so not present in v0.44.0.
  assert.equal(issues.get('cli-labels-from-raw-flags')?.fixedIn?.release, 'v0.3.6');
  const problems = checkIssues(
    withIssues('thv list', ['no-such-entry', 'cli-labels-from-raw-flags']),
    issues,
  ).join('\n');
  assert.match(problems, /thv_list\.mdx:\d+: unknown known-issue id "no-such-entry"/);
  assert.match(
    problems,
    /thv_list\.mdx:\d+: "cli-labels-from-raw-flags" does not affect ToolHive v0\.44\.0/,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-issues-'));
  try {
    assert.throws(
      () => generate({data: withIssues('thv list', ['no-such-entry']), outDir: dir}),
      /names known issues its pages cannot show:\n {2}- .*unknown known-issue id "no-such-entry"/,
    );
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('the schema takes a list of distinct entry ids', () => {
  const raw = JSON.parse(JSON.stringify(v044())) as {commands: Array<Record<string, unknown>>};
  const list = raw.commands.find((c) => c.path === 'thv list')!;
  list.issues = ['Not An Id', 'a', 'a'];
  const problems = validateCliData(raw).join('\n');
  assert.match(problems, /command "thv list" field issues\.0: must match pattern/);
  assert.match(problems, /command "thv list" field issues: must NOT have duplicate items/);
  list.issues = [];
  assert.match(
    validateCliData(raw).join('\n'),
    /command "thv list" field issues: must NOT have fewer than 1 items/,
  );
});
