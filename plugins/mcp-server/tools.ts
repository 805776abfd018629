/**
 * The endpoint's tools: what each one answers, from the corpus (./corpus.ts).
 * All of them only read. Each answers with text for the model and the same
 * facts as structured content, in the shape its output schema gives; a
 * request the tool cannot answer gets `isError` and a message that says what
 * to send instead.
 */
import type {McpServer} from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import {MAX_QUERY_LENGTH, snippet, type RankedHit} from '../search/client/engine';
import type {DocSearchRecord} from '../search/client/records';
import {twinPath} from '../markdown-twins/twin-path';
import {
  API_REFERENCE,
  commandKey,
  type ApiOperation,
  type DocsCorpora,
  type DocsCorpus,
  type DocsPage,
} from './corpus';
import {comparable, linesOf, rowWithContext, sectionOf, tableCells} from './markdown';
import {findPage, LLMS_TXT_PATH, nearestPages, resolvePageRef} from './pages';

/** Most results `search_docs` returns. */
export const MAX_RESULTS = 10;

/** The parts of the docs `search_docs` can keep to, by the sidebar section each names. */
export const SECTIONS = {
  cli: 'ToolHive CLI',
  ui: 'ToolHive UI',
  kubernetes: 'Kubernetes Operator',
  concepts: 'Concepts',
  reference: 'Reference',
  tutorials: 'Tutorials',
} as const;
type SectionKey = keyof typeof SECTIONS;

const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

/** Words of an excerpt. */
const EXCERPT_WORDS = 40;

/** What a tool call needs besides its arguments. */
export interface ToolContext {
  /** The docs version the call reads: the one it names, or the one at the site root. */
  corpus: DocsCorpus;
  /** Every docs version of the build, when it has more than the one above. */
  corpora?: DocsCorpora;
  /** The origin the endpoint was reached at; its URLs count as this site's. */
  servingOrigin?: string;
}

