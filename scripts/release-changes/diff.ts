/**
 * What changed between two releases, area by area, computed from the data
 * that the reference pages are generated from: the `thv` command trees
 * (cli/thv.yaml), the OpenAPI descriptions of the API server, the CRD
 * extracts, the Helm chart values, the MCP client data and the known-issues
 * ledger. Each function takes the two releases' data, already loaded, and
 * returns plain lists; render.ts turns them into the page.
 *
 * Nothing here guesses: a command counts as renamed only when the newer
 * release lists the old name as an alias of a command with the same parent,
 * and a removed resource field gets a replacement only when the successor
 * data (successors.yaml, which cites the product's source) names one.
 */
import type {CliCommand, CliData, CliFlag} from '../cli-reference/data';
import type {ChartData, ChartValue} from '../helm-values/extract';
import type {ClientData, Os} from '../client-reference/generate';
import type {KnownIssue, ProductRelease} from '../../plugins/known-issues/data';
import type {CrdExtract, Node} from '../checks/lib/crd-structure';
import {servedVersions, storedVersion} from '../checks/lib/crd-release';
import {crdFields, type CrdField} from '../crd-reference/fields';
import {allowedOf, typeOf} from '../crd-reference/release';

// ---------------------------------------------------------------------------
// Versions
// ---------------------------------------------------------------------------

