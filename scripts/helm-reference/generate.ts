/**
 * Generates the "Helm chart values" reference page of a release: every value
 * of the `toolhive-operator` and `toolhive-operator-crds` charts, with its
 * type and default (from the chart data that scripts/helm-values/extract.ts
 * extracts) and what it does (from descriptions.yaml, written by hand).
 *
 * Usage (from the repository root):
 *   tsx scripts/helm-reference/generate.ts [--data DIR] [--out-dir DIR]
 *
 * --data is the release's data folder, whose helm/ folder holds
 * toolhive-operator.json, toolhive-operator-crds.json and descriptions.yaml
 * (default data/releases/v0.44.0); the helm folder itself works too.
 * --out-dir is the folder the page is written to, as helm-chart-values.mdx
 * (default docs/toolhive/reference). The page is a build output: it is
 * gitignored, and you edit the data, never the page. The generator stops
 * when a value of a chart has no description or a description names a value
 * the chart lacks.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse, stringify} from 'yaml';
import type {ChartData, ChartValue, Condition} from '../helm-values/extract';

export const siteRoot = path.resolve(__dirname, '..', '..');
export const DEFAULT_DATA_DIR = path.join(siteRoot, 'data', 'releases', 'v0.44.0');
export const DEFAULT_OUT_DIR = path.join(siteRoot, 'docs', 'toolhive', 'reference');
export const PAGE_FILE = 'helm-chart-values.mdx';
export const CHARTS = ['toolhive-operator', 'toolhive-operator-crds'] as const;
export const DESCRIPTIONS_FILE = 'descriptions.yaml';

/** A description: text, or text with flags. */
export type Description = string | {text: string; effect?: 'none'; type?: string};

export interface ChartDescriptions {
  summary: string;
  notes: string[];
  values: Record<string, Description>;
}

export interface Descriptions {
  release: string;
  charts: Record<string, ChartDescriptions>;
}

export interface ReleaseHelmData {
  dir: string;
  descriptions: Descriptions;
  charts: ChartData[];
}

/** The helm folder of a release data folder, or the folder itself. */
export function helmDir(dir: string): string {
  if (fs.existsSync(path.join(dir, DESCRIPTIONS_FILE))) return dir;
  if (fs.existsSync(path.join(dir, 'helm', DESCRIPTIONS_FILE))) return path.join(dir, 'helm');
  throw new Error(`no ${DESCRIPTIONS_FILE} in ${dir} or ${path.join(dir, 'helm')}`);
}

export function loadReleaseHelmData(dir = DEFAULT_DATA_DIR): ReleaseHelmData {
  const helm = helmDir(dir);
  const descriptions = parse(
    fs.readFileSync(path.join(helm, DESCRIPTIONS_FILE), 'utf8'),
  ) as Descriptions;
  const charts = CHARTS.map(
    (c) => JSON.parse(fs.readFileSync(path.join(helm, `${c}.json`), 'utf8')) as ChartData,
  );
  return {dir: helm, descriptions, charts};
}

export function textOf(d: Description): string {
  return (typeof d === 'string' ? d : d.text).trim();
}

/**
 * What is wrong with the descriptions: a chart value without one, a
 * description of a value the chart lacks, a chart missing on either side, a
 * release that differs from the charts', or an empty text.
 */
export function descriptionProblems(data: ReleaseHelmData): string[] {
  const problems: string[] = [];
  const {descriptions, charts} = data;
  const described = Object.keys(descriptions.charts ?? {});
  for (const name of described)
    if (!charts.some((c) => c.chart.name === name))
      problems.push(`descriptions name the chart ${name}, which the release data lacks`);
  for (const chart of charts) {
    const name = chart.chart.name;
    const d = descriptions.charts?.[name];
    if (!d) {
      problems.push(`${name}: no descriptions at all`);
      continue;
    }
    if (!d.summary?.trim()) problems.push(`${name}: no summary`);
    if (`v${chart.chart.version}` !== descriptions.release)
      problems.push(
        `${name}: the chart data is version ${chart.chart.version}, the descriptions describe ${descriptions.release}`,
      );
    const keys = Object.keys(chart.values);
    for (const k of keys)
      if (!(k in (d.values ?? {}))) problems.push(`${name}: ${k} has no description`);
    for (const [k, v] of Object.entries(d.values ?? {})) {
      if (!keys.includes(k)) problems.push(`${name}: ${k} is described, but the chart has no ${k}`);
      else if (!v || textOf(v).length < 10)
        problems.push(`${name}: ${k}: the description is empty`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------

/** Anchor of a value or a section. */
export function anchor(chart: string, key = ''): string {
  return `${chart}${key ? `-${key}` : ''}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

function code(s: string): string {
  return `\`${s.replace(/`/g, "'")}\``;
}

function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n+/g, ' ');
}

const INLINE_DEFAULT = 48;

function inlineDefault(v: unknown): string {
  return JSON.stringify(v);
}

