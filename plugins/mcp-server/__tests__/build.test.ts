// The MCP endpoint against the built docs (`npm run build` first, as npm test
// does): search_docs ranks as the site's search does (the same first result
// for every query of the relevance tables), and every page, anchor, command,
// flag and API operation of the build can be read through the tools. The
// exhaustive checks call the tools' functions; the first test goes through
// the SDK's client in process, as the endpoint serves them.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type {Client} from '@modelcontextprotocol/client';
import {loadCorpora, type DocsCorpora, type DocsCorpus} from '../corpus';
import {versionPath} from '../../../docs-versions';
import {createDocsMcpHandler} from '../handler';
import {
  getApiOperation,
  getCliCommand,
  getPage,
  searchDocs,
  SECTIONS,
  type ToolContext,
} from '../tools';
import {connect} from './fixture';
import {MIN_HIT_RATE} from '../../search/__tests__/relevance-bars';

const root = path.resolve(import.meta.dirname, '../../..');
const build = path.join(root, 'build');
interface RelevanceCase {
  query: string;
  expect: string;
  also?: string[];
}
/** The relevance tables, each with the docs version it was written for. */
const tables = [
  'relevance.json',
  'relevance-held-out.json',
  'relevance-current-tuning.json',
  'relevance-current.json',
  'relevance-fresh.json',
  'relevance-current-fresh.json',
].map((file) => {
  const table = JSON.parse(
    fs.readFileSync(path.join(root, 'plugins/search/__tests__', file), 'utf8'),
  ) as {version: string; cases: RelevanceCase[]};
  return {file, version: table.version, cases: table.cases};
});

let corpora: DocsCorpora | undefined;
function all(): DocsCorpora {
  assert.ok(
    fs.existsSync(path.join(build, 'llms.txt')),
    'build/ is missing: run "npm run build" first',
  );
  return (corpora ??= loadCorpora(build));
}
/** The corpus of a docs version (the framework's name). */
function docsOf(version: string): DocsCorpus {
  const found = all().all.find((c) => c.version.name === version);
  assert.ok(found, `the build has no docs version ${version}`);
  return found;
}

async function client(): Promise<Client> {
  return connect(createDocsMcpHandler({buildDir: build, load: all}));
}

type Result = {content: unknown; structuredContent?: unknown; isError?: unknown};
const textOf = (r: Result) => (r.content as {text: string}[])[0]!.text;
/** A tool call's context: one version's corpus, with every version's for pages. */
const ctx = (corpus: DocsCorpus = all().root): ToolContext => ({corpus, corpora: all()});

test('the build holds every docs version, each with its index and llms.txt', () => {
  const names = all().all.map((c) => `${c.version.name} ${c.version.path || '/'}`);
  assert.ok(names.length >= 2, names.join(', '));
  for (const c of all().all) {
    assert.equal(c.version.path, versionPath(c.version.name));
    assert.ok(c.pages.size > 100, `${c.version.name}: ${c.pages.size} pages`);
    assert.ok(c.commands.size > 50, `${c.version.name}: ${c.commands.size} commands`);
  }
});

test('through the SDK client, on the real build: search, then read the first result', async () => {
  const c = await client();
  const found = await c.callTool({
    name: 'search_docs',
    arguments: {query: 'run an mcp server from the registry', limit: 3},
  });
  const [first] = (found.structuredContent as {results: {url: string; markdownUrl: string}[]})
    .results;
  assert.ok(first);
  const page = await c.callTool({name: 'get_page', arguments: {url: first.url}});
  const twin = fs.readFileSync(path.join(build, new URL(first.markdownUrl).pathname), 'utf8');
  assert.equal(textOf(page), twin);
  await c.close();
});

test('search_docs puts first what the site search puts first, for every relevance query', () => {
  const differ: string[] = [];
  let count = 0;
  for (const {version, cases} of tables) {
    const corpus = docsOf(version);
    const {engine, siteUrl} = corpus;
    for (const {query} of cases) {
      count += 1;
      const r = searchDocs(ctx(corpus), {query});
      const first = (r.structuredContent as {results: {url: string}[]}).results[0]?.url;
      const expected = engine.search(query).hits[0]?.record.url;
      if (first !== (expected && `${siteUrl}${expected}`))
        differ.push(`${query}: ${first} vs ${expected}`);
    }
  }
  assert.ok(count >= 120);
  assert.deepEqual(differ, []);
});