/** The numbers of a release or chart tag: `v0.2.8`, `0.44.0`, `toolhive-operator-0.2.13`. */
export function versionNumbers(release: string): [number, number, number] {
  const m = /(\d+)\.(\d+)\.(\d+)$/.exec(release);
  if (!m) throw new Error(`"${release}" does not end in a version number`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** Negative when a is older than b, 0 when they are the same version, positive when newer. */
export function compareVersions(a: string, b: string): number {
  const x = versionNumbers(a);
  const y = versionNumbers(b);
  for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

// ---------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------

export interface CommandRename {
  /** The command path in the older release. */
  from: string;
  /** The command of the newer release that answers to the old name as an alias. */
  to: string;
}

export interface FlagChange {
  flag: string;
  what: 'type' | 'default' | 'shorthand';
  before: string | null;
  after: string | null;
}

export interface CommandFlagChanges {
  /** The command in the newer release (for a renamed command, its new path). */
  command: string;
  /** Its path in the older release, when it differs. */
  was?: string;
  added: CliFlag[];
  removed: CliFlag[];
  changed: FlagChange[];
}

export interface CliChanges {
  /** Commands of the newer release that the older lacks (renamed ones excluded). */
  added: CliCommand[];
  /** Commands of the older release that the newer lacks (renamed ones excluded). */
  removed: CliCommand[];
  renamed: CommandRename[];
  /** Commands of the newer release marked deprecated that the older did not mark. */
  deprecated: CliCommand[];
  /** Per command in both releases, the flags that changed; commands without changes left out. */
  flags: CommandFlagChanges[];
}

function parentOf(p: string): string {
  return p.split(' ').slice(0, -1).join(' ');
}

function lastWord(p: string): string {
  return p.split(' ').at(-1)!;
}

/**
 * Renames, as the data shows them: a command of the older release that the
 * newer lacks, whose last word is an alias of a newer command with the same
 * parent (or whose parent was renamed, and whose own name is unchanged).
 */
export function findRenames(older: CliData, newer: CliData): CommandRename[] {
  const newPaths = new Set(newer.commands.map((c) => c.path));
  const renamed = new Map<string, string>();
  // Parents before children, so a child can follow its renamed parent.
  const gone = older.commands
    .filter((c) => !newPaths.has(c.path))
    .sort((a, b) => a.path.split(' ').length - b.path.split(' ').length);
  for (const c of gone) {
    const parent = parentOf(c.path);
    const newParent = renamed.get(parent) ?? parent;
    const byAlias = newer.commands.find(
      (n) => parentOf(n.path) === newParent && n.aliases.includes(lastWord(c.path)),
    );
    if (byAlias) {
      renamed.set(c.path, byAlias.path);
      continue;
    }
    const moved = `${newParent} ${lastWord(c.path)}`;
    if (newParent !== parent && newPaths.has(moved)) renamed.set(c.path, moved);
  }
  return [...renamed].map(([from, to]) => ({from, to}));
}

function flagDefault(f: CliFlag): string | null {
  if (f.default !== null) return f.default;
  return f.type === 'bool' ? 'false' : null;
}

/** The flags that one command gained, lost or changed. */
export function diffFlags(
  before: CliFlag[],
  after: CliFlag[],
): Pick<CommandFlagChanges, 'added' | 'removed' | 'changed'> {
  const old = new Map(before.map((f) => [f.name, f]));
  const now = new Map(after.map((f) => [f.name, f]));
  const changed: FlagChange[] = [];
  for (const [name, a] of old) {
    const b = now.get(name);
    if (!b) continue;
    if (a.type !== b.type) changed.push({flag: name, what: 'type', before: a.type, after: b.type});
    if (flagDefault(a) !== flagDefault(b))
      changed.push({flag: name, what: 'default', before: flagDefault(a), after: flagDefault(b)});
    if (a.shorthand !== b.shorthand)
      changed.push({flag: name, what: 'shorthand', before: a.shorthand, after: b.shorthand});
  }
  return {
    added: after.filter((f) => !old.has(f.name)),
    removed: before.filter((f) => !now.has(f.name)),
    changed,
  };
}

export function diffCli(older: CliData, newer: CliData): CliChanges {
  const renamed = findRenames(older, newer);
  const from = new Set(renamed.map((r) => r.from));
  const to = new Set(renamed.map((r) => r.to));
  const oldByPath = new Map(older.commands.map((c) => [c.path, c]));
  const newByPath = new Map(newer.commands.map((c) => [c.path, c]));
  const pairs: [CliCommand, CliCommand][] = [];
  for (const c of newer.commands) {
    const o = oldByPath.get(c.path);
    if (o) pairs.push([o, c]);
  }
  for (const r of renamed) pairs.push([oldByPath.get(r.from)!, newByPath.get(r.to)!]);
  const flags: CommandFlagChanges[] = [];
  for (const [o, n] of pairs) {
    const d = diffFlags(o.flags, n.flags);
    if (d.added.length + d.removed.length + d.changed.length === 0) continue;
    flags.push({command: n.path, ...(o.path !== n.path ? {was: o.path} : {}), ...d});
  }
  flags.sort((a, b) => a.command.localeCompare(b.command));
  return {
    added: newer.commands.filter((c) => !oldByPath.has(c.path) && !to.has(c.path)),
    removed: older.commands.filter((c) => !newByPath.has(c.path) && !from.has(c.path)),
    renamed,
    deprecated: newer.commands.filter((c) => c.deprecated && !oldByPath.get(c.path)?.deprecated),
    flags,
  };
}

// ---------------------------------------------------------------------------
// API
// ---------------------------------------------------------------------------

type Json = Record<string, unknown>;

/** The parts of an OpenAPI description that the comparison reads. */
export interface ApiSpec {
  paths: Record<string, Record<string, unknown>>;
  components?: Json;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

export interface ApiOperation {
  /** Upper case: GET, POST, ... */
  method: string;
  path: string;
  operationId: string;
  summary: string;
}

export interface ApiParameter {
  in: string;
  name: string;
  required: boolean;
  /** The schema's type in short: `string`, `integer (int32)`, `array of string`. */
  type: string;
  /** The values the schema allows (`enum`), when it lists them. */
  values?: string[];
}

export interface ParameterChange {
  in: string;
  name: string;
  before: ApiParameter;
  after: ApiParameter;
}

export interface ApiOperationChanges extends ApiOperation {
  parametersAdded: ApiParameter[];
  parametersRemoved: ApiParameter[];
  parametersChanged: ParameterChange[];
  statusAdded: string[];
  statusRemoved: string[];
}

export interface ApiChanges {
  added: ApiOperation[];
  removed: ApiOperation[];
  changed: ApiOperationChanges[];
}

function deref(spec: ApiSpec, value: unknown): Json {
  let v = (value ?? {}) as Json;
  for (let i = 0; i < 10 && typeof v.$ref === 'string'; i += 1) {
    const parts = v.$ref.replace(/^#\//, '').split('/');
    v = (parts.reduce<unknown>((o, k) => (o as Json | undefined)?.[k], spec) ?? {}) as Json;
  }
  return v;
}

function schemaType(spec: ApiSpec, schema: unknown): string {
  const s = deref(spec, schema);
  const t = Array.isArray(s.type) ? (s.type as string[]).join(' or ') : (s.type as string);
  let out = t ?? 'any';
  if (t === 'array') out = `array of ${schemaType(spec, s.items)}`;
  if (s.format) out += ` (${String(s.format)})`;
  return out;
}

function schemaValues(spec: ApiSpec, schema: unknown): string[] | undefined {
  const s = deref(spec, schema);
  return Array.isArray(s.enum) ? s.enum.map(String) : undefined;
}

/** Every operation of a description, with its parameters (path-level ones included) resolved. */
export function apiOperations(spec: ApiSpec): (ApiOperation & {
  parameters: ApiParameter[];
  statuses: string[];
})[] {
  const out: (ApiOperation & {parameters: ApiParameter[]; statuses: string[]})[] = [];
  for (const [p, item] of Object.entries(spec.paths)) {
    const shared = ((item.parameters as unknown[]) ?? []).map((x) => deref(spec, x));
    for (const method of HTTP_METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const own = ((op.parameters as unknown[]) ?? []).map((x) => deref(spec, x));
      const byKey = new Map<string, Json>();
      for (const prm of [...shared, ...own])
        byKey.set(`${String(prm.in)}:${String(prm.name)}`, prm);
      out.push({
        method: method.toUpperCase(),
        path: p,
        operationId: String(op.operationId ?? ''),
        summary: String(op.summary ?? ''),
        parameters: [...byKey.values()].map((prm) => ({
          in: String(prm.in),
          name: String(prm.name),
          required: prm.required === true,
          type: schemaType(spec, prm.schema),
          ...(schemaValues(spec, prm.schema) ? {values: schemaValues(spec, prm.schema)} : {}),
        })),
        statuses: Object.keys((op.responses as Json | undefined) ?? {}),
      });
    }
  }
  return out;
}

const opKey = (o: {method: string; path: string}) => `${o.method} ${o.path}`;
const strip = ({method, path, operationId, summary}: ApiOperation): ApiOperation => ({
  method,
  path,
  operationId,
  summary,
});

function sameParameter(p: ApiParameter, q: ApiParameter): boolean {
  const values = (x: ApiParameter) => JSON.stringify([...(x.values ?? [])].sort());
  return (
    p.type === q.type &&
    p.required === q.required &&
    !!p.values === !!q.values &&
    values(p) === values(q)
  );
}

/** Operations added and removed (by method and path), and the parameters and status codes of the others. */
export function diffApi(older: ApiSpec, newer: ApiSpec): ApiChanges {
  const a = apiOperations(older);
  const b = apiOperations(newer);
  const oldOps = new Map(a.map((o) => [opKey(o), o]));
  const newOps = new Map(b.map((o) => [opKey(o), o]));
  const changed: ApiOperationChanges[] = [];
  for (const n of b) {
    const o = oldOps.get(opKey(n));
    if (!o) continue;
    const oldParams = new Map(o.parameters.map((p) => [`${p.in}:${p.name}`, p]));
    const newParams = new Map(n.parameters.map((p) => [`${p.in}:${p.name}`, p]));
    const parametersChanged: ParameterChange[] = [];
    for (const [k, p] of oldParams) {
      const q = newParams.get(k);
      if (q && !sameParameter(p, q))
        parametersChanged.push({in: p.in, name: p.name, before: p, after: q});
    }
    const c: ApiOperationChanges = {
      ...strip(n),
      parametersAdded: n.parameters.filter((p) => !oldParams.has(`${p.in}:${p.name}`)),
      parametersRemoved: o.parameters.filter((p) => !newParams.has(`${p.in}:${p.name}`)),
      parametersChanged,
      statusAdded: n.statuses.filter((s) => !o.statuses.includes(s)).sort(),
      statusRemoved: o.statuses.filter((s) => !n.statuses.includes(s)).sort(),
    };
    const count =
      c.parametersAdded.length +
      c.parametersRemoved.length +
      c.parametersChanged.length +
      c.statusAdded.length +
      c.statusRemoved.length;
    if (count > 0) changed.push(c);
  }
  const byPath = (x: ApiOperation, y: ApiOperation) =>
    x.path.localeCompare(y.path) || x.method.localeCompare(y.method);
  return {
    added: b
      .filter((o) => !oldOps.has(opKey(o)))
      .map(strip)
      .sort(byPath),
    removed: a
      .filter((o) => !newOps.has(opKey(o)))
      .map(strip)
      .sort(byPath),
    changed: changed.sort(byPath),
  };
}

// ---------------------------------------------------------------------------
// Kubernetes resources
// ---------------------------------------------------------------------------

export interface KindVersions {
  /** Served versions, the stored one first. */
  served: string[];
  stored: string;
  deprecated: string[];
}

export interface KindSummary {
  kind: string;
  older?: KindVersions;
  newer?: KindVersions;
}

/** A field that the product's source names as the replacement of a removed one. */
export interface Successor {
  /** The field to use instead, a path of the newer release's kind. */
  successor: string;
  source: {repo: string; ref: string; path: string; lines: string};
}

/** successors.yaml of a release's crd folder: kind → removed field path → successor. */
export interface SuccessorsData {
  release: string;
  kinds: Record<string, Record<string, Successor>>;
}

export interface FieldAdded {
  path: string;
  /** How many fields below it are new with it. */
  below: number;
  type: string;
}

export interface FieldRemoved {
  path: string;
  below: number;
  successor?: Successor;
}

export interface FieldChange {
  path: string;
  what: 'type' | 'default' | 'allowed values' | 'required';
  before: string;
  after: string;
}

export interface KindFieldChanges {
  kind: string;
  /** The versions whose schemas are compared: the stored version of each release. */
  olderVersion: string;
  newerVersion: string;
  /** The newer release serves several versions and they share one schema. */
  newerVersionsShareSchema: boolean;
  added: FieldAdded[];
  removed: FieldRemoved[];
  changed: FieldChange[];
}

export interface CrdChanges {
  kinds: KindSummary[];
  added: string[];
  removed: string[];
  fields: KindFieldChanges[];
}

function versionsOf(e: CrdExtract): KindVersions {
  return {
    served: servedVersions(e),
    stored: storedVersion(e),
    deprecated: e.versions.filter((v) => v.served && v.deprecated).map((v) => v.name),
  };
}

function storedSchemaOf(e: CrdExtract): Node {
  return (e.versions.find((v) => v.storage) ?? e.versions[0]).schema;
}

/** Whether a kind serves several versions with one schema. */
function shareSchema(e: CrdExtract): boolean {
  const served = e.versions.filter((v) => v.served).map((v) => JSON.stringify(v.schema));
  return served.length > 1 && served.every((s) => s === served[0]);
}

/** An object that takes any fields: the API server checks nothing below it. */
function freeForm(n: Node | undefined): boolean {
  return (
    !!n &&
    n['x-kubernetes-preserve-unknown-fields'] === true &&
    Object.keys((n.properties as object | undefined) ?? {}).length === 0
  );
}

/** The Type column of the resource reference, without its links. */
function plainType(f: CrdField): string {
  return typeOf(f)
    .replace(/\]\(#[^)]+\)/g, ']')
    .replace(/\[([^\]]+)\]/g, '$1');
}

function json(v: unknown): string {
  return v === undefined ? 'none' : JSON.stringify(v);
}

/** The object a field sits in, as a field path: `spec.env[].name` → `spec.env`. */
function holderOf(f: CrdField): string {
  return f.parent.replace(/(\[\]|\{\})$/, '');
}

/**
 * Spec fields of one kind: added and removed (each reported at the highest
 * path that is new or gone, with the count of fields below it), and the
 * type, default, allowed values or requiredness of the fields both have.
 * A removed field whose object became free-form (any fields accepted) is not
 * removed: its object is reported as a type change instead.
 */
export function diffKindFields(
  kind: string,
  older: CrdExtract,
  newer: CrdExtract,
  successors: Record<string, Successor> = {},
): KindFieldChanges {
  const a = crdFields(storedSchemaOf(older), ['spec']);
  const b = crdFields(storedSchemaOf(newer), ['spec']);
  const oldByPath = new Map(a.map((f) => [f.path, f]));
  const newByPath = new Map(b.map((f) => [f.path, f]));
  const below = (list: CrdField[], p: string) =>
    list.filter(
      (f) =>
        f.path.startsWith(`${p}.`) || f.path.startsWith(`${p}[]`) || f.path.startsWith(`${p}{}`),
    ).length;
  const added: FieldAdded[] = b
    .filter((f) => !oldByPath.has(f.path) && (f.parent === 'spec' || oldByPath.has(holderOf(f))))
    .map((f) => ({path: f.path, below: below(b, f.path), type: plainType(f)}));
  const removed: FieldRemoved[] = a
    .filter(
      (f) =>
        !newByPath.has(f.path) &&
        (f.parent === 'spec' || newByPath.has(holderOf(f))) &&
        !freeForm(newByPath.get(holderOf(f))?.node),
    )
    .map((f) => ({
      path: f.path,
      below: below(a, f.path),
      ...(successors[f.path] ? {successor: successors[f.path]} : {}),
    }));
  for (const [p, s] of Object.entries(successors)) {
    if (!removed.some((r) => r.path === p))
      throw new Error(`successors: ${kind} ${p} is not a field that ${kind} lost`);
    if (!newByPath.has(s.successor))
      throw new Error(`successors: ${kind} ${p}: the newer release has no field ${s.successor}`);
  }
  const changed: FieldChange[] = [];
  for (const f of a) {
    const g = newByPath.get(f.path);
    if (!g) continue;
    const push = (what: FieldChange['what'], before: string, after: string) => {
      if (before !== after) changed.push({path: f.path, what, before, after});
    };
    push('type', plainType(f), plainType(g));
    push('default', json(f.node.default), json(g.node.default));
    push('allowed values', allowedOf(f.node) || 'no limits', allowedOf(g.node) || 'no limits');
    push('required', f.required ? 'required' : 'optional', g.required ? 'required' : 'optional');
  }
  return {
    kind,
    olderVersion: storedVersion(older),
    newerVersion: storedVersion(newer),
    newerVersionsShareSchema: shareSchema(newer),
    added,
    removed,
    changed,
  };
}

export function diffCrds(
  older: Map<string, CrdExtract>,
  newer: Map<string, CrdExtract>,
  successors?: SuccessorsData,
): CrdChanges {
  const names = [...new Set([...older.keys(), ...newer.keys()])].sort();
  for (const kind of Object.keys(successors?.kinds ?? {}))
    if (!older.has(kind) || !newer.has(kind))
      throw new Error(`successors: ${kind} is not a kind of both releases`);
  return {
    kinds: names.map((kind) => ({
      kind,
      ...(older.has(kind) ? {older: versionsOf(older.get(kind)!)} : {}),
      ...(newer.has(kind) ? {newer: versionsOf(newer.get(kind)!)} : {}),
    })),
    added: names.filter((k) => !older.has(k)),
    removed: names.filter((k) => !newer.has(k)),
    fields: names
      .filter((k) => older.has(k) && newer.has(k))
      .map((k) => diffKindFields(k, older.get(k)!, newer.get(k)!, successors?.kinds[k] ?? {})),
  };
}

// ---------------------------------------------------------------------------
// Helm chart values
// ---------------------------------------------------------------------------

export interface HelmValue {
  key: string;
  types: string[];
  /** The default in values.yaml; undefined when values.yaml does not set the key. */
  default?: unknown;
  inValues: boolean;
}

export interface DefaultChange {
  key: string;
  typesBefore: string[];
  typesAfter: string[];
  before?: unknown;
  after?: unknown;
  /** For maps and lists: the paths inside the default that changed. */
  inside: {path: string; before?: unknown; after?: unknown}[];
}

export interface HelmChanges {
  chart: string;
  olderVersion: string;
  newerVersion: string;
  added: HelmValue[];
  removed: HelmValue[];
  changed: DefaultChange[];
}

/**
 * The keys of a chart a reader sets: every key of the data except those
 * that only hold other keys of the data (`operator`, `operator.gc`).
 */
export function settableKeys(values: Record<string, ChartValue>): string[] {
  const keys = Object.keys(values);
  return keys.filter((k) => !keys.some((o) => o.startsWith(`${k}.`))).sort();
}

/** A value as leaf paths: `a.b`, `list[0].c`; an empty map or list is a leaf. */
export function leaves(v: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (Array.isArray(v) && v.length > 0) {
    v.forEach((x, i) => {
      for (const [k, y] of leaves(x, `${prefix}[${i}]`)) out.set(k, y);
    });
  } else if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0) {
    for (const [k, x] of Object.entries(v as Json))
      for (const [p, y] of leaves(x, prefix ? `${prefix}.${k}` : k)) out.set(p, y);
  } else out.set(prefix, v);
  return out;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function diffHelm(older: ChartData, newer: ChartData): HelmChanges {
  const a = older.values;
  const b = newer.values;
  const oldKeys = settableKeys(a);
  const newKeys = settableKeys(b);
  const value = (values: Record<string, ChartValue>, key: string): HelmValue => ({
    key,
    types: values[key].types,
    ...('default' in values[key] ? {default: values[key].default} : {}),
    inValues: values[key].inValues,
  });
  const changed: DefaultChange[] = [];
  for (const key of oldKeys) {
    if (!newKeys.includes(key)) continue;
    const x = a[key];
    const y = b[key];
    if (same(x.default, y.default) && same([...x.types].sort(), [...y.types].sort())) continue;
    const inside: DefaultChange['inside'] = [];
    const structured = (v: unknown) => v !== null && typeof v === 'object';
    if (
      structured(x.default) &&
      structured(y.default) &&
      typeOfValue(x.default) === typeOfValue(y.default)
    ) {
      const before = leaves(x.default);
      const after = leaves(y.default);
      for (const p of [...new Set([...before.keys(), ...after.keys()])]) {
        if (same(before.get(p), after.get(p))) continue;
        inside.push({
          path: p,
          ...(before.has(p) ? {before: before.get(p)} : {}),
          ...(after.has(p) ? {after: after.get(p)} : {}),
        });
      }
    }
    changed.push({
      key,
      typesBefore: x.types,
      typesAfter: y.types,
      ...('default' in x ? {before: x.default} : {}),
      ...('default' in y ? {after: y.default} : {}),
      inside,
    });
  }
  return {
    chart: newer.chart.name,
    olderVersion: older.chart.version,
    newerVersion: newer.chart.version,
    added: newKeys.filter((k) => !oldKeys.includes(k)).map((k) => value(b, k)),
    removed: oldKeys.filter((k) => !newKeys.includes(k)).map((k) => value(a, k)),
    changed,
  };
}

function typeOfValue(v: unknown): string {
  return Array.isArray(v) ? 'list' : typeof v;
}

// ---------------------------------------------------------------------------
// MCP clients
// ---------------------------------------------------------------------------

export interface ClientRef {
  id: string;
  name: string;
}

export interface ClientPathChange extends ClientRef {
  os: Os;
  before: string;
  after: string;
}

export interface ClientChanges {
  added: ClientRef[];
  removed: ClientRef[];
  /** Clients the newer release marks deprecated that the older did not. */
  deprecated: ClientRef[];
  /** Clients of both releases whose configuration file moved, per operating system. */
  configPaths: ClientPathChange[];
}

export function diffClients(older: ClientData, newer: ClientData): ClientChanges {
  const oldById = new Map(older.clients.map((c) => [c.id, c]));
  const newIds = new Set(newer.clients.map((c) => c.id));
  const ref = ({id, name}: ClientRef): ClientRef => ({id, name});
  const configPaths: ClientPathChange[] = [];
  for (const c of newer.clients) {
    const o = oldById.get(c.id);
    if (!o) continue;
    for (const os of ['linux', 'macos', 'windows'] as Os[])
      if (o.configPath[os] !== c.configPath[os])
        configPaths.push({...ref(c), os, before: o.configPath[os], after: c.configPath[os]});
  }
  return {
    added: newer.clients.filter((c) => !oldById.has(c.id)).map(ref),
    removed: older.clients.filter((c) => !newIds.has(c.id)).map(ref),
    deprecated: newer.clients
      .filter((c) => c.deprecated && !oldById.get(c.id)?.deprecated)
      .map(ref),
    configPaths,
  };
}

// ---------------------------------------------------------------------------
// Known issues
// ---------------------------------------------------------------------------

export type Product = ProductRelease['product'];

/** The release of each product on each side of the comparison. */
export type ProductRange = Record<Product, {older: string; newer: string}>;

export interface FixedIssues {
  product: Product;
  older: string;
  newer: string;
  issues: KnownIssue[];
}

/** Entries whose fix came after the older release and no later than the newer one, per product. */
export function fixedBetween(issues: Iterable<KnownIssue>, range: ProductRange): FixedIssues[] {
  const all = [...issues];
  return (Object.keys(range) as Product[]).map((product) => {
    const {older, newer} = range[product];
    return {
      product,
      older,
      newer,
      issues: all
        .filter(
          (i) =>
            i.fixedIn?.product === product &&
            compareVersions(i.fixedIn.release, older) > 0 &&
            compareVersions(i.fixedIn.release, newer) <= 0,
        )
        .sort(
          (x, y) =>
            compareVersions(x.fixedIn!.release, y.fixedIn!.release) || x.id.localeCompare(y.id),
        ),
    };
  });
}

/** Entries whose newest check is the newer release of their product: still present there. */
export function stillPresent(issues: Iterable<KnownIssue>, range: ProductRange): KnownIssue[] {
  return [...issues].filter(
    (i) =>
      i.presentIn &&
      range[i.presentIn.product] &&
      compareVersions(i.presentIn.release, range[i.presentIn.product].newer) === 0,
  );
}
