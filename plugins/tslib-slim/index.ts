import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {replaceImportIn} from '../replace-import';

/**
 * Keeps all but one of tslib's helpers out of the page JavaScript.
 *
 * @docusaurus/utils-common, part of every page's main bundle, is CommonJS
 * and `require`s tslib for one helper, `__importDefault`. A CommonJS
 * `require` keeps the whole module, so all of tslib (about 4 KB gzip) was in
 * every page. This plugin gives that one package ./helpers instead, which
 * re-exports the helper from tslib's ES module build, so the bundler drops
 * the rest. Everything else that imports tslib is untouched; the unit test
 * tests/unit/tslib-slim.test.ts fails if utils-common starts using another
 * helper.
 */
export const UTILS_COMMON = /[\\/]@docusaurus[\\/]utils-common[\\/]/;

export default function pluginTslibSlim(): Plugin {
  const helpers = path.join(__dirname, 'helpers.ts');
  return {
    name: 'toolhive-tslib-slim',
    configureWebpack(_config, _isServer, utils) {
      return {plugins: [replaceImportIn(utils, UTILS_COMMON, /^tslib$/, helpers)]};
    },
  };
}
