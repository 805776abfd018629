/**
 * Extract the values of ToolHive's Helm charts into data/releases/v0.2.8/helm/<chart>.json:
 * every key of the chart's values files and every `.Values` key its
 * templates read, with the key's type, default and how the templates use it,
 * and the places where a template mishandles a value.
 *
 * Usage (from the repository root):
 *   tsx scripts/helm-values/extract.ts [--git-dir DIR] [--tag TAG]
 *     [--operator-tag TAG] [--crds-tag TAG] [--out-dir DIR]
 *
 * Defaults: --git-dir /work/.mirror/stacklok+toolhive/repo (a bare or normal
 * git directory of stacklok/toolhive), --operator-tag toolhive-operator-0.2.4,
 * --crds-tag toolhive-operator-crds-0.0.15, --out-dir data/releases/v0.2.8/helm. --tag sets
 * the tag of both charts, for releases that tag the charts with the product
 * (v0.44.0: `--tag v0.44.0 --out-dir data/releases/v0.44.0/helm`). Files are
 * read from the tags with git, so no work tree is needed and no chart file is
 * copied into this repository.
 *
 * The chart's values files are values.yaml and every other values*.yaml next
 * to it (values-openshift.yaml in chart 0.2.4); its templates are the .yaml,
 * .tpl and .txt files under templates/ (NOTES.txt is rendered too). When the
 * chart has a values.schema.json, Helm validates values against it, and its
 * types and allowed values are read as well.
 *
 * For each value (a dotted path):
 * - types: the YAML types of its defaults in the chart's values files, and
 *   the types values.schema.json allows. A key that only a template reads
 *   takes its type from a commented-out example in values.yaml, such as
 *   `# targetMemoryUtilizationPercentage: 80`; the maps above such a key are
 *   listed too (`global` and `global.redis` for `global.redis.host`);
 * - freeForm: the templates pass it whole to Kubernetes with toYaml, so any
 *   keys below it are allowed;
 * - compares: the strings a template compares it with (`eq .Values.x "a"`,
 *   `ne .Values.x "a"`);
 * - allowed: the values values.schema.json allows (`enum`);
 * - unused: no template reads it;
 * - templateProblems: shapes (map or list) that a template renders wrongly.
 *   Each `toYaml … | nindent N` is judged against the YAML line it follows:
 *   after `key:` the block must be indented more; after `key: value` a map at
 *   the key's column adds keys to that mapping (a mistake inside a list
 *   entry), a list there or anything deeper breaks the YAML, and a list is
 *   only right at the column of the enclosing list's dashes.
 *
 * And for the chart, `failures`: the conditions under which a template calls
 * `fail` and Helm refuses to render, when the condition is made of values,
 * `and`, `or`, `not`, `eq` and `ne` (other conditions are left out).
 */
import {execFileSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parse as parseYaml, parseDocument} from 'yaml';
import {findRepoRoot} from '../checks/lib/code-blocks';
import {formatJson} from '../crd-extract/extract';

export const DEFAULT_GIT_DIR = '/work/.mirror/stacklok+toolhive/repo';
export const DEFAULT_OPERATOR_TAG = 'toolhive-operator-0.2.4';
export const DEFAULT_CRDS_TAG = 'toolhive-operator-crds-0.0.15';
export const DEFAULT_OUT_DIR = 'data/releases/v0.2.8/helm';
export const REPOSITORY = 'stacklok/toolhive';

export type ValueType = 'string' | 'number' | 'boolean' | 'null' | 'map' | 'list';
export type Shape = 'map' | 'list';

export interface TemplateUse {
  /** Template file and 1-based line. */
  at: string;
  how: 'toYaml' | 'range' | 'join' | 'eq' | 'read';
}

export interface TemplateProblem {
  shape: Shape;
  template: string;
  line: number;
  reason: string;
}

export interface ChartValue {
  types: ValueType[];
  default?: unknown;
  inValues: boolean;
  freeForm?: boolean;
  compares?: string[];
  /** Values that values.schema.json allows (`enum`). */
  allowed?: unknown[];
  unused?: boolean;
  usedIn?: string[];
  templateProblems?: TemplateProblem[];
}

