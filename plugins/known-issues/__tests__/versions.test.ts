/**
 * Which entries affect which docs version (versions.ts), on fixtures: the
 * page each version gets (generate.ts), the pages its mention lists name,
 * and the build error for a page that shows an entry its release doesn't
 * have (remark.ts).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import type {Root} from 'mdast';
import {versionPath, type DocsVersion} from '../../../docs-versions';
import type {KnownIssue, ProductRelease} from '../data';
import {findMentions, linkedTo, mentionProblems, pageEntries, renderPage} from '../generate';
import remarkKnownIssues from '../remark';
import {
  affects,
  compareReleases,
  statusAt,
  statusIn,
  versionReleases,
  type Status,
} from '../versions';

/** The two versions of docs-versions.ts, as fixtures. */
const OLD: DocsVersion = {
  name: '0.2.8',
  label: 'v0.2.8',
  release: 'v0.2.8',
  uiRelease: 'v0.5.0',
  olderUiReleases: ['v0.4.0'],
  charts: {operator: '0.2.4', crds: '0.0.15'},
  docsDir: 'versioned_docs/version-0.2.8',
  date: '2025-08-18',
};
const NEW: DocsVersion = {
  name: 'current',
  label: 'v0.44',
  release: 'v0.44.0',
  uiRelease: 'v0.39.4',
  charts: {operator: '0.44.0', crds: '0.44.0'},
  docsDir: 'docs',
  date: '2026-08-18',
};
const VERSIONS = [NEW, OLD];

const thv = (release: string): ProductRelease => ({product: 'ToolHive', release});
const ui = (release: string): ProductRelease => ({product: 'ToolHive UI', release});
const operator = (version: string): ProductRelease => ({
  product: 'toolhive-operator chart',
  release: `toolhive-operator-${version}`,
});
const crds = (version: string): ProductRelease => ({
  product: 'toolhive-operator-crds chart',
  release: `toolhive-operator-crds-${version}`,
});

function entry(
  id: string,
  checked: ProductRelease[],
  end: {fixedIn: ProductRelease} | {presentIn: ProductRelease},
  surfaces: KnownIssue['surfaces'] = ['cli'],
): KnownIssue {
  return {
    id,
    title: `Issue ${id} breaks something`,
    surfaces,
    severity: 'bug',
    checked,
    symptom: `You see the symptom of ${id}.`,
    workaround: 'Use [the other way](/toolhive/faq).',
    source: [{repo: 'stacklok/toolhive', ref: checked[0]!.release, path: 'pkg/x.go', lines: '1'}],
    ...end,
  };
}

const fixedLater = entry('fixed-later', [thv('v0.2.8')], {fixedIn: thv('v0.3.9')});
const stillPresent = entry('still-present', [thv('v0.2.8')], {presentIn: thv('v0.44.0')});
const checkedAtBoth = entry('checked-at-both', [thv('v0.2.8'), thv('v0.44.0')], {
  presentIn: thv('v0.44.0'),
});
const lastSeenEarlier = entry('last-seen-earlier', [thv('v0.2.8'), thv('v0.20.0')], {
  presentIn: thv('v0.20.0'),
});
const onlyNew = entry('only-new', [thv('v0.44.0')], {presentIn: thv('v0.44.0')});

