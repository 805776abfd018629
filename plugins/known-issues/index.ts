/**
 * The known-issues ledger as an input of the build. Pages carry its entries
 * as plain content (./remark.ts writes them into the Markdown at compile
 * time), so the bundler's persistent cache sees a page unchanged when only
 * data/known-issues.yaml changed: the server and client bundles could then
 * hold different texts of an entry, and the page would fail to hydrate.
 * Listing the ledger as a build dependency makes a change to it evict the
 * cache, as a change to the plugins' own files does.
 */
import type {Plugin} from '@docusaurus/types';
import {cacheBuildDependencies} from '../cache-dependencies';
import {dataFile} from './data';

export default function pluginKnownIssues(): Plugin {
  return {
    name: 'toolhive-known-issues',
    configureWebpack(config) {
      return cacheBuildDependencies(config, [dataFile]);
    },
  };
}
