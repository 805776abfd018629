import type {LoadContext, Plugin} from '@docusaurus/types';
import {cacheBuildDependencies} from '../cache-dependencies';
import {checkStandIn, StandInGuard} from '../stand-ins';

/**
 * The route-change progress bar without the nprogress package.
 *
 * The theme shows a bar at the top of the window while a page change waits
 * for its code (a client module of every page). It draws the bar with
 * nprogress, 1.5 KB gzip of every page's entry bundle for a bar most readers
 * never see; ./nprogress.ts does the same with CSS transitions, in a few
 * hundred bytes. The theme's module and stylesheet stay as they are.
 * Guarded as `STAND_INS.nprogress` (../stand-ins.ts).
 */
export default function pluginProgressBar(context: LoadContext): Plugin {
  checkStandIn('nprogress', context.siteDir);
  const standIn = require.resolve('./nprogress.ts');
  return {
    name: 'toolhive-progress-bar',
    configureWebpack(config) {
      return {
        ...cacheBuildDependencies(config, [__filename]),
        resolve: {alias: {nprogress$: standIn}},
        plugins: [new StandInGuard('nprogress', standIn)],
      };
    },
  };
}