type ToolResult = {
  content: {type: 'text'; text: string}[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

function failure(text: string): ToolResult {
  return {content: [{type: 'text', text}], isError: true};
}

function answer(text: string, structured: Record<string, unknown>): ToolResult {
  return {content: [{type: 'text', text}], structuredContent: structured};
}

/** A check that a string argument holds more than white space. */
const nonBlank = (what: string) =>
  [
    (s: string) => s.trim().length > 0,
    {error: `${what} is empty: give at least one word.`},
  ] as const;

// ---------------------------------------------------------------------------
// Docs versions
// ---------------------------------------------------------------------------

const MAX_VERSION_LENGTH = 32;

/** How a version is named in a tool's answers: `ToolHive v0.44.0 (docs version v0.44)`. */
export function versionName(corpus: DocsCorpus): string {
  return `ToolHive ${corpus.version.release}`;
}

/** The `version` argument every tool takes. */
function versionArg(corpora: DocsCorpora | undefined) {
  const all = corpora?.all ?? [];
  const names = all.map((c) => c.version.release).join(', ');
  const root = corpora?.root;
  return z
    .string({error: 'version must be a string'})
    .max(MAX_VERSION_LENGTH, `version is longer than ${MAX_VERSION_LENGTH} characters`)
    .optional()
    .describe(
      `Which ToolHive release's docs to read${names ? `: ${names}` : ''} (also accepted: 0.44, v0.44, current). Default: ${root ? root.version.release : 'the version at the site root'}, the version at the site root.`,
    );
}

/** Comparable spellings of a version: `v0.44.0` → `0.44.0`, `0.44`. */
function spellings(corpus: DocsCorpus): string[] {
  const {name, label, release} = corpus.version;
  const bare = (t: string) => t.trim().toLowerCase().replace(/^v/, '');
  const minor = bare(release).split('.').slice(0, 2).join('.');
  return [...new Set([bare(name), bare(label), bare(release), minor])];
}

/** The corpus a call's `version` names, or a message that lists the versions. */
export function pickVersion(
  ctx: ToolContext,
  version: string | undefined,
): {ok: true; ctx: ToolContext} | {ok: false; result: ToolResult} {
  if (version === undefined || !ctx.corpora) return {ok: true, ctx};
  const wanted = version.trim().toLowerCase().replace(/^v/, '');
  const found = ctx.corpora.all.find((c) => spellings(c).includes(wanted));
  if (found) return {ok: true, ctx: {...ctx, corpus: found}};
  const list = ctx.corpora.all.map((c) => c.version.release).join(', ');
  return {
    ok: false,
    result: failure(
      `These docs have no version "${version.trim()}". The versions: ${list} (default ${ctx.corpora.root.version.release}).`,
    ),
  };
}

// ---------------------------------------------------------------------------
// search_docs
// ---------------------------------------------------------------------------

const searchInput = z.object({
  query: z
    .string({error: 'query must be a string'})
    .max(MAX_QUERY_LENGTH, `query is longer than ${MAX_QUERY_LENGTH} characters`)
    .refine(...nonBlank('query'))
    .describe(
      `What to look for, in your own words or as a command, flag, field or API path (up to ${MAX_QUERY_LENGTH} characters).`,
    ),
  section: z
    .enum(Object.keys(SECTIONS) as [SectionKey, ...SectionKey[]], {
      error: `section must be one of: ${Object.keys(SECTIONS).join(', ')}`,
    })
    .optional()
    .describe(
      'Keep to one part of the docs: cli (thv guides), ui (desktop app), kubernetes (operator), concepts, reference (CLI, API, MCPServer resource, clients), tutorials.',
    ),
  limit: z
    .number({error: 'limit must be a number'})
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_RESULTS, `limit must be at most ${MAX_RESULTS}`)
    .optional()
    .describe(`How many results to return (1 to ${MAX_RESULTS}; default ${MAX_RESULTS}).`),
});

const searchResult = z.object({
  title: z.string().describe('The page title.'),
  heading: z
    .string()
    .nullable()
    .describe('The heading of the matching section, or null for the page itself.'),
  section: z.string().describe('The part of the docs the page is in.'),
  url: z.string().describe('The page URL, with the section anchor.'),
  markdownUrl: z.string().describe('The URL of the page as Markdown.'),
  excerpt: z.string().describe('Text from the matching section.'),
});

const searchOutput = z.object({
  query: z.string(),
  version: z.string().describe('The ToolHive release whose docs were searched.'),
  section: z.string().nullable(),
  results: z.array(searchResult),
});

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescapeHtml = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);

/** Where each record sits in the engine's list, to find the text under a heading. */
const positions = new WeakMap<DocsCorpus, Map<DocSearchRecord, number>>();

/** The text a result shows: its own, or the first text of its section. */
function excerptOf(corpus: DocsCorpus, hit: RankedHit, terms: string[]): string {
  let text = hit.record.content;
  if (!text) {
    let at = positions.get(corpus);
    if (!at) positions.set(corpus, (at = new Map(corpus.engine.records.map((r, i) => [r, i]))));
    const records = corpus.engine.records;
    const start = at.get(hit.record) ?? records.length;
    for (let i = start + 1; i < Math.min(records.length, start + 8); i += 1) {
      const r = records[i]!;
      if (r.url_without_anchor !== hit.record.url_without_anchor) break;
      if (r.type === 'content' && r.url === hit.record.url && r.content) {
        text = r.content;
        break;
      }
    }
  }
  if (!text) return '';
  return unescapeHtml(snippet(text, hit, terms, {pre: '', post: ''}, EXCERPT_WORDS).value);
}

/** The heading of a result's own section (none for a page's title or its lead). */
function headingOf(record: DocSearchRecord): string | null {
  for (const level of ['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2'] as const) {
    const h = record.hierarchy[level];
    if (h) return h;
  }
  return null;
}

