/**
 * The browser tests on a deliberately slow machine: a check of the suite
 * itself. It keeps every CPU core busy (one spinning process per core, at
 * the tests' own priority) while `playwright test` runs, and fails unless
 * every test passes within half of its time limit (E2E_MAX_SHARE=0.5, read by
 * tests/e2e/headroom-reporter.ts, which also prints the slowest tests).
 * Needs a build (`npm run build`).
 *
 * Usage: npm run test:e2e:slow [-- <playwright test arguments>]
 *   E2E_BUSY=<n>        busy processes (default: one per core)
 *   E2E_MAX_SHARE=<f>   the share of a test's limit it may use (default 0.5)
 */
import {spawn, type ChildProcess} from 'node:child_process';
import os from 'node:os';

const busyCount = Number(process.env.E2E_BUSY ?? os.availableParallelism());
const maxShare = process.env.E2E_MAX_SHARE ?? '0.5';

const busy: ChildProcess[] = [];
function stopBusy(): void {
  for (const child of busy) child.kill('SIGKILL');
  busy.length = 0;
}
process.on('exit', stopBusy);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopBusy();
    process.exit(130);
  });
}

for (let i = 0; i < busyCount; i += 1) {
  busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], {stdio: 'ignore'}));
}
console.log(
  `test:e2e:slow: ${busyCount} busy process(es) on ${os.availableParallelism()} core(s); ` +
    `every test must pass within ${Number(maxShare) * 100} % of its time limit`,
);

const started = Date.now();
const tests = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {...process.env, E2E_MAX_SHARE: maxShare},
});
tests.on('exit', (code, signal) => {
  stopBusy();
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(
    `test:e2e:slow: playwright finished in ${minutes} min with ${signal ?? `exit code ${code}`}`,
  );
  process.exit(code ?? 1);
});
