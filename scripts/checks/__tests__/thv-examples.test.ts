import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {extractCodeBlocks, findRepoRoot} from '../lib/code-blocks';
import {
  buildCommandTree,
  checkLine,
  checkMarkdown,
  findInvocations,
  loadCommandTree,
  parseCommandTreeYaml,
  type CliData,
} from '../lib/thv-lines';
import {checkThvExamples, formatReport} from '../thv-examples';

// A small command tree in the data/releases/v0.2.8/cli/thv.yaml format (only the keys the check reads).
const FIXTURE: CliData = {
  commands: [
    {
      path: 'thv',
      runnable: true,
      aliases: [],
      flags: [{name: 'debug', shorthand: null, type: 'bool', persistent: true}],
    },
    {
      path: 'thv run',
      runnable: true,
      aliases: [],
      flags: [
        {name: 'transport', shorthand: null, type: 'string'},
        {name: 'name', shorthand: null, type: 'string'},
        {name: 'env', shorthand: 'e', type: 'stringArray'},
        {name: 'volume', shorthand: 'v', type: 'stringArray'},
        {name: 'foreground', shorthand: 'f', type: 'bool'},
        {name: 'proxy-port', shorthand: null, type: 'int'},
        {name: 'isolate-network', shorthand: null, type: 'bool'},
      ],
    },
    {
      path: 'thv list',
      runnable: true,
      aliases: ['ls'],
      flags: [
        {name: 'all', shorthand: 'a', type: 'bool'},
        {name: 'format', shorthand: null, type: 'string'},
        {name: 'label', shorthand: 'l', type: 'stringArray'},
      ],
    },
    {
      path: 'thv stop',
      runnable: true,
      aliases: [],
      flags: [{name: 'all', shorthand: null, type: 'bool'}],
    },
    {
      path: 'thv logs',
      runnable: true,
      aliases: [],
      flags: [{name: 'follow', shorthand: 'f', type: 'bool'}],
    },
    {path: 'thv logs prune', runnable: true, aliases: [], flags: []},
    {path: 'thv registry', runnable: false, aliases: [], flags: []},
    {
      path: 'thv registry list',
      runnable: true,
      aliases: ['ls'],
      flags: [{name: 'format', shorthand: null, type: 'string'}],
    },
    {
      path: 'thv registry info',
      runnable: true,
      aliases: [],
      flags: [{name: 'format', shorthand: null, type: 'string'}],
    },
    {path: 'thv config', runnable: false, aliases: [], flags: []},
    {path: 'thv config otel', runnable: false, aliases: [], flags: []},
    {path: 'thv config otel set-endpoint', runnable: true, aliases: [], flags: []},
    {path: 'thv secret', runnable: false, aliases: [], flags: []},
    {path: 'thv secret get', runnable: true, aliases: [], flags: []},
  ],
};

const tree = buildCommandTree(FIXTURE);
const ok = (line: string) =>
  assert.deepEqual(checkLine(tree, line), [], `expected no problems for: ${line}`);
const fails = (line: string, pattern: RegExp) => {
  const problems = checkLine(tree, line);
  assert.ok(problems.length > 0, `expected a problem for: ${line}`);
  assert.match(problems.join('\n'), pattern);
};

test('valid commands and flags pass', () => {
  ok('thv run --transport sse fetch');
  ok('thv run fetch');
  ok('thv list');
  ok('thv registry list');
  ok('thv registry info fetch --format json');
  ok('thv config otel set-endpoint https://otel.example.com:4318');
  ok('thv secret get github');
  ok('thv logs fetch --follow');
  ok('thv logs prune');
  ok('thv');
  ok('thv registry'); // a group on its own prints its help
});

test('a wrong command fails', () => {
  fails('thv regsitry list', /unknown command "thv regsitry" \(did you mean "thv registry"\?\)/);
  fails('thv registry lst', /unknown command "thv registry lst"/);
  fails('thv config otel set-endpont x', /unknown command "thv config otel set-endpont"/);
});

test('a wrong flag fails', () => {
  fails('thv run --not-a-flag fetch', /unknown flag --not-a-flag for "thv run"/);
  fails('thv run -x fetch', /unknown shorthand flag -x for "thv run"/);
  fails('thv --version', /unknown flag --version for "thv"/);
});

