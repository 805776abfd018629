import type {Plugin} from '@docusaurus/types';
import {cacheBuildDependencies} from '../cache-dependencies';
import {docSearchModule} from '../docsearch-split';

/**
 * Gives each list of results in DocSearch's modal the id that the search
 * input's `aria-controls` names.
 *
 * @docsearch/react 3.9 draws each group of results as a `<ul>` with props from
 * autocomplete-core's `getListProps()`, but without the group's source. Each
 * list then gets the id `docsearch-list` (the same id twice when there are
 * two groups), while the input says it controls `docsearch-hits0-list`,
 * `docsearch-hits1-list`, …, ids that no element has. Screen readers cannot
 * follow the reference, and axe reports `aria-valid-attr-value`. A loader
 * passes the group's source in that one call (DocSearch 4 does the same).
 * It stops the build if the call is not found exactly once.
 */
export default function pluginDocSearchListbox(): Plugin {
  const module = docSearchModule();
  const loader = require.resolve('./loader.cjs');
  return {
    name: 'toolhive-docsearch-listbox',
    configureWebpack(config) {
      return {
        ...cacheBuildDependencies(config, [loader, __filename]),
        module: {rules: [{test: (file: string) => file === module, use: [{loader}]}]},
      };
    },
  };
}
