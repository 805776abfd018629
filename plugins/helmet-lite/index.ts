import type {LoadContext, Plugin} from '@docusaurus/types';
import {cacheBuildDependencies} from '../cache-dependencies';
import {checkStandIn, StandInGuard} from '../stand-ins';

/**
 * The document head in the browser without react-helmet-async.
 *
 * Docusaurus manages `<title>`, meta and link tags and `<html>` attributes
 * with react-helmet-async (`@docusaurus/Head`). Pre-rendering needs the
 * package (it collects the tags into each HTML file) and keeps it; in the
 * browser its job is to update the head as pages change, for which the
 * package's 4.9 KB gzip sit in every page's entry bundle. ./helmet.tsx does
 * that job with the package's merge rules in about a quarter of the size.
 * Guarded as `STAND_INS.helmet` (../stand-ins.ts).
 */
export default function pluginHelmetLite(context: LoadContext): Plugin {
  checkStandIn('helmet', context.siteDir);
  const standIn = require.resolve('./helmet.tsx');
  return {
    name: 'toolhive-helmet-lite',
    configureWebpack(config, isServer) {
      if (isServer) return {};
      return {
        ...cacheBuildDependencies(config, [__filename]),
        resolve: {alias: {'react-helmet-async$': standIn}},
        plugins: [new StandInGuard('helmet', standIn)],
      };
    },
  };
}
