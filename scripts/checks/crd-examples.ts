/**
 * Validate every ToolHive manifest in the documentation against one
 * release's CRDs (lib/crd-release.ts, lib/crd-yaml.ts): each manifest of the
 * group toolhive.stacklok.dev against the CRD of its kind at its apiVersion,
 * as strictly as `kubectl apply`, plus the operator's limits that the
 * release data records (derived names, rules, and names of other resources
 * that must match the resources the same page shows).
 *
 * Usage (from the repository root):
 *   tsx scripts/checks/crd-examples.ts [--release-data DIR] [PATH...]
 *
 * --release-data is a release data folder: data/releases/<release>/crd,
 * or data/releases/v0.2.8/crd for ToolHive v0.2.8 (the default). Run the check once per
 * docs version, each with its release's data and its pages.
 *
 * PATH defaults to docs/ (every .md and .mdx file, except generated pages)
 * and the inputs of the release's generated reference pages: the folder
 * scripts/crd-reference/<release>/ (example manifests and page templates).
 * Every yaml/yml code block, shell here-document and YAML file is split
 * into documents. Prints `path:line: message` for each problem and a summary
 * line; exits 1 if there is any problem, 2 on a usage or data error.
 *
 * For ToolHive v0.2.8 the folder also holds our MCPServer schema
 * (mcpserver.schema.json) and the derived names (derived-names.yaml);
 * --schema, --crd and --names still override those files one by one.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {ValidateFunction} from 'ajv/dist/2020';
import {findRepoRoot, isMainScript, listFiles, relativePath} from './lib/code-blocks';
import {createCrdValidator, loadCrdExtract, loadDerivedNames} from './lib/crd-structure';
import {loadRelease, releaseOf, type ReleaseData} from './lib/crd-release';
import {
  checkMarkdownManifests,
  checkReferences,
  checkYamlText,
  loadValidator,
  type CheckedResource,
  type ManifestValidators,
} from './lib/crd-yaml';

/** The release data the check uses unless told otherwise (ToolHive v0.2.8). */
export const DEFAULT_RELEASE_DATA = 'data/releases/v0.2.8/crd';
export const DEFAULT_SCHEMA = 'data/releases/v0.2.8/crd/mcpserver.schema.json';
export const DEFAULT_CRD = 'data/releases/v0.2.8/crd/mcpserver.crd.json';
export const DEFAULT_NAMES = 'data/releases/v0.2.8/crd/derived-names.yaml';
/** Where a release's example manifests and page templates live. */
export const REFERENCE_INPUTS = 'scripts/crd-reference';
/** Generated pages: their manifests come from the inputs above, which are checked instead. */
export const GENERATED_PAGES = [
  'docs/toolhive/reference/crd-spec.mdx',
  'docs/toolhive/reference/crds',
];

/** The default paths for a release: the docs and the release's reference inputs. */
export function defaultPaths(release: string): string[] {
  return ['docs', `${REFERENCE_INPUTS}/${release}`];
}

export interface FileProblem {
  /** Path relative to the repository root. */
  file: string;
  line: number;
  message: string;
}

export interface CrdExamplesReport {
  files: number;
  manifests: number;
  /** Manifests checked, per kind. */
  kinds: Record<string, number>;
  problems: FileProblem[];
}

export interface CrdExamplesOptions {
  /** Repository root (default: nearest directory with a package.json above the working directory). */
  root?: string;
  /** Release data folder (default: <root>/data/releases/v0.2.8/crd, ToolHive v0.2.8). */
  releaseDir?: string;
  /** Schema file (default: the release folder's mcpserver.schema.json, if any). */
  schemaFile?: string;
  /** A single CRD extract to use for MCPServer instead of the release folder. */
  crdFile?: string;
  /** Derived names (default: the release folder's derived-names.yaml, if any). */
  namesFile?: string;
  /** Files or directories to scan (default: defaultPaths(release)). */
  paths?: string[];
  /** Validators to use instead of loading the files (a bare function: our schema only). */
  validate?: ValidateFunction | ManifestValidators;
}