/** A condition of values, as a template's `if` writes it. */
export type Condition =
  | {value: string}
  | {eq: [string, unknown]}
  | {ne: [string, unknown]}
  | {not: Condition}
  | {and: Condition[]}
  | {or: Condition[]};

/** A template that calls `fail` when its condition holds. */
export interface TemplateFailure {
  when: Condition;
  message: string;
  template: string;
  line: number;
}

export interface ChartData {
  $comment: string;
  chart: {name: string; version: string; appVersion: string | null};
  source: {repository: string; tag: string; path: string};
  reference: string | null;
  valuesFiles: string[];
  /** values.schema.json, when the chart has one. */
  valuesSchema?: string;
  values: Record<string, ChartValue>;
  failures?: TemplateFailure[];
}

export function typeOf(v: unknown): ValueType {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'list';
  if (typeof v === 'object') return 'map';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'boolean';
  return 'string';
}

/** Every dotted path of a values tree, with its value (maps are entered; lists are not). */
export function flatten(tree: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (tree && typeof tree === 'object' && !Array.isArray(tree)) {
    for (const [k, v] of Object.entries(tree as Record<string, unknown>)) {
      const p = prefix ? `${prefix}.${k}` : k;
      out.set(p, v);
      for (const [kk, vv] of flatten(v, p)) out.set(kk, vv);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------

interface Action {
  text: string;
}

const ACTION = /\{\{-?\s*([\s\S]*?)\s*-?\}\}/g;
const VALUES_REF = /(?:\$|\B)\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)+)/g;

/**
 * `(((.Values.global).redis).host)`, the nil-safe way to read a value whose
 * parents may be missing, written as the plain path `.Values.global.redis.host`.
 */
export function normaliseRefs(text: string): string {
  const paren = /\((\$?\.Values(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\)((?:\.[A-Za-z_][A-Za-z0-9_]*)+)/g;
  let out = text;
  for (let prev = ''; prev !== out;) {
    prev = out;
    out = out.replace(paren, '$1$2');
  }
  return out;
}

function actionsOf(line: string): Action[] {
  return [...line.matchAll(ACTION)].map((m) => ({text: normaliseRefs(m[1])}));
}

/** The string literals an action compares a value with: `eq .Values.x "a"`, `ne "a" .Values.x`. */
function comparedLiterals(action: string, ref: string): string[] {
  const r = `\\$?\\.Values\\.${ref.replace(/\./g, '\\.')}(?![\\w.])`;
  const lits: string[] = [];
  for (const re of [
    new RegExp(`\\b(?:eq|ne)\\s+${r}\\s+"([^"]*)"`, 'g'),
    new RegExp(`\\b(?:eq|ne)\\s+"([^"]*)"\\s+${r}`, 'g'),
  ])
    for (const m of action.matchAll(re)) lits.push(m[1]);
  return lits;
}

/** Literal text of a line with its template actions removed (their output left out). */
function literalOf(line: string): string {
  return line.replace(ACTION, '');
}

export interface TemplateFacts {
  uses: Map<string, TemplateUse[]>;
  compares: Map<string, Set<string>>;
  problems: Map<string, TemplateProblem[]>;
}

/** An output line of a template, as far as the audit needs it. */
interface OutLine {
  /** Column of the content (for an emitted block: its nindent). */
  indent: number;
  /** `key:` with nothing after it (opens a block). */
  opener: boolean;
  /** Starts with `- `. */
  dash: boolean;
  /** Emitted by include/toYaml rather than written. */
  emitted: boolean;
  text: string;
}

function outLine(line: string): OutLine | null {
  const actions = actionsOf(line);
  const literal = literalOf(line);
  if (literal.trim() === '') {
    const emit = actions.find((a) => /\|\s*nindent\s+\d+/.test(a.text));
    if (emit && /^(include|toYaml)\b/.test(emit.text.trim())) {
      const n = Number(/nindent\s+(\d+)/.exec(emit.text)![1]);
      return {indent: n, opener: false, dash: false, emitted: true, text: emit.text};
    }
    return null;
  }
  const indent = literal.length - literal.trimStart().length;
  const body = line.trimStart();
  return {
    indent,
    opener: /:\s*$/.test(body) && !/\{\{/.test(body.replace(/:\s*$/, '').slice(-2)),
    dash: /^-\s/.test(body) || body === '-',
    emitted: false,
    text: body,
  };
}

/**
 * Judge a `toYaml … | nindent n` block that follows the output lines `before`
 * (nearest last). Returns, per shape, why it renders wrongly, or nothing.
 */
export function auditIndent(before: OutLine[], n: number): Partial<Record<Shape, string>> {
  const prev = before[before.length - 1];
  if (!prev) return {};
  const problems: Partial<Record<Shape, string>> = {};
  if (prev.opener) {
    if (n <= prev.indent) {
      problems.map = `renders at column ${n}, not below "${prev.text}" (column ${prev.indent})`;
      if (n < prev.indent) problems.list = problems.map;
    }
    return problems;
  }
  // prev holds a complete value: `key: value`, `- key: value`, or an emitted mapping.
  const keyCol = prev.dash ? prev.indent + 2 : prev.indent;
  // The list entry that holds prev, if any: the nearest dash line at keyCol - 2.
  let entry: OutLine | undefined = prev.dash ? prev : undefined;
  if (!entry) {
    for (let i = before.length - 2; i >= 0; i -= 1) {
      const l = before[i];
      if (l.indent < keyCol - 2) break;
      if (l.dash && l.indent === keyCol - 2) {
        entry = l;
        break;
      }
      if (l.indent < keyCol && !l.dash) break;
    }
  }
  if (n > keyCol) {
    problems.map = `renders at column ${n}, deeper than the finished value "${prev.text}" (column ${keyCol}): the YAML doesn't parse`;
    problems.list = problems.map;
  } else if (n === keyCol) {
    if (entry)
      problems.map = `renders at column ${n}, inside the list entry "${entry.text}": its keys become fields of that entry`;
    problems.list = `renders list items at column ${n}, among the keys of "${entry ? entry.text : prev.text}": the YAML doesn't parse`;
  } else if (entry && n === entry.indent) {
    problems.map = `renders keys at column ${n}, where the list's items start: the YAML doesn't parse`;
  } else {
    problems.map = `renders at column ${n}, outside the mapping of "${prev.text}"`;
    problems.list = problems.map;
  }
  return problems;
}

/** What the templates do with each value. */
export function readTemplates(files: {name: string; text: string}[]): TemplateFacts {
  const facts: TemplateFacts = {uses: new Map(), compares: new Map(), problems: new Map()};
  const use = (p: string, u: TemplateUse) => {
    if (!facts.uses.has(p)) facts.uses.set(p, []);
    facts.uses.get(p)!.push(u);
  };
  for (const {name, text} of files) {
    const lines = text.split('\n');
    /** Open blocks; for `with` and `range`, the value that `.` stands for inside. */
    const blocks: {kind: string; value: string | null}[] = [];
    const dot = () => {
      const b = [...blocks].reverse().find((x) => x.kind === 'with' || x.kind === 'range');
      return b?.value ?? undefined;
    };
    const out: OutLine[] = [];
    let inComment = false;
    lines.forEach((line, i) => {
      const at = `${name}:${i + 1}`;
      if (inComment || /\{\{-?\s*\/\*/.test(line)) {
        inComment = !/\*\/\s*-?\}\}/.test(line);
        return;
      }
      for (const {text: a} of actionsOf(line)) {
        const refs = [...a.matchAll(VALUES_REF)].map((m) => m[1].slice(1));
        const head = a.split(/\s+/)[0];
        if (['with', 'if', 'range', 'define', 'block'].includes(head)) {
          blocks.push({kind: head, value: head !== 'if' && refs.length === 1 ? refs[0] : null});
        } else if (head === 'end') {
          blocks.pop();
        }
        if (/\btoYaml\s+\.\s*(\||$)/.test(a)) {
          const inWith = dot();
          if (inWith) use(inWith, {at, how: 'toYaml'});
        }
        for (const ref of refs) {
          let how: TemplateUse['how'] = 'read';
          if (new RegExp(`toYaml\\s+\\$?\\.Values\\.${ref.replace(/\./g, '\\.')}\\b`).test(a))
            how = 'toYaml';
          else if (head === 'range') how = 'range';
          else if (/\|\s*join\b/.test(a)) how = 'join';
          else if (comparedLiterals(a, ref).length > 0) {
            how = 'eq';
            if (!facts.compares.has(ref)) facts.compares.set(ref, new Set());
            comparedLiterals(a, ref).forEach((l) => facts.compares.get(ref)!.add(l));
          }
          use(ref, {at, how});
        }
      }
      // Indentation audit of toYaml blocks of values.
      const emit = actionsOf(line).find((x) => /^toYaml\b.*\|\s*nindent\s+\d+/.test(x.text));
      if (emit && literalOf(line).trim() === '') {
        const n = Number(/nindent\s+(\d+)/.exec(emit.text)![1]);
        const direct = [...emit.text.matchAll(VALUES_REF)].map((m) => m[1].slice(1))[0];
        const value = direct ?? (/\btoYaml\s+\.\s*\|/.test(emit.text) ? dot() : undefined);
        if (value) {
          const judged = auditIndent(out, n);
          for (const shape of ['map', 'list'] as Shape[]) {
            const reason = judged[shape];
            if (!reason) continue;
            if (!facts.problems.has(value)) facts.problems.set(value, []);
            facts.problems.get(value)!.push({shape, template: name, line: i + 1, reason});
          }
        }
      }
      const o = outLine(line);
      if (o) out.push(o);
    });
  }
  return facts;
}

// ---------------------------------------------------------------------------
// Conditions under which a template fails
// ---------------------------------------------------------------------------

/** Tokens of a template expression: parentheses, strings, words. */
function tokens(expr: string): string[] | null {
  const out: string[] = [];
  const re = /\s*(\(|\)|"(?:[^"\\]|\\.)*"|[^\s()"]+)/gy;
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = re.exec(expr))) {
    out.push(m[1]);
    end = re.lastIndex;
  }
  return expr.slice(end).trim() === '' ? out : null;
}

