import fs from 'node:fs';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import type {Plugin} from '@docusaurus/types';
import {htmlFilesOf} from '../static-host';
import {docArticle, homeGraph, jsonLdTag, type Json} from './data';

/**
 * Structured data (JSON-LD) in the built HTML: a TechArticle on every docs
 * page and the WebSite and Organization on the landing page (./data.ts).
 * Written into the pages after the build, from the docs' metadata, so no
 * page loads code for it: search engines read it from the HTML they fetch.
 *
 * Runs after plugins/static-host in the plugin list: that plugin's postBuild
 * (synchronous) has by then given every route both of its HTML files, and
 * this one writes the block into each file a page has.
 */
export default function pluginStructuredData(): Plugin {
  let docs: {title: string; description: string; permalink: string}[] = [];
  return {
    name: 'toolhive-structured-data',
    async allContentLoaded({allContent}) {
      const content = allContent['docusaurus-plugin-content-docs']?.default as
        LoadedContent | undefined;
      docs = (content?.loadedVersions ?? []).flatMap((v) => v.docs);
    },
    async postBuild({outDir, siteConfig}) {
      const pages: [string, Json][] = [
        ['/', homeGraph(siteConfig)],
        ...docs.map((d): [string, Json] => [d.permalink, docArticle(siteConfig, d)]),
      ];
      let written = 0;
      for (const [route, data] of pages) {
        const {flat, nested} =
          route === '/'
            ? {flat: `${outDir}/index.html`, nested: `${outDir}/index.html`}
            : htmlFilesOf(outDir, route);
        const tag = jsonLdTag(data);
        for (const file of new Set([flat, nested])) {
          if (!fs.existsSync(file)) continue;
          const html = fs.readFileSync(file, 'utf8');
          if (!html.includes('</head>'))
            throw new Error(`plugins/structured-data: no </head> in ${file}`);
          fs.writeFileSync(file, html.replace('</head>', `${tag}</head>`));
          written += 1;
        }
      }
      if (written < pages.length) {
        throw new Error(
          `plugins/structured-data: ${written} HTML files for ${pages.length} pages; check plugins/static-host`,
        );
      }
    },
  };
}
