/**
 * Stands in for postman-collection's entry point in the request explorer
 * (plugins/api-reference points the bare `postman-collection` import here;
 * deep imports such as `postman-collection/lib/collection/url`, which the
 * code generators use, still reach the package).
 *
 * The package's entry loads every class it has, and with them the libraries
 * that only responses, collections and content types need: semver,
 * http-reasons, liquid-json, file-type, mime and mime-format. The explorer
 * builds a Request with the classes below, sends it with fetch and reads the
 * response itself; the code generators take that Request. These are the
 * package's own classes, so everything that uses them behaves the same.
 * plugins/api-reference/__tests__/explorer-stubs.test.ts fails if the theme starts using a class
 * that is not here.
 *
 * CommonJS, like the package: the theme `require`s it.
 */
'use strict';

module.exports = {
  Cookie: require('postman-collection/lib/collection/cookie').Cookie,
  CookieList: require('postman-collection/lib/collection/cookie-list').CookieList,
  FormParam: require('postman-collection/lib/collection/form-param').FormParam,
  QueryParam: require('postman-collection/lib/collection/query-param').QueryParam,
  Request: require('postman-collection/lib/collection/request').Request,
  Variable: require('postman-collection/lib/collection/variable').Variable,
};