/**
 * A condition made of values, `and`, `or`, `not`, `eq`, `ne`, string,
 * number and boolean literals; null for anything else (pipes, variables,
 * other functions).
 */
export function parseCondition(expr: string): Condition | null {
  const toks = tokens(normaliseRefs(expr));
  if (!toks) return null;
  let i = 0;
  const literal = (t: string): unknown => {
    if (t.startsWith('"')) return JSON.parse(t);
    if (t === 'true' || t === 'false') return t === 'true';
    if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
    return undefined;
  };
  const value = (t: string) => /^\$?\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)+)$/.exec(t)?.[1].slice(1);
  // An operand: a value, a literal, or a parenthesised call.
  const operand = (): Condition | {literal: unknown} | null => {
    const t = toks[i++];
    if (t === undefined) return null;
    if (t === '(') {
      const c = call();
      if (toks[i++] !== ')') return null;
      return c;
    }
    const v = value(t);
    if (v) return {value: v};
    const l = literal(t);
    return l === undefined ? null : {literal: l};
  };
  const call = (): Condition | null => {
    const head = toks[i];
    if (head === 'and' || head === 'or' || head === 'not' || head === 'eq' || head === 'ne') {
      i += 1;
      const args: (Condition | {literal: unknown})[] = [];
      while (i < toks.length && toks[i] !== ')') {
        const a = operand();
        if (!a) return null;
        args.push(a);
      }
      const conds = args.filter((a): a is Condition => !('literal' in a));
      if (head === 'not') return args.length === 1 && conds.length === 1 ? {not: conds[0]} : null;
      if (head === 'and' || head === 'or')
        return conds.length === args.length && args.length >= 2
          ? ({[head]: conds} as Condition)
          : null;
      // eq / ne: one value and one literal, in either order.
      if (args.length !== 2) return null;
      const v = args.find((a): a is {value: string} => 'value' in a);
      const l = args.find((a): a is {literal: unknown} => 'literal' in a);
      if (!v || !l) return null;
      return {[head]: [v.value, l.literal]} as Condition;
    }
    const single = operand();
    return single && !('literal' in single) ? single : null;
  };
  const c = call();
  return c && i === toks.length ? c : null;
}

