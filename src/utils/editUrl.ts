/**
 * "Edit this page" links. Hand-written pages link to their own file; generated
 * reference pages link to the data file they are generated from, the one a
 * contributor edits. Used by the docs plugin's `editUrl` option in
 * docusaurus.config.ts.
 */

/** Generated pages (paths relative to docs/) and the data each comes from. */
export const generatedSources: ReadonlyArray<readonly [RegExp, string]> = [
  [/^toolhive\/reference\/cli\//, 'data/releases/v0.2.8/cli/thv.yaml'],
  [/^toolhive\/reference\/api\//, 'static/api-specs/v0.2.8/openapi.yaml'],
  [/^toolhive\/reference\/crd-spec\.mdx?$/, 'data/releases/v0.2.8/crd/mcpserver.schema.json'],
  [/^toolhive\/reference\/crds\//, 'data/releases/v0.44.0/crd/fields.yaml'],
  [/^toolhive\/reference\/client-compatibility\.mdx?$/, 'data/releases/v0.2.8/clients.yaml'],
  [/^toolhive\/reference\/known-issues\.mdx?$/, 'data/known-issues.yaml'],
  // Built from every area of two releases' data: the generator names the files it reads.
  [/^toolhive\/reference\/changes\//, 'scripts/release-changes/generate.ts'],
];

/** The repository path a contributor edits to change the page at `docPath` (relative to docs/). */
export function sourceFileOf(docPath: string): string {
  for (const [pattern, source] of generatedSources) if (pattern.test(docPath)) return source;
  return `docs/${docPath}`;
}

/**
 * The docs plugin's `editUrl` option for a repository whose files are edited
 * at `base` + path (for example `https://github.com/<org>/<repo>/edit/main/`),
 * or undefined (no edit links) when no base is configured.
 */
export function editUrlOption(
  base: string | undefined,
): ((params: {docPath: string}) => string) | undefined {
  if (!base) return undefined;
  const prefix = base.endsWith('/') ? base : `${base}/`;
  return ({docPath}) => prefix + sourceFileOf(docPath);
}
