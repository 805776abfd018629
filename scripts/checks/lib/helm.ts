/**
 * Helm command lines and values, judged against the values of ToolHive's
 * charts as extracted by scripts/helm-values/extract.ts (data/releases/v0.2.8/helm/*.json).
 *
 * - parseHelmArgs: the words after `helm` as Helm's CLI reads them: the
 *   subcommand, the release and chart arguments, and the value flags
 *   (-f/--values, --set, --set-string, --set-json, --set-file,
 *   --set-literal) and --version;
 * - parseSetFlag: a --set style argument the way Helm's strvals parser reads
 *   it: comma-separated assignments, dotted keys (`\.` escapes a dot),
 *   `key[0]` list indexes, `{a,b}` lists, and for --set the types Helm gives
 *   (true/false, null and integers; everything else is a string);
 * - checkValues: keys the chart doesn't have, values of the wrong shape,
 *   strings a template never matches, and shapes a template of the chart
 *   renders wrongly.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Word} from './thv-lines';

// The data's shape is the extractor's (scripts/helm-values/extract.ts).
import {
  typeOf,
  type ChartData,
  type Condition,
  type TemplateFailure,
  type ValueType,
} from '../../helm-values/extract';
import leven from 'leven';

export type {
  ChartData,
  ChartValue,
  Condition,
  TemplateFailure,
  TemplateProblem,
  ValueType,
} from '../../helm-values/extract';
export {typeOf};

export function loadCharts(dir: string, names: string[]): ChartData[] {
  return names.map((n) => JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as ChartData);
}

/**
 * The folder of the chart files: `dir` itself, or its `helm/` folder when
 * `dir` is a release's data folder (data/releases/v0.44.0).
 */
export function chartDataDir(dir: string, names: string[]): string {
  const holds = (d: string) => names.every((n) => existsSync(path.join(d, n)));
  if (holds(dir)) return dir;
  if (holds(path.join(dir, 'helm'))) return path.join(dir, 'helm');
  throw new Error(`no chart data in ${dir} or ${path.join(dir, 'helm')} (${names.join(', ')})`);
}

// ---------------------------------------------------------------------------
// Command lines
// ---------------------------------------------------------------------------

/** Helm flags that take a value (from `helm install/upgrade/template/show/pull --help`, Helm 3). */
const VALUE_FLAGS = new Set([
  '-f',
  '--values',
  '--set',
  '--set-string',
  '--set-file',
  '--set-json',
  '--set-literal',
  '--version',
  '-n',
  '--namespace',
  '--kube-context',
  '--kubeconfig',
  '--kube-apiserver',
  '--kube-as-user',
  '--kube-as-group',
  '--kube-ca-file',
  '--kube-token',
  '--repo',
  '--username',
  '--password',
  '--ca-file',
  '--cert-file',
  '--key-file',
  '--keyring',
  '--post-renderer',
  '--post-renderer-args',
  '--timeout',
  '--description',
  '--name-template',
  '-o',
  '--output',
  '--output-dir',
  '--history-max',
  '--registry-config',
  '--repository-cache',
  '--repository-config',
  '--burst-limit',
  '--qps',
  '-l',
  '--labels',
  '-d',
  '--destination',
  '--untardir',
  '-a',
  '--api-versions',
  '-s',
  '--show-only',
  '--kube-version',
  '--release-name',
]);

export type ValueFlag = 'values' | 'set' | 'set-string' | 'set-json' | 'set-file' | 'set-literal';

export interface ValueArg {
  flag: ValueFlag;
  value: string;
  word: Word;
}

export interface HelmCommand {
  /** `install`, `upgrade`, `template`, `show values`, `pull`, ... */
  command: string;
  release?: Word;
  chart?: Word;
  version?: Word;
  values: ValueArg[];
}

const FLAG_NAMES: Record<string, ValueFlag> = {
  '-f': 'values',
  '--values': 'values',
  '--set': 'set',
  '--set-string': 'set-string',
  '--set-json': 'set-json',
  '--set-file': 'set-file',
  '--set-literal': 'set-literal',
};