/**
 * The `fail` calls of the templates whose enclosing `if` blocks are all
 * conditions of values (a `fail` inside `with`, `range` or an `else` branch
 * depends on more than values, and is left out).
 */
export function readFailures(files: {name: string; text: string}[]): TemplateFailure[] {
  const failures: TemplateFailure[] = [];
  for (const {name, text} of files) {
    const blocks: {kind: string; when: Condition | null}[] = [];
    let inComment = false;
    text.split('\n').forEach((line, i) => {
      if (inComment || /\{\{-?\s*\/\*/.test(line)) {
        inComment = !/\*\/\s*-?\}\}/.test(line);
        return;
      }
      for (const {text: a} of actionsOf(line)) {
        const head = a.split(/\s+/)[0];
        if (head === 'if') blocks.push({kind: 'if', when: parseCondition(a.slice(2))});
        else if (['with', 'range', 'define', 'block'].includes(head))
          blocks.push({kind: head, when: null});
        else if (head === 'else') {
          const b = blocks[blocks.length - 1];
          if (b) b.when = null;
        } else if (head === 'end') blocks.pop();
        else if (head === 'fail') {
          const m = /^fail\s+"((?:[^"\\]|\\.)*)"\s*$/.exec(a);
          const conds = blocks.map((b) => (b.kind === 'if' ? b.when : null));
          if (!m || conds.length === 0 || conds.some((c) => c === null)) continue;
          failures.push({
            when: conds.length === 1 ? conds[0]! : {and: conds as Condition[]},
            message: JSON.parse(`"${m[1]}"`) as string,
            template: name,
            line: i + 1,
          });
        }
      }
    });
  }
  return failures;
}