test('a flag of another command fails', () => {
  fails('thv list --transport sse', /unknown flag --transport for "thv list"/);
  fails('thv stop -a', /unknown shorthand flag -a for "thv stop"/);
  fails('thv registry list --all', /unknown flag --all for "thv registry list"/);
});

test('a non-bool flag without a value fails', () => {
  fails('thv list --format', /flag --format for "thv list" needs a value/);
});

test('aliases resolve', () => {
  ok('thv ls');
  ok('thv ls --all');
  ok('thv registry ls --format json');
  fails('thv ls --transport sse', /unknown flag --transport for "thv list"/);
});

test('= values, shorthands and value-taking flags', () => {
  ok('thv run --transport=sse --name=my-fetch fetch');
  ok('thv run -e API_KEY=abc -v /tmp/data:/data fetch');
  ok('thv run -eAPI_KEY=abc fetch');
  ok('thv run -e=API_KEY=abc fetch');
  ok('thv list -al env=dev');
  ok('thv list -a -l env=dev');
  ok('thv run --foreground=false fetch');
  ok('thv run --proxy-port 8080 --isolate-network fetch');
  // A non-bool flag consumes the next word, even one that looks like a command.
  ok('thv run --name list fetch');
  fails('thv list -ax', /unknown shorthand flag -x in -ax for "thv list"/);
});

test('persistent and help flags are accepted everywhere', () => {
  ok('thv --debug list');
  ok('thv list --debug');
  ok('thv registry list -h');
  ok('thv config otel --help');
  ok('thv run --help');
});

test('pipes, &&, ||, ; and redirections end the thv part', () => {
  ok('thv list --format json | jq ".[] | .name"');
  ok('thv list && thv stop fetch');
  ok('thv stop fetch || echo "--bogus"');
  ok('thv list; echo done --bogus');
  ok('thv list > servers.txt');
  ok('thv logs fetch 2>&1 | grep -i error');
  ok('thv run fetch & sleep 5');
  ok('thv run fetch # --bogus in a comment');
  fails('echo start && thv list --bogus', /unknown flag --bogus for "thv list"/);
  fails('thv list | thv regsitry list', /unknown command "thv regsitry"/);
});

test('everything after -- belongs to the MCP server', () => {
  ok('thv run fetch -- --port 8080 --whatever');
  ok('thv run --transport stdio fetch -- -x --y=z');
});

test('thv is found after prompts, env assignments, sudo and inside $(...)', () => {
  ok('$ thv list');
  ok('FOO=bar thv list');
  ok('sudo -E thv list');
  fails('$ thv list --bogus', /unknown flag --bogus/);
  fails('TOOLHIVE_DEBUG=1 thv run --bogus fetch', /unknown flag --bogus for "thv run"/);
  fails('sudo thv regsitry list', /unknown command "thv regsitry"/);
  fails('export URL=$(thv list --bogus)', /unknown flag --bogus for "thv list"/);
  fails('echo "token: $(thv secret get --bogus gh)"', /unknown flag --bogus for "thv secret get"/);
  fails('for s in a b; do thv stop --bogus "$s"; done', /unknown flag --bogus for "thv stop"/);
  ok('echo "thv run --bogus is only text"');
  ok('grep thv --bogus file.txt');
});

test('line continuations are joined', () => {
  ok('thv run \\\n  --transport sse \\\n  --name my-fetch \\\n  fetch');
  fails('thv run \\\n  --bogus \\\n  fetch', /unknown flag --bogus for "thv run"/);
});

test('placeholders are accepted', () => {
  ok('thv run <server-name>');
  ok('thv run [flags] <server-name>');
  ok('thv run --transport <transport> --name <name> <image>');
  ok('thv run --name=<name> SERVER_OR_IMAGE');
  ok('thv <command> --help');
  ok('thv registry <subcommand>');
  ok('thv stop $SERVER_NAME');
  ok('thv run "$IMAGE" -- ...');
  ok('thv list ...');
  ok('thv completion [bash|zsh|fish|powershell]');
  ok('thv run [flags] SERVER_OR_IMAGE [-- ARGS...]');
});

