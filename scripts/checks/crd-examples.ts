/**
 * Validate every MCPServer manifest in the documentation against
 * data/crd/mcpserver.schema.json.
 *
 * Usage (from the repository root):
 *   tsx scripts/checks/crd-examples.ts [--schema data/crd/mcpserver.schema.json] [PATH...]
 *
 * PATH defaults to docs/ (every .md and .mdx file). Every yaml/yml code block
 * is split into documents; documents with `kind: MCPServer` are validated.
 * Prints `path:line: message` for each problem and a summary line; exits 1 if
 * there is any problem, 2 on a usage or schema error.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {ValidateFunction} from 'ajv/dist/2020';
import {findRepoRoot, isMainScript, listFiles, relativePath} from './lib/code-blocks';
import {checkMarkdownManifests, loadValidator} from './lib/crd-yaml';

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
  /** Files or directories to scan (default: <root>/docs). */
  paths?: string[];
  /** A compiled validator to use instead of loading schemaFile. */
  validate?: ValidateFunction;
}

/** Scan Markdown/MDX files and validate their MCPServer manifests. */
export function checkCrdExamples(options: CrdExamplesOptions = {}): CrdExamplesReport {
  const root = path.resolve(options.root ?? findRepoRoot());
  const validate =
    options.validate ??
    loadValidator(path.resolve(root, options.schemaFile ?? 'data/crd/mcpserver.schema.json'));
  const targets = (options.paths && options.paths.length > 0 ? options.paths : ['docs']).map((p) =>
    path.resolve(root, p),
  );
  const files = listFiles(targets, ['.md', '.mdx']);
  const report: CrdExamplesReport = {files: files.length, manifests: 0, problems: []};
  for (const file of files) {
    const result = checkMarkdownManifests(validate, readFileSync(file, 'utf8'));
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
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--schema') schemaFile = argv[++i];
    else if (a.startsWith('--schema=')) schemaFile = a.slice('--schema='.length);
    else if (a === '-h' || a === '--help') {
      console.log(
        'usage: tsx scripts/checks/crd-examples.ts [--schema data/crd/mcpserver.schema.json] [PATH...]',
      );
      return 0;
    } else paths.push(a);
  }
  let report: CrdExamplesReport;
  try {
    report = checkCrdExamples({
      root: findRepoRoot(),
      schemaFile: schemaFile && path.resolve(schemaFile),
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
