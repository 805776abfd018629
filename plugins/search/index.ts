import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import algoliaThemePlugin from '@docusaurus/theme-search-algolia';
import {checkStandIn, StandInGuard} from '../stand-ins';
import {searchIndex, type SearchIndexOptions} from './index-builder';

/** The plugin's name, also the key of its global data (the index's URL). */
export const SEARCH_PLUGIN_NAME = 'toolhive-search';

/** The search worker's name (client/searchWorker.ts), also its chunk's name. */
const SEARCH_WORKER_NAME = 'toolhive-search';

export interface SearchPluginOptions extends SearchIndexOptions {
  /**
   * Answer from the site's own index (no Algolia credentials): build the
   * index and point the search UI at the local client.
   */
  local: boolean;
}

/**
 * The import under which theme/SearchBar reaches the search bar of
 * @docusaurus/theme-search-algolia (declared in ./aliases.d.ts).
 */
const ALGOLIA_SEARCH_BAR = '@theme-search-algolia/SearchBar';
/** The same for its search page (theme/SearchPage wraps it). */
const ALGOLIA_SEARCH_PAGE = '@theme-search-algolia/SearchPage';

/** The theme folder that @docusaurus/theme-search-algolia gives Docusaurus. */
function algoliaThemeDir(context: LoadContext): string {
  const main = require.resolve('@docusaurus/theme-search-algolia');
  // The package's types declare its theme components, not its plugin
  // function (that is in lib/index.d.ts).
  const themeSearchAlgolia = algoliaThemePlugin as unknown as (context: LoadContext) => Plugin;
  const themePath = themeSearchAlgolia(context).getThemePath?.();
  if (!themePath) throw new Error('plugins/search: @docusaurus/theme-search-algolia has no theme');
  // Docusaurus resolves a plugin's theme path against the plugin's folder.
  return path.resolve(path.dirname(main), themePath);
}

/** A module of @docusaurus/theme-search-algolia's theme folder, by name. */
const themeModule = (name: string) =>
  new RegExp(
    `@docusaurus[\\\\/]theme-search-algolia[\\\\/]lib[\\\\/]theme[\\\\/]${name}[\\\\/]index\\.js$`,
  );
/** Whether a folder is that of a module of the theme folder, by name. */
const inThemeFolder = (name: string) => (folder: string) =>
  themeModule(name).test(`${folder}/index.js`);

/**
 * The site's search, around the DocSearch UI of
 * @docusaurus/theme-search-algolia, in one plugin.
 *
 * Always: its theme folder (./theme) wraps the theme's `SearchBar` (colours
 * that pass contrast; the local client in local mode) and `SearchPage` (a
 * name for its docs version menu, opened on the reader's version), and
 * replaces `SearchTranslations` (DocSearch 4's strings this site shows).
 *
 * A plugin's theme cannot wrap `SearchBar` through Docusaurus's aliases:
 * `@theme-original/SearchBar` names the last plugin theme that provides it
 * (this one), and `@theme-init/SearchBar` the first (theme-classic's empty
 * placeholder). So the wrapper imports the Algolia theme's component under an
 * alias of its own, pointing into the theme folder that theme's
 * `getThemePath()` names.
 *
 * Always, too: ./index-builder writes the index of every page
 * (`search-index.json`), which the MCP endpoint (plugins/mcp-server)
 * searches with the same engine, and names its URL in global data.
 *
 * In local mode (`local: true`, a build without Algolia credentials):
 *
 * - The search UI loads that index.
 * - The search page (`/search`) builds its Algolia client with
 *   `liteClient()` from `algoliasearch/lite`; for that one module the import
 *   resolves to client/liteClient.ts, which returns the local client.
 * - The search bar's only head tag is a preconnect hint to Algolia; for that
 *   module `@docusaurus/Head` resolves to a component that renders nothing,
 *   so pages don't open a connection to a server they never use.
 * - A small stylesheet hides the "Search by Algolia" marks.
 * - The search worker (client/worker.ts) is one file: the bundler's vendor
 *   split would move MiniSearch into a chunk of its own, which the worker
 *   could only fetch after its own script had arrived and run, one more
 *   round trip before the first results.
 *
 * The search bar gets the local client through a prop, in
 * theme/SearchBar. The two aliases are guarded as
 * `STAND_INS.algoliaLiteClient` and `STAND_INS.searchBarHead`
 * (../stand-ins.ts).
 */
export default function pluginSearch(context: LoadContext, options: SearchPluginOptions): Plugin {
  const searchBar = path.join(algoliaThemeDir(context), 'SearchBar');
  const searchPage = path.join(algoliaThemeDir(context), 'SearchPage');
  const themeAlias = {
    resolve: {
      alias: {[`${ALGOLIA_SEARCH_BAR}$`]: searchBar, [`${ALGOLIA_SEARCH_PAGE}$`]: searchPage},
    },
  };
  const theme: Plugin = {
    name: SEARCH_PLUGIN_NAME,
    getThemePath() {
      return path.join(__dirname, 'theme');
    },
    configureWebpack() {
      return themeAlias;
    },
  };
  // The index is written in both modes: the MCP endpoint
  // (plugins/mcp-server) searches it, whichever service the search UI asks.
  const index = searchIndex(context, options);
  if (!options.local) {
    return {...theme, allContentLoaded: index.allContentLoaded, postBuild: index.postBuild};
  }

  checkStandIn('algoliaLiteClient', context.siteDir);
  checkStandIn('searchBarHead', context.siteDir);
  const liteClient = path.join(__dirname, 'client/liteClient.ts');
  const noHead = path.join(__dirname, 'client/NoHead.tsx');
  return {
    ...theme,
    allContentLoaded: index.allContentLoaded,
    postBuild: index.postBuild,
    getClientModules() {
      return [path.join(__dirname, 'client/local.css')];
    },
    configureWebpack(config, isServer) {
      const rules: {test: RegExp; resolve: {alias: Record<string, string>}}[] = [
        {
          test: themeModule('SearchPage'),
          resolve: {alias: {'algoliasearch/lite$': liteClient}},
        },
        {
          test: themeModule('SearchBar'),
          resolve: {alias: {'@docusaurus/Head': noHead}},
        },
      ];
      // Rspack's persistent cache doesn't notice rule-level aliases: give the
      // local mode its own cache, or a build after an Algolia build (or the
      // other way round) could reuse modules resolved for the other mode.
      const cache = (config as {experiments?: {cache?: {version?: string}}}).experiments?.cache;
      const experiments =
        cache && typeof cache === 'object'
          ? {experiments: {cache: {...cache, version: `${cache.version ?? ''}-local-search`}}}
          : {};
      // Rspack's default vendor group (async chunks only), except for the
      // worker's chunk.
      const defaultVendors = {
        idHint: 'vendors',
        reuseExistingChunk: true,
        test: /[\\/]node_modules[\\/]/i,
        priority: -10,
        chunks: (chunk: {name?: string | null; canBeInitial(): boolean}) =>
          !chunk.canBeInitial() && chunk.name !== SEARCH_WORKER_NAME,
      };
      return {
        ...themeAlias,
        module: {rules},
        plugins: [
          new StandInGuard('algoliaLiteClient', liteClient, inThemeFolder('SearchPage')),
          new StandInGuard('searchBarHead', noHead, inThemeFolder('SearchBar')),
        ],
        optimization: {splitChunks: {cacheGroups: {defaultVendors}}},
        ...experiments,
        // The index file on the development server.
        ...index.devServer(isServer),
      };
    },
  };
}
