/**
 * Generates the known issues page of each docs version,
 * <docsDir>/toolhive/reference/known-issues.mdx, from data/known-issues.yaml:
 * the entries that affect the version's releases (./versions.ts), grouped by
 * the surface they affect first, with what the reader sees, the workaround,
 * the releases checked, the release that fixes it, its source at the release
 * tag, and the pages of that version that mention it. Apart from them: the
 * entries found in an earlier release that nobody has checked at the
 * version's releases yet, and the entries fixed by then that the version
 * still links: the ones its pages that describe an earlier release show,
 * and the ones its page of changes since the previous docs version lists as
 * fixed (scripts/release-changes). The page is a
 * build output (gitignored); prestart and prebuild run this script. Edit the
 * data file, not the output.
 *
 * Usage: tsx plugins/known-issues/generate.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {DOCS_VERSIONS, versionPath, type DocsVersion} from '../../docs-versions';
import {pageRelease} from '../versions/page-release';
import {changesRoute} from '../versions/remark-release-notice';
import {
  dataFile,
  loadKnownIssues,
  mentionsIn,
  releaseName,
  siteRoot,
  sourceUrl,
  SURFACES,
  type KnownIssue,
  type SourceRef,
} from './data';
import {
  affects,
  compareReleases,
  releaseList,
  releasesConcerned,
  statusIn,
  whyNot,
  type VersionStatus,
} from './versions';

/** The folder of a version's pages. */
export const versionDocsDir = (version: DocsVersion): string =>
  path.join(siteRoot, version.docsDir);

/** A version's known issues page. */
export const pageFileOf = (version: DocsVersion): string =>
  path.join(versionDocsDir(version), 'toolhive', 'reference', 'known-issues.mdx');

export interface Mention {
  id: string;
  /** Path relative to the version's docs folder. */
  file: string;
  line: number;
  title: string;
  /** The ToolHive release the page describes. */
  release: string;
}

/** Markdown and MDX pages under a docs folder, but its generated known issues page. */
export function docsFiles(dir: string): string[] {
  const own = path.join(dir, 'toolhive', 'reference', 'known-issues.mdx');
  const walk = (d: string): string[] =>
    fs.readdirSync(d, {withFileTypes: true}).flatMap((entry) => {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) return walk(full);
      return /\.mdx?$/.test(entry.name) && full !== own ? [full] : [];
    });
  return walk(dir).sort();
}

/**
 * Every `<KnownIssue>` in the pages of a docs version, with the title of the
 * page that holds it and the release it describes: its front matter's
 * `release`, else the version's.
 */
export function findMentions(
  version: DocsVersion,
  dir: string = versionDocsDir(version),
  files: string[] = docsFiles(dir),
): Mention[] {
  const mentions: Mention[] = [];
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    const found = mentionsIn(source);
    if (found.length === 0) continue;
    const frontMatterText = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1];
    const frontMatter = ((frontMatterText ? parse(frontMatterText) : null) ?? {}) as {
      title?: string;
      release?: unknown;
    };
    const title = frontMatter.title || file;
    const release = pageRelease(file, frontMatter) ?? version.release;
    const rel = path.relative(dir, file).split(path.sep).join('/');
    for (const m of found) mentions.push({...m, file: rel, title, release});
  }
  return mentions;
}

/**
 * The mentions whose entry does not affect the release their page
 * describes, or is not in the data, each as `file:line: why`. The build
 * stops at each of them (remark.ts); the unit tests list them all.
 */
export function mentionProblems(
  mentions: Mention[],
  issues: Map<string, KnownIssue>,
  versions: readonly DocsVersion[] = DOCS_VERSIONS,
): string[] {
  const problems: string[] = [];
  for (const m of mentions) {
    const issue = issues.get(m.id);
    const where = `${m.file}:${m.line}`;
    if (!issue) {
      problems.push(`${where}: unknown known-issue id "${m.id}"`);
      continue;
    }
    const version = versions.find((v) => v.release === m.release);
    if (!version) {
      problems.push(`${where}: the page describes ${m.release}, which no docs version describes`);
      continue;
    }
    if (!affects(issue, version)) {
      problems.push(
        `${where}: "${m.id}" does not affect ${releaseList(releasesConcerned(issue, version))}, which the page describes: ${whyNot(issue, version)}`,
      );
    }
  }
  return problems;
}

