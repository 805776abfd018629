/**
 * Check every `helm` command in the docs that targets one of ToolHive's
 * charts, and the values it passes, against the charts' values extracted
 * into data/releases/v0.2.8/helm/ (scripts/helm-values/extract.ts).
 *
 * Usage (from the repository root):
 *   tsx scripts/checks/helm-values.ts [--data-dir DIR] [PATH...]
 *
 * DIR holds the charts' data (toolhive-operator.json and
 * toolhive-operator-crds.json): a folder such as data/releases/v0.2.8/helm (the default), or
 * a release's data folder, whose helm/ folder is read
 * (data/releases/v0.44.0). PATH defaults to docs/. In bash, sh, shell, console and zsh blocks, every
 * `helm install`, `upgrade`, `template`, `show` and `pull` whose chart
 * argument names toolhive-operator or toolhive-operator-crds is checked:
 * - the chart reference and --version must be the documented chart and
 *   version;
 * - --set, --set-string, --set-json, --set-file and --set-literal values, and
 *   the values files given with -f/--values, are judged with checkValues
 *   (lib/helm.ts). A values file is a yaml block of the same page whose
 *   title is the file name (```yaml title="values-x.yaml"), or one of the
 *   chart's own values files (such as toolhive-operator/values-openshift.yaml
 *   after `helm pull --untar`). A values block that no helm command uses is
 *   reported too;
 * - the values of an install, upgrade or template, merged over the chart's
 *   defaults, must not meet a condition under which a chart template calls
 *   `fail` (chart 0.44.0 refuses operator.rbac.scope=namespace while
 *   operator.features.storageVersionMigrator is true).
 * Lines marked with `error-next-line` or `error-start`/`error-end` are not
 * judged. Prints `path:line: message` for each problem and a summary line;
 * exits 1 if there is any problem, 2 on a usage or data error.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';
import {
  extractCodeBlocks,
  findRepoRoot,
  isMainScript,
  listFiles,
  relativePath,
  type CodeBlock,
} from './lib/code-blocks';
import {
  chartDataDir,
  checkValues,
  failuresOf,
  loadCharts,
  parseHelmArgs,
  parseSetFlag,
  resolveChart,
  type ChartData,
} from './lib/helm';
import {findInvocations, shellCommands, SHELL_LANGS, withoutErrorLines} from './lib/thv-lines';

export const DEFAULT_DATA_DIR = 'data/releases/v0.2.8/helm';
export const CHART_FILES = ['toolhive-operator.json', 'toolhive-operator-crds.json'];

export interface FileProblem {
  file: string;
  line: number;
  message: string;
}

export interface HelmReport {
  files: number;
  commands: number;
  valuesChecked: number;
  problems: FileProblem[];
}

const VALUES_TITLE = /(^|[-_/])values([-_.][\w.-]*)?\.ya?ml$/i;

function titleOf(block: CodeBlock): string | null {
  const m = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(block.meta);
  return m ? (m[1] ?? m[2] ?? m[3]) : null;
}

/** Check one Markdown/MDX document. */
export function checkHelmMarkdown(
  markdown: string,
  charts: ChartData[],
): {commands: number; valuesChecked: number; problems: {line: number; message: string}[]} {
  const blocks = extractCodeBlocks(markdown);
  const problems: {line: number; message: string}[] = [];
  let commands = 0;
  let valuesChecked = 0;
  const valueBlocks = new Map<string, CodeBlock>();
  for (const b of blocks) {
    const t = titleOf(b);
    if (t && (b.lang === 'yaml' || b.lang === 'yml')) valueBlocks.set(t, b);
  }
  const usedBlocks = new Set<string>();

  for (const block of blocks) {
    if (!SHELL_LANGS.has(block.lang)) continue;
    const {lines, lineNumbers} = withoutErrorLines(block.lines, block.lineNumbers);
    for (const {text, lineOf} of shellCommands(lines, lineNumbers, block.lang)) {
      for (const inv of findInvocations(text, 'helm')) {
        const cmd = parseHelmArgs(inv.args);
        if (!cmd || !cmd.chart) continue;
        const resolved = resolveChart(cmd.chart.value, charts);
        if (!resolved) continue;
        commands += 1;
        const {chart} = resolved;
        const at = (w: {start: number}) => lineOf(w.start);
        const label = `helm ${cmd.command} of ${chart.chart.name}`;
        if (resolved.problem)
          problems.push({line: at(cmd.chart), message: `${label}: ${resolved.problem}`});
        if (!cmd.version)
          problems.push({
            line: at(inv.thv),
            message: `${label} has no --version, so Helm takes the newest chart; add --version ${chart.chart.version}, the version these docs describe`,
          });
        else if (
          cmd.version.value !== chart.chart.version &&
          !cmd.version.placeholder &&
          !cmd.version.dynamic
        )
          problems.push({
            line: at(cmd.version),
            message: `${label}: --version ${cmd.version.value}, but these docs describe ${chart.chart.name} ${chart.chart.version}`,
          });
        /** The values this command passes, in Helm's order of precedence. */
        const trees: unknown[] = [];
        for (const v of cmd.values) {
          if (v.flag === 'values') {
            for (const file of v.value.split(',')) {
              const base = path.posix.basename(file);
              const own =
                chart.valuesFiles.includes(base) &&
                path.posix.basename(path.posix.dirname(file)) === chart.chart.name;
              if (own) continue;
              const shown = valueBlocks.get(file) ?? valueBlocks.get(base);
              if (!shown) {
                problems.push({
                  line: at(v.word),
                  message: `${label}: -f ${file}: the page shows no values file of that name (a yaml block with title="${base}") and the chart has none; show the file, or check it by hand`,
                });
                continue;
              }
              usedBlocks.add(titleOf(shown)!);
              let tree: unknown;
              try {
                tree = parseYaml(shown.content);
              } catch (e) {
                problems.push({
                  line: shown.startLine,
                  message: `${file}: not valid YAML: ${(e as Error).message.split('\n')[0]}`,
                });
                continue;
              }
              valuesChecked += 1;
              trees.push(tree ?? {});
              for (const p of checkValues(chart, tree ?? {}, 'values'))
                problems.push({
                  line: lineOfKey(shown, p.key),
                  message: `${file} (used with ${label} on line ${at(v.word)}): ${p.message}`,
                });
            }
          } else {
            let tree: Record<string, unknown>;
            try {
              tree = parseSetFlag(v.flag, v.value);
            } catch (e) {
              problems.push({
                line: at(v.word),
                message: `--${v.flag} ${v.value}: ${(e as Error).message}`,
              });
              continue;
            }
            valuesChecked += 1;
            trees.push(tree);
            for (const p of checkValues(chart, tree, v.flag))
              problems.push({
                line: at(v.word),
                message: `${label}: --${v.flag} ${v.value}: ${p.message}`,
              });
          }
        }
        if (/^(install|upgrade|template)$/.test(cmd.command))
          for (const f of failuresOf(chart, trees))
            problems.push({
              line: at(inv.thv),
              message: `${label}: with these values the chart refuses to render (${f.template} line ${f.line}, ${chart.source.tag}: "${f.message}")`,
            });
      }
    }
  }
  for (const [title, block] of valueBlocks) {
    if (usedBlocks.has(title) || !VALUES_TITLE.test(title)) continue;
    problems.push({
      line: block.startLine,
      message: `${title}: a values file that no helm command on this page passes with -f, so the check can't tell its chart; pass it to the command that uses it`,
    });
  }
  return {commands, valuesChecked, problems};
}