/** Read the words after `helm`. */
export function parseHelmArgs(args: Word[]): HelmCommand | null {
  const positional: Word[] = [];
  const values: ValueArg[] = [];
  let version: Word | undefined;
  let generateName = false;
  for (let i = 0; i < args.length; i += 1) {
    const w = args[i];
    const v = w.value;
    if (v === '--') {
      positional.push(...args.slice(i + 1));
      break;
    }
    if (v.startsWith('-') && v.length > 1) {
      let name = v;
      let value: Word | undefined;
      const eq = v.indexOf('=');
      if (v.startsWith('--') && eq > 0) {
        name = v.slice(0, eq);
        value = {...w, value: v.slice(eq + 1)};
      } else if (/^-[fn]./.test(v)) {
        name = v.slice(0, 2);
        value = {...w, value: v.slice(2)};
      } else if (VALUE_FLAGS.has(v)) {
        value = args[i + 1];
        i += 1;
      }
      if (name === '--generate-name' || name === '-g') generateName = true;
      if (!value) continue;
      if (name === '--version') version = value;
      const flag = FLAG_NAMES[name];
      if (flag) values.push({flag, value: value.value, word: value});
      continue;
    }
    positional.push(w);
  }
  if (positional.length === 0) return null;
  const [sub, ...rest] = positional;
  const command = sub.value;
  const out: HelmCommand = {command, version, values};
  if (command === 'install' || command === 'upgrade') {
    if (command === 'install' && generateName) out.chart = rest[0];
    else {
      out.release = rest[0];
      out.chart = rest[1];
    }
  } else if (command === 'template') {
    if (rest.length >= 2) {
      out.release = rest[0];
      out.chart = rest[1];
    } else out.chart = rest[0];
  } else if (command === 'show' || command === 'inspect') {
    out.command = `${command} ${rest[0]?.value ?? ''}`.trim();
    out.chart = rest[1];
  } else if (command === 'pull' || command === 'fetch') {
    out.chart = rest[0];
  }
  return out;
}

/** The chart a chart argument names, or null when it is none of ours. */
export function resolveChart(
  ref: string,
  charts: ChartData[],
): {chart: ChartData; problem?: string} | null {
  const trimmed = ref.replace(/\/+$/, '');
  for (const c of charts) if (c.reference && trimmed === c.reference) return {chart: c};
  const base = path.posix.basename(trimmed).replace(/-\d+\.\d+\.\d+.*\.tgz$/, '');
  const chart = charts.find((c) => c.chart.name === base);
  if (!chart) return null;
  if (trimmed.startsWith('oci://') && chart.reference && trimmed !== chart.reference)
    return {
      chart,
      problem: `the chart ${chart.chart.name} is published at ${chart.reference}, not ${trimmed}`,
    };
  return {chart};
}

// ---------------------------------------------------------------------------
// --set and friends
// ---------------------------------------------------------------------------

/** Helm's typing of a --set value (strvals typedVal). */
export function typedValue(v: string): unknown {
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (v === 'null') return null;
  if (/^[-+]?\d+$/.test(v) && !(v.length > 1 && v[0] === '0')) {
    const n = Number(v);
    if (Number.isSafeInteger(n)) return n;
  }
  return v;
}

function splitTop(s: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  let depth = 0;
  for (let i = 0; i < s.length; i += 1) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length) {
      cur += c + s[i + 1];
      i += 1;
      continue;
    }
    if (c === '{') depth += 1;
    if (c === '}') depth = Math.max(0, depth - 1);
    if (c === sep && depth === 0) {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += c;
  }
  out.push(cur);
  return out;
}

/** Key segments of a --set key: dots split (unless escaped), `name[2]` adds an index. */
export function keySegments(key: string): (string | number)[] {
  const segs: (string | number)[] = [];
  for (const part of key.split(/(?<!\\)\./)) {
    const m = /^(.*?)((?:\[\d+\])*)$/.exec(part.replace(/\\\./g, '.'))!;
    if (m[1] !== '') segs.push(m[1]);
    for (const idx of m[2].matchAll(/\[(\d+)\]/g)) segs.push(Number(idx[1]));
  }
  return segs;
}

