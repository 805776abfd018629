/**
 * Generates docs/toolhive/reference/known-issues.mdx from
 * data/known-issues.yaml: every entry, grouped by the surface it affects
 * first, with what the reader sees, the workaround, the releases checked,
 * the release that fixes it, its source at the release tag, and the pages
 * that mention it. The page is a build output (gitignored); prestart and
 * prebuild run this script. Edit the data file, not the output.
 *
 * Usage: tsx plugins/known-issues/generate.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import type {DocsVersion} from '../../docs-versions';
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

export const docsDir = path.join(siteRoot, 'docs');
export const pageFile = path.join(docsDir, 'toolhive', 'reference', 'known-issues.mdx');

export interface Mention {
  id: string;
  /** Path relative to docs/. */
  file: string;
  line: number;
  title: string;
}

/** Markdown and MDX pages under docs/, but the generated reference page itself. */
export function docsFiles(dir = docsDir): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...docsFiles(full));
    else if (/\.mdx?$/.test(entry.name) && full !== pageFile) out.push(full);
  }
  return out.sort();
}

/** Every `<KnownIssue>` in the docs, with the title of the page that holds it. */
export function findMentions(files = docsFiles()): Mention[] {
  const mentions: Mention[] = [];
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    const found = mentionsIn(source);
    if (found.length === 0) continue;
    const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1];
    const title = (frontMatter && (parse(frontMatter) as {title?: string}).title) || file;
    for (const m of found) {
      mentions.push({...m, file: path.relative(docsDir, file).split(path.sep).join('/'), title});
    }
  }
  return mentions;
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

function entrySection(issue: KnownIssue, mentions: Mention[]): string {
  const surfaces = issue.surfaces.map((s) => SURFACES.find((x) => x.id === s)!.title).join(', ');
  const status = issue.fixedIn
    ? `Fixed in ${releaseName(issue.fixedIn)}.`
    : `Still present in ${releaseName(issue.presentIn!)}, the newest release checked.`;
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
    `- **Status:** ${status}`,
    `- **Source:** ${issue.source.map(sourceLink).join('; ')}.`,
    ...(pages ? [`- **Mentioned in:** ${pages}.`] : []),
    '',
  ].join('\n');
}

/** The reference page's MDX. */
export function renderPage(issues: KnownIssue[], mentions: Mention[]): string {
  const out = [
    '---',
    'title: Known issues',
    'description: >-',
    '  Bugs and limitations of ToolHive v0.2.8, ToolHive UI v0.5.0 and the operator',
    '  charts, with what you see, the workaround, the source at the release tag and the',
    '  release that fixes each.',
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
    'This page lists the product gaps of the releases these docs describe that',
    'can trip you up: places where ToolHive does not do what the docs, a flag or',
    'a field name would lead you to expect, and places where it leaves something',
    'exposed. Each entry says what you see, what to do instead, the releases whose',
    'source was checked, the first later release that fixes it when there is one,',
    'and the line of source at the release tag where the behaviour comes from.',
    'The guides show the same entries, word for word, where they matter.',
    '',
    'Entries are grouped by where you meet them first; an entry that also',
    'affects another part of ToolHive is listed there as a link.',
    '',
  ];
  for (const surface of SURFACES) {
    const own = issues.filter((i) => i.surfaces[0] === surface.id);
    const also = issues.filter((i) => i.surfaces.slice(1).includes(surface.id));
    if (own.length === 0 && also.length === 0) continue;
    out.push(`## ${surface.title} \\{#${surface.id}}`, '');
    for (const issue of own) {
      out.push(
        entrySection(
          issue,
          mentions.filter((m) => m.id === issue.id),
        ),
      );
    }
    if (also.length > 0) {
      out.push(
        own.length > 0
          ? `These entries, listed in another section, also affect the ${surface.title}:`
          : `These entries, listed in another section, affect the ${surface.title}:`,
        '',
        ...also.map((i) => `- [${i.title}](#${i.id})`),
        '',
      );
    }
  }
  return out.join('\n');
}

export function generate(): string {
  const issues = [...loadKnownIssues(dataFile).values()];
  const page = renderPage(issues, findMentions());
  fs.writeFileSync(pageFile, page);
  return pageFile;
}

/** Writes the known issues page of one docs version, with the mentions of its own pages. */
export function generateForVersion(version: DocsVersion): string {
  const dir = path.join(siteRoot, version.docsDir);
  const file = path.join(dir, 'toolhive', 'reference', 'known-issues.mdx');
  const issues = [...loadKnownIssues(dataFile).values()];
  const mentions = findMentions(docsFiles(dir).filter((f) => f !== file)).map((m) => ({
    ...m,
    file: path.relative(dir, path.join(docsDir, m.file)).split(path.sep).join('/'),
  }));
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, renderPage(issues, mentions));
  return file;
}

if (require.main === module) {
  const file = generate();
  console.log(`known issues: wrote ${path.relative(siteRoot, file)}`);
}
