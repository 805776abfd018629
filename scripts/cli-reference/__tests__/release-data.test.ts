import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {parse} from 'yaml';
import {loadCliData, releaseDataFile, validateCliData, type CliData} from '../data';
import {parsePage} from '../extract-facts';
import {compareWithFacts, factsFileFor, loadFacts} from '../facts';
import {generate, renderPage} from '../generate';
import {checkThvExamples, formatReport} from '../../checks/thv-examples';

// Every release in data/releases/ has a CLI command tree and the facts extracted from its tag.
const releasesDir = path.resolve(__dirname, '..', '..', '..', 'data', 'releases');
const releases = fs
  .readdirSync(releasesDir)
  .filter((r) => fs.existsSync(path.join(releasesDir, r, 'cli', 'thv.yaml')));
const v044 = releaseDataFile('v0.44.0');
const clone = (d: CliData): CliData => structuredClone(d);

test('the v0.44.0 command tree and its facts are committed', () => {
  assert.ok(releases.includes('v0.44.0'), releases.join(', '));
  assert.ok(fs.existsSync(factsFileFor(v044)));
});

for (const release of releases) {
  const file = releaseDataFile(release);

  test(`${release}: the command tree validates against the schema and its rules`, () => {
    assert.deepEqual(validateCliData(parse(fs.readFileSync(file, 'utf8'))), []);
  });

  test(`${release}: every command, flag, alias, default and type matches the release's facts`, () => {
    const data = loadCliData(file);
    const facts = loadFacts(factsFileFor(file));
    assert.deepEqual(compareWithFacts(data, facts), []);
  });

  test(`${release}: every example of the data is a valid thv command line`, () => {
    // An empty folder of pages: only the data's own examples are judged.
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'no-pages-'));
    try {
      const report = checkThvExamples({
        root: path.resolve(releasesDir, '..', '..'),
        dataFile: file,
        paths: [empty],
      });
      assert.deepEqual(formatReport(report).slice(0, -1), []);
      assert.ok(report.dataExamples > 0);
    } finally {
      fs.rmSync(empty, {recursive: true, force: true});
    }
  });
}

test('v0.44.0 has the 126 commands of its help plus 3 deprecated and 5 completion commands', () => {
  const data = loadCliData(v044);
  const facts = loadFacts(factsFileFor(v044));
  assert.equal(data.release, 'v0.44.0');
  const documented = facts.commands.filter((c) => !c.deprecated && !c.builtin);
  assert.equal(documented.length, 126);
  assert.equal(documented.filter((c) => c.runnable).length, 111);
  assert.deepEqual(
    facts.commands.filter((c) => c.deprecated).map((c) => c.path),
    ['thv config set-registry-auth', 'thv config unset-registry-auth', 'thv group run'],
  );
  assert.equal(data.commands.length, 134);
  const aliases = Object.fromEntries(
    data.commands.filter((c) => c.aliases.length > 0).map((c) => [c.path, c.aliases]),
  );
  assert.deepEqual(aliases, {
    'thv ai-plugin list': ['ls'],
    'thv list': ['ls'],
    'thv registry list': ['ls'],
    'thv skill list': ['ls'],
    'thv start': ['restart'],
  });
  const run = data.commands.find((c) => c.path === 'thv run')!;
  assert.deepEqual(
    run.flags.filter((f) => f.hidden).map((f) => f.name),
    ['k8s-pod-patch'],
  );
});

test('the comparison reports what the data lacks and what the release lacks', () => {
  const data = loadCliData(v044);
  const facts = loadFacts(factsFileFor(v044));
  const broken = clone(data);
  const find = (p: string) => broken.commands.find((c) => c.path === p)!;
  // A command of the release without an entry, and an entry the release lacks.
  broken.commands = broken.commands.filter((c) => c.path !== 'thv tui');
  broken.commands.push({
    ...clone(data).commands.find((c) => c.path === 'thv tui')!,
    path: 'thv halt',
  });
  // Flags: one missing, one invented, a wrong default, type and shorthand.
  const stop = find('thv stop');
  stop.flags = stop.flags.filter((f) => f.name !== 'timeout');
  stop.flags.push({...stop.flags[0], name: 'force'});
  find('thv run').flags.find((f) => f.name === 'proxy-mode')!.default = 'sse';
  find('thv mcp list').flags.find((f) => f.name === 'timeout')!.type = 'int';
  find('thv logs').flags.find((f) => f.name === 'follow')!.shorthand = null;
  find('thv proxy').flags.find((f) => f.name === 'target-uri')!.required = false;
  // Aliases, deprecation, hidden flags and flag groups.
  find('thv start').aliases = [];
  find('thv list').aliases = ['ls', 'ps'];
  delete find('thv group run').deprecated;
  delete find('thv run').flags.find((f) => f.name === 'k8s-pod-patch')!.hidden;
  delete find('thv rm').flagGroups;
  const problems = compareWithFacts(broken, facts).join('\n');
  for (const expected of [
    /thv tui: command of v0\.44\.0 missing from the data/,
    /thv halt: no such command in v0\.44\.0/,
    /thv stop: flag --timeout of v0\.44\.0 missing from the data/,
    /thv stop: flag --force does not exist in v0\.44\.0/,
    /thv run --proxy-mode: the data has .*"default":"sse"/,
    /thv mcp list --timeout: the data has .*"type":"int"/,
    /thv logs --follow: the data has .*"shorthand":null/,
    /thv proxy --target-uri: the data has .*"required":false/,
    /thv start: aliases \[\], the release has \[restart\]/,
    /thv list: aliases \[ls, ps\], the release has \[ls\]/,
    /thv group run: deprecated in the release but not in the data/,
    /thv run --k8s-pod-patch: the data has .*"hidden":false/,
    /thv rm: flag groups \[\], the release has \[mutuallyExclusive\(all,group\)\]/,
  ]) {
    assert.match(problems, expected);
  }
});

