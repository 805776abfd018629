import path from 'node:path';
import {cacheBuildDependencies} from '../cache-dependencies';
import {replaceImportIn} from '../replace-import';
import {
  checkPackageVersion,
  checkStandIn,
  STAND_INS,
  StandInGuard,
  type StandInKey,
} from '../stand-ins';
import type {LoadContext, Plugin} from '@docusaurus/types';
import openApiTheme from 'docusaurus-theme-openapi-docs/lib/index';
import {
  hiddenLanguages,
  installedCodegens,
  unusedCodegenFolders,
  type LanguageTab,
} from './codegens';

/**
 * File name of a `?asset` stylesheet. The client build minifies CSS files and
 * then renames them after the minified bytes (`realContentHash`); the server
 * build does neither. A `[contenthash]` placeholder would therefore give the
 * pre-rendered HTML and the browser two different URLs. Both builds see the
 * same hash of the compiled (unminified) CSS here, so we write it literally.
 */
function stylesheetFilename(pathData: {contentHash?: string}): string {
  return pathData.contentHash
    ? `assets/css/[name].${pathData.contentHash.slice(0, 8)}.css`
    : 'assets/css/[name].[contenthash:8].css';
}

/** The theme version whose plugin this wraps (its configureWebpack output). */
export const OPENAPI_THEME_VERSION = '5.2.0';

/** This plugin's stand-ins (../stand-ins.ts), each checked at build start. */
const STAND_IN_KEYS = (Object.keys(STAND_INS) as StandInKey[]).filter(
  (key) => STAND_INS[key].plugin === 'api-reference',
);

/** Folders of postman-collection and postman-code-generators (any copy). */
export const POSTMAN_PACKAGES = /[\\/]node_modules[\\/]postman-(collection|code-generators)[\\/]/;

/** The folder of docusaurus-plugin-openapi-docs that API pages bundle. */
export const OPENAPI_EXAMPLES = /[\\/]docusaurus-plugin-openapi-docs[\\/]lib[\\/]openapi$/;

/**
 * docusaurus-theme-openapi-docs, scoped to the API reference pages.
 *
 * The upstream theme plugin does three things that reach every page of the
 * site, and this wrapper changes each of them:
 *
 * 1. `getClientModules` adds the theme's stylesheet (about 27 kB gzip) to the
 *    site-wide CSS bundle. We drop it: the API runtime links the stylesheet
 *    from the <head> of API pages only (./components/ApiDocItem.tsx), compiled
 *    on its own through the `?asset` rule below. Our one global addition is
 *    sidebar.css, the method badges of the API items in the docs sidebar.
 * 2. `configureWebpack` adds a ProvidePlugin for `process` and `Buffer`, which
 *    injects the `process` shim into React in the main bundle. We remove it;
 *    ./bundler/node-globals.ts defines `process` in the API
 *    chunk instead, and buffer-global.ts defines `Buffer` in the request
 *    explorer's chunk. The `resolve.fallback` entries (buffer, path) stay:
 *    they only apply to modules that import those names.
 * 3. `configureWebpack` also adds a Sass rule that injects styles into the
 *    CSS bundle. We replace it with the `?asset` rule: importing
 *    `file.scss?asset` compiles the file with Sass and returns the URL of the
 *    emitted `assets/css/[name].[hash].css`, without the styles of the
 *    request-sample tabs of languages that `languageTabs` does not list
 *    (./drop-language-tabs.cjs).
 *
 * It also points every copy of `postman-collection` at one (see below), which shrinks the request explorer's chunk; `crypto-js` at a
 * SHA-1-only stand-in (./bundler/crypto-sha1.ts), about
 * 27 KB gzip less on every API page; and `pako` at its inflate-only build
 * (the theme only decompresses the page's API description). The explorer's
 * chunk loses more libraries it loads but never uses, each replaced by a
 * stand-in in ./explorer-stubs (which says why it
 * is safe): iconv-lite, the fake-data library, react-live's JSX compiler,
 * the code generators of languages and variants that `languageTabs` does not
 * list, the parts of postman-collection's entry point that only responses
 * and collections use, and the lodash functions that postman-collection and
 * the generators never call. On every API page, the example builder's
 * terminal colours (chalk) go too.
 *
 * The theme's components (`getThemePath`) are unchanged. Its Tabs/TabItem
 * copies are confined to API pages by ./theme/Tabs and ./theme/TabItem, and
 * its ApiItem by ./theme/ApiItem (the theme of ./wrappers.ts).
 */
