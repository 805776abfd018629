/**
 * Stands in for `iconv-lite` in the request explorer (plugins/api-reference
 * points the import here). postman-collection imports the whole library,
 * about 190 KB gzip of code pages, for one job: turning a response body in a
 * charset other than UTF-8 into text. The explorer never asks for that (it
 * reads responses with the browser's fetch), and postman-collection already
 * falls back to UTF-8 when a charset is unknown, which is what this answers.
 */
export function encodingExists(): boolean {
  return false;
}

export function decode(buffer: {toString(): string}): string {
  return buffer.toString();
}