test('the fact extractor reads pflag lines and ignores "(default ...)" words of a usage text', () => {
  const page = parsePage(
    [
      '## thv demo',
      '',
      '```',
      'thv demo [flags]',
      '```',
      '',
      '### Options',
      '',
      '```',
      '      --all                   Show all (default false)',
      '  -f, --format string         Output format (default "text")',
      '      --profile string        Profile to use (default is the registry one)',
      '  -t, --timeout duration      Time limit (default 30s)',
      '      --scopes strings        Scopes (default [openid,email])',
      '```',
      '',
      '### Options inherited from parent commands',
      '',
      '```',
      '      --debug   Enable debug mode',
      '```',
    ].join('\n'),
  );
  assert.equal(page.path, 'thv demo');
  assert.equal(page.usage, 'thv demo [flags]');
  assert.deepEqual(
    page.own.map((f) => [f.name, f.shorthand, f.typeWord]),
    [
      ['all', null, null],
      ['format', 'f', 'string'],
      ['profile', null, 'string'],
      ['timeout', 't', 'duration'],
      ['scopes', null, 'strings'],
    ],
  );
  assert.deepEqual(
    page.inherited.map((f) => f.name),
    ['debug'],
  );
});

test('pages of v0.44.0 show deprecation, hidden flags and flag groups', () => {
  const data = loadCliData(v044);
  const page = (p: string) =>
    renderPage(
      data,
      data.commands.find((c) => c.path === p)!,
      1,
      'data/releases/v0.44.0/cli/thv.yaml',
    );
  const groupRun = page('thv group run');
  assert.match(groupRun, /^:::warning\[Deprecated\]$/m);
  assert.match(groupRun, /is deprecated in ToolHive v0\.44\.0/);
  assert.doesNotMatch(groupRun, /## Examples/);
  assert.match(page('thv run'), /\*\*Not shown by `--help`\.\*\* JSON patch/);
  assert.match(page('thv stop'), /^- Use at most one of `--all` and `--group`\.$/m);
  assert.match(
    page('thv config set-registry'),
    /^- Use `--issuer` and `--client-id` together or not at all\.$/m,
  );
  assert.match(page('thv start'), /\*\*Aliases:\*\* `thv restart`/);
  assert.match(page('thv'), /Generated from data\/releases\/v0\.44\.0\/cli\/thv\.yaml/);
});

test('generate writes the pages of a given data file into a given folder', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-pages-'));
  try {
    fs.writeFileSync(path.join(dir, 'stale.mdx'), 'old page');
    const n = generate({dataFile: v044, outDir: dir});
    assert.equal(n, 134);
    const files = fs.readdirSync(dir);
    assert.equal(files.length, 134);
    assert.ok(!files.includes('stale.mdx'));
    assert.ok(files.includes('thv_ai-plugin_builds_remove.mdx'));
    assert.match(
      fs.readFileSync(path.join(dir, 'thv_llm_setup.mdx'), 'utf8'),
      /^title: "thv llm setup"$/m,
    );
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('the example check names the line of a broken example in the data file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-data-'));
  try {
    fs.mkdirSync(path.join(dir, 'docs'));
    fs.writeFileSync(path.join(dir, 'package.json'), '{}');
    fs.writeFileSync(
      path.join(dir, 'thv.yaml'),
      [
        'commands:',
        '  - path: thv',
        '    flags: []',
        '  - path: thv stop',
        '    flags:',
        '      - {name: all, shorthand: null, type: bool}',
        '      - {name: group, shorthand: null, type: string}',
        '    flagGroups:',
        '      - {kind: mutuallyExclusive, flags: [all, group]}',
        '    examples:',
        '      - title: fine',
        '        command: thv stop --all',
        '      - title: two lines',
        '        command: |',
        '          thv stop --group dev',
        '          thv stop --all --group dev',
        '      - title: no thv',
        '        command: echo thv',
      ].join('\n'),
    );
    const report = checkThvExamples({root: dir, dataFile: 'thv.yaml'});
    assert.equal(report.dataExamples, 3);
    assert.deepEqual(report.problems, [
      {
        file: 'thv.yaml',
        line: 16,
        message: `flags --all, --group of "thv stop" can't be used together`,
      },
      {file: 'thv.yaml', line: 18, message: 'example runs no thv command'},
    ]);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});