/** The part of a page before its first section apart from the main ones. */
const mainPart = (page: string) => page.split(/\n## (Not yet checked|Fixed before)/)[0]!;
const part = (page: string, anchor: string) =>
  page.slice(page.indexOf(`\\{#${anchor}}`)).split('\n## ')[0]!;
const statuses = (issue: KnownIssue): [Status, Status] => [
  statusIn(issue, OLD).status,
  statusIn(issue, NEW).status,
];

test('releases compare by version number, not as strings', () => {
  assert.ok(compareReleases('v0.10.0', 'v0.9.4') > 0);
  assert.ok(compareReleases('toolhive-operator-0.2.13', 'toolhive-operator-0.2.4') > 0);
  assert.ok(compareReleases('v0.39.4', 'v0.44.0') < 0);
  assert.equal(
    compareReleases('toolhive-operator-crds-0.0.15', 'toolhive-operator-crds-0.0.15'),
    0,
  );
  assert.throws(() => compareReleases('main', 'v0.2.8'), /not a release tag/);
});

test("a version's releases: ToolHive, each UI release, and each chart as its tag", () => {
  assert.deepEqual(versionReleases(OLD), [
    thv('v0.2.8'),
    ui('v0.5.0'),
    ui('v0.4.0'),
    operator('0.2.4'),
    crds('0.0.15'),
  ]);
});

test('an entry fixed in a later release shows on the old page with its fix, and only apart on the new one', () => {
  assert.deepEqual(statuses(fixedLater), ['present', 'fixed']);
  const oldPage = renderPage(OLD, [fixedLater], []);
  assert.match(
    mainPart(oldPage),
    /\\\{#fixed-later\}[\s\S]*\*\*Status:\*\* Fixed in ToolHive v0\.3\.9\./,
  );
  // The new version's page of changes since v0.2.8 links it as fixed, so the
  // new page has it, apart from the entries that affect v0.44.0.
  const newPage = renderPage(NEW, [fixedLater], [], OLD);
  assert.doesNotMatch(mainPart(newPage), /fixed-later/);
  assert.match(
    part(newPage, 'fixed-before-this-release'),
    /What\schanged\sfrom\sToolHive\sv0\.2\.8\sto\sv0\.44\.0\]\(\/toolhive\/reference\/changes\/v0\.2\.8-to-v0\.44\.0\)[\s\S]*\\\{#fixed-later\}[\s\S]*Fixed in ToolHive v0\.3\.9\./,
  );
  assert.doesNotMatch(newPage, /still describe/);
  // Without a previous version, nothing links it.
  assert.doesNotMatch(renderPage(NEW, [fixedLater], [], null), /fixed-later/);
  // An entry fixed before the previous version's release is not linked either.
  const fixedBefore = entry('fixed-before', [thv('v0.2.5')], {fixedIn: thv('v0.2.7')});
  assert.doesNotMatch(renderPage(NEW, [fixedBefore], [], OLD), /fixed-before/);
  // Between the release checked and the fix, the upstream history confirms it.
  assert.equal(statusIn(fixedLater, {...NEW, release: 'v0.3.8'}).status, 'present');
  assert.equal(statusIn(fixedLater, {...NEW, release: 'v0.3.9'}).status, 'fixed');
});

test('an entry confirmed at v0.44.0 shows on both pages', () => {
  for (const issue of [stillPresent, checkedAtBoth]) {
    assert.deepEqual(statuses(issue), ['present', 'present'], issue.id);
    for (const version of VERSIONS) {
      assert.match(
        mainPart(renderPage(version, [issue], [])),
        new RegExp(
          `\\\\\\{#${issue.id}\\}[\\s\\S]*Still present in ToolHive v0\\.44\\.0, the newest release checked\\.`,
        ),
        `${issue.id} on ${version.label}`,
      );
    }
  }
});

test('an entry last confirmed before v0.44.0 is not claimed for it, only listed as not yet checked', () => {
  assert.deepEqual(statuses(lastSeenEarlier), ['present', 'unconfirmed']);
  assert.equal(affects(lastSeenEarlier, NEW), false);
  const newPage = renderPage(NEW, [lastSeenEarlier], []);
  assert.doesNotMatch(mainPart(newPage), /last-seen-earlier/);
  assert.match(
    part(newPage, 'not-yet-checked'),
    /\\\{#last-seen-earlier\}[\s\S]*\*\*Status:\*\* Still present in ToolHive v0\.20\.0, the newest release checked\. Not yet checked in ToolHive v0\.44\.0\./,
  );
  const oldPage = renderPage(OLD, [lastSeenEarlier], []);
  assert.match(mainPart(oldPage), /\\\{#last-seen-earlier\}/);
  assert.doesNotMatch(oldPage, /## Not yet checked/);
});

test('an entry found only in a later release is not on the older page', () => {
  assert.deepEqual(statuses(onlyNew), ['none', 'present']);
  assert.doesNotMatch(renderPage(OLD, [onlyNew], []), /only-new/);
});

test('UI entries compare with the UI releases, including the older ones a version describes', () => {
  // v0.39.4 is older than the ToolHive release, v0.44.0: UI with UI only.
  const uiPresent = entry('ui-present', [ui('v0.5.0')], {presentIn: ui('v0.39.4')}, ['ui']);
  assert.deepEqual(statuses(uiPresent), ['present', 'present']);
  // ToolHive v0.42.1 is newer than UI v0.39.4, but older than ToolHive v0.44.0.
  const thvBefore = entry('thv-before', [thv('v0.2.8')], {presentIn: thv('v0.42.1')});
  assert.deepEqual(statuses(thvBefore), ['present', 'unconfirmed']);
  // The UI guides of v0.2.8 also describe UI v0.4.0.
  const fixedInUi050 = entry('ui-old', [ui('v0.4.0'), thv('v0.2.5')], {fixedIn: ui('v0.5.0')}, [
    'ui',
  ]);
  assert.deepEqual(statuses(fixedInUi050), ['present', 'fixed']);
  assert.equal(statusIn(fixedInUi050, {...OLD, olderUiReleases: []}).status, 'fixed');
  assert.match(
    renderPage(OLD, [fixedInUi050], []),
    /\*\*Status:\*\* Fixed in ToolHive UI v0\.5\.0\./,
  );
  assert.match(
    renderPage(OLD, [], []),
    /ToolHive\sUI\sv0\.5\.0\s\(and\sv0\.4\.0,\swhere\sits\sguides\ssay\sit\sdiffers\)/,
  );
});

test('chart entries compare with the same chart, by version number', () => {
  // 0.2.13 is after 0.2.4; as strings it would sort before.
  const chartFix = entry('chart-fix', [operator('0.2.4')], {fixedIn: operator('0.2.13')}, [
    'kubernetes',
  ]);
  assert.deepEqual(statuses(chartFix), ['present', 'fixed']);
  // Chart 0.2.10, between the two: as strings, 0.2.10 would sort before 0.2.4.
  assert.equal(
    statusIn(chartFix, {...OLD, charts: {operator: '0.2.10', crds: '0.0.15'}}).status,
    'present',
  );
  // The fix is in chart 0.2.5, older than ToolHive v0.2.8 but newer than the chart 0.2.4.
  const chartFixEarly = entry('chart-early', [operator('0.2.4')], {fixedIn: operator('0.2.5')});
  assert.equal(statusIn(chartFixEarly, OLD).status, 'present');
  const crdsSeen = entry('crds-seen', [crds('0.0.15')], {presentIn: crds('0.0.41')});
  assert.deepEqual(statuses(crdsSeen), ['present', 'unconfirmed']);
  assert.equal(statusAt(crdsSeen, operator('0.0.15')), 'none');
});

test('an entry of several products is fixed when its fix is in, and present when one product still has it', () => {
  const fixedInCli = entry('several', [thv('v0.2.8'), ui('v0.5.0')], {fixedIn: thv('v0.2.9')});
  // At v0.44.0, UI v0.39.4 has not been checked, but the entry's fix is in.
  assert.deepEqual(statuses(fixedInCli), ['present', 'fixed']);
  assert.doesNotMatch(mainPart(renderPage(NEW, [fixedInCli], [], OLD)), /several/);
  const stillInCli = entry('still', [thv('v0.2.8'), ui('v0.5.0')], {presentIn: thv('v0.44.0')});
  assert.deepEqual(statusIn(stillInCli, NEW), {status: 'present', at: [thv('v0.44.0')]});
});

/** Writes pages into a temporary folder per version; runs, then removes them. */
function withPages(
  pages: Record<string, Record<string, string>>,
  run: (dirs: Record<string, string>) => void,
): void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'known-issues-pages-'));
  try {
    const dirs: Record<string, string> = {};
    for (const [version, files] of Object.entries(pages)) {
      dirs[version] = path.join(root, version);
      for (const [file, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dirs[version], file)), {recursive: true});
        fs.writeFileSync(path.join(dirs[version], file), text);
      }
    }
    run(dirs);
  } finally {
    fs.rmSync(root, {recursive: true, force: true});
  }
}

const page = (title: string, ids: string[], release?: string) =>
  [
    '---',
    `title: ${title}`,
    ...(release ? [`release: ${release}`] : []),
    '---',
    '',
    ...ids.flatMap((id) => [`<KnownIssue id="${id}" />`, '']),
  ].join('\n');

test("each version's page lists the pages of that version only", () => {
  withPages(
    {
      old: {'toolhive/old-guide.mdx': page('Old guide', ['still-present', 'fixed-later'])},
      new: {'toolhive/guides/new-guide.mdx': page('New guide', ['still-present'])},
    },
    (dirs) => {
      const issues = [stillPresent, fixedLater];
      const oldMentions = findMentions(OLD, dirs.old);
      const newMentions = findMentions(NEW, dirs.new);
      assert.deepEqual(
        oldMentions.map((m) => [m.id, m.file, m.release]),
        [
          ['still-present', 'toolhive/old-guide.mdx', 'v0.2.8'],
          ['fixed-later', 'toolhive/old-guide.mdx', 'v0.2.8'],
        ],
      );
      const oldPage = renderPage(OLD, issues, oldMentions);
      const newPage = renderPage(NEW, issues, newMentions);
      assert.match(
        part(oldPage, 'still-present'),
        /\*\*Mentioned in:\*\* \[Old guide\]\(\/toolhive\/old-guide\)\.\n/,
      );
      assert.match(
        part(newPage, 'still-present'),
        /\*\*Mentioned in:\*\* \[New guide\]\(\/toolhive\/guides\/new-guide\)\.\n/,
      );
      assert.doesNotMatch(newPage, /Old guide/);
      assert.doesNotMatch(oldPage, /New guide/);
      const all = new Map(issues.map((i) => [i.id, i]));
      assert.deepEqual(mentionProblems([...oldMentions, ...newMentions], all, VERSIONS), []);
    },
  );
});

test('a page of v0.44.0 that shows an entry v0.44.0 lacks is reported; one that names v0.2.8 is not', () => {
  withPages(
    {
      new: {
        'toolhive/rewritten.mdx': page('Rewritten', ['fixed-later', 'last-seen-earlier']),
        'toolhive/not-rewritten.mdx': page('Not rewritten', ['fixed-later'], 'v0.2.8'),
      },
    },
    (dirs) => {
      const issues = [fixedLater, lastSeenEarlier];
      const mentions = findMentions(NEW, dirs.new);
      const all = new Map(issues.map((i) => [i.id, i]));
      assert.deepEqual(mentionProblems(mentions, all, VERSIONS), [
        'toolhive/rewritten.mdx:5: "fixed-later" does not affect ToolHive v0.44.0, which the page describes: it is fixed in ToolHive v0.3.9',
        'toolhive/rewritten.mdx:7: "last-seen-earlier" does not affect ToolHive v0.44.0, which the page describes: it was last confirmed in ToolHive v0.20.0, and ToolHive v0.44.0 has not been checked for it',
      ]);
      // The page that still describes v0.2.8 links the entry on this
      // version's page, so that page has it, apart, with its fix.
      const entries = pageEntries(NEW, issues, mentions);
      assert.deepEqual(
        entries.earlier.map((e) => e.issue.id),
        ['fixed-later'],
      );
      const newPage = renderPage(NEW, issues, mentions);
      assert.match(
        part(newPage, 'fixed-before-this-release'),
        /still\sdescribe\sToolHive\sv0\.2\.8[\s\S]*\\\{#fixed-later\}[\s\S]*Fixed in ToolHive v0\.3\.9\.[\s\S]*\*\*Mentioned in:\*\* \[Not rewritten\]\(\/toolhive\/not-rewritten\), \[Rewritten\]\(\/toolhive\/rewritten\)\./,
      );
    },
  );
});

function withData(entries: KnownIssue[], run: (file: string) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'known-issues-'));
  const file = path.join(dir, 'known-issues.yaml');
  fs.writeFileSync(file, JSON.stringify({issues: entries}));
  return run(file).finally(() => fs.rmSync(dir, {recursive: true, force: true}));
}

