/**
 * Rspack loader for the API reference's stylesheet (see ./index.ts): removes
 * the style rules of request-sample language tabs that the site does not
 * show. The theme styles a tab for each of the 20-odd languages its code
 * generators know, each with its logo as an inline image; those rules are
 * about 40 % of the stylesheet, which every API page downloads before it
 * renders. A rule goes only when every one of its selectors names a dropped
 * language's tab class; other tab modifiers (such as `--variant`) stay.
 *
 * Options: `languages`, the language keys whose tabs to drop.
 * CommonJS, because the bundler `require`s loaders.
 */
'use strict';

const postcss = require('postcss');

/**
 * @param {string} css
 * @param {string[]} languages
 * @returns {string}
 */
function dropLanguageTabs(css, languages) {
  if (languages.length === 0) return css;
  const escaped = languages.map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const tab = new RegExp(`\\.openapi-tabs__code-item--(?:${escaped.join('|')})(?![\\w-])`);
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) => !tab.test(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  return root.toString();
}

/** @this {{getOptions(): {languages: string[]}}} */
module.exports = function loader(css) {
  return dropLanguageTabs(css, this.getOptions().languages);
};
module.exports.dropLanguageTabs = dropLanguageTabs;
