/**
 * axe-core as every browser test runs it. `@axe-core/playwright` by default
 * runs axe in parts and finishes each run in a new blank page of the same
 * context, passing it every result node, passed ones included; on a long
 * page (the CRD reference, an API operation) that made one call take
 * several seconds more than the audit itself. Legacy mode runs `axe.run` in
 * the page and checks same-origin frames only, which is all this site has
 * (pages load nothing from another origin), and only violations are
 * collected. Every rule still runs.
 *
 * In legacy mode AxeBuilder also evaluates axe-core's 567 KB source in the
 * page twice on every run, about 0.4 s before the audit starts, even when the
 * page has axe already. Here each document gets the source once (the
 * `axe-core` version that `@axe-core/playwright` pins), and the builder is
 * given an empty statement as its `axeSource`, so that it configures and runs
 * the axe already in the page.
 */
import {AxeBuilder} from '@axe-core/playwright';
import axeCore from 'axe-core';
import type {Page} from '@playwright/test';

/** What AxeBuilder evaluates as "the axe-core source": nothing, as the page has it. */
const ALREADY_INJECTED = ';';

/** Evaluates axe-core's source in each frame of the page that does not have it yet. */
async function injectOnce(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const present = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (!present) await frame.evaluate(axeCore.source);
  }
}

/** An AxeBuilder for the page, ready for `.include()`, `.disableRules()` and `.analyze()`. */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({page, axeSource: ALREADY_INJECTED})
    .setLegacyMode()
    .options({resultTypes: ['violations']});
}

/** The violations of a run, one line each: rule, impact, help and up to three targets. */
export async function axeViolations(
  page: Page,
  builder: AxeBuilder = axe(page),
): Promise<string[]> {
  await injectOnce(page);
  const results = await builder.analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
}