/** Every value a condition reads. */
export function conditionValues(c: Condition): string[] {
  if ('value' in c) return [c.value];
  if ('eq' in c) return [c.eq[0]];
  if ('ne' in c) return [c.ne[0]];
  if ('not' in c) return conditionValues(c.not);
  return ('and' in c ? c.and : c.or).flatMap(conditionValues);
}

// ---------------------------------------------------------------------------
// values.schema.json
// ---------------------------------------------------------------------------

interface SchemaNode {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, SchemaNode>;
}

const SCHEMA_TYPES: Record<string, ValueType> = {
  string: 'string',
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
  object: 'map',
  array: 'list',
  null: 'null',
};

/** The dotted paths a values.schema.json describes, with their types and allowed values. */
export function readValuesSchema(
  schema: SchemaNode,
  prefix = '',
): Map<string, {types: ValueType[]; allowed?: unknown[]}> {
  const out = new Map<string, {types: ValueType[]; allowed?: unknown[]}>();
  for (const [k, node] of Object.entries(schema.properties ?? {})) {
    const p = prefix ? `${prefix}.${k}` : k;
    const raw = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
    const types = [...new Set(raw.map((t) => SCHEMA_TYPES[t]).filter(Boolean))];
    if (types.length === 0 && node.properties) types.push('map');
    out.set(p, node.enum ? {types, allowed: node.enum} : {types});
    for (const [kk, vv] of readValuesSchema(node, p)) out.set(kk, vv);
  }
  return out;
}

// ---------------------------------------------------------------------------
// A chart
// ---------------------------------------------------------------------------

/** The type of a commented-out example `# key: value` at the right depth of values.yaml, if any. */
export function commentedExample(valuesText: string, dotted: string): ValueType | null {
  const keys = dotted.split('.');
  const last = keys[keys.length - 1];
  const re = new RegExp(`^(\\s*)#\\s*${last}:\\s*(\\S.*)$`);
  for (const line of valuesText.split('\n')) {
    const m = re.exec(line);
    if (m && m[1].length === 2 * (keys.length - 1)) return typeOf(parseYaml(m[2]));
  }
  return null;
}

export interface ChartFiles {
  name: string;
  tag: string;
  dir: string;
  chartYaml: string;
  values: {file: string; text: string}[];
  /** values.schema.json, when the chart has one. */
  schema?: {file: string; text: string};
  templates: {name: string; text: string}[];
  reference: string | null;
}

