import type {LoadContext, Plugin} from '@docusaurus/types';
import {cacheBuildDependencies} from '../cache-dependencies';

/** The docs plugin's route props files (`.docusaurus/<plugin>/<id>/p/*.json`). */
export const DOCS_ROUTE_PROPS =
  /[\\/]docusaurus-plugin-content-docs[\\/][^\\/]+[\\/]p[\\/][^\\/]+\.json$/;

/**
 * Empties the entries of the doc table in the docs version's props.
 *
 * Every docs page loads its version's props: the sidebars and a table of all
 * docs with their ids, titles, sidebars and descriptions (the front matter
 * `description`, or the first paragraph). The table is about 70 % of it:
 * 7 KB of the 10 KB gzip that every docs and API page downloads. One
 * component reads it, the theme's DocCard (through `useDocById`), and only
 * for the description of a card that links to a doc; this site's only card
 * list (the API reference's start page) shows category cards, which never
 * read it. The table keeps one empty entry per doc, so `useDocById` still
 * finds every doc. Each page's own title and description stay in its own
 * metadata and `<meta name="description">`.
 *
 * If a page ever lists doc cards (`<DocCardList>` with doc items), remove
 * this plugin: their cards would show no description.
 */
export default function pluginDocsVersionSlim(context: LoadContext): Plugin {
  const loader = require.resolve('./loader.cjs');
  return {
    name: 'toolhive-docs-version-slim',
    configureWebpack(config) {
      return {
        ...cacheBuildDependencies(config, [loader, __filename]),
        module: {
          rules: [
            {
              test: DOCS_ROUTE_PROPS,
              include: [context.generatedFilesDir],
              use: [{loader}],
            },
          ],
        },
      };
    },
  };
}
