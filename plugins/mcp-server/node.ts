/**
 * The endpoint on Node's own HTTP server (scripts/serve-build.ts): turns the
 * incoming message into a web `Request`, with its body streamed (the
 * handler reads only up to its size limit), and writes the `Response` back,
 * streaming its body.
 */
import type {IncomingMessage, ServerResponse} from 'node:http';

type FetchHandler = (request: Request) => Promise<Response>;

function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  const chunks = req[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const {value, done} = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value as Buffer));
      } catch (error) {
        controller.error(error);
      }
    },
    cancel() {
      req.destroy();
    },
  });
}

export function toWebRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const host =
    req.headers.host && !/[\s/\\@]/.test(req.headers.host) ? req.headers.host : 'localhost';
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', `http://${host}`), {
    method,
    headers,
    body: hasBody ? bodyStream(req) : undefined,
    // Node's fetch needs this for a streamed body.
    duplex: 'half',
  } as RequestInit);
}

export async function writeWebResponse(
  response: Response,
  res: ServerResponse,
  extraHeaders: Record<string, string> = {},
): Promise<void> {
  res.statusCode = response.status;
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.on('close', () => void reader.cancel().catch(() => {}));
  try {
    for (;;) {
      const {value, done} = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise((resolve) => res.once('drain', resolve));
    }
  } catch {
    // The client went away.
  }
  res.end();
}

/** A Node request listener that answers with a web handler. */
export function nodeListener(
  handler: FetchHandler,
  extraHeaders: () => Record<string, string> = () => ({}),
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    let request: Request;
    try {
      request = toWebRequest(req);
    } catch {
      res.writeHead(400, {'Content-Type': 'text/plain'}).end('Bad request');
      return;
    }
    handler(request)
      .then((response) => writeWebResponse(response, res, extraHeaders()))
      .catch(() => {
        if (!res.headersSent) res.writeHead(500, {'Content-Type': 'text/plain'});
        res.end();
      });
  };
}
