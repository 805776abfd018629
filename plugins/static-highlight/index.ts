import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {cacheBuildDependencies} from '../cache-dependencies';
import {replaceImportIn} from '../replace-import';
import {checkStandIn, StandInGuard} from '../stand-ins';

/**
 * Highlights code at build time, so that pages ship tokens instead of Prism.
 *
 * Before, every page's entry bundle carried Prism and the docs' grammars
 * (about 11 KB gzip; bash alone is 3) and every reader's device tokenized
 * every code block twice while the page started (once to hydrate, once more
 * for the reader's colour mode). Now:
 * - ./remark.ts tokenizes each fenced code block of the Markdown pages
 *   (docs and pages plugins, see docusaurus.config.ts) and stores the tokens
 *   on the block;
 * - ./theme/CodeBlock (this plugin's theme) passes them down, and the theme's code block draws
 *   them through ./Highlight.tsx, which this plugin puts in place of
 *   prism-react-renderer's `Highlight` for that one component;
 * - the theme's client module that loads grammars into Prism is left out of
 *   the browser bundle. The API reference's request explorer, which
 *   highlights code it writes in the browser, keeps the real `Highlight` and
 *   loads its grammars itself (plugins/prism-slim/languages.ts).
 * In the pre-rendering bundle, ./Highlight.server.tsx checks each block's
 * tokens against Prism and stops the build on any difference.
 * Guarded as `STAND_INS.prismHighlight` and `STAND_INS.prismGrammars`
 * (../stand-ins.ts).
 */
export default function pluginStaticHighlight(context: LoadContext): Plugin {
  checkStandIn('prismHighlight', context.siteDir);
  checkStandIn('prismGrammars', context.siteDir);
  const noGrammars = require.resolve('./no-grammars.ts');
  const themeClassic = path.dirname(require.resolve('@docusaurus/theme-classic'));
  const codeBlockContent = new RegExp(
    `${path.join(themeClassic, 'theme', 'CodeBlock', 'Content').replace(/[\\/.]/g, '\\$&')}$`,
  );
  return {
    name: 'toolhive-static-highlight',
    getThemePath() {
      return path.join(__dirname, 'theme');
    },
    configureWebpack(config, isServer, utils) {
      const highlight = require.resolve(isServer ? './Highlight.server.tsx' : './Highlight.tsx');
      return {
        ...cacheBuildDependencies(config, [
          __filename,
          require.resolve('./remark.ts'),
          require.resolve('./magic-comments.ts'),
          require.resolve('./tokenize.ts'),
          require.resolve('./tokens.ts'),
          require.resolve('./make-tokens.ts'),
          require.resolve('../prism-slim/languages.ts'),
        ]),
        plugins: [
          replaceImportIn(
            utils,
            codeBlockContent,
            /^prism-react-renderer$/,
            highlight,
            'prismHighlight',
          ),
          ...(isServer ? [] : [new StandInGuard('prismGrammars', noGrammars)]),
        ],
        resolve: isServer
          ? {}
          : {
              alias: {
                // Loads the docs' grammars into Prism on every page.
                [path.join(themeClassic, 'prism-include-languages.js')]: noGrammars,
              },
            },
      };
    },
  };
}
