/**
 * What the MCP endpoint serves, loaded once from the built site: the search
 * engine over the site's own index (`search-index.json`, the engine and
 * synonyms of the site's search), and every Markdown twin that `llms.txt`
 * lists, read into memory. Requests look pages up in these maps only; no
 * path from a request ever reaches the file system.
 */
import fs from 'node:fs';
import path from 'node:path';
import {SearchEngine} from '../search/client/engine';
import {
  INDEX_FILE,
  unpackRecords,
  VERSIONS_FILE,
  type BuiltVersions,
  type SearchIndexFile,
} from '../search/client/records';
import {LLMS_TXT, parseLlmsTxt} from '../markdown-twins/llms-txt';
import {twinPath} from '../markdown-twins/twin-path';
import {DOCS_VERSIONS} from '../../docs-versions';

/** Where the CLI and API references live in the site. */
export const CLI_REFERENCE = '/toolhive/reference/cli/';
export const API_REFERENCE = '/toolhive/reference/api/';

export interface DocsPage {
  route: string;
  title: string;
  description: string;
  /** The part of the docs it belongs to: its `##` section in llms.txt. */
  section: string;
  /** The Markdown twin's text, exactly as the site serves it. */
  markdown: string;
}

/** A heading of a page that has an anchor, as the rendered page gives it. */
export interface PageAnchor {
  anchor: string;
  level: number;
  text: string;
}

export interface ApiOperation {
  method: string;
  /** As the API reference writes it, with `{name}` parameters. */
  path: string;
  route: string;
  title: string;
}

/** The docs version a corpus holds. */
export interface CorpusVersion {
  /** The framework's version name (`current`, `0.2.8`). */
  name: string;
  /** The version dropdown's label (`v0.44`). */
  label: string;
  /** The ToolHive release it describes (`v0.44.0`). */
  release: string;
  /** The prefix of its routes: '' at the site root, else `/next` or `/0.2.8`. */
  path: string;
}

export interface DocsCorpus {
  /** The site's URL, without a trailing slash (`https://docs.stacklok.com`). */
  siteUrl: string;
  /** The docs version whose pages, index and llms.txt it holds. */
  version: CorpusVersion;
  engine: SearchEngine;
  /** Every page with a twin, by route. */
  pages: Map<string, DocsPage>;
  /** llms.txt itself: the list of every page. */
  llmsTxt: string;
  /** Per route, the headings with anchors, in page order (from the search index). */
  anchors: Map<string, PageAnchor[]>;
  /** `thv` commands by their words after `thv` (`run`, `config set-registry`; `` for `thv`). */
  commands: Map<string, DocsPage>;
  operations: ApiOperation[];
}

const ENDPOINT_LINE = /^`(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (\/[^`\s]*)`$/m;

/** The key of a `thv` command: its words after `thv`, in lower case, single-spaced. */
export function commandKey(command: string): string {
  return command
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .replace(/^thv(?: |$)/, '')
    .trim();
}

/** Every docs version of a build, newest first, and the one at the site root. */
export interface DocsCorpora {
  all: DocsCorpus[];
  root: DocsCorpus;
}

/** A version's facts: from docs-versions.ts, by its framework name. */
export function corpusVersion(name: string, versionPath: string): CorpusVersion {
  const known = DOCS_VERSIONS.find((v) => v.name === name);
  return {
    name,
    label: known?.label ?? name,
    release: known?.release ?? name,
    path: versionPath,
  };
}

/**
 * Loads every docs version of a build folder (`npm run build` output): the
 * versions VERSIONS_FILE lists, or, in a build without it, the one at the
 * root as the current version.
 */
export function loadCorpora(buildDir: string): DocsCorpora {
  const root = path.resolve(buildDir);
  let listed: BuiltVersions | null = null;
  try {
    listed = JSON.parse(fs.readFileSync(path.join(root, VERSIONS_FILE), 'utf8')) as BuiltVersions;
  } catch {
    listed = null;
  }
  const versions = listed?.versions.length ? listed.versions : [{name: 'current', path: ''}];
  const all = versions.map((v) => loadCorpus(buildDir, corpusVersion(v.name, v.path)));
  return {all, root: all.find((c) => c.version.path === '') ?? all[0]!};
}

/** Loads one docs version's corpus from a build folder (by default the one at the root). */
export function loadCorpus(
  buildDir: string,
  version: CorpusVersion = corpusVersion('current', ''),
): DocsCorpus {
  const root = path.resolve(buildDir);
  const read = (file: string) => fs.readFileSync(path.join(root, version.path, file), 'utf8');
  return corpusFrom({
    version,
    index: JSON.parse(read(INDEX_FILE)) as SearchIndexFile,
    llmsTxt: read(LLMS_TXT),
    twin(route) {
      // The twin's path comes from llms.txt, which the build wrote; it is
      // still checked to stay inside the build folder.
      const file = path.resolve(root, `.${twinPath(route)}`);
      if (!file.startsWith(root + path.sep) || !file.endsWith('.md')) return null;
      return fs.readFileSync(file, 'utf8');
    },
  });
}

/** What a corpus is made of: the search index, llms.txt and a reader of twins by route. */
export interface CorpusSources {
  /** The docs version they belong to (by default the current version, at the root). */
  version?: CorpusVersion;
  index: SearchIndexFile;
  llmsTxt: string;
  twin(route: string): string | null;
}

export function corpusFrom({
  index,
  llmsTxt,
  twin,
  version = corpusVersion('current', ''),
}: CorpusSources): DocsCorpus {
  const engine = new SearchEngine(unpackRecords(index));
  const entries = parseLlmsTxt(llmsTxt);
  if (entries.length === 0) throw new Error(`${LLMS_TXT} lists no pages`);
  const siteUrl = new URL(entries[0]!.url).origin;

  const pages = new Map<string, DocsPage>();
  for (const entry of entries) {
    const markdown = twin(entry.route);
    if (markdown === null) continue;
    pages.set(entry.route, {
      route: entry.route,
      title: entry.title,
      description: entry.description,
      section: entry.section,
      markdown,
    });
  }

  const anchors = new Map<string, PageAnchor[]>();
  for (const record of engine.records) {
    if (record.type === 'content' || !record.anchor) continue;
    const text = record.hierarchy[record.type];
    if (!text) continue;
    let list = anchors.get(record.url_without_anchor);
    if (!list) anchors.set(record.url_without_anchor, (list = []));
    list.push({anchor: record.anchor, level: Number(record.type.slice(3)), text});
  }

  const commands = new Map<string, DocsPage>();
  const operations: ApiOperation[] = [];
  for (const page of pages.values()) {
    if (page.route.startsWith(version.path + CLI_REFERENCE) && /^thv(?: |$)/.test(page.title)) {
      commands.set(commandKey(page.title), page);
    } else if (page.route.startsWith(version.path + API_REFERENCE)) {
      const m = ENDPOINT_LINE.exec(page.markdown);
      if (m) operations.push({method: m[1]!, path: m[2]!, route: page.route, title: page.title});
    }
  }
  return {siteUrl, version, engine, pages, llmsTxt, anchors, commands, operations};
}
