/**
 * Rspack loader for the docs plugin's route props files (JSON): empties the
 * entry of every doc in a version's doc table (`version.docs`), keeping its
 * key, and leaves every other props file as it is. See ./index.ts for why.
 *
 * CommonJS, because the bundler `require`s loaders.
 */
'use strict';

/** @param {string} source */
module.exports = function emptyDocTable(source) {
  const props = JSON.parse(source);
  const docs = props && props.version && props.version.docs;
  if (!docs || typeof docs !== 'object') return source;
  for (const id of Object.keys(docs)) docs[id] = {};
  return JSON.stringify(props);
};
