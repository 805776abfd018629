/**
 * data/known-issues.yaml against its schema and against the pages of every
 * docs version: every `<KnownIssue id>` names an entry that affects the
 * release its page describes, every entry is mentioned by a page, and every
 * entry links its source at a release tag. Also checks what the remark
 * plugin and the reference page make of an entry. The rule that decides
 * which entries affect a version has its own tests (versions.test.ts).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import Ajv2020 from 'ajv/dist/2020';
import type {Root} from 'mdast';
import {parse} from 'yaml';
import {
  admonitionNode,
  dataFile,
  loadKnownIssues,
  markdownNodes,
  mentionsIn,
  siteRoot,
  sourceUrl,
  statusText,
  type KnownIssue,
} from '../data';
import {DOCS_VERSIONS, docsVersion} from '../../../docs-versions';
import {docsFiles, findMentions, mentionProblems, renderPage, versionDocsDir} from '../generate';
import {loadCliData, releaseDataFile} from '../../../scripts/cli-reference/data';
import {issueMentions} from '../../../scripts/cli-reference/generate';
import remarkKnownIssues from '../remark';
import {compareReleases} from '../versions';

const schema = JSON.parse(
  fs.readFileSync(path.join(siteRoot, 'data', 'known-issues.schema.json'), 'utf8'),
) as object;
const raw = parse(fs.readFileSync(dataFile, 'utf8')) as {issues: KnownIssue[]};
const issues = [...loadKnownIssues().values()];
/** The docs versions whose folder exists: docs/ at least. */
const versions = DOCS_VERSIONS.filter((v) => fs.existsSync(versionDocsDir(v)));
const pageMentions = versions.flatMap((v) =>
  findMentions(v).map((m) => ({...m, file: `${v.docsDir}/${m.file}`})),
);
/**
 * The mentions that the generated CLI pages carry (the `issues` of a release's
 * thv.yaml), taken from the data so that they count whether or not
 * `npm run gen` has written the pages yet; a page already generated is not
 * counted twice.
 */
const cliMentions = versions.flatMap((v) =>
  fs.existsSync(releaseDataFile(v.release))
    ? issueMentions(loadCliData(releaseDataFile(v.release))).map((m) => ({
        ...m,
        file: `${v.docsDir}/${m.file}`,
      }))
    : [],
);
const onDisk = new Set(pageMentions.map((m) => `${m.file}#${m.id}`));
const mentions = [...pageMentions, ...cliMentions.filter((m) => !onDisk.has(`${m.file}#${m.id}`))];

