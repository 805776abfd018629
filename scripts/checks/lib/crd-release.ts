/**
 * The CRD data of one documented release, as the manifest check and the
 * reference generator read it from a release data folder:
 *
 * - `<kind>.crd.json`: one extract per kind (scripts/crd-extract/extract.ts),
 *   every served version with its schema, the stored one marked;
 * - `limits.yaml` (optional): limits the operator imposes beyond the CRDs,
 *   per kind: the names it derives from `metadata.name`, the resources a
 *   field names (checked against the manifests a page shows), and rules it
 *   enforces when it reconciles, written as CEL;
 * - `mcpserver.schema.json` and `derived-names.yaml` (optional): the
 *   MCPServer schema and derived names of the first documented release
 *   (ToolHive v0.2.8), which predate limits.yaml.
 *
 * A folder `data/releases/<release>/crd` belongs to `<release>`; any other
 * folder (today's `data/releases/v0.2.8/crd`) to LEGACY_RELEASE.
 */
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import type {ValidateFunction} from 'ajv/dist/2020';
import {parse as parseYaml} from 'yaml';
import {checkRule} from './cel';
import {
  createCrdValidator,
  loadCrdExtract,
  loadDerivedNames,
  type CrdExtract,
  type DerivedNames,
  type NameRule,
} from './crd-structure';

/** The release that data/releases/v0.2.8/crd (before releases had folders) documents. */
export const LEGACY_RELEASE = 'v0.2.8';

/** The API group of every ToolHive resource. */
export const TOOLHIVE_GROUP = 'toolhive.stacklok.dev';

/** A name the operator builds from metadata.name, and the rule it must follow. */
export interface KindName {
  object: string;
  /** The derived name, with {name} for metadata.name and x for characters Kubernetes adds. */
  name: string;
  /** A key of `rules`. */
  rule: string;
  /** Only when this CEL expression, evaluated on the whole manifest as `self`, is true. */
  when?: string;
  source: string;
}

/** A field that names another ToolHive resource in the same namespace. */
export interface KindReference {
  /** Field path: dots, `[]` for each item of a list, `{}` for each value of a map. */
  field: string;
  /** The kind named. */
  kind: string;
  source: string;
}

/** A rule the operator enforces when it reconciles, in CEL on the whole manifest (`self`). */
export interface KindRule {
  /** Where the problem is reported (a field path). */
  field: string;
  rule: string;
  message: string;
  source: string;
}

export interface KindLimits {
  names?: KindName[];
  references?: KindReference[];
  rules?: KindRule[];
}

export interface ReleaseLimits {
  release: string;
  rules: Record<string, NameRule>;
  kinds: Record<string, KindLimits>;
}

export interface ReleaseData {
  dir: string;
  release: string;
  group: string;
  /** Extracts by kind. */
  kinds: Map<string, CrdExtract>;
  /** The validator of a kind's served version; undefined when it does not serve it. */
  validator(kind: string, version: string): ValidateFunction | undefined;
  limits?: ReleaseLimits;
  /** v0.2.8 only: our MCPServer JSON Schema. */
  schemaFile?: string;
  /** v0.2.8 only: the names derived from an MCPServer's name. */
  names?: DerivedNames;
}

/** The release a data folder belongs to. */
export function releaseOf(dir: string): string {
  const m = /(?:^|[\\/])releases[\\/]([^\\/]+)[\\/]crd[\\/]?$/.exec(path.resolve(dir));
  return m ? m[1] : LEGACY_RELEASE;
}

export function loadLimits(file: string): ReleaseLimits {
  const limits = parseYaml(readFileSync(file, 'utf8')) as ReleaseLimits;
  for (const [kind, l] of Object.entries(limits.kinds ?? {})) {
    for (const n of l.names ?? []) {
      if (!limits.rules[n.rule]) throw new Error(`${file}: ${kind}: unknown name rule "${n.rule}"`);
      if (n.when) checkRule(n.when);
    }
    for (const r of l.rules ?? []) checkRule(r.rule);
  }
  return limits;
}

/** Reads a release data folder. Throws when it holds no CRD extract. */
export function loadRelease(dir: string): ReleaseData {
  const abs = path.resolve(dir);
  if (!existsSync(abs)) throw new Error(`no release data folder ${dir}`);
  const kinds = new Map<string, CrdExtract>();
  for (const f of readdirSync(abs).sort()) {
    if (!f.endsWith('.crd.json')) continue;
    const e = loadCrdExtract(path.join(abs, f));
    kinds.set(e.resource.kind, e);
  }
  if (kinds.size === 0) throw new Error(`${dir} holds no CRD extract (*.crd.json)`);
  const groups = new Set([...kinds.values()].map((e) => e.resource.group));
  if (groups.size !== 1)
    throw new Error(`${dir}: CRDs of several groups: ${[...groups].join(', ')}`);
  const compiled = new Map<string, ValidateFunction | undefined>();
  const limitsFile = path.join(abs, 'limits.yaml');
  const schemaFile = path.join(abs, 'mcpserver.schema.json');
  const namesFile = path.join(abs, 'derived-names.yaml');
  return {
    dir: abs,
    release: releaseOf(abs),
    group: [...groups][0],
    kinds,
    validator(kind, version) {
      const key = `${kind}/${version}`;
      if (!compiled.has(key)) {
        const e = kinds.get(kind);
        const served = e?.versions.some((v) => v.name === version && v.served);
        compiled.set(key, e && served ? createCrdValidator(e, version) : undefined);
      }
      return compiled.get(key);
    },
    limits: existsSync(limitsFile) ? loadLimits(limitsFile) : undefined,
    schemaFile: existsSync(schemaFile) ? schemaFile : undefined,
    names: existsSync(namesFile) ? loadDerivedNames(namesFile) : undefined,
  };
}

/** The served versions of a kind, the stored one first. */
export function servedVersions(e: CrdExtract): string[] {
  return [...e.versions]
    .filter((v) => v.served)
    .sort((a, b) => Number(b.storage) - Number(a.storage))
    .map((v) => v.name);
}

export function storedVersion(e: CrdExtract): string {
  return (e.versions.find((v) => v.storage) ?? e.versions[0]).name;
}

/**
 * Every value at a field path of an object, with its JSON pointer: `[]`
 * stands for each item of a list, `{}` for each value of a map.
 */
export function valuesAt(obj: unknown, field: string): {pointer: string; value: unknown}[] {
  const segs = field.match(/[^.[\]{}]+|\[\]|\{\}/g) ?? [];
  let current: {pointer: string; value: unknown}[] = [{pointer: '', value: obj}];
  for (const seg of segs) {
    const next: {pointer: string; value: unknown}[] = [];
    for (const c of current) {
      if (seg === '[]') {
        if (Array.isArray(c.value))
          c.value.forEach((v, i) => next.push({pointer: `${c.pointer}/${i}`, value: v}));
      } else if (c.value && typeof c.value === 'object' && !Array.isArray(c.value)) {
        const o = c.value as Record<string, unknown>;
        if (seg === '{}') {
          for (const [k, v] of Object.entries(o))
            next.push({
              pointer: `${c.pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`,
              value: v,
            });
        } else if (seg in o) next.push({pointer: `${c.pointer}/${seg}`, value: o[seg]});
      }
    }
    current = next;
  }
  return current;
}