function typeCell(v: ChartValue, d: Description): string {
  const types = v.types.filter((t) => t !== 'null');
  const fromData = types.length > 0 ? types.join(' or ') : null;
  const named = fromData ?? (typeof d === 'object' ? d.type : undefined) ?? 'any';
  return v.freeForm ? `${named}, passed to Kubernetes as written` : named;
}

/** The key whose direct children a section lists: `operator`, `operator.autoscaling`. */
function parentOf(key: string): string {
  const i = key.lastIndexOf('.');
  return i < 0 ? '' : key.slice(0, i);
}

/** Keys that get a section of their own: maps whose children are listed. */
export function sectionKeys(chart: ChartData): string[] {
  const keys = Object.keys(chart.values);
  return keys.filter((k) => keys.some((x) => parentOf(x) === k));
}

function conditionText(c: Condition, chart: ChartData): string {
  if ('value' in c)
    return chart.values[c.value]?.types.join() === 'boolean'
      ? `${code(c.value)} is \`true\``
      : `${code(c.value)} is set and not empty`;
  if ('eq' in c) return `${code(c.eq[0])} is ${code(String(c.eq[1]))}`;
  if ('ne' in c) return `${code(c.ne[0])} is not ${code(String(c.ne[1]))}`;
  if ('not' in c) return `it is not the case that ${conditionText(c.not, chart)}`;
  const parts = ('and' in c ? c.and : c.or).map((x) => conditionText(x, chart));
  return parts.join('and' in c ? ' and ' : ' or ');
}

function valueNotes(v: ChartValue, d: Description): string[] {
  const notes: string[] = [];
  if (typeof d === 'object' && d.effect === 'none') notes.push('**No effect in this release.**');
  if (v.unused) notes.push('**Unused:** no template of the chart reads it.');
  for (const p of v.templateProblems ?? [])
    notes.push(
      `**Broken for a ${p.shape}:** ${code(`${p.template}`)} line ${p.line} ${p.reason.replace(/"/g, "'")}.`,
    );
  const acted = v.allowed ?? v.compares;
  if (acted && acted.length > 0)
    notes.push(
      `${v.allowed ? 'Allowed values' : 'Values the templates act on'}: ${acted.map((x) => code(String(x))).join(', ')}.`,
    );
  return notes;
}

function defaultCell(chart: ChartData, key: string, v: ChartValue): string {
  if (sectionKeys(chart).includes(key))
    return `See [${code(key)}](#${anchor(chart.chart.name, key)})`;
  if (v.default === undefined) return 'None';
  const s = inlineDefault(v.default);
  return s.length <= INLINE_DEFAULT ? code(s) : 'Below the table';
}

/** A values file that sets `key` to its default, for defaults too long for the table. */
function defaultBlock(key: string, value: unknown): string {
  const tree: Record<string, unknown> = {};
  const segs = key.split('.');
  let node = tree;
  segs.slice(0, -1).forEach((s) => {
    node[s] = {};
    node = node[s] as Record<string, unknown>;
  });
  node[segs[segs.length - 1]] = value;
  return ['```yaml', stringify(tree).trimEnd(), '```'].join('\n');
}

function renderSection(chart: ChartData, d: ChartDescriptions, section: string): string {
  const name = chart.chart.name;
  const children = Object.keys(chart.values).filter((k) => parentOf(k) === section);
  const title = section ? code(section) : 'Top-level values';
  const lines = [`### ${title} \\{#${anchor(name, section || 'top-level')}}`, ''];
  if (section) lines.push(textOf(d.values[section]), '');
  lines.push('| Key | Type | Default | Description |', '| --- | --- | --- | --- |');
  const long: string[] = [];
  for (const key of children) {
    const v = chart.values[key];
    const desc = d.values[key];
    const own = sectionKeys(chart).includes(key);
    const keyCell = own
      ? `[${code(key)}](#${anchor(name, key)})`
      : `<Link id="${anchor(name, key)}" to="#${anchor(name, key)}">${code(key)}</Link>`;
    const text = [textOf(desc), ...valueNotes(v, desc)].join(' ');
    lines.push(
      `| ${keyCell} | ${cell(typeCell(v, desc))} | ${cell(defaultCell(chart, key, v))} | ${cell(text)} |`,
    );
    if (!own && v.default !== undefined && inlineDefault(v.default).length > INLINE_DEFAULT)
      long.push(`The default of ${code(key)}:`, '', defaultBlock(key, v.default), '');
  }
  lines.push('');
  return [...lines, ...long].join('\n');
}