function setIn(tree: Record<string, unknown>, segs: (string | number)[], value: unknown): void {
  let node: Record<string | number, unknown> = tree;
  segs.forEach((seg, i) => {
    const last = i === segs.length - 1;
    if (last) {
      node[seg] = value;
      return;
    }
    const nextIsIndex = typeof segs[i + 1] === 'number';
    if (node[seg] === undefined || typeof node[seg] !== 'object' || node[seg] === null)
      node[seg] = nextIsIndex ? [] : {};
    node = node[seg] as Record<string | number, unknown>;
  });
}

/** The values tree one value flag's argument stands for. */
export function parseSetFlag(
  flag: Exclude<ValueFlag, 'values'>,
  arg: string,
): Record<string, unknown> {
  const tree: Record<string, unknown> = {};
  const assignments = flag === 'set-literal' || flag === 'set-json' ? [arg] : splitTop(arg, ',');
  for (const a of assignments) {
    const eq = a.search(/(?<!\\)=/);
    if (eq < 0) throw new Error(`"${a}" is not key=value`);
    const key = a.slice(0, eq);
    const raw = a.slice(eq + 1);
    let value: unknown;
    if (flag === 'set-json') value = JSON.parse(raw);
    else if (flag === 'set-file' || flag === 'set-literal') value = raw;
    else if (/^\{.*\}$/.test(raw))
      value = splitTop(raw.slice(1, -1), ',').map((x) => (flag === 'set' ? typedValue(x) : x));
    else
      value =
        flag === 'set' ? typedValue(raw.replace(/\\(.)/g, '$1')) : raw.replace(/\\(.)/g, '$1');
    setIn(tree, keySegments(key), value);
  }
  return tree;
}

// ---------------------------------------------------------------------------
// Values against a chart
// ---------------------------------------------------------------------------

function isEmpty(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v).length === 0;
  return false;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
}

const A = (t: ValueType) =>
  t === 'map' ? 'a map' : t === 'list' ? 'a list' : t === 'null' ? 'null' : `a ${t}`;

export interface ValueProblem {
  /** Dotted key the problem is about. */
  key: string;
  message: string;
}

/**
 * Problems of a values tree for a chart. `how` says where the values come
 * from, for the messages (`--set`, `-f values-x.yaml`).
 */