export function searchDocs(
  ctx: ToolContext,
  args: {query: string; section?: SectionKey; limit?: number},
): ToolResult {
  const {corpus} = ctx;
  const query = args.query.trim();
  const limit = args.limit ?? MAX_RESULTS;
  const section = args.section ? SECTIONS[args.section] : null;
  const {hits, terms} = corpus.engine.search(query);
  const kept = (section ? hits.filter((h) => h.record.hierarchy.lvl0 === section) : hits).slice(
    0,
    limit,
  );
  const results = kept.map((hit) => ({
    title: hit.record.hierarchy.lvl1,
    heading: headingOf(hit.record),
    section: corpus.pages.get(hit.record.url_without_anchor)?.section ?? hit.record.hierarchy.lvl0,
    url: `${corpus.siteUrl}${hit.record.url}`,
    markdownUrl: `${corpus.siteUrl}${twinPath(hit.record.url_without_anchor)}`,
    excerpt: excerptOf(corpus, hit, terms),
  }));
  const structured = {
    query,
    version: corpus.version.release,
    section: args.section ?? null,
    results,
  };
  const docs = `the docs of ${versionName(corpus)}`;
  if (results.length === 0) {
    const where = section ? ` in ${section}` : '';
    return answer(
      `No results for "${query}"${where} in ${docs}. Try other words${section ? ', or search without a section' : ''}.`,
      structured,
    );
  }
  const lines = [`Results for "${query}"${section ? ` in ${section}` : ''}, from ${docs}:`, ''];
  results.forEach((r, i) => {
    lines.push(`${i + 1}. ${r.title}${r.heading ? ` > ${r.heading}` : ''} (${r.section})`);
    lines.push(`   ${r.url}`);
    if (r.excerpt) lines.push(`   ${r.excerpt}`);
  });
  lines.push(
    '',
    'Read one with get_page, passing its URL (section_only: true for just that section).',
  );
  return answer(lines.join('\n'), structured);
}

// ---------------------------------------------------------------------------
// get_page
// ---------------------------------------------------------------------------

const MAX_REF_LENGTH = 2048;

const pageInput = z.object({
  url: z
    .string({error: 'url must be a string'})
    .max(MAX_REF_LENGTH, `url is longer than ${MAX_REF_LENGTH} characters`)
    .refine(...nonBlank('url'))
    .describe(
      `A page of this site: its path (/toolhive/guides-cli/run-mcp-servers), its URL, or its Markdown URL, with or without a #anchor. ${LLMS_TXT_PATH} gives the list of every page.`,
    ),
  section_only: z
    .boolean({error: 'section_only must be true or false'})
    .optional()
    .describe(
      'With a #anchor in url: return only the section the anchor names, not the whole page.',
    ),
});

const pageOutput = z.object({
  url: z.string().describe('The page URL (with the anchor when only a section is returned).'),
  markdownUrl: z.string(),
  title: z.string(),
  description: z.string(),
  section: z.string().describe('The part of the docs the page is in.'),
  anchor: z
    .string()
    .nullable()
    .describe('The anchor of the section returned, or null for the whole page.'),
  markdown: z.string().describe('The page (or section) as Markdown.'),
});

function notFound(corpus: DocsCorpus, route: string): ToolResult {
  const near = nearestPages(corpus, route);
  const list = near.map((p) => `- ${p.title}: ${corpus.siteUrl}${p.route}`).join('\n');
  return failure(
    `No page at ${route} on this site.${near.length ? ` The nearest pages:\n${list}` : ''}\nUse search_docs to find a page, or get_page with ${LLMS_TXT_PATH} for the list of every page.`,
  );
}

/**
 * The corpus that holds a route: a page's route names its version (the root
 * version's routes have no prefix), so a URL of any version reads that
 * version's page, whatever `version` says.
 */
function corpusOfRoute(ctx: ToolContext, route: string): DocsCorpus {
  if (!ctx.corpora || findPage(ctx.corpus, route)) return ctx.corpus;
  const prefixed = ctx.corpora.all
    .filter((c) => c.version.path && (route + '/').startsWith(c.version.path + '/'))
    .sort((a, b) => b.version.path.length - a.version.path.length);
  return prefixed[0] ?? (findPage(ctx.corpora.root, route) ? ctx.corpora.root : ctx.corpus);
}

