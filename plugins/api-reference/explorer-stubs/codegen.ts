/**
 * Stands in for the postman-code-generators languages that the request
 * explorer does not offer (plugins/api-reference replaces each one that
 * `languageTabs` in docusaurus.config.ts does not list). The library still
 * lists every language, but the explorer only converts requests for its own
 * tabs, so this is never called; if it were, it answers with an error, as
 * the library does for an unknown language.
 */
export function getOptions(): [] {
  return [];
}

export function convert(
  _request: unknown,
  _options: unknown,
  callback: (error: Error | null, snippet?: string) => void,
): void {
  callback(new Error('This language is not part of the request explorer'));
}