export default function pluginOpenApiThemeScoped(context: LoadContext): Plugin {
  const {siteDir} = context;
  checkPackageVersion(
    'plugins/api-reference',
    'docusaurus-theme-openapi-docs',
    OPENAPI_THEME_VERSION,
    siteDir,
  );
  for (const key of STAND_IN_KEYS) checkStandIn(key, siteDir);
  const upstream = openApiTheme() as Plugin;
  const themeDir = path.dirname(require.resolve('docusaurus-theme-openapi-docs/package.json'));
  const sassLoader = require.resolve('sass-loader', {paths: [themeDir]});
  const postmanCollectionDir = path.dirname(
    require.resolve('postman-collection/package.json', {paths: [themeDir]}),
  );
  const stubs = path.join(__dirname, 'explorer-stubs');
  const aliasStandIns = {
    postmanCollection: path.join(stubs, 'postman-collection.cjs'),
    cryptoJs: path.join(__dirname, 'bundler/crypto-sha1.ts'),
    pako: path.join(
      path.dirname(require.resolve('pako/package.json', {paths: [themeDir]})),
      'dist/browser/pako_inflate.esm.min.mjs',
    ),
    iconvLite: path.join(stubs, 'iconv-lite.ts'),
    faker: path.join(stubs, 'faker.cjs'),
    sucrase: path.join(stubs, 'sucrase.ts'),
  } satisfies Partial<Record<StandInKey, string>>;
  const tabs = (context.siteConfig.themeConfig.languageTabs ?? []) as LanguageTab[];
  const codegens = installedCodegens(themeDir);
  const unusedCodegens = unusedCodegenFolders(codegens, tabs);
  // Their tabs' styles leave the stylesheet.
  const hidden = hiddenLanguages(codegens, tabs);
  // A generator's entry as the language table requires it, or once resolved.
  const unusedCodegen = new RegExp(
    `codegens[\\\\/](${unusedCodegens.map((f) => f.replace(/[.]/g, '\\.')).join('|')})[\\\\/]index\\.js$`,
  );

  return {
    ...upstream,
    name: 'docusaurus-theme-openapi',

    getClientModules() {
      return [require.resolve('./sidebar.css')];
    },

    configureWebpack(config, isServer, utils, content) {
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      const upstreamConfig = upstream.configureWebpack!(config, isServer, utils, content) ?? {};
      const fallback = (upstreamConfig as {resolve?: {fallback?: Record<string, string>}}).resolve
        ?.fallback;
      return {
        ...cacheBuildDependencies(config, [
          __filename,
          require.resolve('./drop-language-tabs.cjs'),
        ]),
        resolve: {
          fallback,
          alias: {
            // The theme's bare import: the classes it uses, without the ones
            // (and their libraries) that only responses and collections need.
            'postman-collection$': aliasStandIns.postmanCollection,
            // Three of postman-code-generators' generators ship their own copy
            // of postman-collection 5.0 (each with its dependencies, a
            // fake-data library included). Resolving them all to the theme's
            // own postman-collection 5.x removes about 1 MB gzip from the
            // explorer.
            'postman-collection': postmanCollectionDir,
            // The theme imports all of crypto-js for one SHA-1 call (see the
            // stand-in); nothing else in the bundles imports crypto-js.
            'crypto-js$': aliasStandIns.cryptoJs,
            // The theme calls pako.ungzip only.
            pako$: aliasStandIns.pako,
            'iconv-lite$': aliasStandIns.iconvLite,
            '@faker-js/faker/locale/en$': aliasStandIns.faker,
            sucrase$: aliasStandIns.sucrase,
          },
        },
        plugins: [
          ...(unusedCodegens.length
            ? [
                new NormalModuleReplacementPlugin(unusedCodegen, path.join(stubs, 'codegen.ts')),
                new StandInGuard('codegens', path.join(stubs, 'codegen.ts')),
              ]
            : []),
          ...Object.entries(aliasStandIns).map(
            ([key, file]) => new StandInGuard(key as StandInKey, file),
          ),
          // The API pages' example builder colours one console warning.
          replaceImportIn(
            utils,
            OPENAPI_EXAMPLES,
            /^chalk$/,
            path.join(stubs, 'chalk.ts'),
            'chalk',
          ),
          // Their bare `lodash` import: only the functions they call.
          replaceImportIn(
            utils,
            POSTMAN_PACKAGES,
            /^lodash$/,
            path.join(stubs, 'lodash.cjs'),
            'lodash',
          ),
        ],
        module: {
          rules: [
            {
              test: /\.scss$/i,
              resourceQuery: /^\?asset$/,
              type: 'asset/resource',
              generator: {
                filename: stylesheetFilename,
                // The server build only needs the URL.
                emit: !isServer,
              },
              use: [
                {
                  loader: require.resolve('./drop-language-tabs.cjs'),
                  options: {languages: hidden},
                },
                {
                  loader: sassLoader,
                  // The stylesheet is linked as a plain file: no source map.
                  options: {sourceMap: false, sassOptions: {style: 'compressed'}},
                },
              ],
            },
          ],
        },
      };
    },
  };
}
