// The endpoint on the production host: vercel.json sends /mcp to the
// function in api/mcp.ts and ships it every file the endpoint reads, and the
// function answers an MCP client from the build (`npm run build` first).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import {INDEX_FILE} from '../../search/client/records';
import {LLMS_TXT, parseLlmsTxt} from '../../markdown-twins/llms-txt';
import {twinPath} from '../../markdown-twins/twin-path';
import {MCP_PATH} from '../endpoint';

const root = path.resolve(import.meta.dirname, '../../..');
const FUNCTION = 'api/mcp.ts';

interface HostConfig {
  rewrites?: {source: string; destination: string}[];
  functions?: Record<string, {includeFiles?: string; maxDuration?: number}>;
}
const host = JSON.parse(fs.readFileSync(path.join(root, 'vercel.json'), 'utf8')) as HostConfig;

test('vercel.json sends the endpoint to its function', () => {
  assert.deepEqual(
    host.rewrites?.find((r) => r.source === MCP_PATH),
    {source: MCP_PATH, destination: `/${FUNCTION.replace(/\.ts$/, '')}`},
  );
  assert.ok(fs.existsSync(path.join(root, FUNCTION)));
  assert.ok(host.functions?.[FUNCTION], `no functions entry for ${FUNCTION}`);
});

test("the function's includeFiles hold every file the endpoint reads, and little else", () => {
  const build = path.join(root, 'build');
  assert.ok(
    fs.existsSync(path.join(build, LLMS_TXT)),
    'build/ is missing: run "npm run build" first',
  );
  const pattern = host.functions![FUNCTION]!.includeFiles!;
  const included = new Set(fg.sync(pattern, {cwd: root, dot: true}));
  const read = [
    INDEX_FILE,
    LLMS_TXT,
    ...parseLlmsTxt(fs.readFileSync(path.join(build, LLMS_TXT), 'utf8')).map((e) =>
      twinPath(e.route).slice(1),
    ),
  ].map((f) => `build/${f}`);
  assert.deepEqual(
    read.filter((f) => !included.has(f)),
    [],
  );
  // No pages, scripts or images: only text the endpoint reads.
  assert.deepEqual(
    [...included].filter((f) => !/\.(md|json|txt)$/.test(f)),
    [],
  );
});

test('the function answers an MCP initialize from the build', async () => {
  const {default: fn} = await import('../../../api/mcp');
  const response = await fn.fetch(
    new Request('https://docs.stacklok.com/mcp', {
      method: 'POST',
      headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream'},
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: {name: 't', version: '1'},
        },
      }),
    }),
  );
  assert.equal(response.status, 200);
  assert.match(await response.text(), /"protocolVersion":"2025-11-25".*"name":"toolhive-docs"/s);
});
