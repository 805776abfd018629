/**
 * A bounded load on the MCP endpoint over loopback: the production build
 * served by scripts/serve-build.ts in a process of its own, and SDK clients
 * (half speaking the 2026-07-28 revision, half the 2025 one) calling the
 * four tools with realistic arguments, a fixed number of calls at a fixed
 * concurrency. Prints the errors (calls that threw or answered with
 * isError; there should be none), the latency of each tool (p50, p95, max),
 * the throughput, and the server's resident memory before and after the run.
 * A benchmark, not a test: nothing here passes or fails.
 *
 * Usage:
 *   tsx scripts/bench/mcp.ts [--calls 2000] [--concurrency 20] [--port 3211] [--dir build]
 */
import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Client, StreamableHTTPClientTransport} from '@modelcontextprotocol/client';
import {LLMS_TXT, parseLlmsTxt} from '../../plugins/markdown-twins/llms-txt';
import {MCP_PATH} from '../../plugins/mcp-server/endpoint';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const CALLS = Number(arg('calls', '2000'));
const CONCURRENCY = Number(arg('concurrency', '20'));
const PORT = Number(arg('port', '3211'));
const DIR = path.resolve(ROOT, arg('dir', 'build'));
const URL_ = `http://127.0.0.1:${PORT}${MCP_PATH}`;

/** Resident memory of a process, from /proc (Linux), in MB; null elsewhere. */
function rssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

async function startServer(): Promise<ChildProcess> {
  const server = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'scripts/serve-build.ts'),
      '--port',
      String(PORT),
      '--dir',
      DIR,
    ],
    {cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit']},
  );
  await new Promise<void>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
    server.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Serving')) resolve();
    });
  });
  return server;
}

interface Call {
  tool: string;
  args: Record<string, unknown>;
}

/** The calls, in a fixed order that cycles through the tools and their arguments. */
function workload(): Call[] {
  const queries = [
    'relevance.json',
    'relevance-held-out.json',
    'relevance-current-tuning.json',
    'relevance-current.json',
  ].flatMap((file) =>
    (
      JSON.parse(fs.readFileSync(path.join(ROOT, 'plugins/search/__tests__', file), 'utf8')) as {
        cases: {query: string}[];
      }
    ).cases.map((c) => c.query),
  );
  const entries = parseLlmsTxt(fs.readFileSync(path.join(DIR, LLMS_TXT), 'utf8'));
  const routes = entries.map((e) => e.route);
  const commands = entries
    .filter((e) => e.route.includes('/reference/cli/') && e.title.startsWith('thv'))
    .map((e) => e.title);
  const operations = entries
    .filter((e) => e.route.includes('/reference/api/') && !e.route.endsWith('/api'))
    .map((e) => e.title);
  const calls: Call[] = [];
  for (let i = 0; calls.length < CALLS; i += 1) {
    const pick = <T>(list: T[]) => list[i % list.length]!;
    calls.push({tool: 'search_docs', args: {query: pick(queries)}});
    calls.push({tool: 'get_page', args: {url: pick(routes)}});
    calls.push({tool: 'get_cli_command', args: {command: pick(commands)}});
    calls.push({tool: 'get_api_operation', args: {operation: pick(operations)}});
  }
  return calls.slice(0, CALLS);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(DIR, LLMS_TXT))) {
    console.error(`No build in ${DIR}. Run "npm run build" first.`);
    process.exit(1);
  }
  const server = await startServer();
  try {
    const calls = workload();
    const clients = await Promise.all(
      Array.from({length: CONCURRENCY}, async (_, i) => {
        const client = new Client(
          {name: `bench-${i}`, version: '1.0.0'},
          i % 2 === 0 ? {versionNegotiation: {mode: {pin: '2026-07-28'}}} : {},
        );
        await client.connect(new StreamableHTTPClientTransport(new URL(URL_)));
        return client;
      }),
    );
    // One call of each tool first, so the numbers do not include the first
    // compilation of the server's code.
    for (const tool of ['search_docs', 'get_page', 'get_cli_command', 'get_api_operation'])
      await clients[0]!.callTool({name: tool, arguments: calls.find((c) => c.tool === tool)!.args});
    const before = rssMb(server.pid!);

    const times = new Map<string, number[]>();
    const errors: string[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      clients.map(async (client) => {
        while (next < calls.length) {
          const call = calls[next++]!;
          const t0 = performance.now();
          try {
            const result = await client.callTool({name: call.tool, arguments: call.args});
            if (result.isError)
              errors.push(
                `${call.tool} ${JSON.stringify(call.args)}: ${JSON.stringify(result.content).slice(0, 120)}`,
              );
          } catch (error) {
            errors.push(`${call.tool} ${JSON.stringify(call.args)}: ${(error as Error).message}`);
          }
          const list = times.get(call.tool) ?? [];
          list.push(performance.now() - t0);
          times.set(call.tool, list);
        }
      }),
    );
    const wall = performance.now() - started;
    const after = rssMb(server.pid!);
    await Promise.all(clients.map((c) => c.close()));

    console.log(`MCP endpoint: ${calls.length} calls, ${CONCURRENCY} at once, over ${URL_}`);
    console.log(
      `(clients: ${Math.ceil(CONCURRENCY / 2)} on protocol 2026-07-28, ${Math.floor(CONCURRENCY / 2)} on 2025-11-25)\n`,
    );
    console.log('tool                calls     p50 ms     p95 ms     max ms');
    for (const [tool, list] of times) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(
        `${tool.padEnd(18)} ${String(sorted.length).padStart(6)} ${percentile(sorted, 50).toFixed(1).padStart(10)} ${percentile(sorted, 95).toFixed(1).padStart(10)} ${sorted.at(-1)!.toFixed(1).padStart(10)}`,
      );
    }
    console.log(`\nerrors: ${errors.length}`);
    for (const e of errors.slice(0, 10)) console.log(`  ${e}`);
    console.log(
      `wall time: ${(wall / 1000).toFixed(1)} s, ${(calls.length / (wall / 1000)).toFixed(0)} calls/s`,
    );
    const mb = (n: number | null) => (n === null ? 'n/a' : `${n.toFixed(0)} MB`);
    console.log(`server resident memory: ${mb(before)} before the run, ${mb(after)} after`);
  } finally {
    server.kill();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
