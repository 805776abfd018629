import type {ConfigureWebpackUtils, Plugin} from '@docusaurus/types';
import {cacheBuildDependencies} from '../cache-dependencies';

type Compiler = InstanceType<ConfigureWebpackUtils['currentBundler']['instance']['Compiler']>;

/** V8's explicit compile hint for a whole file (Chrome 136 and later). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the entry scripts so that the browser compiles them ahead of running.
 *
 * V8 compiles a function when it is first called, on the main thread; in the
 * entry bundle (the runtime and `main.js`, which every page runs while it
 * starts) that is most of the first long task. A file that begins with the
 * comment `//# allFunctionsCalledOnLoad` has all its functions compiled
 * eagerly instead, on a background thread while the file streams in. The
 * route chunks are left alone: they hold modules of many pages, of which one
 * page runs a few. Browsers that do not know the hint read a comment.
 */
export default function pluginCompileHints(): Plugin {
  return {
    name: 'toolhive-compile-hints',
    configureWebpack(config, isServer) {
      if (isServer) return {};
      return {
        ...cacheBuildDependencies(config, [__filename]),
        plugins: [{apply: markEntryScripts}],
      };
    },
  };
}

function markEntryScripts(compiler: Compiler): void {
  const {Compilation, sources} = compiler.webpack;
  compiler.hooks.thisCompilation.tap('toolhive-compile-hints', (compilation) => {
    compilation.hooks.processAssets.tap(
      {
        name: 'toolhive-compile-hints',
        // After minification (which drops comments); before source maps are
        // written (so that a build with them counts the added line) and
        // before the content hashes of the file names are computed.
        stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING - 1,
      },
      () => {
        for (const chunk of compilation.chunks) {
          if (!chunk.canBeInitial()) continue;
          for (const file of chunk.files) {
            if (!file.endsWith('.js')) continue;
            compilation.updateAsset(
              file,
              (source) => new sources.ConcatSource(COMPILE_HINT, source),
            );
          }
        }
      },
    );
  });
}
