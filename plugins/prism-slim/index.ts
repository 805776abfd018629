import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {checkStandIn, StandInGuard} from '../stand-ins';

/**
 * Keeps Prism's unused grammars out of the page JavaScript.
 *
 * prism-react-renderer 2 ships one module that holds its React component, a
 * copy of Prism with some forty grammars (Kotlin, Swift, Rust, Reason…) and
 * twenty colour themes, about 18 KB gzip we would never use. This plugin
 * writes a copy of that module without the bundled grammars and themes into
 * the generated-files folder and points the `prism-react-renderer` import of
 * the bundles at it. Its users: the pre-rendering bundle, which highlights
 * the docs' code with the grammars of `prism.additionalLanguages` (and
 * plugins/static-highlight, which does the same at build time), and in the
 * browser only the API reference's request explorer, which loads its own
 * grammars. Both grammar lists, and the loader that plugins/static-highlight
 * and the API reference share, are in ./languages.ts. Node.js code (the
 * config, the theme's option validation) keeps using the package itself.
 *
 * The cut relies on three section markers of the package's build output; if
 * an update moves them, `slimPrismModule` throws and the build stops.
 * Guarded as `STAND_INS.prismReactRenderer` (../stand-ins.ts).
 */

const LANGS_START = '// src/prism-langs.ts\nvar Prism = __toESM(require_prism());\n';
const THEMES_START = '// src/themes/index.ts\n';
const INDEX_START = '// src/index.ts\n';

/** The package module without its bundled grammars and themes. */
export function slimPrismModule(source: string): string {
  const langs = source.indexOf(LANGS_START);
  const themes = source.indexOf(THEMES_START);
  const index = source.indexOf(INDEX_START);
  if (langs < 0 || themes < langs || index < themes) {
    throw new Error(
      'plugins/prism-slim: prism-react-renderer no longer has the expected sections ' +
        '(prism-langs, themes, index); check the package version pinned in package.json',
    );
  }
  return [
    source.slice(0, langs + LANGS_START.length),
    '// Grammars: added by @theme/prism-include-languages from prism.additionalLanguages.\n',
    '// Themes: none bundled; the site config passes its own.\nvar themes_exports = {};\n\n',
    source.slice(index).replace(/^\/\/# sourceMappingURL=.*$/m, ''),
  ].join('');
}

export default function pluginPrismSlim(context: LoadContext): Plugin {
  checkStandIn('prismReactRenderer', context.siteDir);
  const packageModule = require.resolve('prism-react-renderer').replace(/\.js$/, '.mjs');
  const outFile = path.join(context.generatedFilesDir, 'prism-slim', 'prism-react-renderer.mjs');
  fs.mkdirSync(path.dirname(outFile), {recursive: true});
  fs.writeFileSync(outFile, slimPrismModule(fs.readFileSync(packageModule, 'utf8')));
  return {
    name: 'toolhive-prism-slim',
    configureWebpack() {
      return {
        resolve: {alias: {'prism-react-renderer$': outFile}},
        plugins: [new StandInGuard('prismReactRenderer', outFile)],
      };
    },
  };
}
