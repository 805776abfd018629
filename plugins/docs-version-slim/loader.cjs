/**
 * Rspack loader for the docs plugin's route props files (JSON): empties the
 * entry of every doc in a version's doc table (`version.docs`), keeping its
 * key, and leaves every other props file as it is. See ./index.ts for why.
 *
 * It stops the build when a version's props no longer have the shape it was
 * written for (a doc table whose entries hold other fields than the ones
 * below), since the theme might then read what it empties.
 *
 * CommonJS, because the bundler `require`s loaders.
 */
'use strict';

/** The fields of a doc table entry in @docusaurus/plugin-content-docs 3.10. */
const DOC_FIELDS = new Set(['id', 'title', 'description', 'sidebar']);

/** @param {string} source */
module.exports = function emptyDocTable(source) {
  const props = JSON.parse(source);
  const version = props && props.version;
  if (!version || typeof version !== 'object') return source;
  const docs = version.docs;
  if (!docs || typeof docs !== 'object' || !version.docsSidebars) {
    throw new Error(
      'plugins/docs-version-slim: the docs version props have no doc table (version.docs) ' +
        'or no sidebars; the docs plugin changed its props, check the plugin against it.',
    );
  }
  for (const [id, doc] of Object.entries(docs)) {
    const other = Object.keys(doc || {}).filter((key) => !DOC_FIELDS.has(key));
    if (typeof doc !== 'object' || doc === null || other.length > 0) {
      throw new Error(
        `plugins/docs-version-slim: the doc table entry of ${id} has fields it does not ` +
          `know (${other.join(', ')}); check what the theme reads from them before emptying.`,
      );
    }
    docs[id] = {};
  }
  return JSON.stringify(props);
};
