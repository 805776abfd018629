import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {normalizeUrl} from '@docusaurus/utils';
import {applyTrailingSlash} from '@docusaurus/utils-common';
import {
  INDEX_FILE,
  packRecords,
  type BuiltVersions,
  type PageRecords,
  INDEX_FORMAT,
  VERSIONS_FILE,
} from '../client/records';
import {recordsFromHtml} from './html';
import {
  docsVersions,
  docsWithSections,
  DEFAULT_SECTION,
  type DocInfo,
  type VersionInfo,
} from './sections';
import {recordsFromMarkdown} from './source';

export interface SearchIndexOptions {
  /** Routes left out of the index, besides the search page and 404. */
  exclude?: string[];
  /**
   * Routes indexed by their title, keywords and lead only (the text before
   * the first heading): pages that list, section by section, what other
   * pages already say in context, so that search finds each text once. A
   * route applies in every docs version (under each version's path too).
   */
  leadOnly?: string[];
  /** Section (lvl0) of the landing page. */
  homeSection?: string;
}

export {INDEX_FILE};

/**
 * Global data the search client reads: where to fetch the index of each docs
 * version, by the framework's version name, and the index of the version at
 * the site root (or the newest, if none is there), for searches that name no
 * version.
 */
export interface SearchIndexGlobalData {
  indexUrl: string;
  indexUrls: Record<string, string>;
}

/**
 * The route of a version's index: `search-index.json` under the version's
 * path, next to its `llms.txt` (`/search-index.json`, `/next/search-index.json`).
 */
export function versionIndexRoute(versionPath: string): string {
  return normalizeUrl([versionPath, INDEX_FILE]);
}

/** The parts of the search plugin (../index.ts) that write the index. */
export interface SearchIndexParts {
  allContentLoaded: NonNullable<Plugin['allContentLoaded']>;
  postBuild: NonNullable<Plugin['postBuild']>;
  /** Webpack configuration: the dev server serves the index file. */
  devServer(isServer: boolean): object;
}

/**
 * Writes the local search index: DocSearch records of every page, read from
 * the rendered HTML after the build (`build/search-index.json`). On the
 * development server, where there is no HTML, it builds the records from the
 * docs' Markdown instead and serves the file from a generated folder.
 */
