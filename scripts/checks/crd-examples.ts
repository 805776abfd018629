/**
 * Validate every MCPServer manifest in the documentation against the CRD
 * (data/crd/mcpserver.crd.json, extracted from the real CRD), the names the
 * operator derives from it (data/crd/derived-names.yaml) and our schema
 * (data/crd/mcpserver.schema.json); see lib/crd-yaml.ts.
 *
 * Usage (from the repository root):
 *   tsx scripts/checks/crd-examples.ts [--schema FILE] [--crd FILE] [--names FILE] [PATH...]
 *
 * PATH defaults to docs/ (every .md and .mdx file, except generated pages)
 * and the inputs of the generated MCPServer reference page: its example
 * manifest scripts/crd-reference/example.yaml and its template. Every
 * yaml/yml code block, shell here-document and YAML file is split into
 * documents; documents with `kind: MCPServer` are validated.
 * Prints `path:line: message` for each problem and a summary line; exits 1 if
 * there is any problem, 2 on a usage or schema error.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {ValidateFunction} from 'ajv/dist/2020';
import {findRepoRoot, isMainScript, listFiles, relativePath} from './lib/code-blocks';
import {createCrdValidator, loadCrdExtract, loadDerivedNames} from './lib/crd-structure';
import {
  checkMarkdownManifests,
  checkYamlText,
  loadValidator,
  type ManifestValidators,
} from './lib/crd-yaml';

export const DEFAULT_SCHEMA = 'data/crd/mcpserver.schema.json';
export const DEFAULT_CRD = 'data/crd/mcpserver.crd.json';
export const DEFAULT_NAMES = 'data/crd/derived-names.yaml';
export const DEFAULT_PATHS = [
  'docs',
  'scripts/crd-reference/example.yaml',
  'scripts/crd-reference/template.md',
];
/** Generated pages: their manifests come from the inputs above, which are checked instead. */
export const GENERATED_PAGES = ['docs/toolhive/reference/crd-spec.mdx'];

export interface FileProblem {
  /** Path relative to the repository root. */
  file: string;
  line: number;
  message: string;
}

export interface CrdExamplesReport {
  files: number;
  manifests: number;
  problems: FileProblem[];
}

export interface CrdExamplesOptions {
  /** Repository root (default: nearest directory with a package.json above the working directory). */
  root?: string;
  /** Schema file (default: <root>/data/crd/mcpserver.schema.json). */
  schemaFile?: string;
  /** CRD extract (default: <root>/data/crd/mcpserver.crd.json). */
  crdFile?: string;
  /** Derived names (default: <root>/data/crd/derived-names.yaml). */
  namesFile?: string;
  /** Files or directories to scan (default: DEFAULT_PATHS). */
  paths?: string[];
  /** Validators to use instead of loading the files (a bare function: our schema only). */
  validate?: ValidateFunction | ManifestValidators;
}

/** Load our schema, the CRD extract and the derived names. */
export function loadValidators(
  root: string,
  files: {schemaFile?: string; crdFile?: string; namesFile?: string} = {},
): ManifestValidators {
  return {
    schema: loadValidator(path.resolve(root, files.schemaFile ?? DEFAULT_SCHEMA)),
    crd: createCrdValidator(loadCrdExtract(path.resolve(root, files.crdFile ?? DEFAULT_CRD))),
    names: loadDerivedNames(path.resolve(root, files.namesFile ?? DEFAULT_NAMES)),
  };
}

/** Scan Markdown/MDX and YAML files and validate their MCPServer manifests. */
export function checkCrdExamples(options: CrdExamplesOptions = {}): CrdExamplesReport {
  const root = path.resolve(options.root ?? findRepoRoot());
  const validate = options.validate ?? loadValidators(root, options);
  const targets = (options.paths && options.paths.length > 0 ? options.paths : DEFAULT_PATHS)
    .map((p) => path.resolve(root, p))
    .filter((p) => existsSync(p));
  const generated = new Set(GENERATED_PAGES.map((p) => path.resolve(root, p)));
  const files = listFiles(targets, ['.md', '.mdx', '.yaml', '.yml']).filter(
    (f) => !generated.has(f),
  );
  const report: CrdExamplesReport = {files: files.length, manifests: 0, problems: []};
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const result = /\.ya?ml$/i.test(file)
      ? checkYamlText(validate, text, 1)
      : checkMarkdownManifests(validate, text);
    report.manifests += result.manifests;
    const rel = relativePath(root, file);
    for (const p of result.problems)
      report.problems.push({file: rel, line: p.line, message: p.message});
  }
  return report;
}

export function formatReport(report: CrdExamplesReport): string[] {
  const lines = report.problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
  lines.push(
    `crd examples: ${report.manifests} MCPServer manifest${report.manifests === 1 ? '' : 's'} checked in ` +
      `${report.files} file${report.files === 1 ? '' : 's'}, ` +
      `${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}`,
  );
  return lines;
}

function main(argv: string[]): number {
  let schemaFile: string | undefined;
  let crdFile: string | undefined;
  let namesFile: string | undefined;
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--schema') schemaFile = argv[++i];
    else if (a.startsWith('--schema=')) schemaFile = a.slice('--schema='.length);
    else if (a === '--crd') crdFile = argv[++i];
    else if (a === '--names') namesFile = argv[++i];
    else if (a === '-h' || a === '--help') {
      console.log(
        'usage: tsx scripts/checks/crd-examples.ts [--schema FILE] [--crd FILE] [--names FILE] [PATH...]',
      );
      return 0;
    } else paths.push(a);
  }
  let report: CrdExamplesReport;
  try {
    report = checkCrdExamples({
      root: findRepoRoot(),
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
