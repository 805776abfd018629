/**
 * What the checks of configuration files shown in the docs share
 * (vmcp-config.ts, webhook-config.ts): the title of a code block that names
 * its file, the report and its summary line, and the command line.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {findRepoRoot, listFiles, relativePath} from './code-blocks';

export interface FileProblem {
  file: string;
  line: number;
  message: string;
}

/** Files read, configuration files found in them and checked, and the problems. */
export interface ConfigReport {
  files: number;
  configs: number;
  problems: FileProblem[];
}

/** A configuration file found in a page: its name and the line it starts at. */
export interface ConfigFile {
  name: string;
  line: number;
}

/**
 * Reads the Markdown and MDX files under `paths` (default: docs/), finds the
 * configuration files each shows (`find`) and collects the problems `check`
 * reports for each, prefixed with the file's name.
 */
export function checkConfigFiles<C extends ConfigFile>(
  root: string,
  paths: string[] | undefined,
  find: (text: string) => C[],
  check: (config: C) => string[],
): ConfigReport {
  const files = listFiles(
    (paths ?? ['docs']).map((p) => path.resolve(root, p)),
    ['.md', '.mdx'],
  );
  const report: ConfigReport = {files: files.length, configs: 0, problems: []};
  for (const file of files) {
    const rel = relativePath(root, file);
    for (const config of find(readFileSync(file, 'utf8'))) {
      report.configs += 1;
      for (const message of check(config))
        report.problems.push({file: rel, line: config.line, message: `${config.name}: ${message}`});
    }
  }
  return report;
}

/** The title of a code block's info string, if any. */
export function blockTitle(meta: string): string | undefined {
  const m = /(?:^|\s)title=(["'])(.*?)\1/.exec(meta);
  return m ? m[2] : undefined;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One line per problem, `path:line: message`, then a summary line that starts with `label`. */
export function formatConfigReport(label: string, report: ConfigReport): string[] {
  const lines = report.problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
  lines.push(
    `${label}: ${plural(report.configs, 'configuration')} checked in ${plural(report.files, 'file')}, ` +
      plural(report.problems.length, 'problem'),
  );
  return lines;
}

export interface ConfigCheckCommand {
  /** The script, for the usage line: `scripts/checks/vmcp-config.ts`. */
  script: string;
  /** The option that names the data file the check reads (`--crd`), and what that file is. */
  option: string;
  data: string;
  check: (options: {root: string; dataFile?: string; paths?: string[]}) => ConfigReport;
  format: (report: ConfigReport) => string[];
}

/**
 * The command line of such a check: `[--option FILE] [PATH...]`. Prints the
 * report; returns 1 when there is a problem, 2 on a usage or data error.
 */
export function runConfigCheck(argv: string[], command: ConfigCheckCommand): number {
  let dataFile: string | undefined;
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i]!;
    if (a === command.option) dataFile = argv[++i];
    else if (a === '-h' || a === '--help') {
      console.log(`Usage: tsx ${command.script} [${command.option} FILE] [PATH...]`);
      return 0;
    } else paths.push(a);
  }
  const root = findRepoRoot();
  if (dataFile && !existsSync(path.resolve(root, dataFile))) {
    console.error(`no such ${command.data}: ${dataFile}`);
    return 2;
  }
  const report = command.check({root, dataFile, paths: paths.length ? paths : undefined});
  for (const line of command.format(report)) console.log(line);
  return report.problems.length ? 1 : 0;
}
