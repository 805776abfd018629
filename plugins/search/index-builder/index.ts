import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {normalizeUrl} from '@docusaurus/utils';
import {applyTrailingSlash} from '@docusaurus/utils-common';
import {INDEX_FILE, packRecords, type PageRecords, INDEX_FORMAT} from '../client/records';
import {recordsFromHtml} from './html';
import {docsWithSections, DEFAULT_SECTION, type DocInfo} from './sections';
import {recordsFromMarkdown} from './source';

export interface SearchIndexOptions {
  /** Routes left out of the index, besides the search page and 404. */
  exclude?: string[];
  /**
   * Routes indexed by their title, keywords and lead only (the text before
   * the first heading): pages that list, section by section, what other
   * pages already say in context, so that search finds each text once.
   */
  leadOnly?: string[];
  /** Section (lvl0) of the landing page. */
  homeSection?: string;
}

export {INDEX_FILE};

/** Global data the search client reads: where to fetch the index. */
export interface SearchIndexGlobalData {
  indexUrl: string;
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
  const leadOnly = new Set((options.leadOnly ?? []).map(routePath));
  let docs: DocInfo[] = [];
  // Doc permalinks of index pages end in "/"; routes follow `trailingSlash`.
  const asRoute = (permalink: string) =>
    applyTrailingSlash(permalink, {trailingSlash: siteConfig.trailingSlash, baseUrl});

  return {
    async allContentLoaded({allContent, actions}) {
      docs = docsWithSections(allContent);
      // The file is revalidated on every fetch; the query only changes when
      // the docs do, so no cache between the browser and the host serves an
      // old index after a deploy.
      const version = crypto.createHash('sha256').update(String(INDEX_FORMAT));
      for (const doc of [...docs].sort((a, b) => a.permalink.localeCompare(b.permalink))) {
        version.update(doc.permalink).update(doc.section);
        version.update(await fs.readFile(path.join(siteDir, doc.source)).catch(() => ''));
      }
      const indexUrl = `${routePath(INDEX_FILE)}?v=${version.digest('hex').slice(0, 10)}`;
      actions.setGlobalData({indexUrl} satisfies SearchIndexGlobalData);

      if (isDev) {
        const pages: PageRecords[] = [];
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
          pages.push(leadOnly.has(route) ? withLeadOnly(page) : page);
        }
        await fs.mkdir(devDir, {recursive: true});
        await fs.writeFile(path.join(devDir, INDEX_FILE), JSON.stringify(packRecords(pages)));
      }
    },

    devServer(isServer) {
      if (!isDev || isServer) return {};
      // webpack-merge appends this to the dev server's static folders.
      return {devServer: {static: [{directory: devDir, publicPath: baseUrl}]}};
    },

    async postBuild({outDir, routesPaths, routesBuildMetadata}) {
      const sectionOf = new Map(docs.map((d) => [asRoute(d.permalink), d.section]));
      const pages: PageRecords[] = [];
      for (const route of [...new Set(routesPaths)].sort()) {
        if (exclude.has(route) || routesBuildMetadata[route]?.noIndex) continue;
        const html = await readRouteHtml(outDir, baseUrl, route);
        if (html === null) continue;
        const lvl0 =
          sectionOf.get(route) ??
          (route === baseUrl ? (options.homeSection ?? 'Home') : DEFAULT_SECTION);
        const page = recordsFromHtml(html, {path: route, lvl0});
        if (page) pages.push(leadOnly.has(route) ? withLeadOnly(page) : page);
      }
      const file = packRecords(pages);
      await fs.writeFile(path.join(outDir, INDEX_FILE), JSON.stringify(file));
      console.log(
        `[toolhive-search] ${pages.length} pages, ${file.records.length} records written to ${INDEX_FILE}`,
      );
    },
  };
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
