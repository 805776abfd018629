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
 * In legacy mode AxeBuilder also evaluates axe-core's source in the page
 * twice on every run, about 0.4 s before the audit starts, even when the page
 * has axe already. Here each document gets the source once (the `axe-core`
 * version that `@axe-core/playwright` pins), and the builder is given an
 * empty statement as its `axeSource`, so that it configures and runs the axe
 * already in the page.
 *
 * The source is axe-core's minified build, `axe.min.js` (650 KB), not the
 * readable `axe.js` (1.5 MB) that `axe-core`'s `source` export holds: the
 * same code, which a page evaluates in about 0.2 s instead of 0.3 s.
 */
import fs from 'node:fs';
import {AxeBuilder} from '@axe-core/playwright';
import type {Page} from '@playwright/test';

/** axe-core's minified build, evaluated once in each document that runs an audit. */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** What AxeBuilder evaluates as "the axe-core source": nothing, as the page has it. */
const ALREADY_INJECTED = ';';

/** Evaluates axe-core's source in each frame of the page that does not have it yet. */
async function injectOnce(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const present = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (!present) await frame.evaluate(AXE_SOURCE);
  }
}

/** An AxeBuilder for the page, ready for `.include()`, `.disableRules()` and `.analyze()`. */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({page, axeSource: ALREADY_INJECTED})
    .setLegacyMode()
    .options({resultTypes: ['violations']});
}

/**
 * A finding to leave out of a run's violations: the rule, on the one element
 * the selector `target` names (as axe reports it). Only for markup of another
 * package that the site cannot change, each with the reason where it is used.
 */
export interface KnownFinding {
  rule: string;
  target: string;
}

/**
 * The violations of a run, one line each: rule, impact, help and up to three
 * targets. A violation's elements that `known` names are left out; the rule
 * still runs on every other element.
 */
export async function axeViolations(
  page: Page,
  builder: AxeBuilder = axe(page),
  known: KnownFinding[] = [],
): Promise<string[]> {
  await injectOnce(page);
  const results = await builder.analyze();
  const isKnown = (rule: string, target: string) =>
    known.some((k) => k.rule === rule && k.target === target);
  return results.violations
    .map((v) => ({...v, nodes: v.nodes.filter((n) => !isKnown(v.id, n.target.join(' ')))}))
    .filter((v) => v.nodes.length > 0)
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}
