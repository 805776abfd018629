/**
 * Stands in for `crypto-js` in the API theme: plugins/api-reference points
 * the theme's import here. The theme only calls `SHA1(message).toString()`
 * (to name the credentials it stores per API), yet the whole library, about
 * 30 KB gzip, loaded on every API page. This object offers that one function,
 * from crypto-js's own SHA-1 module.
 */
import SHA1 from 'crypto-js/sha1';

const cryptoJs = {SHA1};
export default cryptoJs;
