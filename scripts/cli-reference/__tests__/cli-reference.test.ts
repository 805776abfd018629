import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {factsFileFor, loadFacts} from '../facts';
import {test} from 'node:test';
import {parse} from 'yaml';
import {commandId, dataFile, loadCliData, validateCliData} from '../data';
import {renderPage} from '../generate';
import {cliSidebar} from '../sidebar';

const raw = () => parse(fs.readFileSync(dataFile, 'utf8'));
const facts = path.resolve(__dirname, '..', '..', '..', '..', 'shared', 'facts', 'cli.json');

test('the command data validates against its schema and rules', () => {
  assert.deepEqual(validateCliData(raw()), []);
});

// 59 commands from ToolHive's own code plus the 5 of cobra's default
// `completion` command (the group and one per shell), which cobra adds at run time.
test('the data has the 64 commands of thv v0.2.8', () => {
  const data = loadCliData();
  assert.equal(data.release, 'v0.2.8');
  assert.equal(data.commands.length, 64);
  const paths = data.commands.map((c) => c.path);
  for (const p of [
    'thv',
    'thv client list-registered',
    'thv config otel set-endpoint',
    'thv mcp list tools',
    'thv logs prune',
    'thv proxy tunnel',
    'thv secret reset-keyring',
    'thv completion',
    'thv completion powershell',
  ]) {
    assert.ok(paths.includes(p), p);
  }
  const list = data.commands.find((c) => c.path === 'thv list')!;
  assert.deepEqual(list.aliases, ['ls']);
  const registryList = data.commands.find((c) => c.path === 'thv registry list')!;
  assert.deepEqual(registryList.aliases, ['ls']);
});

test('names, types and defaults match the extracted command tree when it is available', (t) => {
  if (!fs.existsSync(facts)) {
    t.diagnostic(`no ${facts}; the comparison needs the shared fact tables`);
    return;
  }
  const tree = JSON.parse(fs.readFileSync(facts, 'utf8')) as {
    commands: {
      path: string;
      aliases: string[];
      flags: {
        name: string;
        shorthand: string | null;
        type: string;
        default: string | null;
        inherited: boolean;
      }[];
    }[];
  };
  // The fact table comes from cobra's markdown generator, which never sees the
  // default `completion` command (cobra adds it inside Execute), so leave it out here.
  const all = loadCliData();
  const data = {
    ...all,
    commands: all.commands.filter((c) => !/^thv completion( |$)/.test(c.path)),
  };
  assert.deepEqual(
    data.commands.map((c) => c.path).sort(),
    tree.commands.map((c) => c.path).sort(),
  );
  for (const fc of tree.commands) {
    const dc = data.commands.find((c) => c.path === fc.path)!;
    const expected = fc.flags
      .filter((f) => !f.inherited && f.name !== 'help')
      .map((f) => ({name: f.name, shorthand: f.shorthand, type: f.type, default: f.default}));
    const actual = dc.flags.map((f) => ({
      name: f.name,
      shorthand: f.shorthand,
      type: f.type,
      default: f.default,
    }));
    assert.deepEqual(actual, expected, fc.path);
  }
});

test('validation names the command and the field', () => {
  const broken = raw();
  const run = broken.commands.find((c: {path: string}) => c.path === 'thv run');
  delete run.summary;
  run.flags[0].type = 'number';
  run.flagz = [];
  const problems = validateCliData(broken).join('\n');
  assert.match(problems, /command "thv run": must have required property 'summary'/);
  assert.match(
    problems,
    /command "thv run" field flags\.0\.type: must be equal to one of the allowed values/,
  );
  assert.match(
    problems,
    /command "thv run": must NOT have additional properties \(unknown field "flagz"\)/,
  );
});

test('rule checks catch unknown related commands and missing examples', () => {
  const broken = raw();
  const stop = broken.commands.find((c: {path: string}) => c.path === 'thv stop');
  stop.related = ['thv halt'];
  stop.examples = [];
  const problems = validateCliData(broken).join('\n');
  assert.match(problems, /command "thv stop" field related: unknown command "thv halt"/);
  assert.match(
    problems,
    /command "thv stop" field examples: a runnable command needs at least one example/,
  );
});

test('every page names every flag of its command with an anchor', () => {
  const data = loadCliData();
  let flags = 0;
  data.commands.forEach((c, i) => {
    const page = renderPage(data, c, i + 1);
    assert.match(page, new RegExp(`^title: "${c.path}"$`, 'm'));
    for (const f of c.flags) {
      assert.ok(
        page.includes(`<Link id="flag-${f.name}" href="#flag-${f.name}">\`--${f.name}\`</Link>`),
        `${c.path} --${f.name}`,
      );
      flags += 1;
    }
    assert.ok(page.includes('id="flag-help"'), `${c.path} --help`);
    if (c.path !== 'thv') assert.ok(page.includes('id="flag-debug"'), `${c.path} inherits --debug`);
    assert.doesNotMatch(page, /custom_edit_url/, 'edit links come from the docs plugin option');
  });
  // Every flag the release has (its facts, extracted from the tag), hidden ones included.
  const facts = loadFacts(factsFileFor(dataFile));
  assert.equal(
    flags,
    facts.commands.reduce((n, c) => n + c.flags.length, 0),
  );
});

test('page ids join the command words with underscores', () => {
  assert.equal(commandId('thv config otel set-endpoint'), 'thv_config_otel_set-endpoint');
  assert.equal(commandId('thv'), 'thv');
});

test('the sidebar mirrors the command tree', () => {
  interface Node {
    label: string;
    items?: Node[];
  }
  const root = cliSidebar() as unknown as Node;
  assert.equal(root.label, 'thv');
  const child = (n: Node, label: string): Node => n.items!.find((i) => i.label === label)!;
  assert.ok(child(child(root, 'thv client'), 'thv client register'));
  assert.equal(child(child(root, 'thv config'), 'thv config otel').items!.length, 9);
});