test('data/known-issues.yaml matches its schema', () => {
  const ajv = new Ajv2020({allErrors: true});
  const validate = ajv.compile(schema);
  const ok = validate(raw);
  assert.ok(
    ok,
    (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`).join('\n'),
  );
});

test('the docs versions scanned include the current one', () => {
  assert.ok(versions.some((v) => v.name === 'current'));
});

test('every <KnownIssue> in the docs names an entry that affects the release its page describes', () => {
  assert.deepEqual(mentionProblems(mentions, loadKnownIssues()), []);
});

test('every entry is mentioned by at least one page', () => {
  const mentioned = new Set(mentions.map((m) => m.id));
  const orphans = issues
    .filter((i) => !mentioned.has(i.id))
    .map((i) => `"${i.id}": no page has <KnownIssue id="${i.id}" />`);
  assert.deepEqual(orphans, []);
});

test('every entry links its source on GitHub at one of the releases it was checked in', () => {
  const problems: string[] = [];
  for (const issue of issues) {
    const checked = new Set(issue.checked.map((c) => c.release));
    for (const s of issue.source) {
      const url = sourceUrl(s);
      if (
        !/^https:\/\/github\.com\/stacklok\/[a-z-]+\/blob\/(v\d+\.\d+\.\d+|toolhive-operator(-crds)?-\d+\.\d+\.\d+)\/\S+$/.test(
          url,
        )
      ) {
        problems.push(`${issue.id}: ${url} is not a file at a release tag`);
      }
      if (!checked.has(s.ref)) {
        problems.push(`${issue.id}: source at ${s.ref}, which is not among the releases checked`);
      }
    }
    if (issue.source.length === 0) problems.push(`${issue.id}: no source`);
  }
  assert.deepEqual(problems, []);
});

test('a fix is in a later release than the ones checked', () => {
  for (const issue of issues) {
    const end = issue.fixedIn ?? issue.presentIn!;
    for (const c of issue.checked.filter((c) => c.product === end.product)) {
      const order = compareReleases(end.release, c.release);
      const ok = issue.fixedIn ? order > 0 : order >= 0;
      assert.ok(ok, `${issue.id}: ${end.release} against checked ${c.release}`);
    }
  }
});

test("an entry's fixedIn or presentIn is a release of a product it was checked in", () => {
  // The rule of versions.ts reads the end of an entry against the releases
  // checked of the same product.
  const problems = issues
    .filter((i) => !i.checked.some((c) => c.product === (i.fixedIn ?? i.presentIn)!.product))
    .map(
      (i) => `${i.id}: ${(i.fixedIn ?? i.presentIn)!.product} is not among the products checked`,
    );
  assert.deepEqual(problems, []);
});

test('every release tag names its product', () => {
  const tag: Record<KnownIssue['checked'][number]['product'], RegExp> = {
    ToolHive: /^v\d+\.\d+\.\d+$/,
    'ToolHive UI': /^v\d+\.\d+\.\d+$/,
    'toolhive-operator chart': /^toolhive-operator-\d+\.\d+\.\d+$/,
    'toolhive-operator-crds chart': /^toolhive-operator-crds-\d+\.\d+\.\d+$/,
  };
  const problems = issues.flatMap((i) =>
    [...i.checked, ...(i.fixedIn ? [i.fixedIn] : []), ...(i.presentIn ? [i.presentIn] : [])]
      .filter((r) => !tag[r.product].test(r.release))
      .map((r) => `${i.id}: ${r.product} ${r.release}`),
  );
  assert.deepEqual(problems, []);
});

test("every entry's Markdown parses as the MDX pages are parsed", () => {
  for (const issue of issues) {
    for (const key of ['title', 'symptom', 'workaround'] as const) {
      assert.doesNotThrow(() => markdownNodes(issue[key]), `${issue.id}.${key}`);
    }
  }
});

test('mentionsIn finds each element with its line', () => {
  assert.deepEqual(mentionsIn('a\n\n<KnownIssue id="x-y" />\n\nb <KnownIssue id=\'z\' />'), [
    {id: 'x-y', line: 3},
    {id: 'z', line: 5},
  ]);
});

const sample: KnownIssue = {
  id: 'sample-issue',
  title: 'The `--flag` flag does nothing',
  surfaces: ['cli', 'api'],
  severity: 'bug',
  checked: [{product: 'ToolHive', release: 'v0.2.8'}],
  symptom: 'You set `--flag` and nothing changes.',
  workaround: 'Use [the other way](/toolhive/faq).',
  source: [{repo: 'stacklok/toolhive', ref: 'v0.2.8', path: 'cmd/thv/app/run.go', lines: '10-12'}],
  fixedIn: {product: 'ToolHive', release: 'v0.3.0'},
};

function withData(entries: KnownIssue[], run: (file: string) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'known-issues-'));
  const file = path.join(dir, 'known-issues.yaml');
  fs.writeFileSync(file, JSON.stringify({issues: entries}));
  return run(file).finally(() => fs.rmSync(dir, {recursive: true, force: true}));
}

function jsxTree(id: string, line = 7): Root {
  return {
    type: 'root',
    children: [
      {
        type: 'mdxJsxFlowElement',
        name: 'KnownIssue',
        attributes: [{type: 'mdxJsxAttribute', name: 'id', value: id}],
        children: [],
        position: {start: {line, column: 1}, end: {line, column: 30}},
      } as unknown as Root['children'][number],
    ],
  };
}

test('the remark plugin puts the entry’s admonition in place of <KnownIssue>', async () => {
  await withData([sample], async (file) => {
    const tree = jsxTree('sample-issue');
    await remarkKnownIssues({file})(tree, {path: 'versioned_docs/version-0.2.8/page.mdx'});
    const node = tree.children[0] as unknown as ReturnType<typeof admonitionNode>;
    assert.equal(node.type, 'containerDirective');
    assert.equal(node.name, 'warning');
    const text = JSON.stringify(node);
    assert.match(text, /Known issue: /);
    assert.match(text, /Workaround:/);
    assert.match(text, /Checked in ToolHive v0\.2\.8\. Fixed in ToolHive v0\.3\.0\./);
    assert.match(text, /\/toolhive\/reference\/known-issues#sample-issue/);
  });
});

test('the remark plugin stops the build on an unknown id, with the file and line', async () => {
  await withData([sample], async (file) => {
    await assert.rejects(
      remarkKnownIssues({file})(jsxTree('no-such-issue', 12), {
        path: 'versioned_docs/version-0.2.8/page.mdx',
      }),
      /versioned_docs\/version-0\.2\.8\/page\.mdx:12: .*no such entry/,
    );
  });
});

test('a security entry is a danger admonition, a limitation an info one', () => {
  assert.equal(admonitionNode({...sample, severity: 'security'}).name, 'danger');
  assert.equal(admonitionNode({...sample, severity: 'limitation'}).name, 'info');
});

test('the reference page lists an entry under its first surface, linked from the others', () => {
  const page = renderPage(
    docsVersion('0.2.8'),
    [
      sample,
      {
        ...sample,
        id: 'other',
        surfaces: ['kubernetes'],
        fixedIn: undefined,
        presentIn: {product: 'ToolHive', release: 'v0.2.10'},
      },
    ],
    [{id: 'sample-issue', file: 'toolhive/faq.mdx', line: 3, title: 'FAQ', release: 'v0.2.8'}],
  );
  assert.equal(page.match(/\\\{#sample-issue\}/g)?.length, 1);
  assert.match(page, /## ToolHive CLI \\\{#cli\}/);
  assert.match(
    page,
    /## API server \\\{#api\}[\s\S]*- \[The `--flag` flag does nothing\]\(#sample-issue\)/,
  );
  assert.match(page, /blob\/v0\.2\.8\/cmd\/thv\/app\/run\.go#L10-L12/);
  assert.match(page, /\*\*Mentioned in:\*\* \[FAQ\]\(\/toolhive\/faq\)/);
  assert.match(page, /Still present in ToolHive v0\.2\.10, the newest release checked/);
  assert.doesNotMatch(page, /## Kubernetes operator[\s\S]*## Kubernetes operator/);
});

test("the pages scanned for mentions are a version's docs, without its known issues page", () => {
  for (const version of versions) {
    const files = docsFiles(versionDocsDir(version));
    assert.ok(files.length > 25, version.docsDir);
    assert.ok(files.every((f) => f.startsWith(versionDocsDir(version) + path.sep)));
    assert.ok(!files.some((f) => f.endsWith(path.join('reference', 'known-issues.mdx'))));
  }
});

test('the status line names the newest release checked once', () => {
  const open = {
    ...sample,
    fixedIn: undefined,
    checked: [
      {product: 'ToolHive', release: 'v0.2.8'},
      {product: 'ToolHive', release: 'v0.44.0'},
    ],
    presentIn: {product: 'ToolHive', release: 'v0.44.0'},
  } satisfies KnownIssue;
  assert.equal(
    statusText(open),
    'Checked in ToolHive v0.2.8; still present in ToolHive v0.44.0, the newest release checked.',
  );
  assert.equal(statusText(sample), 'Checked in ToolHive v0.2.8. Fixed in ToolHive v0.3.0.');
});

test('the ledger is a build dependency of the persistent cache, and only when the cache is on', async () => {
  const {default: plugin} = await import('../index');
  const {dataFile} = await import('../data');
  const configure = plugin().configureWebpack!;
  const withCache = configure(
    {experiments: {cache: {type: 'persistent'}}} as never,
    false,
    {} as never,
    {} as never,
  ) as {experiments?: {cache?: {buildDependencies?: string[]}}};
  assert.deepEqual(withCache.experiments?.cache?.buildDependencies, [dataFile]);
  assert.deepEqual(configure({} as never, false, {} as never, {} as never), {});
});
