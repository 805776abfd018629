/**
 * The browser tests' headroom reporter: a test that passed only on a retry
 * fails the run, and with E2E_MAX_SHARE a test over that share of its time
 * limit does too.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import type {TestCase, TestResult} from '@playwright/test/reporter';
import HeadroomReporter from '../e2e/headroom-reporter';

function testCase(
  id: string,
  outcome: ReturnType<TestCase['outcome']>,
  timeout = 60_000,
): TestCase {
  return {
    id,
    timeout,
    titlePath: () => ['', '', 'tests/e2e/x.spec.ts', id],
    outcome: () => outcome,
  } as unknown as TestCase;
}

const result = (duration: number) => ({duration}) as TestResult;

async function run(
  rows: Array<[TestCase, number]>,
  env: Record<string, string | undefined> = {},
): Promise<{status?: string} | undefined> {
  const saved = {...process.env};
  Object.assign(process.env, env);
  const log = console.log;
  console.log = () => undefined;
  try {
    const reporter = new HeadroomReporter();
    for (const [c, ms] of rows) reporter.onTestEnd(c, result(ms));
    return await reporter.onEnd();
  } finally {
    console.log = log;
    for (const key of Object.keys(env)) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  }
}

test('a run whose tests all passed at once is left as it is', async () => {
  assert.equal(await run([[testCase('a', 'expected'), 40_000]]), undefined);
});

test('a test that passed only on a retry fails the run', async () => {
  assert.deepEqual(await run([[testCase('a', 'flaky'), 1_000]]), {status: 'failed'});
});

test('with E2E_MAX_SHARE, a test over that share of its limit fails the run', async () => {
  const rows: Array<[TestCase, number]> = [
    [testCase('fast', 'expected'), 20_000],
    [testCase('slow', 'expected'), 31_000],
  ];
  assert.deepEqual(await run(rows, {E2E_MAX_SHARE: '0.5'}), {status: 'failed'});
  assert.equal(await run(rows.slice(0, 1), {E2E_MAX_SHARE: '0.5'}), undefined);
  assert.equal(await run(rows), undefined);
});

test('E2E_MAX_SHARE must be a positive number', () => {
  process.env.E2E_MAX_SHARE = 'half';
  try {
    assert.throws(() => new HeadroomReporter(), /E2E_MAX_SHARE/);
  } finally {
    delete process.env.E2E_MAX_SHARE;
  }
});
