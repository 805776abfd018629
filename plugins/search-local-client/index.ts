import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {checkStandIn, StandInGuard} from '../stand-ins';

/** The search worker's name (src/search/localClient.ts), also its chunk's name. */
const SEARCH_WORKER_NAME = 'toolhive-search';

/** A module of @docusaurus/theme-search-algolia's theme folder, by name. */
const themeModule = (name: string) =>
  new RegExp(
    `@docusaurus[\\\\/]theme-search-algolia[\\\\/]lib[\\\\/]theme[\\\\/]${name}[\\\\/]index\\.js$`,
  );
/** Whether a folder is that of a module of the theme folder, by name. */
const inThemeFolder = (name: string) => (folder: string) =>
  themeModule(name).test(`${folder}/index.js`);

/**
 * Points the search UI of @docusaurus/theme-search-algolia at the local
 * search client, without copying its components. Registered only when the
 * build has no Algolia credentials.
 *
 * - The search page (`/search`) builds its Algolia client with
 *   `liteClient()` from `algoliasearch/lite`; for that one module the import
 *   resolves to src/search/liteClient.ts, which returns the local client.
 * - The search bar's only head tag is a preconnect hint to Algolia; for that
 *   module `@docusaurus/Head` resolves to a component that renders nothing,
 *   so pages don't open a connection to a server they never use.
 * - A small stylesheet hides the "Search by Algolia" marks.
 *
 * - The search worker (src/search/worker.ts) is one file: the bundler's
 *   vendor split would move MiniSearch into a chunk of its own, which the
 *   worker could only fetch after its own script had arrived and run, one
 *   more round trip before the first results.
 *
 * The search bar itself gets the local client through a prop, in
 * src/theme/SearchBar. The two aliases are guarded as
 * `STAND_INS.algoliaLiteClient` and `STAND_INS.searchBarHead`
 * (../stand-ins.ts).
 */
export default function pluginSearchLocalClient(context: LoadContext): Plugin {
  checkStandIn('algoliaLiteClient', context.siteDir);
  checkStandIn('searchBarHead', context.siteDir);
  const liteClient = path.join(context.siteDir, 'src/search/liteClient.ts');
  const noHead = path.join(__dirname, 'NoHead.tsx');
  return {
    name: 'toolhive-search-local-client',
    getClientModules() {
      return [path.join(__dirname, 'local.css')];
    },
    configureWebpack(config) {
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
        module: {rules},
        plugins: [
          new StandInGuard('algoliaLiteClient', liteClient, inThemeFolder('SearchPage')),
          new StandInGuard('searchBarHead', noHead, inThemeFolder('SearchBar')),
        ],
        optimization: {splitChunks: {cacheGroups: {defaultVendors}}},
        ...experiments,
      };
    },
  };
}