test('cobra built-in help and completion commands are valid', () => {
  ok('thv help');
  ok('thv help run');
  ok('thv help registry list');
  ok('thv completion bash');
  ok('thv completion zsh --no-descriptions');
  ok('thv completion fish > ~/.config/fish/completions/thv.fish');
  ok('thv completion powershell');
  fails('thv help regsitry', /unknown help topic "thv regsitry"/);
  fails('thv completion tcsh', /unknown command "thv completion tcsh"/);
  fails('thv completion bash --bogus', /unknown flag --bogus for "thv completion bash"/);
  fails('thv list --no-descriptions', /unknown flag --no-descriptions for "thv list"/);
});

test('findInvocations reports every thv command with its words', () => {
  const invs = findInvocations('A=1 thv ls -a | tee x && sudo thv run fetch -- --x');
  assert.equal(invs.length, 2);
  assert.deepEqual(
    invs.map((i) => i.args.map((w) => w.value)),
    [
      ['ls', '-a'],
      ['run', 'fetch', '--', '--x'],
    ],
  );
});

test('code blocks: language, meta, content and line numbers', () => {
  const md = [
    '---', // 1
    'title: Test', // 2
    '---', // 3
    '', // 4
    '```bash title="Run it" {1,3}', // 5
    'thv run fetch', // 6
    '```', // 7
    '', // 8
    '1. A step', // 9
    '', // 10
    '   ~~~sh', // 11
    '   thv list', // 12
    '     --not-indented-away', // 13
    '   ~~~', // 14
    '', // 15
    '````md', // 16
    '```bash', // 17
    'thv bogus', // 18
    '```', // 19
    '````', // 20
  ].join('\n');
  const blocks = extractCodeBlocks(md);
  assert.equal(blocks.length, 3);
  assert.equal(blocks[0].lang, 'bash');
  assert.equal(blocks[0].meta, 'title="Run it" {1,3}');
  assert.deepEqual(blocks[0].lines, ['thv run fetch']);
  assert.deepEqual(blocks[0].lineNumbers, [6]);
  assert.equal(blocks[1].lang, 'sh');
  assert.deepEqual(blocks[1].lines, ['thv list', '  --not-indented-away']);
  assert.deepEqual(blocks[1].lineNumbers, [12, 13]);
  assert.equal(blocks[2].lang, 'md');
  assert.deepEqual(blocks[2].lineNumbers, [17, 18, 19]);
});

test('markdown: only shell blocks are judged, with file line numbers', () => {
  const md = [
    '# Title', // 1
    '', // 2
    '```text', // 3
    'thv bogus output line', // 4
    '```', // 5
    '', // 6
    '```bash', // 7
    'thv list', // 8
    'thv run \\', // 9
    '  --transport sse \\', // 10
    '  --bogus \\', // 11
    '  fetch', // 12
    '```', // 13
    '', // 14
    '```console', // 15
    '$ thv ls --format json', // 16
    'thv regsitry is output here, not a command', // 17
    '$ thv regsitry list', // 18
    '```', // 19
    '', // 20
    '```powershell', // 21
    'thv regsitry list', // 22
    '```', // 23
    '', // 24
    '```bash', // 25
    'cat <<EOF > notes.txt', // 26
    'thv bogus inside a heredoc', // 27
    'EOF', // 28
    'thv list --transport sse', // 29
    '```', // 30
  ].join('\n');
  const result = checkMarkdown(tree, md);
  assert.deepEqual(result.problems, [
    {line: 11, message: 'unknown flag --bogus for "thv run"'},
    {line: 18, message: 'unknown command "thv regsitry" (did you mean "thv registry"?)'},
    {line: 29, message: 'unknown flag --transport for "thv list"'},
  ]);
  assert.equal(result.commandLines, 5);
});

test('markdown: lines marked as a mistake with error magic comments are not judged', () => {
  const md = [
    '```bash', // 1
    '# error-next-line', // 2
    'thv regsitry list', // 3
    'thv regsitry list', // 4
    '# error-start', // 5
    'thv run --bogus fetch', // 6
    '# error-end', // 7
    'thv list --bogus', // 8
    '```', // 9
  ].join('\n');
  assert.deepEqual(checkMarkdown(tree, md).problems, [
    {line: 4, message: 'unknown command "thv regsitry" (did you mean "thv registry"?)'},
    {line: 8, message: 'unknown flag --bogus for "thv list"'},
  ]);
});

