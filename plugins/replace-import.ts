import type {ConfigureWebpackUtils} from '@docusaurus/types';
import {StandInGuard, type StandInKey} from './stand-ins';

/**
 * A bundler plugin that resolves imports matching `request` to `replacement`,
 * but only in modules whose folder `importer` accepts (a pattern tested
 * against the folder, or a test of it). This is how a local plugin gives one
 * package a stand-in for a module while every other user keeps the original.
 * Add the result to the `plugins` that `configureWebpack` returns.
 *
 * The compilation fails if, at its end, no module that `importer` accepts
 * imports `replacement` (the replacement matched nothing). `standIn` names
 * the stand-in's entry in ./stand-ins.ts, which gives its package's version
 * (checked at build start by the plugin) and what the browser bundle must
 * no longer hold; every stand-in of another package's module has one.
 */
export function replaceImportIn(
  utils: ConfigureWebpackUtils,
  importer: RegExp | ((folder: string) => boolean),
  request: RegExp,
  replacement: string,
  standIn?: StandInKey,
) {
  const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
  const accepts =
    typeof importer === 'function' ? importer : (folder: string) => importer.test(folder);
  const replace = new NormalModuleReplacementPlugin(
    request,
    (resource: {context?: string; request: string}) => {
      if (resource.context && accepts(resource.context)) resource.request = replacement;
    },
  );
  const guard = new StandInGuard(standIn, replacement, accepts);
  return {
    apply(compiler: Parameters<typeof replace.apply>[0]) {
      replace.apply(compiler);
      guard.apply(compiler);
    },
  };
}