function renderChart(chart: ChartData, d: ChartDescriptions): string {
  const name = chart.chart.name;
  const ref = chart.reference ?? name;
  const out = [
    `## ${code(name)} \\{#${anchor(name)}}`,
    '',
    d.summary.trim(),
    '',
    '| Property | Value |',
    '| --- | --- |',
    `| Chart | ${code(ref)} |`,
    `| Version | ${code(chart.chart.version)} |`,
    `| Source | ${code(`${chart.source.path}`)} at tag ${code(chart.source.tag)} of ${code(chart.source.repository)} |`,
    `| Values files | ${chart.valuesFiles.map(code).join(', ')}${chart.valuesSchema ? `; schema ${code(chart.valuesSchema)}` : ''} |`,
    `| Values | ${Object.keys(chart.values).length} |`,
    '',
  ];
  const notes = [...(d.notes ?? []).map((n) => n.trim())];
  for (const f of chart.failures ?? [])
    notes.push(
      `Helm stops with an error, and installs nothing, when ${conditionText(f.when, chart)} (${code(f.template)}, line ${f.line}).`,
    );
  if (notes.length > 0) out.push(...notes.map((n) => `- ${n}`), '');
  out.push(`To list the chart's defaults, run:`, '');
  out.push('```bash', `helm show values ${ref} --version ${chart.chart.version}`, '```', '');
  const sections = ['', ...sectionKeys(chart)];
  for (const s of sections) {
    const hasChildren = Object.keys(chart.values).some((k) => parentOf(k) === s);
    if (hasChildren) out.push(renderSection(chart, d, s));
  }
  return out.join('\n');
}

export function renderPage(data: ReleaseHelmData): string {
  const problems = descriptionProblems(data);
  if (problems.length > 0)
    throw new Error(`${path.relative(siteRoot, data.dir)}:\n  ${problems.join('\n  ')}`);
  const {descriptions, charts} = data;
  const [operator, crds] = CHARTS.map((n) => charts.find((c) => c.chart.name === n)!);
  const rel = path.relative(siteRoot, path.join(data.dir, DESCRIPTIONS_FILE)).split(path.sep);
  const out = [
    '---',
    'title: Helm chart values',
    'sidebar_label: Helm chart values',
    `description: Every value of the toolhive-operator and toolhive-operator-crds Helm charts ${operator.chart.version}, with its type, its default and what the chart does with it.`,
    '---',
    '',
    "import Link from '@docusaurus/Link';",
    '',
    `{/*Generated from ${rel.slice(0, -1).join('/')}/ by scripts/helm-reference/generate.ts. Do not edit.*/}`,
    '',
    `You install the ToolHive Kubernetes operator with two Helm charts:
${code(crds.chart.name)} ${crds.chart.version} adds the custom resource definitions, and
${code(operator.chart.name)} ${operator.chart.version} runs the operator, for ToolHive
${descriptions.release}. This page lists every value of both charts: its type, its default
and what the chart and the operator do with it. Pass your values to
\`helm install\` or \`helm upgrade\` in a values file with \`-f\`, or one at a
time with \`--set\`.`,
    '',
    '## How to read this reference',
    '',
    `Each value is named by its dotted path in the values file: ${code('operator.rbac.scope')} is
the key ${code('scope')} inside ${code('rbac')} inside ${code('operator')}. A map whose keys
are listed one by one has a section of its own.`,
    '',
    `- **Type** is the YAML type of the default. A value passed to Kubernetes as
  written goes into a manifest as it is, so it takes any field that the
  Kubernetes object at that place accepts.
- **Default** is the value in the chart's values file. "None" means that the
  chart sets no value and a template reads the key only when you set it.
  Defaults too long for the table follow it, as a values file that sets them.
- **Description** says what the templates do with the value, and what the
  operator does with the environment variables they set. A value that
  changes nothing says so.`,
    '',
    renderChart(operator, descriptions.charts[operator.chart.name]),
    renderChart(crds, descriptions.charts[crds.chart.name]),
    '## Related information',
    '',
    `- [Deploy the operator with Helm](/toolhive/guides-k8s/deploy-operator-helm)
- [Known issues](/toolhive/reference/known-issues)`,
    '',
  ];
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

export function generate(dataDir = DEFAULT_DATA_DIR, outDir = DEFAULT_OUT_DIR): string {
  const page = renderPage(loadReleaseHelmData(dataDir));
  fs.mkdirSync(outDir, {recursive: true});
  const file = path.join(outDir, PAGE_FILE);
  fs.writeFileSync(file, page);
  return file;
}

function main(argv: string[]): number {
  let dataDir = DEFAULT_DATA_DIR;
  let outDir = DEFAULT_OUT_DIR;
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--data') dataDir = path.resolve(argv[++i]);
    else if (a === '--out-dir') outDir = path.resolve(argv[++i]);
    else {
      console.error('usage: tsx scripts/helm-reference/generate.ts [--data DIR] [--out-dir DIR]');
      return 2;
    }
  }
  try {
    const file = generate(dataDir, outDir);
    console.log(`helm-reference: wrote ${path.relative(process.cwd(), file)}`);
    return 0;
  } catch (e) {
    console.error(`helm-reference: ${(e as Error).message}`);
    return 1;
  }
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
