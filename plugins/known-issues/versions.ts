/**
 * Which entries of data/known-issues.yaml affect the releases a docs version
 * describes (docs-versions.ts): its ToolHive release, its ToolHive UI
 * release (and the older UI releases its UI guides also describe) and its
 * two Helm chart versions.
 *
 * Each product is compared with its own releases, by version number: an
 * entry's ToolHive UI releases with the version's UI releases, a chart's
 * versions with that chart's version. At one release R of one product, an
 * entry is:
 *
 * - present: `checked` holds R; or `checked` holds an earlier release of the
 *   product and the entry's end is of the same product and lies after R
 *   (`fixedIn` later than R: the upstream history shows every release before
 *   the fix has it; `presentIn` at R or later: a release at R or after was
 *   read and still has it);
 * - fixed: `checked` holds an earlier release of the product, and `fixedIn`
 *   is of the same product, at R or before;
 * - unconfirmed: `checked` holds an earlier release of the product, but
 *   nothing says whether R still has it (`presentIn` before R, or the
 *   entry's end is of another product);
 * - none: `checked` holds no release of the product at R or before.
 *
 * An entry affects a docs version when it is present at one of the
 * version's releases; otherwise it is fixed for the version when it is fixed
 * at one, and unconfirmed when it is unconfirmed at one. A page shows only
 * entries that affect the release it describes; the version's known issues
 * page lists them, and apart from them the unconfirmed ones.
 */
import {versionOfRelease, type DocsVersion} from '../../docs-versions';
import {pageRelease} from '../versions/page-release';
import {
  COMPONENT,
  dataFile,
  knownIssue,
  releaseName,
  type KnownIssue,
  type ProductRelease,
} from './data';

export type Product = ProductRelease['product'];
export type Status = 'present' | 'fixed' | 'unconfirmed' | 'none';

/** Major, minor and patch of a release tag (`v0.2.8`, `toolhive-operator-crds-0.0.15`). */
export function versionNumbers(tag: string): [number, number, number] {
  const m = /(\d+)\.(\d+)\.(\d+)$/.exec(tag);
  if (!m) throw new Error(`"${tag}" is not a release tag`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** Negative when release a is older than b, 0 when equal, positive when newer. */
export function compareReleases(a: string, b: string): number {
  const [x, y] = [versionNumbers(a), versionNumbers(b)];
  for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

/** The release of each product that a docs version describes, as the ledger writes them. */
export function versionReleases(version: DocsVersion): ProductRelease[] {
  return [
    {product: 'ToolHive', release: version.release},
    {product: 'ToolHive UI', release: version.uiRelease},
    ...(version.olderUiReleases ?? []).map((release) => ({
      product: 'ToolHive UI' as const,
      release,
    })),
    {product: 'toolhive-operator chart', release: `toolhive-operator-${version.charts.operator}`},
    {
      product: 'toolhive-operator-crds chart',
      release: `toolhive-operator-crds-${version.charts.crds}`,
    },
  ];
}

/** What an entry says about one release of one product (see the rule above). */
export function statusAt(issue: KnownIssue, at: ProductRelease): Status {
  const checked = issue.checked.filter((c) => c.product === at.product);
  if (!checked.some((c) => compareReleases(c.release, at.release) <= 0)) return 'none';
  if (checked.some((c) => compareReleases(c.release, at.release) === 0)) return 'present';
  const {fixedIn, presentIn} = issue;
  if (fixedIn?.product === at.product) {
    return compareReleases(at.release, fixedIn.release) < 0 ? 'present' : 'fixed';
  }
  if (presentIn?.product === at.product) {
    return compareReleases(at.release, presentIn.release) <= 0 ? 'present' : 'unconfirmed';
  }
  return 'unconfirmed';
}

export interface VersionStatus {
  status: Status;
  /** The version's releases at which the entry has the status. */
  at: ProductRelease[];
}

/** What an entry says about a docs version: present at one of its releases wins, then fixed, then unconfirmed. */
export function statusIn(issue: KnownIssue, version: DocsVersion): VersionStatus {
  const each = versionReleases(version).map((r) => ({r, status: statusAt(issue, r)}));
  for (const status of ['present', 'fixed', 'unconfirmed'] as const) {
    const at = each.filter((e) => e.status === status).map((e) => e.r);
    if (at.length > 0) return {status, at};
  }
  return {status: 'none', at: []};
}

/** Whether an entry affects the releases of a docs version. */
export function affects(issue: KnownIssue, version: DocsVersion): boolean {
  return statusIn(issue, version).status === 'present';
}

/** "ToolHive v0.44.0, ToolHive UI v0.39.4, ...": releases joined for a sentence. */
export function releaseList(releases: ProductRelease[]): string {
  const names = releases.map(releaseName);
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}

/**
 * The version's releases of the products an entry was checked in: the ones
 * an error about the entry names (all of them when it names none).
 */
export function releasesConcerned(issue: KnownIssue, version: DocsVersion): ProductRelease[] {
  const products = new Set(issue.checked.map((c) => c.product));
  const own = versionReleases(version).filter((r) => products.has(r.product));
  return own.length > 0 ? own : versionReleases(version);
}

/**
 * Why an entry does not affect a version, for an error message: fixed in a
 * release, not yet checked at its releases, or found only in later releases
 * or in other products.
 */
export function whyNot(issue: KnownIssue, version: DocsVersion): string {
  const {status, at} = statusIn(issue, version);
  switch (status) {
    case 'present':
      return `it affects ${releaseList(at)}`;
    case 'fixed':
      return `it is fixed in ${releaseName(issue.fixedIn!)}`;
    case 'unconfirmed': {
      const end = issue.presentIn
        ? `it was last confirmed in ${releaseName(issue.presentIn)}`
        : `it was found in ${releaseList(issue.checked)}`;
      return `${end}, and ${releaseList(at)} ${at.length === 1 ? 'has' : 'have'} not been checked for it`;
    }
    case 'none':
      return `it was found in ${releaseList(issue.checked)}, and none of them is ${releaseList(versionReleases(version))} or an earlier release of the same product`;
  }
}

/**
 * The entry a page shows for `<KnownIssue id>`: the entry, when it affects
 * the release the page describes (its front matter's `release`, else its
 * version's). Throws, naming the page, when there is no such entry, when the
 * page is in no docs version, or when the entry does not affect the release.
 */
export function issueForPage(
  id: string,
  page: string,
  frontMatter: {release?: unknown} = {},
  file: string = dataFile,
): KnownIssue {
  const issue = knownIssue(id, file);
  const release = pageRelease(page, frontMatter);
  if (!release) {
    throw new Error(
      `<${COMPONENT} id="${id}" />: the page is in no docs version of docs-versions.ts, so it describes no release`,
    );
  }
  const version = versionOfRelease(release);
  if (!affects(issue, version)) {
    const concerned = releasesConcerned(issue, version);
    throw new Error(
      `<${COMPONENT} id="${id}" />: the entry does not affect ${releaseList(concerned)}, which this page describes: ${whyNot(issue, version)}. ` +
        `Remove it from the page, or, if the page still describes an earlier release, name that release with \`release:\` in the page's front matter.`,
    );
  }
  return issue;
}
