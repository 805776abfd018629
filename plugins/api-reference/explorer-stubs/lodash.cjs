/**
 * Stands in for the whole of lodash where postman-collection and the Node.js
 * (axios) code generator import it (plugins/api-reference points their bare
 * `lodash` import here). They `require('lodash')`, which brings all 300-odd
 * functions, about 25 KB gzip; they call the ones below, taken from lodash's
 * own per-function modules, so each behaves exactly as before.
 *
 * Beyond the functions:
 * - `noConflict()` and `mixin(source)`: postman-collection adds its own
 *   helpers to the object it gets, and reads them back as `_.inherit` and
 *   so on;
 * - `_(value)`: postman-collection chains once, as
 *   `_(src).pickBy(…).mapKeys(…).value()`.
 *
 * plugins/api-reference/__tests__/explorer-stubs.test.ts reads those packages and fails if they
 * call a lodash function that is not here, or chain differently.
 *
 * CommonJS, like the packages that import it.
 */
'use strict';

const functions = {
  assign: require('lodash/assign'),
  castArray: require('lodash/castArray'),
  clone: require('lodash/clone'),
  cloneDeep: require('lodash/cloneDeep'),
  cloneDeepWith: require('lodash/cloneDeepWith'),
  concat: require('lodash/concat'),
  endsWith: require('lodash/endsWith'),
  filter: require('lodash/filter'),
  find: require('lodash/find'),
  forEach: require('lodash/forEach'),
  forEachRight: require('lodash/forEachRight'),
  forOwn: require('lodash/forOwn'),
  get: require('lodash/get'),
  has: require('lodash/has'),
  includes: require('lodash/includes'),
  intersection: require('lodash/intersection'),
  isArray: require('lodash/isArray'),
  isBoolean: require('lodash/isBoolean'),
  isEmpty: require('lodash/isEmpty'),
  isFunction: require('lodash/isFunction'),
  isNaN: require('lodash/isNaN'),
  isNil: require('lodash/isNil'),
  isNull: require('lodash/isNull'),
  isNumber: require('lodash/isNumber'),
  isObject: require('lodash/isObject'),
  isPlainObject: require('lodash/isPlainObject'),
  isString: require('lodash/isString'),
  isUndefined: require('lodash/isUndefined'),
  keys: require('lodash/keys'),
  map: require('lodash/map'),
  mapKeys: require('lodash/mapKeys'),
  mergeWith: require('lodash/mergeWith'),
  noop: require('lodash/noop'),
  omit: require('lodash/omit'),
  parseInt: require('lodash/parseInt'),
  pick: require('lodash/pick'),
  pickBy: require('lodash/pickBy'),
  reduce: require('lodash/reduce'),
  remove: require('lodash/remove'),
  split: require('lodash/split'),
  startsWith: require('lodash/startsWith'),
  tail: require('lodash/tail'),
  transform: require('lodash/transform'),
  trim: require('lodash/trim'),
  trimStart: require('lodash/trimStart'),
  union: require('lodash/union'),
  uniq: require('lodash/uniq'),
  unset: require('lodash/unset'),
};

/** The functions that may follow `_(value)`. */
const CHAINABLE = ['pickBy', 'mapKeys'];

function Chain(value) {
  this.wrapped = value;
}
Chain.prototype.value = function value() {
  return this.wrapped;
};
CHAINABLE.forEach((name) => {
  Chain.prototype[name] = function chained(...args) {
    return new Chain(functions[name](this.wrapped, ...args));
  };
});

function lodash(value) {
  return new Chain(value);
}
Object.assign(lodash, functions);
lodash.mixin = (source) => Object.assign(lodash, source);
lodash.noConflict = () => lodash;

module.exports = lodash;
