/**
 * axe-core as every browser test runs it. `@axe-core/playwright` by default
 * runs axe in parts and finishes each run in a new blank page of the same
 * context, passing it every result node, passed ones included; on a long
 * page (the CRD reference, an API operation) that made one call take
 * several seconds more than the audit itself. Legacy mode runs `axe.run` in
 * the page and checks same-origin frames only, which is all this site has
 * (pages load nothing from another origin), and only violations are
 * collected. Every rule still runs.
 */
import {AxeBuilder} from '@axe-core/playwright';
import type {Page} from '@playwright/test';

/** An AxeBuilder for the page, ready for `.include()`, `.disableRules()` and `.analyze()`. */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({page}).setLegacyMode().options({resultTypes: ['violations']});
}

/** The violations of a run, one line each: rule, impact, help and up to three targets. */
export async function axeViolations(
  page: Page,
  builder: AxeBuilder = axe(page),
): Promise<string[]> {
  const results = await builder.analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
}
