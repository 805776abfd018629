/**
 * The axe helper every browser test uses (./axe.ts) finds violations, on a
 * page's first audit, on a second audit of the same document (axe is
 * injected once per document) and after a navigation; a known finding
 * leaves out only the element it names.
 */
import {expect, test} from '@playwright/test';
import {axe, axeViolations} from './axe';

const BROKEN = '<html lang="en"><title>t</title><main><h1>t</h1><img src="data:,"></main></html>';
const FIXED =
  '<html lang="en"><title>t</title><main><h1>t</h1><img src="data:," alt="A dot"></main></html>';

test('the axe helper reports violations on every run and after a navigation', async ({page}) => {
  await page.setContent(BROKEN);
  const first = await axeViolations(page);
  expect(first.some((v) => v.startsWith('image-alt'))).toBe(true);
  // The same document, audited again with axe already in it, and in part.
  expect(
    (await axeViolations(page, axe(page).include('main'))).some((v) => v.startsWith('image-alt')),
  ).toBe(true);
  await page.setContent(FIXED);
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/404.html');
  await page.setContent(BROKEN);
  expect((await axeViolations(page)).some((v) => v.startsWith('image-alt'))).toBe(true);
});

test('a known finding leaves out one element, not the rule', async ({page}) => {
  await page.setContent(
    '<html lang="en"><title>t</title><main><h1>t</h1>' +
      '<img id="a" src="data:,"><img id="b" src="data:,"></main></html>',
  );
  const known = [{rule: 'image-alt', target: '#a'}];
  const violations = await axeViolations(page, axe(page), known);
  expect(violations).toHaveLength(1);
  expect(violations[0]).toMatch(/^image-alt .* — #b$/);
  await page.setContent(
    '<html lang="en"><title>t</title><main><h1>t</h1><img id="a" src="data:,"></main></html>',
  );
  expect(await axeViolations(page, axe(page), known)).toEqual([]);
});