export function searchIndex(
  context: LoadContext,
  options: SearchIndexOptions = {},
): SearchIndexParts {
  const {siteDir, baseUrl, generatedFilesDir, siteConfig} = context;
  const isDev = process.env.NODE_ENV === 'development';
  const devDir = path.join(generatedFilesDir, 'toolhive-search-index');
  const routePath = (p: string) => normalizeUrl([baseUrl, p]);
  const exclude = new Set(['/search', '/404.html', ...(options.exclude ?? [])].map(routePath));
  // Filled once the versions are known: the routes under each version's path.
  let leadOnly = new Set<string>();
  let docs: DocInfo[] = [];
  let versions: VersionInfo[] = [];
  // Doc permalinks of index pages end in "/"; routes follow `trailingSlash`.
  const asRoute = (permalink: string) =>
    applyTrailingSlash(permalink, {trailingSlash: siteConfig.trailingSlash, baseUrl});

  return {
    async allContentLoaded({allContent, actions}) {
      docs = docsWithSections(allContent);
      versions = docsVersions(allContent);
      if (versions.length === 0) versions = [{name: 'default', path: baseUrl}];
      leadOnly = leadOnlyRoutes(
        (options.leadOnly ?? []).map(routePath),
        baseUrl,
        versions.map((v) => v.path),
      );
      // Each file is revalidated on every fetch; the query only changes when
      // the docs do, so no cache between the browser and the host serves an
      // old index after a deploy.
      const indexUrls: Record<string, string> = {};
      for (const v of versions) {
        const hash = crypto.createHash('sha256').update(String(INDEX_FORMAT));
        const own = docs.filter((d) => d.version === v.name || versions.length === 1);
        for (const doc of own.sort((a, b) => a.permalink.localeCompare(b.permalink))) {
          hash.update(doc.permalink).update(doc.section);
          hash.update(await fs.readFile(path.join(siteDir, doc.source)).catch(() => ''));
        }
        indexUrls[v.name] = `${versionIndexRoute(v.path)}?v=${hash.digest('hex').slice(0, 10)}`;
      }
      const root = versions.find((v) => v.path === baseUrl) ?? versions[0]!;
      actions.setGlobalData({
        indexUrl: indexUrls[root.name]!,
        indexUrls,
      } satisfies SearchIndexGlobalData);

      if (isDev) {
        const pages = new Map<string, PageRecords[]>(versions.map((v) => [v.name, []]));
        for (const doc of docs) {
          const source = await fs
            .readFile(path.join(siteDir, doc.source), 'utf8')
            .catch(() => null);
          if (source === null || exclude.has(asRoute(doc.permalink))) continue;
          const route = asRoute(doc.permalink);
          const page = recordsFromMarkdown(source, {
            path: route,
            lvl0: doc.section,
            title: doc.title,
            keywords: doc.keywords,
          });
          pages.get(doc.version)?.push(leadOnly.has(route) ? withLeadOnly(page) : page);
        }
        for (const v of versions) {
          const file = path.join(devDir, versionIndexRoute(v.path).slice(baseUrl.length));
          await fs.mkdir(path.dirname(file), {recursive: true});
          await fs.writeFile(file, JSON.stringify(packRecords(pages.get(v.name) ?? [])));
        }
      }
    },

    devServer(isServer) {
      if (!isDev || isServer) return {};
      // webpack-merge appends this to the dev server's static folders.
      return {devServer: {static: [{directory: devDir, publicPath: baseUrl}]}};
    },

    async postBuild({outDir, routesPaths, routesBuildMetadata}) {
      const docOf = new Map(docs.map((d) => [asRoute(d.permalink), d]));
      // Every version's index holds its own docs and the pages outside the
      // docs (the home page), as DocSearch's contextual search asks for the
      // `default` tag and the version's tag.
      const pages = new Map<string, PageRecords[]>(versions.map((v) => [v.name, []]));
      for (const route of [...new Set(routesPaths)].sort()) {
        if (exclude.has(route) || routesBuildMetadata[route]?.noIndex) continue;
        const html = await readRouteHtml(outDir, baseUrl, route);
        if (html === null) continue;
        const doc = docOf.get(route);
        const lvl0 =
          doc?.section ?? (route === baseUrl ? (options.homeSection ?? 'Home') : DEFAULT_SECTION);
        const page = recordsFromHtml(html, {path: route, lvl0});
        if (!page) continue;
        const record = leadOnly.has(route) ? withLeadOnly(page) : page;
        for (const [version, list] of pages) {
          if (!doc || doc.version === version || versions.length === 1) list.push(record);
        }
      }
      for (const v of versions) {
        const route = versionIndexRoute(v.path);
        const file = packRecords(pages.get(v.name)!);
        const target = path.join(outDir, route.slice(baseUrl.length));
        await fs.mkdir(path.dirname(target), {recursive: true});
        await fs.writeFile(target, JSON.stringify(file));
        console.log(
          `[toolhive-search] ${v.name}: ${pages.get(v.name)!.length} pages, ${file.records.length} records written to ${route}`,
        );
      }
      // Where each version's index and llms.txt are, for the MCP endpoint.
      const listed: BuiltVersions = {
        versions: versions.map((v) => ({
          name: v.name,
          path: normalizeUrl(['/', v.path.slice(baseUrl.length)]).replace(/\/$/, ''),
        })),
      };
      await fs.writeFile(path.join(outDir, VERSIONS_FILE), JSON.stringify(listed));
    },
  };
}

/**
 * The routes of the `leadOnly` pages in every docs version: a route given
 * below the base URL (`/toolhive/reference/known-issues`) is also the
 * route of that page under each version's path
 * (`/0.2.8/toolhive/reference/known-issues`).
 */
export function leadOnlyRoutes(
  routes: string[],
  baseUrl: string,
  versionPaths: string[],
): Set<string> {
  const out = new Set(routes);
  for (const route of routes)
    for (const v of versionPaths)
      out.add(normalizeUrl([v, route.startsWith(baseUrl) ? route.slice(baseUrl.length) : route]));
  return out;
}

/** The page's title record and the text before its first heading. */
export function withLeadOnly(page: PageRecords): PageRecords {
  const firstHeading = page.records.findIndex((r, i) => i > 0 && r.level > 0);
  return {...page, records: firstHeading < 0 ? page.records : page.records.slice(0, firstHeading)};
}

/** The HTML file that answers a route, as the host resolves clean URLs. */
async function readRouteHtml(
  outDir: string,
  baseUrl: string,
  route: string,
): Promise<string | null> {
  const rel = route.slice(baseUrl.length).replace(/\/$/, '');
  const candidates = rel
    ? [
        path.join(outDir, `${rel}.html`),
        path.join(outDir, rel, 'index.html'),
        path.join(outDir, rel),
      ]
    : [path.join(outDir, 'index.html')];
  for (const file of candidates) {
    if (!file.endsWith('.html')) continue;
    const html = await fs.readFile(file, 'utf8').catch(() => null);
    if (html !== null) return html;
  }
  return null;
}
