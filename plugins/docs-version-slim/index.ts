import type {LoadContext, Plugin} from '@docusaurus/types';
import {cacheBuildDependencies} from '../cache-dependencies';
import {checkPackageVersion, guardModules} from '../stand-ins';

/** The docs plugin whose version props the loader was written for. */
export const DOCS_PLUGIN_VERSION = '3.10.2';

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
 *
 * Guards: the build stops at start when the docs plugin is not
 * `DOCS_PLUGIN_VERSION`, in ./loader.cjs when a version's props have another
 * shape, and at the end of the client compilation when no module holds an
 * emptied doc table (the rule matched no props file).
 */
export default function pluginDocsVersionSlim(context: LoadContext): Plugin {
  checkPackageVersion(
    'plugins/docs-version-slim',
    '@docusaurus/plugin-content-docs',
    DOCS_PLUGIN_VERSION,
    context.siteDir,
  );
  const loader = require.resolve('./loader.cjs');
  return {
    name: 'toolhive-docs-version-slim',
    configureWebpack(config, isServer) {
      return {
        ...cacheBuildDependencies(config, [loader, __filename]),
        plugins: isServer ? [] : [new TrimmedTableGuard()],
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

/** Whether a props module's compiled source holds an emptied doc table. */
export function hasEmptiedDocTable(source: string): boolean {
  const match = /"docs":(\{[^{}]*(?:\{\}[^{}]*)*\})/.exec(source);
  if (!match) return false;
  const table = JSON.parse(match[1]!) as Record<string, object>;
  const entries = Object.values(table);
  return entries.length > 0 && entries.every((doc) => Object.keys(doc).length === 0);
}

/**
 * Fails the compilation when no route props module holds an emptied doc
 * table: the loader never saw the data it trims. Reads the module graph, so
 * a build restored from the persistent cache is checked too.
 */
class TrimmedTableGuard {
  apply(bundler: unknown): void {
    guardModules(bundler, 'docs-version-slim-guard', (modules) => {
      for (const module of modules) {
        if (!module.resource || !DOCS_ROUTE_PROPS.test(module.resource)) continue;
        const source = module.originalSource?.()?.source();
        if (source && hasEmptiedDocTable(source.toString())) return undefined;
      }
      return (
        'plugins/docs-version-slim: no docs version props with an emptied doc table in ' +
        'this build; the loader never saw the data it trims. Check where the docs ' +
        'plugin writes its version props (DOCS_ROUTE_PROPS).'
      );
    });
  }
}
