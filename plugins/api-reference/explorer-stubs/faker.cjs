/**
 * Stands in for `@faker-js/faker` in the request explorer (plugins/api-reference
 * points the import here). postman-collection imports the whole library,
 * about 110 KB gzip, for Postman's dynamic variables such as
 * `{{$randomCity}}`, which it fills only through variable substitution. The
 * explorer and the code generators never substitute variables, so no
 * generator ever runs; but postman-collection reads generator functions
 * (`faker.address.city`) when it loads. Every property here is one more
 * stand-in, and calling one gives an empty string.
 *
 * CommonJS, because postman-collection `require`s the library and reads its
 * properties off the module object itself.
 */
'use strict';

const fake = new Proxy(() => '', {
  get: (_target, key) => (typeof key === 'symbol' ? undefined : fake),
  apply: () => '',
});

module.exports = fake;