export function extractChart(files: ChartFiles): ChartData {
  const chart = parseYaml(files.chartYaml) as {name: string; version: string; appVersion?: string};
  const values: Record<string, ChartValue> = {};
  const [main] = files.values;
  for (const vf of files.values) {
    const doc = parseDocument(vf.text);
    for (const [p, v] of flatten(doc.toJS() ?? {})) {
      const entry = (values[p] ??= {types: [], inValues: true});
      if (!entry.types.includes(typeOf(v))) entry.types.push(typeOf(v));
      if (vf === main && entry.default === undefined) entry.default = v;
    }
  }
  const schema = files.schema ? readValuesSchema(JSON.parse(files.schema.text)) : new Map();
  for (const [p, {types, allowed}] of schema) {
    const entry = (values[p] ??= {types: [], inValues: false});
    for (const t of types as ValueType[]) if (!entry.types.includes(t)) entry.types.push(t);
    if (allowed) entry.allowed = allowed;
  }
  const facts = readTemplates(files.templates);
  for (const [p, uses] of facts.uses) {
    if (!values[p]) {
      const t = main ? commentedExample(main.text, p) : null;
      values[p] = {types: t ? [t] : [], inValues: false};
    }
    values[p].usedIn = [...new Set(uses.map((u) => u.at))];
    if (uses.some((u) => u.how === 'toYaml')) values[p].freeForm = true;
  }
  // The maps above a value that only templates read (`global.redis` for
  // `global.redis.host`), so that a values file can hold it.
  for (const p of Object.keys(values)) {
    const segs = p.split('.');
    for (let n = 1; n < segs.length; n += 1) {
      const parent = segs.slice(0, n).join('.');
      if (!values[parent]) values[parent] = {types: ['map'], inValues: false};
    }
  }
  for (const [p, lits] of facts.compares) values[p].compares = [...lits].sort();
  for (const [p, problems] of facts.problems) {
    // Kept when the template breaks a shape the value's defaults have; a
    // shape they don't have is refused by the type check already.
    if (problems.some((x) => values[p].types.includes(x.shape)))
      values[p].templateProblems = problems;
  }
  // Unused: neither the value nor anything below or above it is read.
  const read = new Set(facts.uses.keys());
  for (const p of Object.keys(values)) {
    const touched = [...read].some(
      (r) => r === p || r.startsWith(`${p}.`) || p.startsWith(`${r}.`),
    );
    if (!touched) values[p].unused = true;
  }
  // Keys below a free-form value are its default's content, not keys of their own.
  const free = Object.keys(values).filter((p) => values[p].freeForm);
  for (const p of Object.keys(values))
    if (free.some((f) => p.startsWith(`${f}.`)) && !values[p].usedIn) delete values[p];
  for (const [p, v] of Object.entries(values)) {
    v.types.sort();
    // A map whose keys are listed on their own needs no default of its own.
    if (!v.freeForm && Object.keys(values).some((k) => k.startsWith(`${p}.`))) delete v.default;
  }
  const failures = readFailures(files.templates);
  const sorted = Object.fromEntries(
    Object.keys(values)
      .sort()
      .map((k) => [k, values[k]]),
  );
  return {
    $comment:
      'Generated by scripts/helm-values/extract.ts from the chart named in "source". Do not edit: rerun the script.',
    chart: {name: chart.name, version: chart.version, appVersion: chart.appVersion ?? null},
    source: {repository: REPOSITORY, tag: files.tag, path: files.dir},
    reference: files.reference,
    valuesFiles: files.values.map((v) => v.file),
    ...(files.schema ? {valuesSchema: files.schema.file} : {}),
    values: sorted,
    ...(failures.length > 0 ? {failures} : {}),
  };
}

