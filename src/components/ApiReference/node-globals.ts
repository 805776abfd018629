/**
 * Browser stand-ins for the Node.js `process` and `Buffer` globals that the
 * API explorer's dependencies (request builders and code-sample generators)
 * expect. docusaurus-theme-openapi-docs injects them into every bundle with a
 * ProvidePlugin, which also put the `process` shim into the site's main
 * bundle; plugins/openapi-theme removes that plugin, and this module defines
 * the globals instead, only in the API reference chunk. It must be the first
 * import of ./ApiDocItem so the globals exist before the explorer code runs.
 */
import processShim from 'process/browser';
import {Buffer as BufferShim} from 'buffer';

const g = globalThis as unknown as {process?: unknown; Buffer?: unknown};
if (typeof window !== 'undefined') {
  g.process ??= processShim;
  g.Buffer ??= BufferShim;
}