test('the data-file loader accepts the documented YAML shape', () => {
  const yamlTree = parseCommandTreeYaml(`
commands:
  - path: thv
    summary: Manage MCP servers.
    usage: "thv [flags]"
    runnable: true
    aliases: []
    arguments: []
    flags:
      - name: debug
        shorthand: null
        type: bool
        default: null
        required: false
        persistent: true
        description: Turn on debug output.
    examples: []
    related: []
  - path: thv list
    usage: "thv list [flags]"
    runnable: true
    aliases: [ls]
    flags:
      - { name: all, shorthand: a, type: bool, default: null, required: false, description: x }
    examples: []
    related: []
`);
  assert.deepEqual(checkLine(yamlTree, 'thv ls -a --debug'), []);
  assert.match(
    checkLine(yamlTree, 'thv list --format json').join('\n'),
    /unknown flag --format for "thv list"/,
  );
});

test('checkThvExamples scans docs (including the generated CLI reference) and reports path:line', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'thv-examples-'));
  try {
    mkdirSync(path.join(dir, 'docs/toolhive/reference/cli'), {recursive: true});
    mkdirSync(path.join(dir, 'docs/toolhive/guides-cli'), {recursive: true});
    writeFileSync(
      path.join(dir, 'docs/toolhive/guides-cli/run.mdx'),
      '# Run\n\n```bash\nthv run fetch\nthv list --transport sse\n```\n',
    );
    writeFileSync(
      path.join(dir, 'docs/toolhive/reference/cli/thv_list.md'),
      '```bash\nthv ls --all\n```\n',
    );
    writeFileSync(path.join(dir, 'docs/toolhive/reference/cli/notes.txt'), 'thv bogus\n');
    const report = checkThvExamples({root: dir, tree});
    assert.equal(report.files, 2);
    assert.equal(report.commandLines, 3);
    assert.deepEqual(report.problems, [
      {
        file: 'docs/toolhive/guides-cli/run.mdx',
        line: 5,
        message: 'unknown flag --transport for "thv list"',
      },
    ]);
    assert.deepEqual(formatReport(report), [
      'docs/toolhive/guides-cli/run.mdx:5: unknown flag --transport for "thv list"',
      'thv examples: 3 command lines checked in 2 files, 1 problem',
    ]);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

const realData = path.join(findRepoRoot(), 'data/releases/v0.2.8/cli/thv.yaml');
test(
  'the real data/releases/v0.2.8/cli/thv.yaml accepts real command lines',
  {skip: !existsSync(realData) && 'data/releases/v0.2.8/cli/thv.yaml not present'},
  () => {
    const real = loadCommandTree(realData);
    for (const line of [
      'thv run --transport sse fetch',
      'thv run --name my-fetch -e KEY=value fetch',
      'thv list --all',
      'thv ls',
      'thv registry list',
      'thv registry ls',
      'thv registry info fetch',
      'thv logs fetch',
      'thv stop --all',
      'thv rm fetch',
      'thv client setup',
      'thv config otel set-endpoint https://otel.example.com:4318',
      'thv secret set github',
      'thv --debug version',
      'thv help run',
      'thv completion bash',
    ]) {
      assert.deepEqual(checkLine(real, line), [], line);
    }
    assert.match(checkLine(real, 'thv regsitry list').join('\n'), /unknown command "thv regsitry"/);
    assert.match(
      checkLine(real, 'thv run --not-a-flag fetch').join('\n'),
      /unknown flag --not-a-flag for "thv run"/,
    );
    assert.match(
      checkLine(real, 'thv list --transport sse').join('\n'),
      /unknown flag --transport for "thv list"/,
    );
    assert.match(checkLine(real, 'thv group list').join('\n'), /unknown command "thv group"/);
    assert.match(
      checkLine(real, 'thv run --env-file x fetch').join('\n'),
      /unknown flag --env-file for "thv run"/,
    );
  },
);
