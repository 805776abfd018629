/**
 * A browser stand-in for the Node.js `process` global that the API theme's
 * dependencies expect. docusaurus-theme-openapi-docs injects it into every
 * bundle with a ProvidePlugin, which also put the shim into the site's main
 * bundle; plugins/api-reference removes that plugin, and this module defines
 * the global instead, only in the API reference chunk. It must be the first
 * import of ../components/ApiDocItem so the global exists before the theme's code runs.
 * `Buffer`, which only the request explorer needs, comes with the explorer
 * (./explorer.ts).
 */
import processShim from 'process/browser';

const g = globalThis as unknown as {process?: unknown};
if (typeof window !== 'undefined') {
  g.process ??= processShim;
}