function sourceLink(s: SourceRef): string {
  const lines = s.lines ? (s.lines.includes('-') ? `, lines ${s.lines}` : `, line ${s.lines}`) : '';
  const repo = s.repo === 'stacklok/toolhive' ? '' : ` in ${s.repo}`;
  return `[\`${s.path}\`${lines}${repo}, at ${s.ref}](${sourceUrl(s)})`;
}

const KIND: Record<KnownIssue['severity'], string> = {
  security: 'Security: it leaves something exposed',
  bug: 'Bug: it does not work as documented or as its name says',
  limitation: 'Limitation: it works as built, but not as you might expect',
};

/** The status line of an entry on a version's page. */
function statusLine(issue: KnownIssue, status: VersionStatus): string {
  const end = issue.fixedIn
    ? `Fixed in ${releaseName(issue.fixedIn)}.`
    : `Still present in ${releaseName(issue.presentIn!)}, the newest release checked.`;
  return status.status === 'unconfirmed'
    ? `${end} Not yet checked in ${releaseList(status.at)}.`
    : end;
}

function entrySection(issue: KnownIssue, status: VersionStatus, mentions: Mention[]): string {
  const surfaces = issue.surfaces.map((s) => SURFACES.find((x) => x.id === s)!.title).join(', ');
  const pages = [...new Map(mentions.map((m) => [m.file, m])).values()]
    .map((m) => `[${m.title}](/${m.file.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '')})`)
    .join(', ');
  return [
    `### ${issue.title} \\{#${issue.id}}`,
    '',
    issue.symptom.trim(),
    '',
    `**Workaround:** ${issue.workaround.trim()}`,
    '',
    `- **Kind:** ${KIND[issue.severity]}.`,
    `- **Affects:** ${surfaces}.`,
    `- **Checked in:** ${issue.checked.map(releaseName).join(', ')}.`,
    `- **Status:** ${statusLine(issue, status)}`,
    `- **Source:** ${issue.source.map(sourceLink).join('; ')}.`,
    ...(pages ? [`- **Mentioned in:** ${pages}.`] : []),
    '',
  ].join('\n');
}

/** The releases a version describes, for the page's first sentence. */
function describedReleases(version: DocsVersion): string {
  const older = version.olderUiReleases ?? [];
  const ui = `ToolHive UI ${version.uiRelease}${
    older.length > 0 ? ` (and ${older.join(', ')}, where its guides say it differs)` : ''
  }`;
  return (
    `ToolHive ${version.release}, ${ui}, and the Helm charts ` +
    `\`toolhive-operator\` ${version.charts.operator} and ` +
    `\`toolhive-operator-crds\` ${version.charts.crds}`
  );
}

/** A paragraph's words in lines of at most 80 characters. */
function wrap(text: string, width = 80): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

/** The docs version just older than `version` (DOCS_VERSIONS lists the newest first), if any. */
export function previousVersion(version: DocsVersion): DocsVersion | undefined {
  const at = DOCS_VERSIONS.findIndex((v) => v.name === version.name);
  return at < 0 ? undefined : DOCS_VERSIONS[at + 1];
}

/**
 * Whether an entry's fix came after the release of its product that
 * `previous` describes, and no later than the one `version` describes: the
 * entries that the page of changes between the two versions lists as fixed.
 */
export function fixedSince(
  issue: KnownIssue,
  previous: DocsVersion,
  version: DocsVersion,
): boolean {
  const fix = issue.fixedIn;
  if (!fix) return false;
  const releaseOf = (v: DocsVersion): string => {
    switch (fix.product) {
      case 'ToolHive':
        return v.release;
      case 'ToolHive UI':
        return v.uiRelease;
      case 'toolhive-operator chart':
        return `toolhive-operator-${v.charts.operator}`;
      case 'toolhive-operator-crds chart':
        return `toolhive-operator-crds-${v.charts.crds}`;
    }
  };
  return (
    compareReleases(fix.release, releaseOf(previous)) > 0 &&
    compareReleases(fix.release, releaseOf(version)) <= 0
  );
}