/** File line of a dotted key in a values block (the block start if not found). */
function lineOfKey(block: CodeBlock, key: string): number {
  const segs = key.split('.');
  let depthIndent = -1;
  let seg = 0;
  for (let i = 0; i < block.lines.length && seg < segs.length; i += 1) {
    const line = block.lines[i];
    const m = /^(\s*)([^\s:#][^:]*):/.exec(line);
    if (!m) continue;
    const indent = m[1].length;
    if (indent <= depthIndent) continue;
    if (m[2].trim().replace(/^['"]|['"]$/g, '') === segs[seg]) {
      depthIndent = indent;
      seg += 1;
      if (seg === segs.length) return block.lineNumbers[i];
    }
  }
  return block.startLine;
}

export interface HelmOptions {
  root?: string;
  dataDir?: string;
  paths?: string[];
  charts?: ChartData[];
}

export function checkHelmValues(options: HelmOptions = {}): HelmReport {
  const root = path.resolve(options.root ?? findRepoRoot());
  const charts =
    options.charts ??
    loadCharts(
      chartDataDir(path.resolve(root, options.dataDir ?? DEFAULT_DATA_DIR), CHART_FILES),
      CHART_FILES,
    );
  const targets = (options.paths && options.paths.length > 0 ? options.paths : ['docs']).map((p) =>
    path.resolve(root, p),
  );
  const files = listFiles(targets, ['.md', '.mdx']);
  const report: HelmReport = {files: files.length, commands: 0, valuesChecked: 0, problems: []};
  for (const file of files) {
    const r = checkHelmMarkdown(readFileSync(file, 'utf8'), charts);
    report.commands += r.commands;
    report.valuesChecked += r.valuesChecked;
    const rel = relativePath(root, file);
    for (const p of r.problems) report.problems.push({file: rel, ...p});
  }
  return report;
}

export function formatReport(report: HelmReport): string[] {
  const lines = report.problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
  lines.push(
    `helm values: ${report.commands} helm command${report.commands === 1 ? '' : 's'} and ${report.valuesChecked} set${report.valuesChecked === 1 ? '' : 's'} of values checked in ${report.files} file${report.files === 1 ? '' : 's'}, ` +
      `${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}`,
  );
  return lines;
}

function main(argv: string[]): number {
  let dataDir: string | undefined;
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--data-dir') dataDir = argv[++i];
    else if (a === '-h' || a === '--help') {
      console.log('usage: tsx scripts/checks/helm-values.ts [--data-dir DIR] [PATH...]');
      return 0;
    } else paths.push(a);
  }
  let report: HelmReport;
  try {
    report = checkHelmValues({
      root: findRepoRoot(),
      dataDir: dataDir && path.resolve(dataDir),
      paths: paths.map((p) => path.resolve(p)),
    });
  } catch (err) {
    console.error(`helm values: ${(err as Error).message}`);
    return 2;
  }
  for (const line of formatReport(report)) console.log(line);
  return report.problems.length > 0 ? 1 : 0;
}

if (isMainScript('helm-values')) process.exitCode = main(process.argv.slice(2));
