import type {ConfigureWebpackUtils} from '@docusaurus/types';

/**
 * A bundler plugin that resolves imports matching `request` to `replacement`,
 * but only in modules whose folder `importer` accepts (a pattern tested
 * against the folder, or a test of it). This is how a local plugin gives one
 * package a stand-in for a module while every other user keeps the original.
 * Add the result to the `plugins` that `configureWebpack` returns.
 */
export function replaceImportIn(
  utils: ConfigureWebpackUtils,
  importer: RegExp | ((folder: string) => boolean),
  request: RegExp,
  replacement: string,
) {
  const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
  const accepts =
    typeof importer === 'function' ? importer : (folder: string) => importer.test(folder);
  return new NormalModuleReplacementPlugin(
    request,
    (resource: {context?: string; request: string}) => {
      if (resource.context && accepts(resource.context)) resource.request = replacement;
    },
  );
}