/** Load a release's data, with the v0.2.8 files overridable one by one. */
export function loadValidators(
  root: string,
  files: {releaseDir?: string; schemaFile?: string; crdFile?: string; namesFile?: string} = {},
): ManifestValidators {
  const legacyOverride = files.crdFile !== undefined;
  const release: ReleaseData | undefined = legacyOverride
    ? undefined
    : loadRelease(path.resolve(root, files.releaseDir ?? DEFAULT_RELEASE_DATA));
  const schemaFile = files.schemaFile ?? release?.schemaFile;
  const namesFile = files.namesFile ?? (release ? undefined : DEFAULT_NAMES);
  return {
    release,
    schema: schemaFile ? loadValidator(path.resolve(root, schemaFile)) : undefined,
    crd: legacyOverride
      ? createCrdValidator(loadCrdExtract(path.resolve(root, files.crdFile!)))
      : undefined,
    names: namesFile ? loadDerivedNames(path.resolve(root, namesFile)) : release?.names,
  } as ManifestValidators;
}

/** Scan Markdown/MDX and YAML files and validate their manifests. */
export function checkCrdExamples(options: CrdExamplesOptions = {}): CrdExamplesReport {
  const root = path.resolve(options.root ?? findRepoRoot());
  const validate = options.validate ?? loadValidators(root, options);
  const release = typeof validate === 'function' ? undefined : validate.release?.release;
  const targets = (
    options.paths && options.paths.length > 0
      ? options.paths
      : defaultPaths(release ?? releaseOf(path.resolve(root, DEFAULT_RELEASE_DATA)))
  )
    .map((p) => path.resolve(root, p))
    .filter((p) => existsSync(p));
  // A generated page of any docs version (versioned_docs/version-X/ is docs/ there).
  const isGenerated = (f: string) => {
    const rel = relativePath(root, f).replace(/^versioned_docs\/version-[^/]+\//, 'docs/');
    return GENERATED_PAGES.some((g) => rel === g || rel.startsWith(`${g}/`));
  };
  const files = listFiles(targets, ['.md', '.mdx', '.yaml', '.yml']).filter((f) => !isGenerated(f));
  const report: CrdExamplesReport = {files: files.length, manifests: 0, kinds: {}, problems: []};
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    let result;
    if (/\.ya?ml$/i.test(file)) {
      result = checkYamlText(validate, text, 1);
      result.problems.push(...checkReferences(result.resources ?? []));
    } else result = checkMarkdownManifests(validate, text);
    report.manifests += result.manifests;
    for (const r of result.resources ?? ([] as CheckedResource[]))
      report.kinds[r.kind] = (report.kinds[r.kind] ?? 0) + 1;
    const rel = relativePath(root, file);
    for (const p of result.problems)
      report.problems.push({file: rel, line: p.line, message: p.message});
  }
  return report;
}

export function formatReport(report: CrdExamplesReport): string[] {
  const lines = report.problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
  const kinds = Object.entries(report.kinds)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  lines.push(
    `crd examples: ${report.manifests} manifest${report.manifests === 1 ? '' : 's'}${kinds ? ` (${kinds})` : ''} checked in ` +
      `${report.files} file${report.files === 1 ? '' : 's'}, ` +
      `${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}`,
  );
  return lines;
}

const USAGE =
  'usage: tsx scripts/checks/crd-examples.ts [--release-data DIR] [--schema FILE] [--crd FILE] [--names FILE] [PATH...]';

function main(argv: string[]): number {
  let releaseDir: string | undefined;
  let schemaFile: string | undefined;
  let crdFile: string | undefined;
  let namesFile: string | undefined;
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--release-data') releaseDir = argv[++i];
    else if (a.startsWith('--release-data=')) releaseDir = a.slice('--release-data='.length);
    else if (a === '--schema') schemaFile = argv[++i];
    else if (a.startsWith('--schema=')) schemaFile = a.slice('--schema='.length);
    else if (a === '--crd') crdFile = argv[++i];
    else if (a === '--names') namesFile = argv[++i];
    else if (a === '-h' || a === '--help') {
      console.log(USAGE);
      return 0;
    } else if (a.startsWith('-')) {
      console.error(USAGE);
      return 2;
    } else paths.push(a);
  }
  let report: CrdExamplesReport;
  try {
    report = checkCrdExamples({
      root: findRepoRoot(),
      releaseDir: releaseDir && path.resolve(releaseDir),
      schemaFile: schemaFile && path.resolve(schemaFile),
      crdFile: crdFile && path.resolve(crdFile),
      namesFile: namesFile && path.resolve(namesFile),
      paths: paths.map((p) => path.resolve(p)),
    });
  } catch (err) {
    console.error(`crd examples: ${(err as Error).message}`);
    return 2;
  }
  for (const line of formatReport(report)) console.log(line);
  return report.problems.length > 0 ? 1 : 0;
}

if (isMainScript('crd-examples')) process.exitCode = main(process.argv.slice(2));
