/**
 * Serves the production build the way the host does: the `cleanUrls`,
 * `trailingSlash`, `redirects` and `headers` settings of vercel.json
 * (Content-Security-Policy included), 404.html for unknown paths, and compressed responses
 * (gzip or Brotli, as the browser accepts), as the host's CDN sends them.
 * Browser tests and the audit run against it, so a header mistake fails a
 * test and Lighthouse sees the transfer sizes readers get.
 *
 * `/mcp` is the docs' MCP endpoint, answered by the same handler module as
 * on the host (plugins/mcp-server/handler.ts), here in-process and for
 * loopback hosts and origins only.
 *
 * Usage: tsx scripts/serve-build.ts [--port 3100] [--dir build]
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import handler from 'serve-handler';
import {createDocsMcpHandler, MCP_PATH} from '../plugins/mcp-server/handler';
import {nodeListener} from '../plugins/mcp-server/node';

interface VercelHeaderRule {
  source: string;
  headers: {key: string; value: string}[];
}
interface VercelConfig {
  cleanUrls?: boolean;
  trailingSlash?: boolean;
  headers?: VercelHeaderRule[];
  redirects?: {source: string; destination: string; permanent?: boolean}[];
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

/**
 * vercel.json sources use path-to-regexp; serve-handler matches globs. A
 * wildcard followed by a suffix in the same segment, such as `/(.*).md`,
 * becomes `**` and `*.md` as two segments, since a glob's `**` spans folders
 * only as a whole segment.
 */
export function toGlob(source: string): string {
  return source
    .replace(/\(\.\*\)(?=[^/])/g, '**/*')
    .replace(/\(\.\*\)/g, '**')
    .replace(/:\w+\*/g, '**');
}

export function loadHostConfig(root = process.cwd()): VercelConfig {
  return JSON.parse(fs.readFileSync(path.join(root, 'vercel.json'), 'utf8')) as VercelConfig;
}

export function createServer(dir: string, vercel: VercelConfig): http.Server {
  const options = {
    public: dir,
    cleanUrls: vercel.cleanUrls ?? false,
    trailingSlash: vercel.trailingSlash,
    directoryListing: false,
    headers: (vercel.headers ?? []).map((rule) => ({
      source: toGlob(rule.source),
      headers: rule.headers,
    })),
  };
  const compress = compression();
  const mcp = createDocsMcpHandler({buildDir: dir, local: true});
  // The host's headers apply to the endpoint's answers too.
  const mcpHeaders = headersFor(vercel, MCP_PATH);
  const answerMcp = nodeListener(mcp.fetch, () => mcpHeaders);
  // Load the docs now rather than on the first call, and say so if they are missing.
  setImmediate(() => {
    try {
      mcp.corpus();
    } catch (error) {
      console.error(`The MCP endpoint cannot load the build: ${(error as Error).message}`);
    }
  });
  // vercel.json's redirects (literal paths, as scripts/checks/csp.ts writes
  // them), answered as the host does: the query string goes along.
  const redirects = new Map((vercel.redirects ?? []).map((r) => [r.source, r]));
  const server = http.createServer((req, res) => {
    const pathname = pathnameOf(req.url);
    if (pathname === MCP_PATH) {
      answerMcp(req, res);
      return;
    }
    const redirect = redirects.get(pathname.replace(/(.)\/$/, '$1'));
    if (redirect) {
      const search = new URL(req.url ?? '/', 'http://localhost').search;
      res.writeHead(redirect.permanent === false ? 307 : 308, {
        Location: `${redirect.destination}${search}`,
      });
      res.end();
      return;
    }
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {
      void handler(req, res, options);
    });
  });
  // Idle keep-alive connections stay open for a minute rather than Node's
  // 5 s, so that a client that reuses one on a busy machine does not race
  // the server closing it (the request would fail with ECONNRESET).
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 65_000;
  return server;
}

function pathnameOf(url: string | undefined): string {
  try {
    return new URL(url ?? '/', 'http://localhost').pathname;
  } catch {
    return '';
  }
}

/** The headers vercel.json gives a path (its sources as regular expressions). */
export function headersFor(vercel: VercelConfig, pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of vercel.headers ?? []) {
    const pattern = rule.source
      .split('(.*)')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('(.*)');
    if (new RegExp(`^${pattern}$`).test(pathname))
      for (const {key, value} of rule.headers) out[key] = value;
  }
  return out;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const port = Number(arg('port', '3100'));
  const dir = path.resolve(arg('dir', 'build'));
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`No build in ${dir}. Run "npm run build" first.`);
    process.exit(1);
  }
  createServer(dir, loadHostConfig()).listen(port, '127.0.0.1', () => {
    console.log(`Serving ${dir} at http://127.0.0.1:${port}`);
  });
}
