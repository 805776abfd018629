/**
 * Docusaurus's persistent Rspack cache only watches its own files and
 * docusaurus.config.ts. A local plugin whose files shape the bundles
 * (aliases, loaders, module replacements) lists them here, so that a change
 * to one of them evicts the cache. Spread the result into the object that
 * `configureWebpack` returns; it is empty when the cache is off.
 */
export function cacheBuildDependencies(
  config: object,
  files: string[],
): {experiments?: {cache: {buildDependencies: string[]}}} {
  return (config as {experiments?: {cache?: object}}).experiments?.cache
    ? {experiments: {cache: {buildDependencies: files}}}
    : {};
}
