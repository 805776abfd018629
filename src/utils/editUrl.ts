/**
 * "Edit this page" links. Hand-written pages link to their own file in their
 * version's folder; generated reference pages link to the data file of their
 * version's release that they are generated from, the one a contributor
 * edits. Used by the docs plugin's `editUrl` option in docusaurus.config.ts.
 */
import {DOCS_VERSIONS} from '../../docs-versions';

/** Generated pages (paths relative to a version's docs folder) and the data each comes from. */
export const generatedSources: ReadonlyArray<readonly [RegExp, (release: string) => string]> = [
  [/^toolhive\/reference\/cli\//, (r) => `data/releases/${r}/cli/thv.yaml`],
  [/^toolhive\/reference\/api\//, (r) => `static/api-specs/${r}/openapi.yaml`],
  [/^toolhive\/reference\/crd-spec\.mdx?$/, (r) => `data/releases/${r}/crd/mcpserver.schema.json`],
  [/^toolhive\/reference\/crds\//, (r) => `data/releases/${r}/crd/fields.yaml`],
  [/^toolhive\/reference\/client-compatibility\.mdx?$/, (r) => `data/releases/${r}/clients.yaml`],
  [
    /^toolhive\/reference\/helm-chart-values\.mdx?$/,
    (r) => `data/releases/${r}/helm/descriptions.yaml`,
  ],
  [/^toolhive\/reference\/known-issues\.mdx?$/, () => 'data/known-issues.yaml'],
  // Built from every area of two releases' data: the generator names the files it reads.
  [/^toolhive\/reference\/changes\//, () => 'scripts/release-changes/generate.ts'],
];

/**
 * The repository path a contributor edits to change the page at `docPath`
 * (relative to its version's folder, `versionDocsDirPath`: docs/ by default).
 */
export function sourceFileOf(docPath: string, versionDocsDirPath = 'docs'): string {
  const version = DOCS_VERSIONS.find((v) => v.docsDir === versionDocsDirPath);
  if (!version) throw new Error(`no docs version has the folder ${versionDocsDirPath}`);
  for (const [pattern, source] of generatedSources) {
    if (pattern.test(docPath)) return source(version.release);
  }
  return `${versionDocsDirPath}/${docPath}`;
}

/**
 * The docs plugin's `editUrl` option for a repository whose files are edited
 * at `base` + path (for example `https://github.com/<org>/<repo>/edit/main/`),
 * or undefined (no edit links) when no base is configured.
 */
export function editUrlOption(
  base: string | undefined,
): ((params: {docPath: string; versionDocsDirPath?: string}) => string) | undefined {
  if (!base) return undefined;
  const prefix = base.endsWith('/') ? base : `${base}/`;
  return ({docPath, versionDocsDirPath}) => prefix + sourceFileOf(docPath, versionDocsDirPath);
}
