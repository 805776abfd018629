import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {replaceImportIn} from '../replace-import';
import {checkStandIn} from '../stand-ins';

/**
 * Keeps all but one of tslib's helpers out of the page JavaScript.
 *
 * @docusaurus/utils-common, part of every page's main bundle, is CommonJS
 * and `require`s tslib for one helper, `__importDefault`. A CommonJS
 * `require` keeps the whole module, so all of tslib (about 4 KB gzip) was in
 * every page. This plugin gives that one package ./helpers instead, which
 * re-exports the helper from tslib's ES module build, so the bundler drops
 * the rest. Everything else that imports tslib is untouched; the unit test
 * plugins/tslib-slim/__tests__/tslib-slim.test.ts fails if utils-common starts using another
 * helper; the build checks it too, at start (with the version of tslib,
 * `STAND_INS.tslib` in ../stand-ins.ts).
 */
export const UTILS_COMMON = /[\\/]@docusaurus[\\/]utils-common[\\/]/;

/** The tslib helpers that @docusaurus/utils-common's modules call. */
export function utilsCommonHelpers(): string[] {
  const lib = path.join(
    path.dirname(require.resolve('@docusaurus/utils-common/package.json')),
    'lib',
  );
  const used = new Set<string>();
  for (const file of fs.readdirSync(lib, {recursive: true, encoding: 'utf8'})) {
    if (!file.endsWith('.js')) continue;
    const source = fs.readFileSync(path.join(lib, file), 'utf8');
    for (const m of source.matchAll(/tslib_\d+\.(\w+)/g)) used.add(m[1]!);
  }
  return [...used].sort();
}

export default function pluginTslibSlim(context: LoadContext): Plugin {
  checkStandIn('tslib', context.siteDir);
  const used = utilsCommonHelpers();
  if (used.join() !== '__importDefault') {
    throw new Error(
      `plugins/tslib-slim: @docusaurus/utils-common uses the tslib helpers [${used.join(', ')}], ` +
        'not only __importDefault: add them to plugins/tslib-slim/helpers.ts.',
    );
  }
  const helpers = path.join(__dirname, 'helpers.ts');
  return {
    name: 'toolhive-tslib-slim',
    configureWebpack(_config, _isServer, utils) {
      return {plugins: [replaceImportIn(utils, UTILS_COMMON, /^tslib$/, helpers, 'tslib')]};
    },
  };
}
