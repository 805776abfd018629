/**
 * Check every `thv` command line in the documentation against a CLI command
 * tree: data/releases/v0.2.8/cli/thv.yaml by default, or the file of another release such as
 * data/releases/v0.44.0/cli/thv.yaml.
 *
 * Usage (from the repository root):
 *   tsx scripts/checks/thv-examples.ts [--data data/releases/v0.2.8/cli/thv.yaml] [PATH...]
 *
 * PATH defaults to docs/ (every .md and .mdx file, including the generated CLI
 * reference under docs/toolhive/reference/cli/); give the folder that a
 * release's pages were generated into to check those. The `examples` of the
 * data file itself are checked too, and reported as `file:line` of the data
 * file. Only code blocks in bash, sh, shell, console and zsh are judged.
 * Prints `path:line: message` for each problem and a summary line; exits 1 if
 * there is any problem, 2 on a usage or data error.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {isMap, isScalar, isSeq, LineCounter, parseDocument, type Node} from 'yaml';
import {findRepoRoot, isMainScript, listFiles, relativePath} from './lib/code-blocks';
import {
  buildCommandTree,
  checkMarkdown,
  checkShellLines,
  type CliData,
  type CommandTree,
} from './lib/thv-lines';

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
  /** Examples of the data file that were checked (0 when a tree was passed instead of a file). */
  dataExamples: number;
  /** The data file whose examples were checked, relative to the root. */
  dataFile?: string;
  problems: FileProblem[];
}

export interface ThvExamplesOptions {
  /** Repository root (default: nearest directory with a package.json above the working directory). */
  root?: string;
  /** CLI data file (default: <root>/data/releases/v0.2.8/cli/thv.yaml). */
  dataFile?: string;
  /** Files or directories to scan (default: <root>/docs). */
  paths?: string[];
  /** A command tree to use instead of loading dataFile; the data file's own examples are then not checked. */
  tree?: CommandTree;
}

interface DataExample {
  command: string;
  /** File line of the example's first command line. */
  line: number;
}

/** The `examples[].command` strings of a CLI data file, with the line each starts on. */
export function dataExamples(text: string): DataExample[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, {lineCounter});
  const commands = doc.get('commands');
  const out: DataExample[] = [];
  if (!isSeq(commands)) return out;
  for (const c of commands.items) {
    if (!isMap(c)) continue;
    const examples = c.get('examples', true);
    if (!isSeq(examples)) continue;
    for (const e of examples.items) {
      if (!isMap(e)) continue;
      const node = e.get('command', true) as Node | undefined;
      if (!isScalar(node) || typeof node.value !== 'string' || !node.range) continue;
      const start = lineCounter.linePos(node.range[0]).line;
      // A block scalar (`|`) starts on the line after its indicator.
      const block = node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED';
      out.push({command: node.value, line: block ? start + 1 : start});
    }
  }
  return out;
}

/** Scan Markdown/MDX files and check their thv command lines. */
export function checkThvExamples(options: ThvExamplesOptions = {}): ThvExamplesReport {
  const root = path.resolve(options.root ?? findRepoRoot());
  const dataPath = path.resolve(root, options.dataFile ?? 'data/releases/v0.2.8/cli/thv.yaml');
  const dataText = options.tree ? null : readFileSync(dataPath, 'utf8');
  const tree = options.tree ?? buildCommandTree(parseDocument(dataText!).toJS() as CliData);
  const targets = (options.paths && options.paths.length > 0 ? options.paths : ['docs']).map((p) =>
    path.resolve(root, p),
  );
  const files = listFiles(targets, ['.md', '.mdx']);
  const report: ThvExamplesReport = {
    files: files.length,
    commandLines: 0,
    invocations: 0,
    dataExamples: 0,
    problems: [],
  };
  if (dataText !== null) {
    const rel = relativePath(root, dataPath);
    report.dataFile = rel;
    for (const example of dataExamples(dataText)) {
      const lines = example.command.replace(/\n+$/, '').split('\n');
      const result = checkShellLines(
        tree,
        lines,
        lines.map((_, i) => example.line + i),
        'bash',
      );
      report.dataExamples += 1;
      if (result.invocations === 0) {
        report.problems.push({
          file: rel,
          line: example.line,
          message: 'example runs no thv command',
        });
      }
      for (const p of result.problems)
        report.problems.push({file: rel, line: p.line, message: p.message});
    }
  }
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
  const examples =
    report.dataFile !== undefined
      ? ` and ${report.dataExamples} example${report.dataExamples === 1 ? '' : 's'} of ${report.dataFile}`
      : '';
  lines.push(
    `thv examples: ${report.commandLines} command line${report.commandLines === 1 ? '' : 's'} checked in ` +
      `${report.files} file${report.files === 1 ? '' : 's'}${examples}, ` +
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
      console.log(
        'usage: tsx scripts/checks/thv-examples.ts [--data data/releases/v0.2.8/cli/thv.yaml] [PATH...]',
      );
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