/** Which entries are on a version's page, and under which part of it. */
export interface PageEntries {
  /** Entries that affect the version's releases. */
  affecting: Array<{issue: KnownIssue; status: VersionStatus}>;
  /** Entries found in an earlier release and not yet checked at the version's releases. */
  unconfirmed: Array<{issue: KnownIssue; status: VersionStatus}>;
  /**
   * Entries that do not affect the version's releases and that the version
   * links: shown by its pages that describe an earlier release (front matter
   * `release`), or fixed since the previous docs version, which the page of
   * changes between the two lists.
   */
  earlier: Array<{issue: KnownIssue; status: VersionStatus}>;
}

export function pageEntries(
  version: DocsVersion,
  issues: KnownIssue[],
  mentions: Mention[],
  previous: DocsVersion | null = previousVersion(version) ?? null,
): PageEntries {
  const entries: PageEntries = {affecting: [], unconfirmed: [], earlier: []};
  const mentioned = new Set(mentions.filter((m) => m.release !== version.release).map((m) => m.id));
  for (const issue of issues) {
    const status = statusIn(issue, version);
    if (status.status === 'present') entries.affecting.push({issue, status});
    else if (status.status === 'unconfirmed') entries.unconfirmed.push({issue, status});
    else if (mentioned.has(issue.id) || (previous && fixedSince(issue, previous, version)))
      entries.earlier.push({issue, status});
  }
  return entries;
}