export function checkValues(chart: ChartData, tree: unknown, how: ValueFlag): ValueProblem[] {
  const problems: ValueProblem[] = [];
  const {values} = chart;
  const label = `chart ${chart.chart.name} ${chart.chart.version}`;
  if (typeOf(tree) !== 'map') {
    return [{key: '', message: `the values must be a map of keys, not ${A(typeOf(tree))}`}];
  }
  const walk = (obj: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(obj)) {
      const p = prefix ? `${prefix}.${k}` : k;
      const node = values[p];
      if (!node) {
        const siblings = Object.keys(values)
          .filter(
            (x) =>
              (prefix ? x.startsWith(`${prefix}.`) : true) &&
              x.split('.').length === p.split('.').length,
          )
          .map((x) => x.split('.').pop()!);
        const hint = siblings
          .map((s) => ({s, d: leven(s.toLowerCase(), k.toLowerCase())}))
          .filter(
            (x) =>
              x.d <= Math.max(2, Math.floor(k.length / 3)) ||
              commonPrefix(x.s.toLowerCase(), k.toLowerCase()) >= Math.min(6, k.length - 1),
          )
          .sort((a, b) => a.d - b.d)[0]?.s;
        problems.push({
          key: p,
          message:
            Object.keys(values).length === 0
              ? `${p}: the ${label} has no values at all; remove the value`
              : `${p}: the ${label} has no such value (its templates never read it)${hint ? `; did you mean ${prefix ? `${prefix}.` : ''}${hint}?` : ''}`,
        });
        continue;
      }
      const t = typeOf(v);
      if (node.unused)
        problems.push({
          key: p,
          message: `${p}: the ${label} declares this value but no template reads it`,
        });
      if (t !== 'null' && node.types.length > 0 && !node.types.includes(t)) {
        const wanted = node.types
          .filter((x) => x !== 'null')
          .map(A)
          .join(' or ');
        const setHint =
          how === 'set' && node.types.includes('string') && (t === 'number' || t === 'boolean')
            ? ' (--set turns it into a ' + t + '; use --set-string)'
            : '';
        problems.push({
          key: p,
          message: `${p}: the ${label} expects ${wanted}${node.default !== undefined ? ` (default ${JSON.stringify(node.default)})` : ''}, but this is ${A(t)}${setHint}`,
        });
        // A wrong shape that a template also mishandles: say both.
      }
      if (t === 'string' && node.compares && !node.compares.includes(v as string)) {
        problems.push({
          key: p,
          message: `${p}: the ${label}'s templates act only on ${node.compares.map((c) => JSON.stringify(c)).join(' or ')}; ${JSON.stringify(v)} matches none of them`,
        });
      }
      if ((t === 'map' || t === 'list') && !isEmpty(v)) {
        const bug = node.templateProblems?.find((x) => x.shape === t);
        if (bug) {
          problems.push({
            key: p,
            message: `${p}: the ${label} can't take ${A(t)} here: ${bug.template} (line ${bug.line}, ${chart.source.tag}) ${bug.reason}. Leave ${p} empty with this chart version`,
          });
        }
      }
      if (t === 'map' && !node.freeForm) walk(v as Record<string, unknown>, p);
    }
  };
  walk(tree as Record<string, unknown>, '');
  return problems;
}

// ---------------------------------------------------------------------------
// Combinations of values that a template refuses
// ---------------------------------------------------------------------------

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Helm's merge of values: maps merge key by key, anything else replaces. */
export function mergeValues(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over === undefined ? base : over;
  const out: Record<string, unknown> = {...base};
  for (const [k, v] of Object.entries(over)) out[k] = mergeValues(base[k], v);
  return out;
}

/** The chart's defaults as a values tree. */
export function defaultValues(chart: ChartData): Record<string, unknown> {
  const tree: Record<string, unknown> = {};
  for (const [p, v] of Object.entries(chart.values)) {
    if (v.default === undefined) continue;
    const segs = p.split('.');
    let node = tree;
    for (const s of segs.slice(0, -1)) {
      if (!isObject(node[s])) node[s] = {};
      node = node[s] as Record<string, unknown>;
    }
    node[segs[segs.length - 1]] = mergeValues(node[segs[segs.length - 1]], v.default);
  }
  return tree;
}

function lookup(tree: unknown, p: string): unknown {
  let node = tree;
  for (const s of p.split('.')) {
    if (!isObject(node)) return undefined;
    node = node[s];
  }
  return node;
}

/** Truth as Go templates see it: false, 0, nil and empty strings, maps and lists are false. */
function truthy(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (isObject(v)) return Object.keys(v).length > 0;
  return true;
}

export function holds(c: Condition, values: unknown): boolean {
  if ('value' in c) return truthy(lookup(values, c.value));
  if ('eq' in c) return lookup(values, c.eq[0]) === c.eq[1];
  if ('ne' in c) return lookup(values, c.ne[0]) !== c.ne[1];
  if ('not' in c) return !holds(c.not, values);
  if ('and' in c) return c.and.every((x) => holds(x, values));
  return c.or.some((x) => holds(x, values));
}

/**
 * The `fail` calls of the chart's templates that the values of one command
 * (its value flags and files, in order, over the chart's defaults) trigger.
 */
export function failuresOf(chart: ChartData, trees: unknown[]): TemplateFailure[] {
  const merged = trees.reduce<unknown>((acc, t) => mergeValues(acc, t), defaultValues(chart));
  return (chart.failures ?? []).filter((f) => holds(f.when, merged));
}