function tree(id: string): Root {
  return {
    type: 'root',
    children: [
      {
        type: 'mdxJsxFlowElement',
        name: 'KnownIssue',
        attributes: [{type: 'mdxJsxAttribute', name: 'id', value: id}],
        children: [],
        position: {start: {line: 9, column: 1}, end: {line: 9, column: 30}},
      } as unknown as Root['children'][number],
    ],
  };
}

// These use the versions of docs-versions.ts: docs/ is ToolHive v0.44.0,
// versioned_docs/version-0.2.8/ is ToolHive v0.2.8.
test('the build stops at a v0.44.0 page that shows an entry v0.44.0 lacks, with the file, line and reason', async () => {
  await withData([fixedLater, lastSeenEarlier, stillPresent], async (file) => {
    const run = (id: string, vfile: {path: string; data?: {frontMatter?: {release?: string}}}) =>
      remarkKnownIssues({file})(tree(id), vfile);
    await assert.rejects(
      run('fixed-later', {path: 'docs/toolhive/guide.mdx'}),
      /^Error: docs\/toolhive\/guide\.mdx:9: <KnownIssue id="fixed-later" \/>: the entry does not affect ToolHive v0\.44\.0, which this page describes: it is fixed in ToolHive v0\.3\.9\. Remove it from the page, or, if the page still describes an earlier release, name that release with `release:` in the page's front matter\.$/,
    );
    await assert.rejects(
      run('last-seen-earlier', {path: 'docs/toolhive/guide.mdx'}),
      /last confirmed in ToolHive v0\.20\.0, and ToolHive v0\.44\.0 has not been checked for it/,
    );
    await run('still-present', {path: 'docs/toolhive/guide.mdx'});
    await run('fixed-later', {path: 'versioned_docs/version-0.2.8/toolhive/guide.mdx'});
    await run('last-seen-earlier', {path: 'versioned_docs/version-0.2.8/toolhive/guide.mdx'});
    await run('fixed-later', {
      path: 'docs/toolhive/guide.mdx',
      data: {frontMatter: {release: 'v0.2.8'}},
    });
    await assert.rejects(
      run('fixed-later', {path: 'src/pages/x.mdx'}),
      /src\/pages\/x\.mdx:9: .*in no docs version/,
    );
  });
});

