/**
 * renovate.json: updates wait a few days after a release, packages that must
 * share a version come in one group, and GitHub Actions are pinned by
 * digest. The groups are checked against package.json, so a new Docusaurus
 * or OpenAPI docs package is covered or the test says so.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

const ROOT = path.resolve(__dirname, '..', '..');

interface PackageRule {
  groupName?: string;
  matchPackageNames?: string[];
  matchManagers?: string[];
  pinDigests?: boolean;
  minimumReleaseAge?: string;
}

interface RenovateConfig {
  extends?: string[];
  minimumReleaseAge?: string;
  pinDigests?: boolean;
  packageRules?: PackageRule[];
}

const config = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'renovate.json'), 'utf8'),
) as RenovateConfig;
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const declared = Object.keys({...pkg.dependencies, ...pkg.devDependencies});

/** Whether a `matchPackageNames` entry (exact name or `*` glob) matches. */
function matches(pattern: string, name: string): boolean {
  if (pattern.startsWith('/') || pattern.startsWith('!')) {
    throw new Error(`unsupported pattern in this test: ${pattern}`);
  }
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(name);
}

/** The names of the groups whose rules match a package. */
function groupsOf(name: string): string[] {
  return (config.packageRules ?? [])
    .filter((r) => r.groupName && r.matchPackageNames?.some((p) => matches(p, name)))
    .map((r) => r.groupName!);
}

/** Days in a Renovate duration such as "3 days" or "1 week". */
function days(duration: string): number {
  const m = /^(\d+)\s*(day|days|week|weeks)$/.exec(duration.trim());
  assert.ok(m, `a duration in days or weeks: ${duration}`);
  return Number(m[1]) * (m[2]!.startsWith('week') ? 7 : 1);
}

test('new releases wait a few days', () => {
  assert.ok(config.minimumReleaseAge, 'minimumReleaseAge is set for every update');
  const wait = days(config.minimumReleaseAge);
  assert.ok(wait >= 3 && wait <= 14, `${wait} days`);
  // No rule lifts the wait for some packages.
  for (const rule of config.packageRules ?? []) {
    if (rule.minimumReleaseAge) assert.ok(days(rule.minimumReleaseAge) >= wait, rule.groupName);
  }
});

test('every Docusaurus package is in one group', () => {
  const docusaurus = declared.filter((n) => n.startsWith('@docusaurus/'));
  assert.ok(docusaurus.length > 5);
  for (const name of docusaurus) assert.deepEqual(groupsOf(name), ['Docusaurus'], name);
  assert.deepEqual(groupsOf('react'), []);
});

/** Both packages are declared and in one group, the same one, which it returns (as `groupsOf` does). */
function oneGroup(a: string, b: string): string[] {
  for (const name of [a, b]) {
    assert.ok(declared.includes(name), name);
    assert.equal(groupsOf(name).length, 1, name);
  }
  assert.deepEqual(groupsOf(a), groupsOf(b));
  return groupsOf(a);
}

test('the OpenAPI docs plugin and theme are one group', () => {
  const group = oneGroup('docusaurus-plugin-openapi-docs', 'docusaurus-theme-openapi-docs');
  assert.notDeepEqual(group, groupsOf('@docusaurus/core'));
});

test('axe-core and @axe-core/playwright are one group, at one version', () => {
  oneGroup('axe-core', '@axe-core/playwright');
  assert.equal(pkg.devDependencies['axe-core'], pkg.devDependencies['@axe-core/playwright']);
});

test('GitHub Actions are pinned by digest', () => {
  const preset = config.extends?.includes('helpers:pinGitHubActionDigests');
  const rule = config.packageRules?.some(
    (r) => r.matchManagers?.includes('github-actions') && r.pinDigests === true,
  );
  assert.ok(preset || rule);
  // And the workflows are pinned today.
  const workflows = path.join(ROOT, '.github', 'workflows');
  for (const file of fs.readdirSync(workflows)) {
    const text = fs.readFileSync(path.join(workflows, file), 'utf8');
    for (const [, ref] of text.matchAll(/uses:\s*[\w.-]+\/[\w./-]+@(\S+)/g)) {
      assert.match(ref!, /^[0-9a-f]{40}$/, `${file}: ${ref}`);
    }
  }
});
