import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {cacheBuildDependencies} from '../cache-dependencies';
import {replaceImportIn} from '../replace-import';

/**
 * Keeps the browser's collator out of the page's start-up.
 *
 * `useShallowMemoObject` in `@docusaurus/theme-common` sorts an object's keys
 * with `localeCompare` so that its memo ignores key order. Docs pages call it
 * while they hydrate (the mobile sidebar's navbar filler, and every code
 * block through `useMutationObserver`), and the first `localeCompare` of a
 * page sets up the browser's ICU collator: 11 to 50 ms of main thread on
 * this project's test machine, for ordering a few ASCII keys.
 *
 * This plugin gives theme-common's own modules ./reactUtils.ts in place of
 * `utils/reactUtils`: the original module's exports, with the hook sorting
 * keys by code unit (any fixed order serves the memo). The server bundle
 * keeps the original; it renders the same.
 */
export default function pluginShallowMemo(): Plugin {
  // The package's main module is lib/index.js.
  const themeCommonLib = path.dirname(require.resolve('@docusaurus/theme-common'));
  return {
    name: 'toolhive-shallow-memo',
    configureWebpack(config, isServer, utils) {
      if (isServer) return {};
      return {
        ...cacheBuildDependencies(config, [__filename]),
        resolve: {
          alias: {
            '@theme-common-original/reactUtils$': path.join(
              themeCommonLib,
              'utils',
              'reactUtils.js',
            ),
          },
        },
        plugins: [
          replaceImportIn(
            utils,
            (folder) => folder.startsWith(themeCommonLib + path.sep),
            /\/utils\/reactUtils$|^\.\/reactUtils$/,
            require.resolve('./reactUtils.ts'),
          ),
        ],
      };
    },
  };
}