export function getPage(ctx: ToolContext, args: {url: string; section_only?: boolean}): ToolResult {
  const ref = resolvePageRef(args.url, ctx.corpus.siteUrl, ctx.servingOrigin);
  if (!ref.ok) return failure(ref.message);
  const llms = ref.route.endsWith(LLMS_TXT_PATH)
    ? (ctx.corpora?.all ?? [ctx.corpus]).find((c) => ref.route === c.version.path + LLMS_TXT_PATH)
    : undefined;
  if (llms) {
    const corpus = llms;
    const listPath = `${corpus.version.path}${LLMS_TXT_PATH}`;
    return answer(corpus.llmsTxt, {
      url: `${corpus.siteUrl}${listPath}`,
      markdownUrl: `${corpus.siteUrl}${listPath}`,
      title: `Every page of the ToolHive docs of ${versionName(corpus)} (llms.txt)`,
      description:
        'The list of every page, with its description and Markdown URL, by part of the docs.',
      section: 'Overview',
      anchor: null,
      markdown: corpus.llmsTxt,
    });
  }
  const corpus = corpusOfRoute(ctx, ref.route);
  const page = findPage(corpus, ref.route);
  if (!page) return notFound(corpus, ref.route);
  const base = {
    markdownUrl: `${corpus.siteUrl}${twinPath(page.route)}`,
    title: page.title,
    description: page.description,
    section: page.section,
  };
  if (args.section_only && ref.anchor) {
    const part = sectionOf(page.markdown, ref.anchor, corpus.anchors.get(page.route));
    if (part === null) {
      const anchors = (corpus.anchors.get(page.route) ?? [])
        .filter((a) => a.level <= 3)
        .slice(0, 60);
      const list = anchors.map((a) => `#${a.anchor} (${a.text})`).join(', ');
      return failure(
        `${page.title} has no section #${ref.anchor}.${list ? ` Its sections: ${list}.` : ''} Leave out section_only to get the whole page.`,
      );
    }
    return answer(part, {
      ...base,
      url: `${corpus.siteUrl}${page.route}#${ref.anchor}`,
      anchor: ref.anchor,
      markdown: part,
    });
  }
  return answer(page.markdown, {
    ...base,
    url: `${corpus.siteUrl}${page.route}`,
    anchor: null,
    markdown: page.markdown,
  });
}

// ---------------------------------------------------------------------------
// get_cli_command
// ---------------------------------------------------------------------------

const commandInput = z.object({
  command: z
    .string({error: 'command must be a string'})
    .max(MAX_QUERY_LENGTH, `command is longer than ${MAX_QUERY_LENGTH} characters`)
    .refine(...nonBlank('command'))
    .describe(
      'A thv command, with or without "thv": "thv run", "secret set", "thv config set-registry".',
    ),
  flag: z
    .string({error: 'flag must be a string'})
    .max(64, 'flag is longer than 64 characters')
    .optional()
    .describe('One flag of the command, such as --volume or -e: return only that flag.'),
});

const commandOutput = z.object({
  command: z.string().describe('The command, as "thv ...".'),
  url: z.string(),
  markdownUrl: z.string(),
  flag: z
    .string()
    .nullable()
    .describe('The flag returned, or null for the whole command reference.'),
  markdown: z.string().describe('The command reference (usage, flags, examples), or the flag row.'),
});

/** The names (`--env`, `-e`) a flag table's first cell gives. */
function flagNames(cell: string): string[] {
  return [...cell.matchAll(/`(-{1,2}[A-Za-z0-9][\w-]*)`/g)].map((m) => m[1]!);
}

