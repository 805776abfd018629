import fs from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {cacheBuildDependencies} from '../cache-dependencies';
import {replaceImportIn} from '../replace-import';

/** @docusaurus/theme-search-algolia's modules (its search bar and client hooks). */
const SEARCH_THEME = /[\\/]@docusaurus[\\/]theme-search-algolia[\\/]/;

/** The entry points the theme imports on every page (the modal's is not one). */
export const PAGE_ENTRIES = /^@docsearch\/react\/(button|useDocSearchKeyboardEvents|version)$/;

/** The query that makes the page's copy of DocSearch a module of its own. */
const PAGE_COPY = '?page';

/** DocSearch's ES module, which holds the button, the shortcuts and the modal. */
export function docSearchModule(): string {
  const pkg = require.resolve('@docsearch/react/package.json');
  const {version} = JSON.parse(fs.readFileSync(pkg, 'utf8')) as {version: string};
  if (!version.startsWith('3.')) {
    throw new Error(
      `plugins/docsearch-split expects @docsearch/react 3, found ${version}: ` +
        'check whether the package still ships one module, then update or remove the plugin',
    );
  }
  return path.join(path.dirname(pkg), 'dist/esm/index.js');
}

/**
 * Keeps DocSearch's modal out of every page's JavaScript.
 *
 * @docsearch/react 3 ships one prebundled module with the search button, the
 * keyboard shortcut hook and the modal. The theme imports the button and the
 * hook on every page and the modal only when the reader opens search; but a
 * module that the page uses lands whole in the page's chunk, and the modal
 * (about 27 KB gzip) would go with it.
 *
 * This plugin points the theme's page-side imports at a second copy of the
 * file (`dist/esm/index.js?page`), in which the bundler sees only the button,
 * the hook and the version used. Two loaders let the minifier drop the rest:
 * ./pure-calls.cjs marks the module's top-level calls as free of side effects
 * (React's `forwardRef()` and `memo()`, a debounce, a regular expression, the
 * classes of the bundled Algolia client's errors), and the site's JavaScript
 * loader (SWC) marks React calls inside functions the same way. The modal's
 * chunk keeps the plain file. The copies share no state: the page's draws
 * the button and listens for the shortcuts, the modal's does the rest.
 *
 * The theme's own aliases for these entry points (files DocSearch 3 lacks)
 * point at the package's UMD build, which would keep everything; the
 * replacement happens before they apply.
 */
export default function pluginDocSearchSplit(): Plugin {
  const module = docSearchModule();
  const pureCalls = require.resolve('./pure-calls.cjs');
  return {
    name: 'toolhive-docsearch-split',
    configureWebpack(config, isServer, utils) {
      return {
        ...cacheBuildDependencies(config, [pureCalls, __filename]),
        plugins: [replaceImportIn(utils, SEARCH_THEME, PAGE_ENTRIES, `${module}${PAGE_COPY}`)],
        module: {
          rules: [
            {
              test: (file: string) => file === module,
              resourceQuery: (query: string) => query === PAGE_COPY,
              // Loaders run last to first: pure-calls, then SWC.
              use: [utils.getJSLoader({isServer}), {loader: pureCalls}],
            },
          ],
        },
      };
    },
  };
}