test('search_docs finds the expected pages of the relevance tables as the site search does', (t) => {
  // The hit rate of plugins/search/__tests__/search-relevance.test.ts (an
  // expected page among the first 3), through the tool, with the same bars:
  // 95 %, and 90 % for the current version's table. Every table is reported
  // before any bar is checked.
  const below: string[] = [];
  for (const {file, version, cases} of tables) {
    const corpus = docsOf(version);
    const {siteUrl} = corpus;
    let hits = 0;
    for (const c of cases) {
      const r = searchDocs(ctx(corpus), {query: c.query, limit: 3});
      const urls = (r.structuredContent as {results: {url: string}[]}).results.map((x) =>
        x.url.slice(siteUrl.length),
      );
      const wanted = [c.expect, ...(c.also ?? [])].map((w) => versionPath(version) + w);
      if (urls.some((u) => wanted.some((w) => (w.includes('#') ? u === w : u.split('#')[0] === w))))
        hits += 1;
    }
    const report = `search_docs (${file}, docs version ${version}): ${hits}/${cases.length} (${((hits / cases.length) * 100).toFixed(1)} %) with an expected page in the top 3`;
    console.log(report);
    t.diagnostic(report);
    if (hits / cases.length < MIN_HIT_RATE[file]!) below.push(report);
  }
  assert.deepEqual(below, [], 'tables below their bar');
});

test('the section filter names sections of the site, in every version', () => {
  for (const corpus of all().all) {
    const sections = new Set(corpus.engine.records.map((r) => r.hierarchy.lvl0));
    for (const label of Object.values(SECTIONS))
      assert.ok(sections.has(label), `${corpus.version.name}: ${label}`);
  }
});

test('every page of the sitemap is served, exactly as its twin file', () => {
  const sitemap = fs.readFileSync(path.join(build, 'sitemap.xml'), 'utf8');
  const routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  assert.ok(routes.length > 100);
  const wrong: string[] = [];
  for (const route of routes) {
    const r = getPage(ctx(), {url: route});
    const file = route === '/' ? 'index.md' : `${route.slice(1)}.md`;
    if (r.isError || textOf(r) !== fs.readFileSync(path.join(build, file), 'utf8'))
      wrong.push(route);
  }
  assert.deepEqual(wrong, []);
});

test('every anchor of every page gives its section', () => {
  const missing: string[] = [];
  let count = 0;
  for (const [route, list] of all().all.flatMap((c) => [...c.anchors])) {
    for (const {anchor, text} of list) {
      count += 1;
      const r = getPage(ctx(), {url: `${route}#${anchor}`, section_only: true});
      if (r.isError || textOf(r).length === 0) missing.push(`${route}#${anchor} (${text})`);
    }
  }
  assert.ok(count > 1000, `${count} anchors`);
  assert.deepEqual(missing, []);
});

test('every thv command and every flag of its reference can be looked up, in every version', () => {
  const wrong: string[] = [];
  for (const corpus of all().all) {
    const {commands} = corpus;
    assert.ok(commands.size > 50, `${commands.size} commands`);
    for (const page of commands.values()) {
      const r = getCliCommand(ctx(corpus), {command: page.title});
      if (textOf(r) !== page.markdown) wrong.push(page.title);
      for (const [, flag] of page.markdown.matchAll(/^\| `(--[a-z][\w-]*)`/gm)) {
        const f = getCliCommand(ctx(corpus), {command: page.title, flag});
        if ((f.structuredContent as {flag: string} | undefined)?.flag !== flag)
          wrong.push(`${page.title} ${flag}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

test('every API operation can be looked up by method and path, and by name, in every version', () => {
  const wrong: string[] = [];
  for (const corpus of all().all) {
    const {operations} = corpus;
    assert.ok(operations.length > 30, `${corpus.version.name}: ${operations.length} operations`);
    for (const op of operations) {
      for (const operation of [`${op.method} ${op.path}`, op.title]) {
        const r = getApiOperation(ctx(corpus), {operation});
        const got = r.structuredContent as {method: string; path: string} | undefined;
        if (got?.method !== op.method || got.path !== op.path)
          wrong.push(`${corpus.version.name}: ${operation}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

test('an unknown page gets the nearest pages, the same part of the site first', () => {
  for (const [route, first] of [
    ['/toolhive/guides-cli/run-mcp-sever', '/toolhive/guides-cli/run-mcp-servers'],
    ['/toolhive/guides-ui/run-mcp-server', '/toolhive/guides-ui/run-mcp-servers'],
  ]) {
    const r = getPage(ctx(), {url: route!});
    assert.equal(r.isError, true);
    assert.match(
      textOf(r),
      new RegExp(`nearest pages:\\n- [^\\n]+: https://docs\\.stacklok\\.com${first}\\n`),
      route,
    );
  }
});
