/**
 * Playwright reporter that keeps the browser tests honest about time:
 *
 * - A test that passed only on a retry fails the run: a retry may never hide
 *   a slow or flaky test (the config sets `retries: 0`; this holds if that
 *   ever changes, or for `--retries` on the command line).
 * - At the end it prints the slowest tests with their share of their time
 *   limit (`E2E_SLOWEST`, default 10).
 * - With `E2E_MAX_SHARE` set (a fraction, such as 0.5), the run fails when a
 *   test used more than that share of its limit. `npm run test:e2e:slow`
 *   (scripts/e2e-slow.ts) sets it while it keeps every core busy.
 */
import type {FullResult, Reporter, TestCase, TestResult} from '@playwright/test/reporter';

interface Row {
  title: string;
  duration: number;
  timeout: number;
  outcome: ReturnType<TestCase['outcome']>;
}

function envNumber(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

export default class HeadroomReporter implements Reporter {
  private readonly rows = new Map<string, Row>();
  private readonly maxShare = envNumber('E2E_MAX_SHARE');
  private readonly slowest = envNumber('E2E_SLOWEST') ?? 10;

  printsToStdio(): boolean {
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    // The last attempt counts; an earlier failed one makes the outcome "flaky".
    this.rows.set(test.id, {
      title: test.titlePath().filter(Boolean).join(' › '),
      duration: result.duration,
      timeout: test.timeout,
      outcome: test.outcome(),
    });
  }

  async onEnd(): Promise<{status: FullResult['status']} | undefined> {
    const rows = [...this.rows.values()].filter((r) => r.outcome !== 'skipped');
    if (rows.length === 0) return undefined;
    const share = (r: Row) => (r.timeout > 0 ? r.duration / r.timeout : 0);
    const line = (r: Row) =>
      `  ${(r.duration / 1000).toFixed(1).padStart(6)} s of ${(r.timeout / 1000).toFixed(0)} s ` +
      `(${(share(r) * 100).toFixed(0).padStart(3)} %)  ${r.title}`;

    const slowest = [...rows].sort((a, b) => share(b) - share(a)).slice(0, this.slowest);
    console.log(
      `\nSlowest ${slowest.length} of ${rows.length} tests, by share of their time limit:`,
    );
    for (const r of slowest) console.log(line(r));

    const flaky = rows.filter((r) => r.outcome === 'flaky');
    const over = this.maxShare ? rows.filter((r) => share(r) > this.maxShare!) : [];
    if (flaky.length > 0) {
      console.log(`\n${flaky.length} test(s) passed only on a retry, which fails the run:`);
      for (const r of flaky) console.log(`  ${r.title}`);
    }
    if (over.length > 0) {
      console.log(
        `\n${over.length} test(s) used more than ${(this.maxShare! * 100).toFixed(0)} % of their time limit:`,
      );
      for (const r of over) console.log(line(r));
    }
    return flaky.length > 0 || over.length > 0 ? {status: 'failed'} : undefined;
  }
}
