/**
 * The known issues of the documented releases, one home for each: the
 * entries of data/known-issues.yaml, and how an entry reads wherever it
 * appears. A page mentions one with `<KnownIssue id="..." />`, which the
 * remark plugin (remark.ts) turns into an admonition built here; the
 * reference page (generate.ts) and the Markdown twins use the same entry.
 * data/known-issues.schema.json describes the file; the unit tests validate
 * it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {BlockContent, DefinitionContent, Paragraph, PhrasingContent, Root} from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {parse} from 'yaml';

export const siteRoot = path.resolve(__dirname, '..', '..');
export const dataFile = path.join(siteRoot, 'data', 'known-issues.yaml');
/** The route of the reference page that lists every entry. */
export const KNOWN_ISSUES_ROUTE = '/toolhive/reference/known-issues';
/** The MDX element pages write to mention an entry. */
export const COMPONENT = 'KnownIssue';

export type Surface = 'cli' | 'ui' | 'kubernetes' | 'api';
export type Severity = 'security' | 'bug' | 'limitation';

export interface ProductRelease {
  product: 'ToolHive' | 'ToolHive UI' | 'toolhive-operator chart' | 'toolhive-operator-crds chart';
  release: string;
}

export interface SourceRef {
  repo: 'stacklok/toolhive' | 'stacklok/toolhive-studio';
  ref: string;
  path: string;
  lines?: string;
}

export interface KnownIssue {
  id: string;
  title: string;
  surfaces: Surface[];
  severity: Severity;
  checked: ProductRelease[];
  symptom: string;
  workaround: string;
  source: SourceRef[];
  fixedIn?: ProductRelease;
  presentIn?: ProductRelease;
}

/** A `:::type` container directive, as remark-directive parses one. */
export interface ContainerDirective {
  type: 'containerDirective';
  name: string;
  attributes: Record<string, string>;
  children: Array<BlockContent | DefinitionContent>;
}

/** Surfaces in the order of the reference page, with their section titles. */
export const SURFACES: ReadonlyArray<{id: Surface; title: string}> = [
  {id: 'cli', title: 'ToolHive CLI'},
  {id: 'ui', title: 'ToolHive UI'},
  {id: 'kubernetes', title: 'Kubernetes operator'},
  {id: 'api', title: 'API server'},
];

/** The admonition each severity gets. */
export const ADMONITION: Record<Severity, 'danger' | 'warning' | 'info'> = {
  security: 'danger',
  bug: 'warning',
  limitation: 'info',
};

let cache: {file: string; mtimeMs: number; issues: Map<string, KnownIssue>} | undefined;

/**
 * The entries of the data file by id, in file order. Throws on a duplicate id
 * or an entry without the fields every rendering needs; the full shape is
 * checked by the unit tests against the JSON Schema.
 */
export function loadKnownIssues(file = dataFile): Map<string, KnownIssue> {
  const {mtimeMs} = fs.statSync(file);
  if (cache && cache.file === file && cache.mtimeMs === mtimeMs) return cache.issues;
  const data = parse(fs.readFileSync(file, 'utf8')) as {issues?: KnownIssue[]};
  const issues = new Map<string, KnownIssue>();
  for (const issue of data.issues ?? []) {
    const where = `${path.relative(siteRoot, file)}: known issue "${issue.id}"`;
    if (issues.has(issue.id)) throw new Error(`${where} is listed twice`);
    for (const key of ['title', 'symptom', 'workaround'] as const) {
      if (typeof issue[key] !== 'string') throw new Error(`${where} has no ${key}`);
    }
    if (!issue.surfaces?.length || !issue.source?.length || !issue.checked?.length) {
      throw new Error(`${where} needs surfaces, checked and source`);
    }
    if (!issue.fixedIn === !issue.presentIn) {
      throw new Error(`${where} needs exactly one of fixedIn and presentIn`);
    }
    issues.set(issue.id, issue);
  }
  cache = {file, mtimeMs, issues};
  return issues;
}

/** The entry with this id, or an error that names the id and the data file. */
export function knownIssue(id: string, file = dataFile): KnownIssue {
  const issue = loadKnownIssues(file).get(id);
  if (!issue) {
    throw new Error(
      `<${COMPONENT} id="${id}" />: no such entry in ${path.relative(siteRoot, file)}`,
    );
  }
  return issue;
}

/** The GitHub URL of a source reference, at its tag, with its lines. */
export function sourceUrl(s: SourceRef): string {
  const anchor = s.lines ? `#L${s.lines.replace('-', '-L')}` : '';
  return `https://github.com/${s.repo}/blob/${s.ref}/${s.path}${anchor}`;
}

