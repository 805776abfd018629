/**
 * The field descriptions of a release's resources (data/releases/<release>/crd/fields.yaml)
 * and the fields of its CRDs, joined.
 *
 * fields.yaml describes every field once:
 *
 * - `fieldSets.<set>.fields` describes the fields of an object that several
 *   kinds (or several places of one kind) share, such as a Secret key
 *   reference or the OIDC settings, by paths relative to that object
 *   (`issuer`, `clientSecretRef.name`, `items[].name`, `headers{}`); the key
 *   `.` describes the object itself. A set may place other sets under its
 *   own paths (`fieldSets.<set>.sets`).
 * - `kinds.<Kind>.sets` places sets in a kind: an absolute path (`spec.oidcConfigRef`,
 *   `spec.env[]` for each item of a list, `spec.backends{}` for each value of
 *   a map) to a set name.
 * - `kinds.<Kind>.fields` describes the kind's other fields by absolute path,
 *   and overrides a set's description of a path where the kind needs its
 *   own words.
 *
 * checkFields lists every problem: a field of the CRD without a
 * description, a description (or a set placed) where the CRD has no field,
 * a set defined and never used, a path described twice, and a description
 * that names (in backticks) a `spec.` or `status.` path the kind lacks.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import type {CrdExtract, Node} from '../checks/lib/crd-structure';

export interface FieldSet {
  /** Relative path (`.` for the object itself) → description. */
  fields: Record<string, string>;
  /** Relative path → set name: sets placed inside this one. */
  sets?: Record<string, string>;
}

export interface KindDoc {
  /** One sentence: what the resource is for (the index page's table). */
  summary: string;
  /** The page's opening paragraphs (Markdown). */
  intro: string;
  /** Absolute path → set name. */
  sets?: Record<string, string>;
  /** Absolute path → description. */
  fields?: Record<string, string>;
}

export interface FieldsData {
  release: string;
  charts: {crds: string; operator: string};
  fieldSets: Record<string, FieldSet>;
  kinds: Record<string, KindDoc>;
}

export function loadFieldsData(file: string): FieldsData {
  return parse(fs.readFileSync(file, 'utf8')) as FieldsData;
}

/** One property of a CRD schema, by path (`spec.env[].name`). */
export interface CrdField {
  path: string;
  name: string;
  node: Node;
  required: boolean;
  /** Path of the object that holds it: '' for top level, `x[]` for list items, `x{}` for map values. */
  parent: string;
}

function join(parent: string, name: string): string {
  return parent ? `${parent}.${name}` : name;
}

function hasProps(n: Node | undefined): boolean {
  return !!n && !!n.properties && Object.keys(n.properties as object).length > 0;
}

/** Objects with named properties: every field of a schema, depth first, in schema order. */
export function crdFields(schema: Node, roots = ['spec', 'status']): CrdField[] {
  const out: CrdField[] = [];
  const visit = (objPath: string, node: Node) => {
    const req = (node.required as string[] | undefined) ?? [];
    for (const [name, child] of Object.entries((node.properties ?? {}) as Record<string, Node>)) {
      const p = join(objPath, name);
      if (objPath === '' && !roots.includes(name)) continue;
      out.push({path: p, name, node: child, required: req.includes(name), parent: objPath});
      if (hasProps(child)) visit(p, child);
      const items = child.items as Node | undefined;
      if (items && hasProps(items)) visit(`${p}[]`, items);
      const add = child.additionalProperties as Node | boolean | undefined;
      if (add && typeof add === 'object' && hasProps(add)) visit(`${p}{}`, add);
    }
  };
  visit('', schema);
  return out;
}

/** The object paths of a schema (where sets may be placed): every object with properties. */
export function objectPaths(fields: CrdField[]): Set<string> {
  const out = new Set<string>();
  for (const f of fields) out.add(f.parent);
  return out;
}

/** Every field of every served version of a kind (versions of one kind differ rarely). */
export function kindFields(e: CrdExtract): CrdField[] {
  const seen = new Map<string, CrdField>();
  const stored = e.versions.find((v) => v.storage) ?? e.versions[0];
  for (const v of [stored, ...e.versions.filter((x) => x !== stored && x.served)])
    for (const f of crdFields(v.schema)) if (!seen.has(f.path)) seen.set(f.path, f);
  return [...seen.values()];
}

export interface Described {
  text: string;
  /** `kind` or `set:<name>`. */
  from: string;
}

/** Joins a mount path and a relative path. */
export function under(mount: string, rel: string): string {
  if (rel === '.') return mount;
  return rel.startsWith('[]') || rel.startsWith('{}') ? `${mount}${rel}` : join(mount, rel);
}

export interface Resolution {
  /** Path → description. */
  descriptions: Map<string, Described>;
  /** Set name → mount paths. */
  mounts: Map<string, string[]>;
  problems: string[];
}