/** The flag a reader typed, as the reference writes it (`volume` → `--volume`, `e` → `-e`). */
function flagForms(flag: string): string[] {
  const name = flag.trim().replace(/=.*$/, '');
  if (name.startsWith('-')) return [name];
  return name.length === 1 ? [`-${name}`, `--${name}`] : [`--${name}`, `-${name}`];
}

export function getCliCommand(
  ctx: ToolContext,
  args: {command: string; flag?: string},
): ToolResult {
  const {corpus} = ctx;
  const words = args.command.trim().split(/\s+/);
  const flagWord = words.find((w) => w.startsWith('-'));
  const flag = args.flag?.trim() || flagWord;
  const commandWords = words.filter((w) => !w.startsWith('-'));
  // The longest command the words start with: the rest are its arguments.
  // `thv` alone names the root command; "thv" and a word that is no command
  // does not fall back to it.
  const least = commandWords.length > 1 && commandKey(commandWords[0]!) === '' ? 2 : 1;
  let page: DocsPage | undefined;
  for (let n = commandWords.length; n >= least && !page; n -= 1)
    page = corpus.commands.get(commandKey(commandWords.slice(0, n).join(' ')));
  if (!page) {
    const key = commandKey(commandWords.join(' '));
    const first = key.split(' ')[0] ?? '';
    const near = [...corpus.commands.entries()]
      .filter(([k]) => k && (k.startsWith(first) || k.split(' ').some((w) => w === first)))
      .slice(0, 12)
      .map(([, p]) => p.title);
    return failure(
      `No thv command "${args.command.trim()}" in ${versionName(corpus)}.${near.length ? ` Commands that come close: ${near.join(', ')}.` : ''} get_page with ${corpus.siteUrl}${[...corpus.commands.values()].find((p) => p.title === 'thv')?.route ?? '/toolhive/reference/cli/thv'} lists every command.`,
    );
  }
  const url = `${corpus.siteUrl}${page.route}`;
  const markdownUrl = `${corpus.siteUrl}${twinPath(page.route)}`;
  if (!flag) {
    return answer(page.markdown, {
      command: page.title,
      url,
      markdownUrl,
      flag: null,
      markdown: page.markdown,
    });
  }
  const forms = flagForms(flag);
  const lines = linesOf(page.markdown);
  const row = lines.findIndex((l) => {
    if (l.code) return false;
    const cells = tableCells(l.text);
    return !!cells && flagNames(cells[0] ?? '').some((n) => forms.includes(n));
  });
  if (row < 0) {
    const all = lines
      .filter((l) => !l.code)
      .flatMap((l) => flagNames(tableCells(l.text)?.[0] ?? ''));
    return failure(
      `${page.title} has no flag ${forms[0]}. Its flags: ${[...new Set(all)].join(', ') || 'none'}.`,
    );
  }
  const name = flagNames(tableCells(lines[row]!.text)![0]!)[0]!;
  const markdown = `# ${page.title}\n\n${rowWithContext(lines, row)}`;
  return answer(markdown, {command: page.title, url, markdownUrl, flag: name, markdown});
}

// ---------------------------------------------------------------------------
// get_api_operation
// ---------------------------------------------------------------------------

const operationInput = z.object({
  operation: z
    .string({error: 'operation must be a string'})
    .max(512, 'operation is longer than 512 characters')
    .refine(...nonBlank('operation'))
    .describe(
      'An operation of the ToolHive API server: its method and path ("GET /api/v1beta/workloads/{name}", a real name in place of {name} works too), its path alone, or its name ("list workloads").',
    ),
});

const operationOutput = z.object({
  method: z.string(),
  path: z.string(),
  title: z.string(),
  url: z.string(),
  markdownUrl: z.string(),
  markdown: z.string().describe('The operation reference: parameters, request body, responses.'),
});

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const ENDPOINT = new RegExp(`^(?:(${METHODS.join('|')})\\s+)?(\\S+)$`, 'i');