/** A version's known issues page, as MDX. */
export function renderPage(
  version: DocsVersion,
  issues: KnownIssue[],
  mentions: Mention[],
  previous: DocsVersion | null = previousVersion(version) ?? null,
): string {
  const {affecting, unconfirmed, earlier} = pageEntries(version, issues, mentions, previous);
  const of = (issue: KnownIssue) => mentions.filter((m) => m.id === issue.id);
  const releases = describedReleases(version);
  const earlierReleases = [
    ...new Set(mentions.filter((m) => m.release !== version.release).map((m) => m.release)),
  ];
  const out = [
    '---',
    'title: Known issues',
    'description: >-',
    `  Bugs and limitations of ToolHive ${version.release}, ToolHive UI ${version.uiRelease} and the`,
    '  operator charts: what you see, the workaround, the source and the fix.',
    'keywords:',
    '  - bugs',
    '  - limitations',
    '  - workaround',
    '  - not working',
    '  - broken',
    '---',
    '',
    '{/*Generated from data/known-issues.yaml by plugins/known-issues/generate.ts. Do not edit.*/}',
    '',
    wrap(
      `This page lists the known issues of ${releases}: places where ToolHive ` +
        'does not do what the docs, a flag or a field name would lead you to ' +
        'expect, and places where it leaves something exposed. Each entry says ' +
        'what you see, what to do instead, the releases whose source was checked, ' +
        'the first later release that fixes it when there is one, and the line of ' +
        'source at the release tag where the behaviour comes from. The guides show ' +
        'the same entries, word for word, where they matter.',
    ),
    '',
    wrap(
      'An entry is listed when it is confirmed for one of these releases. Each ' +
        'product is compared with its own releases, by version number: ToolHive ' +
        'with ToolHive, ToolHive UI with ToolHive UI, each chart with the same ' +
        'chart. An issue is confirmed for a release when the source of that release ' +
        'shows it, or when the source of an earlier release shows it and either the ' +
        'first release without it is a later one, or the source of a later release ' +
        'still shows it. An issue fixed in one of these releases or an earlier one ' +
        'is not listed; when a later release fixes a listed issue, its status names ' +
        'that release.',
    ),
    '',
    wrap(
      'Entries are grouped by where you meet them first; an entry that also ' +
        'affects another part of ToolHive is listed there as a link.' +
        (unconfirmed.length > 0
          ? ' Issues found in an earlier release that the source of these releases ' +
            'has not been checked for yet are listed apart, under ' +
            '[Not yet checked at this release](#not-yet-checked).'
          : ''),
    ),
    '',
  ];
  for (const surface of SURFACES) {
    const own = affecting.filter((e) => e.issue.surfaces[0] === surface.id);
    const also = affecting.filter((e) => e.issue.surfaces.slice(1).includes(surface.id));
    if (own.length === 0 && also.length === 0) continue;
    out.push(`## ${surface.title} \\{#${surface.id}}`, '');
    for (const {issue, status} of own) out.push(entrySection(issue, status, of(issue)));
    if (also.length > 0) {
      out.push(
        own.length > 0
          ? `These entries, listed in another section, also affect the ${surface.title}:`
          : `These entries, listed in another section, affect the ${surface.title}:`,
        '',
        ...also.map((e) => `- [${e.issue.title}](#${e.issue.id})`),
        '',
      );
    }
  }
  if (unconfirmed.length > 0) {
    out.push(
      '## Not yet checked at this release \\{#not-yet-checked}',
      '',
      wrap(
        'These issues were found in an earlier release, and the source of the ' +
          'releases this page covers has not been checked for them yet: they may ' +
          'or may not still be there, so the pages that describe these releases ' +
          'do not show them. Each entry names the newest release known to have ' +
          'it. If you see its symptom, its workaround may help.',
      ),
      '',
      ...unconfirmed.map(({issue, status}) => entrySection(issue, status, of(issue))),
    );
  }
  if (earlier.length > 0) {
    out.push(
      '## Fixed before this release \\{#fixed-before-this-release}',
      '',
      wrap(
        'The releases this page covers no longer have these issues: each entry ' +
          'names the release that fixes it.' +
          (previous
            ? ` [What changed from ToolHive ${previous.release} to ${version.release}](${changesRoute(previous.release, version.release)}) ` +
              'lists the ones fixed since the releases of the previous version of these docs.'
            : '') +
          (earlierReleases.length > 0
            ? ` Some pages of this version still describe ${earlierReleases.map((r) => `ToolHive ${r}`).join(' or ')}, ` +
              'and show issues of that release.'
            : ''),
      ),
      '',
      ...earlier.map(({issue, status}) =>
        entrySection(
          // An entry no page of this version mentions is one of the previous
          // version's: its links go to the pages it was written for there.
          previous && of(issue).length === 0 ? linkedTo(issue, previous) : issue,
          status,
          of(issue),
        ),
      ),
    );
  }
  return out.join('\n');
}

/**
 * An entry whose site links (`](/toolhive/...)`) point to the pages of
 * another docs version, under that version's path.
 */
export function linkedTo(issue: KnownIssue, version: DocsVersion): KnownIssue {
  const prefix = versionPath(version.name);
  if (!prefix) return issue;
  const fix = (text: string) => text.replace(/\]\(\/toolhive(?=[/#)])/g, `](${prefix}/toolhive`);
  return {...issue, symptom: fix(issue.symptom), workaround: fix(issue.workaround)};
}

/** Writes the known issues page of one docs version, with the mentions of its own pages. */
export function generateForVersion(version: DocsVersion): string {
  const dir = versionDocsDir(version);
  const file = pageFileOf(version);
  const issues = [...loadKnownIssues(dataFile).values()];
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, renderPage(version, issues, findMentions(version, dir)));
  return file;
}

/** Writes the page of every version whose docs folder exists; returns the files written and the folders missing. */
export function generate(versions: readonly DocsVersion[] = DOCS_VERSIONS): {
  written: string[];
  missing: string[];
} {
  const written: string[] = [];
  const missing: string[] = [];
  for (const version of versions) {
    if (fs.existsSync(versionDocsDir(version))) written.push(generateForVersion(version));
    else missing.push(version.docsDir);
  }
  return {written, missing};
}

if (require.main === module) {
  const {written, missing} = generate();
  for (const file of written) console.log(`known issues: wrote ${path.relative(siteRoot, file)}`);
  for (const dir of missing) console.log(`known issues: skipped ${dir}, which does not exist`);
}