/** Expands a kind's sets and fields into one description per path. */
export function resolveKind(data: FieldsData, kind: string): Resolution {
  const doc = data.kinds[kind];
  const descriptions = new Map<string, Described>();
  const mounts = new Map<string, string[]>();
  const problems: string[] = [];
  const place = (set: string, mount: string, chain: string[]) => {
    const def = data.fieldSets[set];
    if (!def) {
      problems.push(`${kind}: ${mount} uses the unknown field set "${set}"`);
      return;
    }
    if (chain.includes(set)) {
      problems.push(`${kind}: field set "${set}" contains itself (${[...chain, set].join(' > ')})`);
      return;
    }
    mounts.set(set, [...(mounts.get(set) ?? []), mount]);
    for (const [rel, text] of Object.entries(def.fields ?? {})) {
      if (rel === '.' && /(\[\]|\{\})$/.test(mount)) {
        problems.push(
          `${kind}: set "${set}" describes itself ('.'), but ${mount} is a list item or map value, not a field`,
        );
        continue;
      }
      const p = under(mount, rel);
      const prev = descriptions.get(p);
      if (prev) problems.push(`${kind}: ${p} is described by ${prev.from} and by set:${set}`);
      else descriptions.set(p, {text, from: `set:${set}`});
    }
    for (const [rel, inner] of Object.entries(def.sets ?? {}))
      place(inner, under(mount, rel), [...chain, set]);
  };
  for (const [mount, set] of Object.entries(doc?.sets ?? {})) place(set, mount, []);
  for (const [p, text] of Object.entries(doc?.fields ?? {})) {
    const prev = descriptions.get(p);
    if (prev && prev.text === text)
      problems.push(`${kind}: ${p} repeats the description of ${prev.from}; leave it to the set`);
    descriptions.set(p, {text, from: 'kind'});
  }
  return {descriptions, mounts, problems};
}

/**
 * Absolute field paths that a description names in backticks (`spec.x.y`,
 * `status.z`). A path right after a kind in backticks, as in
 * "`MCPToolConfig`'s `status.configHash`", is a field of that kind.
 */
export function namedPaths(text: string): {kind?: string; path: string}[] {
  return [
    ...text.matchAll(
      /(?:`([A-Z][A-Za-z]+)`(?:'s)? )?`((?:spec|status)(?:\.[A-Za-z0-9_]+|\[\]|\{\})*)`/g,
    ),
  ].map((m) => ({kind: m[1], path: m[2]}));
}

export interface FieldsReport {
  problems: string[];
  /** Per kind: spec fields, status fields. */
  counts: Record<string, {spec: number; status: number}>;
  /** Description entries written (sets' and kinds'). */
  descriptions: number;
  sets: number;
}

/** Checks the descriptions against every kind's CRD fields. */
export function checkFields(data: FieldsData, kinds: Map<string, CrdExtract>): FieldsReport {
  const problems: string[] = [];
  const counts: FieldsReport['counts'] = {};
  const used = new Set<string>();
  for (const kind of Object.keys(data.kinds))
    if (!kinds.has(kind))
      problems.push(`fields.yaml describes kind ${kind}, which the release lacks`);
  for (const [kind, e] of kinds) {
    if (!data.kinds[kind]) {
      problems.push(`${kind}: no entry under kinds`);
      continue;
    }
    const doc = data.kinds[kind];
    if (!doc.summary?.trim()) problems.push(`${kind}: no summary`);
    if (!doc.intro?.trim()) problems.push(`${kind}: no intro`);
    const fields = kindFields(e);
    const paths = new Set(fields.map((f) => f.path));
    const objects = objectPaths(fields);
    const res = resolveKind(data, kind);
    problems.push(...res.problems);
    for (const [set, mounts] of res.mounts) {
      used.add(set);
      for (const m of mounts)
        if (!objects.has(m))
          problems.push(
            `${kind}: set "${set}" is placed at ${m}, which is no object with fields in the CRD`,
          );
    }
    for (const f of fields)
      if (!res.descriptions.get(f.path)?.text?.trim())
        problems.push(`${kind}: ${f.path} has no description`);
    for (const [p, d] of res.descriptions) {
      if (!paths.has(p)) {
        problems.push(`${kind}: ${p} (${d.from}) is described, but the CRD has no such field`);
        continue;
      }
      for (const named of namedPaths(d.text)) {
        const other = named.kind ? kinds.get(named.kind) : e;
        if (!other) {
          problems.push(
            `${kind}: the description of ${p} (${d.from}) names kind ${named.kind}, which the release lacks`,
          );
          continue;
        }
        const otherFields = other === e ? fields : kindFields(other);
        if (!otherFields.some((f) => f.path === named.path || f.parent === named.path))
          problems.push(
            `${kind}: the description of ${p} (${d.from}) names \`${named.path}\`${named.kind ? ` of ${named.kind}` : ''}, which the CRD lacks`,
          );
      }
      if (!/[.!?)`]$/.test(d.text.trim()))
        problems.push(`${kind}: the description of ${p} (${d.from}) does not end a sentence`);
    }
    counts[kind] = {
      spec: fields.filter((f) => f.path === 'spec' || f.path.startsWith('spec.')).length,
      status: fields.filter((f) => f.path === 'status' || f.path.startsWith('status.')).length,
    };
  }
  for (const set of Object.keys(data.fieldSets))
    if (!used.has(set)) problems.push(`field set "${set}" is used by no kind`);
  const descriptions =
    Object.values(data.fieldSets).reduce((n, s) => n + Object.keys(s.fields ?? {}).length, 0) +
    Object.values(data.kinds).reduce((n, k) => n + Object.keys(k.fields ?? {}).length, 0);
  return {problems, counts, descriptions, sets: Object.keys(data.fieldSets).length};
}

/** fields.yaml of a release data folder, or undefined (v0.2.8 has none). */
export function fieldsFileOf(dir: string): string | undefined {
  const f = path.join(dir, 'fields.yaml');
  return fs.existsSync(f) ? f : undefined;
}
