// @ts-check
/**
 * Loader for the page's copy of DocSearch's module (see ./index.ts): marks
 * the initial value of each top-level variable that a call computes as pure
 * (`/*#__PURE__*\/`), so that the minifier drops the variables the page
 * never reads. In DocSearch 3.9 these calls create values only: React
 * components, a debounced function, a regular expression and error classes
 * (tests/unit/docsearch.test.ts checks which calls they are).
 */
const acorn = require('acorn');

/**
 * @param {string} source
 * @returns {string}
 */
function markTopLevelCallsPure(source) {
  const ast = acorn.parse(source, {ecmaVersion: 'latest', sourceType: 'module'});
  /** @type {number[]} */
  const starts = [];
  for (const node of ast.body) {
    if (node.type !== 'VariableDeclaration') continue;
    for (const d of node.declarations) {
      if (d.init?.type === 'CallExpression') starts.push(d.init.start);
    }
  }
  let out = source;
  for (const start of starts.sort((a, b) => b - a)) {
    out = `${out.slice(0, start)}/*#__PURE__*/${out.slice(start)}`;
  }
  return out;
}

/** @param {string} source */
module.exports = function pureCalls(source) {
  return markTopLevelCallsPure(source);
};
module.exports.markTopLevelCallsPure = markTopLevelCallsPure;
