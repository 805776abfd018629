import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {cacheBuildDependencies} from '../cache-dependencies';
import {replaceImportIn} from '../replace-import';
import {checkStandIn} from '../stand-ins';

/**
 * Route prefetching with one `<link rel="prefetch">` per file.
 *
 * Docusaurus prefetches the code of every page a visible link points to: for
 * each link, its client (`@docusaurus/core/lib/client/docusaurus.js`) lists
 * the page's chunks and hands each URL to `./prefetch`, which appends a link
 * element to the head at once. Pages share most of their chunks, so a docs
 * page appended 120 to 490 link elements for 13 to 29 distinct files, all
 * inside the task that reports the links as visible, while the page starts.
 * ./prefetch.ts keeps the helper's contract (one promise per URL, settled when
 * the file has loaded or failed) but asks for each URL once and appends the
 * links together two seconds later, when the browser is idle, so that they
 * compete neither with the page's start-up nor with the reader's first action.
 * Guarded as `STAND_INS.prefetch` (../stand-ins.ts).
 */
export default function pluginPrefetchLite(context: LoadContext): Plugin {
  checkStandIn('prefetch', context.siteDir);
  const coreClient = path.join(
    path.dirname(require.resolve('@docusaurus/core/package.json')),
    'lib',
    'client',
  );
  return {
    name: 'toolhive-prefetch-lite',
    configureWebpack(config, isServer, utils) {
      if (isServer) return {};
      return {
        ...cacheBuildDependencies(config, [__filename]),
        plugins: [
          replaceImportIn(
            utils,
            (folder) => folder === coreClient,
            /^\.\/prefetch$/,
            require.resolve('./prefetch.ts'),
            'prefetch',
          ),
        ],
      };
    },
  };
}
