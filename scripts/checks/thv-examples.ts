/**
 * Check every `thv` command line in the documentation against the CLI command
 * tree in data/cli/thv.yaml.
 *
 * Usage (from the repository root):
 *   tsx scripts/checks/thv-examples.ts [--data data/cli/thv.yaml] [PATH...]
 *
 * PATH defaults to docs/ (every .md and .mdx file, including the generated CLI
 * reference under docs/toolhive/reference/cli/). Only code blocks in bash, sh,
 * shell, console and zsh are judged. Prints `path:line: message` for each
 * problem and a summary line; exits 1 if there is any problem, 2 on a usage
 * or data error.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {findRepoRoot, isMainScript, listFiles, relativePath} from './lib/code-blocks';
import {checkMarkdown, loadCommandTree, type CommandTree} from './lib/thv-lines';

export interface FileProblem {
  /** Path relative to the repository root. */
  file: string;
  line: number;
  message: string;
}

export interface ThvExamplesReport {
  files: number;
  commandLines: number;
  invocations: number;
  problems: FileProblem[];
}

export interface ThvExamplesOptions {
  /** Repository root (default: nearest directory with a package.json above the working directory). */
  root?: string;
  /** CLI data file (default: <root>/data/cli/thv.yaml). */
  dataFile?: string;
  /** Files or directories to scan (default: <root>/docs). */
  paths?: string[];
  /** A command tree to use instead of loading dataFile. */
  tree?: CommandTree;
}

/** Scan Markdown/MDX files and check their thv command lines. */
export function checkThvExamples(options: ThvExamplesOptions = {}): ThvExamplesReport {
  const root = path.resolve(options.root ?? findRepoRoot());
  const tree =
    options.tree ?? loadCommandTree(path.resolve(root, options.dataFile ?? 'data/cli/thv.yaml'));
  const targets = (options.paths && options.paths.length > 0 ? options.paths : ['docs']).map((p) =>
    path.resolve(root, p),
  );
  const files = listFiles(targets, ['.md', '.mdx']);
  const report: ThvExamplesReport = {
    files: files.length,
    commandLines: 0,
    invocations: 0,
    problems: [],
  };
  for (const file of files) {
    const result = checkMarkdown(tree, readFileSync(file, 'utf8'));
    report.commandLines += result.commandLines;
    report.invocations += result.invocations;
    const rel = relativePath(root, file);
    for (const p of result.problems)
      report.problems.push({file: rel, line: p.line, message: p.message});
  }
  return report;
}

export function formatReport(report: ThvExamplesReport): string[] {
  const lines = report.problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
  lines.push(
    `thv examples: ${report.commandLines} command line${report.commandLines === 1 ? '' : 's'} checked in ` +
      `${report.files} file${report.files === 1 ? '' : 's'}, ` +
      `${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}`,
  );
  return lines;
}

function main(argv: string[]): number {
  let dataFile: string | undefined;
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--data') dataFile = argv[++i];
    else if (a.startsWith('--data=')) dataFile = a.slice('--data='.length);
    else if (a === '-h' || a === '--help') {
      console.log('usage: tsx scripts/checks/thv-examples.ts [--data data/cli/thv.yaml] [PATH...]');
      return 0;
    } else paths.push(a);
  }
  const root = findRepoRoot();
  let report: ThvExamplesReport;
  try {
    report = checkThvExamples({
      root,
      dataFile: dataFile && path.resolve(dataFile),
      paths: paths.map((p) => path.resolve(p)),
    });
  } catch (err) {
    console.error(`thv examples: ${(err as Error).message}`);
    return 2;
  }
  const out = formatReport(report);
  for (const line of out) console.log(line);
  return report.problems.length > 0 ? 1 : 0;
}

if (isMainScript('thv-examples')) process.exitCode = main(process.argv.slice(2));