function segments(path: string): string[] {
  return path.split(/[?#]/)[0]!.split('/').filter(Boolean);
}

/** How many of an operation's path segments a path gives as they are; -1 when it is another path. */
function pathMatch(path: string, operation: ApiOperation): number {
  const a = segments(path).map((s) => s.toLowerCase());
  const b = segments(operation.path);
  if (a.length !== b.length) return -1;
  let literal = 0;
  for (let i = 0; i < a.length; i += 1) {
    const param = /^\{.+\}$/.test(b[i]!) || b[i]!.startsWith(':');
    if (a[i] === b[i]!.toLowerCase()) literal += 1;
    else if (!param) return -1;
  }
  return literal;
}

const describeOperation = (o: ApiOperation) => `${o.method} ${o.path} (${o.title})`;

export function getApiOperation(ctx: ToolContext, args: {operation: string}): ToolResult {
  const {corpus} = ctx;
  const text = args.operation.trim();
  const found = (op: ApiOperation): ToolResult => {
    const page = corpus.pages.get(op.route)!;
    return answer(page.markdown, {
      method: op.method,
      path: op.path,
      title: op.title,
      url: `${corpus.siteUrl}${op.route}`,
      markdownUrl: `${corpus.siteUrl}${twinPath(op.route)}`,
      markdown: page.markdown,
    });
  };
  // A URL of a running API server counts as its path.
  const m = ENDPOINT.exec(text.replace(/(^|\s)https?:\/\/[^/\s]+/i, '$1'));
  if (m && m[2]!.startsWith('/')) {
    const method = m[1]?.toUpperCase();
    const scored = corpus.operations
      .map((op) => ({op, score: pathMatch(m[2]!, op)}))
      .filter(({score}) => score >= 0);
    if (scored.length === 0)
      return failure(
        `No API operation has the path ${m[2]}. Paths start with /api/v1beta/ (and /health, /api/openapi.json, /api/doc); search_docs finds an operation by what it does.`,
      );
    const best = Math.max(...scored.map((s) => s.score));
    const paths = scored.filter((s) => s.score === best).map((s) => s.op);
    const withMethod = method ? paths.filter((op) => op.method === method) : paths;
    if (withMethod.length === 1) return found(withMethod[0]!);
    if (withMethod.length === 0)
      return failure(
        `${m[2]} has no ${method} operation. Its operations: ${paths.map(describeOperation).join('; ')}.`,
      );
    return failure(
      `Several operations have the path ${m[2]}: ${withMethod.map(describeOperation).join('; ')}. Give the method too, such as "${withMethod[0]!.method} ${withMethod[0]!.path}".`,
    );
  }
  const wanted = comparable(text);
  const byName = corpus.operations.find(
    (op) =>
      comparable(op.title) === wanted ||
      comparable(op.route.slice(API_REFERENCE.length)) === wanted,
  );
  if (byName) return found(byName);
  const near: ApiOperation[] = [];
  for (const hit of corpus.engine.search(text, 200).hits) {
    const op = corpus.operations.find((o) => o.route === hit.record.url_without_anchor);
    if (op && !near.includes(op)) near.push(op);
    if (near.length === 5) break;
  }
  return failure(
    `No API operation is named "${text}".${near.length ? ` Operations that match its words: ${near.map(describeOperation).join('; ')}.` : ''} Pass one of them by method and path.`,
  );
}

// ---------------------------------------------------------------------------
// Registration
// ---------------------------------------------------------------------------

/** Runs a tool, turning an unexpected failure into a message that reveals nothing of the server. */
function guarded<A>(name: string, run: (args: A) => ToolResult) {
  return async (args: A) => {
    try {
      return run(args);
    } catch (error) {
      console.error(`[mcp-server] ${name} failed:`, error);
      return failure(`${name} failed on the server. Try again, or use another tool.`);
    }
  };
}

/** What the server tells a client about itself: which releases it documents, and its tools. */
export function serverInstructions(corpora?: DocsCorpora): string {
  const releases = corpora
    ? corpora.all.map((c) => `ToolHive ${c.version.release}`).join(' and ')
    : 'ToolHive';
  const root = corpora
    ? ` (default ${corpora.root.version.release}; every tool takes a version)`
    : '';
  return [
    `The ToolHive documentation of ${releases}${root}: the thv CLI, the ToolHive UI desktop app, the Kubernetes operator and its resources, and the REST API.`,
    'search_docs finds pages and sections with the site search; get_page reads a page (or one #section) as Markdown;',
    'get_cli_command gives one thv command or flag; get_api_operation gives one API operation.',
    'Answer from what these tools return, and cite the page URLs they give.',
  ].join(' ');
}

/** The instructions of a build with one version. */
export const SERVER_INSTRUCTIONS = serverInstructions();

/** Runs a tool in the docs version its `version` argument names. */
function inVersion<A extends {version?: string}>(
  ctx: ToolContext,
  run: (ctx: ToolContext, args: A) => ToolResult,
): (args: A) => ToolResult {
  return (args) => {
    const picked = pickVersion(ctx, args.version);
    return picked.ok ? run(picked.ctx, args) : picked.result;
  };
}

export function registerTools(server: McpServer, ctx: ToolContext): void {
  const version = {version: versionArg(ctx.corpora)};
  const release = versionName(ctx.corpus);
  server.registerTool(
    'search_docs',
    {
      title: 'Search the ToolHive docs',
      description:
        'Search the ToolHive documentation with the ranking of its own site search. Returns up to 10 sections, best first, each with the page title, the section heading, the page URL, its Markdown URL and an excerpt. Use it first for any question about ToolHive; a command (thv run), a flag (--proxy-port), a field (spec.port) or an API path finds its reference entry. Then read the best result with get_page.',
      inputSchema: searchInput.extend(version),
      outputSchema: searchOutput,
      annotations: {title: 'Search the ToolHive docs', ...READ_ONLY},
    },
    guarded(
      'search_docs',
      inVersion(ctx, (c, args: z.infer<typeof searchInput> & {version?: string}) =>
        searchDocs(c, args),
      ),
    ),
  );
  server.registerTool(
    'get_page',
    {
      title: 'Read a ToolHive docs page',
      description:
        'Return one page of the ToolHive documentation as Markdown: pass its path or URL, as search_docs gives it. With a #anchor and section_only: true, return only that section. Pass /llms.txt for the list of every page with its description. An unknown page gets the nearest pages instead.',
      inputSchema: pageInput.extend(version),
      outputSchema: pageOutput,
      annotations: {title: 'Read a ToolHive docs page', ...READ_ONLY},
    },
    guarded(
      'get_page',
      inVersion(ctx, (c, args: z.infer<typeof pageInput> & {version?: string}) => getPage(c, args)),
    ),
  );
  server.registerTool(
    'get_cli_command',
    {
      title: 'Look up a thv command',
      description: `Return the reference of one thv command (usage, arguments, every flag with its type and default, examples, subcommands), or of one of its flags, in ${release} unless version names another release. Use it to write or check a thv command line: a flag that is not listed does not exist.`,
      inputSchema: commandInput.extend(version),
      outputSchema: commandOutput,
      annotations: {title: 'Look up a thv command', ...READ_ONLY},
    },
    guarded(
      'get_cli_command',
      inVersion(ctx, (c, args: z.infer<typeof commandInput> & {version?: string}) =>
        getCliCommand(c, args),
      ),
    ),
  );
  server.registerTool(
    'get_api_operation',
    {
      title: 'Look up a ToolHive API operation',
      description:
        'Return the reference of one operation of the ToolHive API server (thv serve): method, path, parameters, request body and responses with examples. Pass its method and path, its path alone, or its name.',
      inputSchema: operationInput.extend(version),
      outputSchema: operationOutput,
      annotations: {title: 'Look up a ToolHive API operation', ...READ_ONLY},
    },
    guarded(
      'get_api_operation',
      inVersion(ctx, (c, args: z.infer<typeof operationInput> & {version?: string}) =>
        getApiOperation(c, args),
      ),
    ),
  );
}
