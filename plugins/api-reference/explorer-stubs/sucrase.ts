/**
 * Stands in for `sucrase` in the request explorer (plugins/api-reference
 * points the import here). The explorer edits request bodies with react-live,
 * whose provider compiles the editor's text as JSX and runs it to draw a
 * preview. The explorer shows no preview, and a JSON body is not a valid
 * program (`{"name": …};` fails to parse), so every compilation ended in an
 * error that react-live stores and the explorer ignores; the site's
 * Content-Security-Policy would refuse to run the result anyway. This throws
 * the same way at once, without 45 KB gzip of compiler.
 */
export function transform(): never {
  throw new SyntaxError('The request explorer does not compile code');
}
