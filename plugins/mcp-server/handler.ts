/**
 * The MCP endpoint (`/mcp`): one web-standard handler, `(Request) =>
 * Promise<Response>`, that the production host runs as a function
 * (api/mcp.ts) and the local server runs in-process (scripts/serve-build.ts
 * through ./node.ts), so both answer with the same code.
 *
 * Streamable HTTP, stateless: every POST is served by a fresh server from
 * `createMcpHandler` of the official TypeScript SDK, which speaks the
 * 2026-07-28 revision of the specification and answers clients of the
 * 2025 revisions (`initialize`, then requests) from the same tools. No
 * session is kept, so any number of clients can call at once and GET (a
 * session's event stream) and DELETE (ending a session) get 405.
 *
 * In front of the SDK, this module answers what the SDK would otherwise
 * take differently per protocol era: a method other than POST, an `Accept`
 * header without both JSON and event streams, an `Origin` (and, on a local
 * server, a `Host`) outside the allowed names, as the specification asks
 * against DNS rebinding. Errors never carry a file path or a stack.
 */
import path from 'node:path';
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  McpServer,
  originValidationResponse,
} from '@modelcontextprotocol/server';
import {loadCorpora, type DocsCorpora, type DocsCorpus} from './corpus';
import {MCP_PATH, MCP_SERVER_NAME} from './endpoint';
import {registerTools, serverInstructions} from './tools';

export {MCP_PATH};

/** The largest request body read, in bytes: a tool call is a few hundred bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

export const SERVER_INFO = {
  name: MCP_SERVER_NAME,
  title: 'ToolHive documentation',
  version: '1.0.0',
};

export interface DocsMcpOptions {
  /** The built site (`npm run build` output). */
  buildDir: string;
  /**
   * A server on the reader's own machine (`npm run serve`): the `Host` must
   * be a loopback name and a browser's `Origin` a loopback origin. Otherwise
   * (the production host) a browser's `Origin` must be the site's own host
   * or a loopback origin.
   */
  local?: boolean;
  /**
   * Loads the corpus of every docs version (or of one); by default from
   * `buildDir`, once, on the first request.
   */
  load?: (buildDir: string) => DocsCorpora | DocsCorpus;
}

export interface DocsMcpHandler {
  fetch(request: Request): Promise<Response>;
  /** The corpus of the version at the root, loaded now if it was not yet. */
  corpus(): DocsCorpus;
  /** Every version's corpus, loaded now if it was not yet. */
  corpora(): DocsCorpora;
}

function jsonRpcError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({jsonrpc: '2.0', error: {code, message}, id: null}), {
    status,
    headers: {'Content-Type': 'application/json', ...headers},
  });
}

/**
 * Whether an `Accept` header lists both a JSON body and an event stream, as
 * the specification requires of clients (the SDK asks the same of 2025-era
 * requests; wildcards are not enough there either).
 */
function acceptsBoth(accept: string | null): boolean {
  const types = (accept ?? '').split(',').map((t) => t.split(';')[0]!.trim().toLowerCase());
  return types.includes('application/json') && types.includes('text/event-stream');
}

export function createDocsMcpHandler(options: DocsMcpOptions): DocsMcpHandler {
  const load = options.load ?? loadCorpora;
  let corpora: DocsCorpora | null = null;
  const getCorpora = (): DocsCorpora => {
    if (!corpora) {
      const loaded = load(options.buildDir);
      corpora = 'all' in loaded ? loaded : {all: [loaded], root: loaded};
    }
    return corpora;
  };
  const getCorpus = () => getCorpora().root;

  const sdk = createMcpHandler(
    ({requestInfo}) => {
      const all = getCorpora();
      const server = new McpServer(SERVER_INFO, {
        instructions: serverInstructions(all.all.length > 1 ? all : undefined),
        maxToolInputElements: 64,
      });
      let servingOrigin: string | undefined;
      try {
        servingOrigin = requestInfo ? new URL(requestInfo.url).origin : undefined;
      } catch {
        servingOrigin = undefined;
      }
      registerTools(server, {
        corpus: all.root,
        corpora: all.all.length > 1 ? all : undefined,
        servingOrigin,
      });
      return server;
    },
    {maxRequestBodySize: MAX_BODY_BYTES, onerror: () => {}},
  );

  async function fetch(request: Request): Promise<Response> {
    if (request.method !== 'POST') {
      return jsonRpcError(
        405,
        -32000,
        'Method not allowed: this endpoint answers POST requests only. It keeps no sessions, so it has no event stream to GET and no session to DELETE.',
        {Allow: 'POST'},
      );
    }
    if (options.local) {
      const host = hostHeaderValidationResponse(request, localhostAllowedHostnames());
      if (host) return host;
    }
    let docs: DocsCorpus;
    try {
      docs = getCorpus();
    } catch (error) {
      console.error('[mcp-server] the built docs could not be loaded:', error);
      return jsonRpcError(503, -32603, 'The documentation index is not available on this server.');
    }
    const origins = options.local
      ? localhostAllowedOrigins()
      : [new URL(docs.siteUrl).hostname, ...localhostAllowedOrigins()];
    const origin = originValidationResponse(request, origins);
    if (origin) return origin;
    if (!acceptsBoth(request.headers.get('accept'))) {
      return jsonRpcError(
        406,
        -32000,
        'Not Acceptable: the Accept header must list both application/json and text/event-stream.',
      );
    }
    try {
      return await sdk.fetch(request);
    } catch (error) {
      console.error('[mcp-server] request failed:', error);
      return jsonRpcError(500, -32603, 'Internal error.');
    }
  }

  return {fetch, corpus: getCorpus, corpora: getCorpora};
}

/** The build folder next to the working directory, as the production function finds it. */
export function defaultBuildDir(): string {
  return path.join(process.cwd(), 'build');
}