/** "ToolHive v0.2.8", "toolhive-operator chart 0.2.4". */
export function releaseName({product, release}: ProductRelease): string {
  const version = release.replace(/^toolhive-operator(-crds)?-/, '');
  return `${product} ${version}`;
}

/** The link to an entry on the reference page. */
export function entryUrl(id: string): string {
  return `${KNOWN_ISSUES_ROUTE}#${id}`;
}

/** One sentence: where it was checked, and whether a later release fixes it. */
export function statusText(issue: KnownIssue): string {
  if (issue.fixedIn) {
    const checked = issue.checked.map(releaseName).join(', ');
    return `Checked in ${checked}. Fixed in ${releaseName(issue.fixedIn)}.`;
  }
  const newest = issue.presentIn!;
  const others = issue.checked.filter(
    (c) => c.product !== newest.product || c.release !== newest.release,
  );
  const still = `still present in ${releaseName(newest)}, the newest release checked.`;
  return others.length === 0
    ? `Still present in ${releaseName(newest)}, the newest release checked.`
    : `Checked in ${others.map(releaseName).join(', ')}; ${still}`;
}

const markdownParser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm);

/** An entry's Markdown field as block nodes, parsed as the MDX pages are. */
export function markdownNodes(markdown: string): Array<BlockContent | DefinitionContent> {
  return (markdownParser.parse(markdown) as Root).children as Array<
    BlockContent | DefinitionContent
  >;
}

function paragraph(children: PhrasingContent[]): Paragraph {
  return {type: 'paragraph', children};
}

/**
 * What a page shows for `<KnownIssue id>`: an admonition (danger for a
 * security issue, warning for a bug, info for a limitation) titled with the
 * entry's title, holding what the reader sees, the workaround, and a line
 * with the releases checked that links to the entry on the reference page.
 * The docs' admonition plugin turns the directive into the theme's
 * admonition.
 */
export function admonitionNode(
  issue: KnownIssue,
  {statusClass}: {statusClass?: string} = {},
): ContainerDirective {
  const workaround = markdownNodes(issue.workaround);
  const first = workaround[0];
  if (first?.type === 'paragraph') {
    first.children.unshift(
      {type: 'strong', children: [{type: 'text', value: 'Workaround:'}]},
      {
        type: 'text',
        value: ' ',
      },
    );
  } else {
    workaround.unshift(
      paragraph([{type: 'strong', children: [{type: 'text', value: 'Workaround:'}]}]),
    );
  }
  const title = markdownNodes(issue.title)[0];
  const label: Paragraph = {
    type: 'paragraph',
    data: {directiveLabel: true} as Paragraph['data'],
    children: [
      {type: 'text', value: 'Known issue: '},
      ...(title?.type === 'paragraph' ? title.children : []),
    ],
  };
  return {
    type: 'containerDirective',
    name: ADMONITION[issue.severity],
    attributes: {},
    children: [
      label,
      ...markdownNodes(issue.symptom),
      ...workaround,
      statusParagraph(
        [
          {type: 'text', value: `${statusText(issue)} `},
          {
            type: 'link',
            url: entryUrl(issue.id),
            children: [{type: 'text', value: 'Source and details'}],
          },
        ],
        statusClass,
      ),
    ],
  };
}

/**
 * The status line, as a `<p>` with a class when one is given (the docs
 * style it small, and the search index leaves it out: it is the same words
 * in every admonition), else as a plain paragraph (the Markdown twins).
 */
function statusParagraph(children: PhrasingContent[], className: string | undefined): BlockContent {
  if (!className) return paragraph(children);
  return {
    type: 'mdxJsxFlowElement',
    name: 'p',
    attributes: [{type: 'mdxJsxAttribute', name: 'className', value: className}],
    children,
  } as unknown as BlockContent;
}

/** The class of an admonition's status line on docs pages. */
export const STATUS_CLASS = 'known-issue-status';

/** Every `<KnownIssue id="...">` in a page's source, with its line. */
export function mentionsIn(source: string): Array<{id: string; line: number}> {
  const found: Array<{id: string; line: number}> = [];
  const re = new RegExp(`<${COMPONENT}\\s+id=["']([^"']+)["']`, 'g');
  for (const m of source.matchAll(re)) {
    found.push({id: m[1]!, line: source.slice(0, m.index).split('\n').length});
  }
  return found;
}