function git(gitDir: string, ...args: string[]): string {
  return execFileSync('git', [`--git-dir=${gitDir}`, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
}

/**
 * The OCI repository a release workflow pushes charts to:
 * `helm push ... oci://ghcr.io/${GITHUB_REPOSITORY}` (chart 0.2.4's
 * releaser-helm-charts.yml), or `helm push ... "oci://${REGISTRY}/${REPO}"`
 * with REGISTRY set in the workflow's env and REPO the repository in lower
 * case (helm-publish.yml at v0.44.0).
 */
export function ociRepository(workflow: string, repository: string): string | null {
  const m = /helm push\s+(?:\S+\s*\\?\s*)"?(oci:\/\/[^\s"]+)"?/.exec(workflow);
  if (!m) return null;
  const registry = /^\s*REGISTRY:\s*['"]?([^\s'"]+)/m.exec(workflow)?.[1];
  const out = m[1]
    .replace('${GITHUB_REPOSITORY}', repository)
    .replace('${REPO}', repository.toLowerCase())
    .replace('${REGISTRY}', registry ?? '${REGISTRY}');
  return out.includes('${') ? null : out;
}

export function readChart(gitDir: string, tag: string, dir: string): ChartFiles {
  const list = git(gitDir, 'ls-tree', '-r', '--name-only', tag, dir).split('\n').filter(Boolean);
  const show = (f: string) => git(gitDir, 'show', `${tag}:${f}`);
  const chartYaml = show(`${dir}/Chart.yaml`);
  const name = (parseYaml(chartYaml) as {name: string}).name;
  const valuesFiles = list
    .filter(
      (f) => path.posix.dirname(f) === dir && /^values.*\.ya?ml$/.test(path.posix.basename(f)),
    )
    .sort((a, b) =>
      a.endsWith('/values.yaml') ? -1 : b.endsWith('/values.yaml') ? 1 : a.localeCompare(b),
    );
  const templates = list
    .filter((f) => f.startsWith(`${dir}/templates/`) && /\.(ya?ml|tpl|txt)$/.test(f))
    .map((f) => ({name: f.slice(dir.length + 1), text: show(f)}));
  const schemaFile = list.find((f) => f === `${dir}/values.schema.json`);
  // The workflow that pushes the charts: the first one with a `helm push`.
  const workflows = git(gitDir, 'ls-tree', '--name-only', tag, '.github/workflows/')
    .split('\n')
    .filter((f) => /\.ya?ml$/.test(f));
  let repo: string | null = null;
  for (const f of workflows) {
    const text = show(f);
    if (!/helm push/.test(text)) continue;
    repo = ociRepository(text, REPOSITORY);
    if (repo) break;
  }
  return {
    name,
    tag,
    dir,
    chartYaml,
    values: valuesFiles.map((f) => ({file: path.posix.basename(f), text: show(f)})),
    ...(schemaFile ? {schema: {file: 'values.schema.json', text: show(schemaFile)}} : {}),
    templates,
    reference: repo ? `${repo}/${name}` : null,
  };
}

async function main(argv: string[]): Promise<number> {
  let gitDir = DEFAULT_GIT_DIR;
  let operatorTag = DEFAULT_OPERATOR_TAG;
  let crdsTag = DEFAULT_CRDS_TAG;
  let outDir = DEFAULT_OUT_DIR;
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--git-dir') gitDir = argv[++i];
    else if (a === '--tag') operatorTag = crdsTag = argv[++i];
    else if (a === '--operator-tag') operatorTag = argv[++i];
    else if (a === '--crds-tag') crdsTag = argv[++i];
    else if (a === '--out-dir') outDir = argv[++i];
    else {
      console.error(
        'usage: tsx scripts/helm-values/extract.ts [--git-dir DIR] [--tag TAG] [--operator-tag TAG] [--crds-tag TAG] [--out-dir DIR]',
      );
      return 2;
    }
  }
  const out = path.resolve(findRepoRoot(), outDir);
  mkdirSync(out, {recursive: true});
  for (const [tag, dir] of [
    [operatorTag, 'deploy/charts/operator'],
    [crdsTag, 'deploy/charts/operator-crds'],
  ]) {
    const data = extractChart(readChart(gitDir, tag, dir));
    const file = path.join(out, `${data.chart.name}.json`);
    writeFileSync(file, await formatJson(data, file));
    console.log(`wrote ${path.relative(process.cwd(), file)} from ${tag}:${dir}`);
  }
  return 0;
}

if (process.argv[1] && /helm-values[\\/]extract\.[cm]?[jt]s$/.test(process.argv[1]))
  main(process.argv.slice(2)).then((code) => (process.exitCode = code));
