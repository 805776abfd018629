/**
 * The changes page of each pair of adjacent docs versions, checked against
 * the release data it comes from: every count it shows is recomputed here
 * from the raw files (YAML and JSON read directly, not through the diff
 * functions), and the cases a reader relies on are checked by name.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {parse} from 'yaml';
import {DOCS_VERSIONS, docsVersion} from '../../../docs-versions';
import {loadKnownIssues} from '../../../plugins/known-issues/data';
import {pageEntries} from '../../../plugins/known-issues/generate';
import {compareVersions} from '../diff';
import {
  adjacentPairs,
  apiSpecFile,
  changesFile,
  computeChanges,
  generateChanges,
  siteRoot,
} from '../generate';
import {countsOf, renderPage} from '../render';

const newer = docsVersion('current');
const older = docsVersion('0.2.8');
const changes = computeChanges(older, newer);
const counts = countsOf(changes);
const page = renderPage(changes, {older, newer, kindPages: true});

const data = (...p: string[]) => path.join(siteRoot, 'data', 'releases', ...p);
const readYaml = <T>(file: string) => parse(fs.readFileSync(file, 'utf8')) as T;
const readJson = <T>(file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

interface RawCommand {
  path: string;
  aliases: string[];
  flags: {name: string}[];
}
const commands = (release: string) =>
  readYaml<{commands: RawCommand[]}>(data(release, 'cli', 'thv.yaml')).commands;
const oldCommands = commands(older.release);
const newCommands = commands(newer.release);

test('the pairs are the adjacent docs versions, older first, and each page goes into the newer docs folder', () => {
  const pairs = adjacentPairs();
  assert.equal(pairs.length, DOCS_VERSIONS.length - 1);
  for (const [a, b] of pairs) {
    assert.ok(compareVersions(a.release, b.release) < 0, `${a.release} before ${b.release}`);
    assert.equal(
      path.relative(siteRoot, changesFile(a, b)),
      path.join(b.docsDir, 'toolhive', 'reference', 'changes', `${a.release}-to-${b.release}.mdx`),
    );
  }
  assert.equal(
    path.relative(siteRoot, changesFile(older, newer)),
    path.join('docs', 'toolhive', 'reference', 'changes', 'v0.2.8-to-v0.44.0.mdx'),
  );
});

test('the output folder is gitignored in every docs folder', () => {
  for (const file of [
    'docs/toolhive/reference/changes/v0.2.8-to-v0.44.0.mdx',
    'versioned_docs/version-0.2.8/toolhive/reference/changes/v0.1.0-to-v0.2.8.mdx',
  ]) {
    // git check-ignore exits 0 when the path is ignored, else 1.
    assert.doesNotThrow(
      () => execFileSync('git', ['check-ignore', '-q', file], {cwd: siteRoot}),
      file,
    );
  }
});

test('thv restart is an alias of thv start in v0.44.0, and the page reports a rename', () => {
  const start = newCommands.find((c) => c.path === 'thv start');
  assert.ok(start?.aliases.includes('restart'), 'v0.44.0 data: thv start answers to restart');
  assert.ok(oldCommands.some((c) => c.path === 'thv restart'));
  assert.ok(!newCommands.some((c) => c.path === 'thv restart'));
  assert.deepEqual(
    changes.cli.renamed.find((r) => r.from === 'thv restart'),
    {from: 'thv restart', to: 'thv start'},
  );
  assert.ok(!changes.cli.added.some((c) => c.path === 'thv start'), 'thv start is not "added"');
  assert.ok(
    !changes.cli.removed.some((c) => c.path === 'thv restart'),
    'nor thv restart "removed"',
  );
  assert.match(
    page,
    /\| `thv restart` \| \[`thv start`\]\(\/toolhive\/reference\/cli\/thv_start\) \|/,
  );
});

test('thv group is new in v0.44.0', () => {
  assert.ok(!oldCommands.some((c) => c.path === 'thv group'));
  assert.ok(changes.cli.added.some((c) => c.path === 'thv group'));
  assert.match(page, /\[`thv group`\]\(\/toolhive\/reference\/cli\/thv_group\)/);
});

test('the command counts match the command trees', () => {
  const oldPaths = new Set(oldCommands.map((c) => c.path));
  const newPaths = new Set(newCommands.map((c) => c.path));
  const onlyNew = [...newPaths].filter((p) => !oldPaths.has(p));
  const onlyOld = [...oldPaths].filter((p) => !newPaths.has(p));
  const renames = changes.cli.renamed.length;
  assert.equal(counts.commandsAdded, onlyNew.length - renames);
  assert.equal(counts.commandsRemoved, onlyOld.length - renames);
  assert.equal(counts.commandsRenamed, 1);
  assert.ok(changes.cli.removed.some((c) => c.path === 'thv mcp serve'));
  assert.match(
    page,
    new RegExp(`${counts.commandsAdded} commands added, ${counts.commandsRemoved} removed`),
  );
});

test('the flag counts match the command trees', () => {
  const flagsOf = (list: RawCommand[], p: string) =>
    new Set(list.find((c) => c.path === p)!.flags.map((f) => f.name));
  let added = 0;
  let removed = 0;
  const renamed = new Map(changes.cli.renamed.map((r) => [r.to, r.from]));
  for (const c of newCommands) {
    const was = oldCommands.some((o) => o.path === c.path) ? c.path : renamed.get(c.path);
    if (!was) continue;
    const before = flagsOf(oldCommands, was);
    const after = flagsOf(newCommands, c.path);
    added += [...after].filter((f) => !before.has(f)).length;
    removed += [...before].filter((f) => !after.has(f)).length;
  }
  assert.equal(counts.flagsAdded, added);
  assert.equal(counts.flagsRemoved, removed);
  const serve = changes.cli.flags.find((f) => f.command === 'thv serve');
  assert.deepEqual(
    serve?.removed.map((f) => f.name),
    ['experimental-mcp', 'experimental-mcp-host', 'experimental-mcp-port'],
  );
  const run = changes.cli.flags.find((f) => f.command === 'thv run')!;
  assert.deepEqual(
    run.changed.find((c) => c.flag === 'isolate-network'),
    {
      flag: 'isolate-network',
      what: 'default',
      before: 'false',
      after: 'true',
    },
  );
});

test('every command link points to a command of the newer release', () => {
  const ids = new Set(newCommands.map((c) => c.path.split(' ').join('_')));
  const links = [...page.matchAll(/\]\(\/toolhive\/reference\/cli\/([^)#]+)\)/g)].map((m) => m[1]);
  assert.ok(links.length > 70, `${links.length} command links`);
  for (const id of links) assert.ok(ids.has(id), `no command page ${id} in ${newer.release}`);
  // Removed commands have no page in this version: named, not linked.
  assert.match(page, /\| `thv mcp serve` \|/);
});

test('the API operations added equal the operations of the v0.44.0 description missing from v0.2.8, by method and path', () => {
  const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
  const ops = (release: string) => {
    const spec = readYaml<{paths: Record<string, Record<string, unknown>>}>(apiSpecFile(release));
    return new Set(
      Object.entries(spec.paths).flatMap(([p, item]) =>
        methods.filter((m) => m in item).map((m) => `${m.toUpperCase()} ${p}`),
      ),
    );
  };
  const a = ops(older.release);
  const b = ops(newer.release);
  const added = [...b].filter((k) => !a.has(k)).sort();
  const removed = [...a].filter((k) => !b.has(k)).sort();
  assert.deepEqual(changes.api.added.map((o) => `${o.method} ${o.path}`).sort(), added);
  assert.deepEqual(changes.api.removed.map((o) => `${o.method} ${o.path}`).sort(), removed);
  assert.match(
    page,
    new RegExp(
      `\\[API server\\]\\(#api-server\\): ${added.length} operations added, ${removed.length} removed`,
    ),
  );
  assert.match(
    page,
    new RegExp(
      `${newer.release} has ${added.length} operations that ${older.release} does not have`,
    ),
  );
});

test('the resource kinds match the CRD extracts, with their served and stored versions', () => {
  const kinds = (release: string) =>
    new Map(
      fs
        .readdirSync(data(release, 'crd'))
        .filter((f) => f.endsWith('.crd.json'))
        .map((f) => {
          const e = readJson<{
            resource: {kind: string};
            versions: {name: string; served: boolean; storage: boolean}[];
          }>(data(release, 'crd', f));
          return [e.resource.kind, e.versions] as const;
        }),
    );
  const a = kinds(older.release);
  const b = kinds(newer.release);
  assert.deepEqual(changes.crds.added, [...b.keys()].filter((k) => !a.has(k)).sort());
  assert.deepEqual(changes.crds.removed, [...a.keys()].filter((k) => !b.has(k)).sort());
  for (const k of changes.crds.kinds) {
    const v = b.get(k.kind);
    if (!v) continue;
    assert.equal(k.newer?.stored, v.find((x) => x.storage)!.name, k.kind);
    assert.deepEqual(
      [...k.newer!.served].sort(),
      v
        .filter((x) => x.served)
        .map((x) => x.name)
        .sort(),
      k.kind,
    );
  }
  const server = changes.crds.kinds.find((k) => k.kind === 'MCPServer')!;
  assert.equal(server.older?.stored, 'v1alpha1');
  assert.equal(server.newer?.stored, 'v1beta1');
  assert.match(
    page,
    /\| \[`MCPServer`\]\(\/toolhive\/reference\/crds\/mcpserver\) \| `v1alpha1` \(stored\) \| `v1beta1` \(stored\), `v1alpha1` \(deprecated\) \|/,
  );
});

test('MCPServer spec.port and spec.targetPort are reported removed, with the successors the source names', () => {
  const server = changes.crds.fields.find((k) => k.kind === 'MCPServer')!;
  const removed = new Map(server.removed.map((f) => [f.path, f]));
  assert.equal(removed.get('spec.port')?.successor?.successor, 'spec.proxyPort');
  assert.equal(removed.get('spec.targetPort')?.successor?.successor, 'spec.mcpPort');
  // Both are gone from every version that v0.44.0 serves.
  const extract = readJson<{
    versions: {served: boolean; schema: {properties: {spec: {properties: object}}}}[];
  }>(data(newer.release, 'crd', 'mcpserver.crd.json'));
  for (const v of extract.versions.filter((x) => x.served)) {
    assert.ok(!('port' in v.schema.properties.spec.properties));
    assert.ok(!('targetPort' in v.schema.properties.spec.properties));
    assert.ok('proxyPort' in v.schema.properties.spec.properties);
  }
  assert.match(page, /\| `spec\.port` \| `spec\.proxyPort` \(\[ToolHive v0\.14\.0\]/);
  assert.match(page, /\| `spec\.targetPort` \| `spec\.mcpPort` \(\[ToolHive v0\.14\.0\]/);
  // spec.podTemplateSpec now takes any fields: its old sub-fields are not "removed".
  assert.ok(![...removed.keys()].some((p) => p.startsWith('spec.podTemplateSpec')));
  assert.ok(server.changed.some((c) => c.path === 'spec.podTemplateSpec' && c.what === 'type'));
});

test('the Helm value counts match the chart data', () => {
  for (const h of changes.helm) {
    const keys = (release: string) => {
      const values = readJson<{values: Record<string, unknown>}>(
        data(release, 'helm', `${h.chart}.json`),
      ).values;
      const all = Object.keys(values);
      return new Set(all.filter((k) => !all.some((o) => o.startsWith(`${k}.`))));
    };
    const a = keys(older.release);
    const b = keys(newer.release);
    assert.deepEqual(
      h.added.map((v) => v.key),
      [...b].filter((k) => !a.has(k)).sort(),
      h.chart,
    );
    assert.deepEqual(
      h.removed.map((v) => v.key),
      [...a].filter((k) => !b.has(k)).sort(),
      h.chart,
    );
  }
  const operator = changes.helm.find((h) => h.chart === 'toolhive-operator')!;
  assert.ok(operator.changed.some((c) => c.key === 'operator.image'));
  assert.deepEqual(
    changes.helm.map((h) => [h.chart, h.olderVersion, h.newerVersion]),
    [
      ['toolhive-operator', older.charts.operator, newer.charts.operator],
      ['toolhive-operator-crds', older.charts.crds, newer.charts.crds],
    ],
  );
});

test('the client counts match the client data', () => {
  const ids = (release: string) =>
    new Set(
      readYaml<{clients: {id: string}[]}>(data(release, 'clients.yaml')).clients.map((c) => c.id),
    );
  const a = ids(older.release);
  const b = ids(newer.release);
  assert.deepEqual(
    changes.clients.added.map((c) => c.id).sort(),
    [...b].filter((x) => !a.has(x)).sort(),
  );
  assert.deepEqual(
    changes.clients.removed.map((c) => c.id).sort(),
    [...a].filter((x) => !b.has(x)).sort(),
  );
});

test('the fixed known issues are those fixed after the older release and no later than the newer, per product', () => {
  const release = {
    ToolHive: [older.release, newer.release],
    'ToolHive UI': [older.uiRelease, newer.uiRelease],
    'toolhive-operator chart': [older.charts.operator, newer.charts.operator],
    'toolhive-operator-crds chart': [older.charts.crds, newer.charts.crds],
  } as Record<string, [string, string]>;
  const expected = [...loadKnownIssues().values()]
    .filter((i) => {
      if (!i.fixedIn) return false;
      const [a, b] = release[i.fixedIn.product];
      return (
        compareVersions(i.fixedIn.release, a) > 0 && compareVersions(i.fixedIn.release, b) <= 0
      );
    })
    .map((i) => i.id)
    .sort();
  const listed = changes.fixed.flatMap((f) => f.issues.map((i) => i.id)).sort();
  assert.deepEqual(listed, expected);
  assert.ok(listed.length > 0);
  for (const id of listed) assert.ok(page.includes(`(/toolhive/reference/known-issues#${id})`), id);
  // Each link lands: the newer version's known issues page lists the entry,
  // whether or not a page of that version still shows it.
  const onPage = new Set(
    pageEntries(newer, [...loadKnownIssues().values()], [], older).earlier.map((e) => e.issue.id),
  );
  for (const id of listed) assert.ok(onPage.has(id), `${id} is not on the known issues page`);
});

test('the page is valid MDX with front matter, sentence-case headings and unique anchors', () => {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(page);
  assert.ok(m, 'front matter');
  const meta = parse(m[1]) as Record<string, string>;
  assert.equal(meta.title, `Changes from ToolHive ${older.release} to ${newer.release}`);
  assert.ok(meta.description.length >= 50 && meta.description.length <= 200, meta.description);
  unified().use(remarkParse).use(remarkMdx).use(remarkGfm).parse(page.slice(m[0].length));
  const headings = [...page.matchAll(/^(#{2,4}) (.+) \\\{#([a-z0-9-]+)\}$/gm)];
  assert.ok(headings.length >= 20);
  const ids = headings.map((h) => h[3]);
  assert.equal(new Set(ids).size, ids.length, 'anchors are unique');
  for (const [, , text] of headings) {
    const words = text
      .replace(/`[^`]*`/g, '')
      .split(/\s+/)
      .slice(1);
    for (const w of words)
      assert.ok(
        !/^[A-Z][a-z]/.test(w) ||
          ['ToolHive', 'UI', 'API', 'CLI', 'MCP', 'Helm', 'Kubernetes'].includes(w),
        `"${text}": ${w}`,
      );
  }
  assert.doesNotMatch(page.slice(m[0].length), /^# /m, 'no h1');
  for (const [, target] of page.matchAll(/\]\(#([a-z0-9-]+)\)/g))
    assert.ok(ids.includes(target), `summary link #${target}`);
});

test('generateChanges writes the page it returns to the path given', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-changes-'));
  try {
    const file = path.join(dir, 'nested', 'page.mdx');
    const text = generateChanges(older, newer, file);
    assert.equal(fs.readFileSync(file, 'utf8'), text);
    assert.equal(text, page);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});