test('the admonition keeps its link to the entry as a route, for the version links to prefix', async () => {
  await withData([stillPresent], async (file) => {
    const t = tree('still-present');
    await remarkKnownIssues({file})(t, {path: 'versioned_docs/version-0.2.8/toolhive/x.mdx'});
    assert.match(JSON.stringify(t), /"url":"\/toolhive\/reference\/known-issues#still-present"/);
  });
});

test("an entry of the previous version's releases on the new page links to that version's pages", () => {
  const prefix = versionPath(OLD.name);
  const link = `[the other way](${prefix}/toolhive/faq)`;
  const newPage = renderPage(NEW, [fixedLater], [], OLD);
  assert.ok(part(newPage, 'fixed-before-this-release').includes(link), newPage);
  // On its own version's page, and where a page of the new version mentions
  // it, the entry's links stay routes of the page's own version.
  assert.ok(renderPage(OLD, [fixedLater], [], null).includes('[the other way](/toolhive/faq)'));
  // The version at the root has no path to add.
  const atRoot = VERSIONS.find((v) => versionPath(v.name) === '')!;
  assert.deepEqual(linkedTo(fixedLater, atRoot), fixedLater);
  assert.equal(
    linkedTo({...fixedLater, symptom: 'See [a](/toolhive/x#y) and [b](/toolhivex).'}, OLD).symptom,
    `See [a](${prefix}/toolhive/x#y) and [b](/toolhivex).`,
  );
});
