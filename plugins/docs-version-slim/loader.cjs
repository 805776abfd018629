/**
 * Rspack loader for the docs plugin's route props files (JSON): removes the
 * `description` of every doc in a version's doc table (`version.docs`), and
 * leaves every other props file as it is. See ./index.ts for why.
 *
 * CommonJS, because the bundler `require`s loaders.
 */
'use strict';

/** @param {string} source */
module.exports = function dropDocDescriptions(source) {
  const props = JSON.parse(source);
  const docs = props && props.version && props.version.docs;
  if (!docs || typeof docs !== 'object') return source;
  for (const doc of Object.values(docs)) delete doc.description;
  return JSON.stringify(props);
};
