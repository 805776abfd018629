/**
 * A browser stand-in for the Node.js `Buffer` global, which the request
 * explorer's request builders and code-sample generators expect (see
 * ./node-globals for why the theme's own injection is gone). Imported first
 * by ./explorer, so it loads with the explorer's chunk and not with every API
 * page.
 */
import {Buffer as BufferShim} from 'buffer';

const g = globalThis as unknown as {Buffer?: unknown};
if (typeof window !== 'undefined') {
  g.Buffer ??= BufferShim;
}
