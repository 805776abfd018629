// @ts-check
/**
 * Loader for @docsearch/react 3's module (see ./index.ts): each result list
 * asks autocomplete-core for its props with its own source, so that the list
 * gets the id the search input's `aria-controls` names.
 */

/** The call as DocSearch 3.9 ships it, and the call with the list's source. */
const SHIPPED = 'e.createElement("ul",t.getListProps(),';
const FIXED = 'e.createElement("ul",t.getListProps({source:t.collection.source}),';

/**
 * @param {string} source
 * @returns {string}
 */
function fixListIds(source) {
  const count = source.split(SHIPPED).length - 1;
  if (count !== 1) {
    throw new Error(
      `plugins/docsearch-listbox: expected the result list's getListProps() call once in ` +
        `@docsearch/react, found it ${count} times; check whether the fix is still needed`,
    );
  }
  return source.replace(SHIPPED, FIXED);
}

/** @param {string} source */
module.exports = function docSearchListbox(source) {
  return fixListIds(source);
};
module.exports.fixListIds = fixListIds;
