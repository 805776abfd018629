/**
 * The docs versions: one per ToolHive release the site documents, in the
 * framework's versioning (versions.json, versioned_docs/, versioned_sidebars/).
 * Every generator and check reads this list, so a version is one entry here,
 * one folder of release data (data/releases/<release>/) and one docs folder.
 *
 * This module is plain data with no imports: the config, the build scripts,
 * the plugins and the docs' MCP endpoint all read it.
 */

export interface DocsVersion {
  /** The framework's version name: 'current' for docs/, else the versions.json entry. */
  name: string;
  /** The label the version dropdown and banners show. */
  label: string;
  /** The ToolHive release the version describes: its data is data/releases/<release>/. */
  release: string;
  /** The ToolHive UI release its UI guides describe. */
  uiRelease: string;
  /** Older ToolHive UI releases its UI guides also describe, where they differ from uiRelease. */
  olderUiReleases?: readonly string[];
  /** The Helm chart versions its Kubernetes guides describe. */
  charts: {operator: string; crds: string};
  /** Where its pages are: docs/ for the current version. */
  docsDir: string;
  /** Its release date, as the release's tag shows it. */
  date: string;
}

/**
 * The version served at the site root. The other is served under its own
 * path: `/next/` for the current version, `/<name>/` for an older one.
 * Flip to 'current' once the current release's docs are complete: that one
 * line moves v0.44.0 to the root and v0.2.8 under /0.2.8/, with redirects
 * for the pages v0.44.0 no longer has (plugins/version-redirects).
 */
export const ROOT_VERSION: string = 'current';

/** Newest first, as the version dropdown lists them. */
export const DOCS_VERSIONS: readonly DocsVersion[] = [
  {
    name: 'current',
    label: 'v0.44',
    release: 'v0.44.0',
    uiRelease: 'v0.39.4',
    charts: {operator: '0.44.0', crds: '0.44.0'},
    docsDir: 'docs',
    date: '2026-08-18',
  },
  {
    name: '0.2.8',
    label: 'v0.2.8',
    release: 'v0.2.8',
    uiRelease: 'v0.5.0',
    olderUiReleases: ['v0.4.0'],
    charts: {operator: '0.2.4', crds: '0.0.15'},
    docsDir: 'versioned_docs/version-0.2.8',
    date: '2025-08-18',
  },
];

/** A version by its framework name. */
export function docsVersion(name: string): DocsVersion {
  const found = DOCS_VERSIONS.find((v) => v.name === name);
  if (!found) throw new Error(`unknown docs version "${name}"`);
  return found;
}

/** The version a release is documented by. */
export function versionOfRelease(release: string): DocsVersion {
  const found = DOCS_VERSIONS.find((v) => v.release === release);
  if (!found) throw new Error(`no docs version documents ${release}`);
  return found;
}

/**
 * The URL path prefix of a version's pages: '' at the root, else '/next' for
 * the current version and '/<name>' for an older one (the framework's
 * defaults for `lastVersion`).
 */
export function versionPath(name: string, root: string = ROOT_VERSION): string {
  if (name === root) return '';
  return name === 'current' ? '/next' : `/${name}`;
}

/** The release folder of a version's data, relative to the site root. */
export const releaseDataDir = (release: string): string => `data/releases/${release}`;
