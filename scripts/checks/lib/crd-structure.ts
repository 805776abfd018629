/**
 * ToolHive's CRDs as the checks see them: an extract such as
 * data/releases/v0.2.8/crd/mcpserver.crd.json (written by scripts/crd-extract/extract.ts from
 * the CRDs of toolhive-operator-crds), turned into a JSON Schema that
 * validates manifests the way `kubectl apply` and the API server do, and
 * compared node by node with our own data/releases/v0.2.8/crd/mcpserver.schema.json.
 *
 * Validation follows kubectl's default (`--validate=strict`, server-side field
 * validation): a field the CRD doesn't have is an error ("strict decoding
 * error: unknown field"), an object without properties accepts no fields, a
 * map accepts any key with the value's schema, int-or-string accepts both,
 * lists of type map must not repeat a key, and a null value counts as absent
 * (the API server prunes it). As on the API server, the CRD's defaults are
 * filled in first and its CEL rules (`x-kubernetes-validations`) are then
 * evaluated (lib/cel.ts) on every node they sit on. `metadata` is
 * Kubernetes' ObjectMeta, which the CRD doesn't describe; our schema and the
 * derived-name rules check it.
 */
import {readFileSync} from 'node:fs';
import Ajv2020, {type ErrorObject, type ValidateFunction} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {parse as parseYaml} from 'yaml';
import {CelError, checkRule, evaluateRule} from './cel';

// The extract's shape is the extractor's (scripts/crd-extract/extract.ts).
import type {CrdExtract, CrdNode as Node} from '../../crd-extract/extract';

export type {CrdExtract, Node};

export function loadCrdExtract(file: string): CrdExtract {
  return JSON.parse(readFileSync(file, 'utf8')) as CrdExtract;
}

/** The schema of the stored version (the one manifests are written for). */
export function storedSchema(extract: CrdExtract): Node {
  const v = extract.versions.find((x) => x.storage) ?? extract.versions[0];
  return v.schema;
}

/** The schema of a served version, or undefined when the CRD does not serve it. */
export function versionSchema(extract: CrdExtract, version: string): Node | undefined {
  return extract.versions.find((x) => x.name === version && x.served)?.schema;
}

export function apiVersionOf(extract: CrdExtract): string {
  const v = extract.versions.find((x) => x.storage) ?? extract.versions[0];
  return `${extract.resource.group}/${v.name}`;
}

// ---------------------------------------------------------------------------
// CRD schema → JSON Schema with kubectl's strictness
// ---------------------------------------------------------------------------

const PASSED_ON = [
  'format',
  'enum',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'required',
];

/** kube-openapi's duration format: Go's time.ParseDuration, or counts with unit names. */
const K8S_DURATION =
  /^(?:[-+]?(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+|0|(?:\d+\s*(?:ns|us|µs|ms|s|m|h|d|w|nanoseconds?|microseconds?|milliseconds?|seconds?|sec|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?)\s*)+)$/;

/** One CEL rule of a node, as the extract keeps it. */
export interface CelRule {
  rule: string;
  messageExpression?: string;
  reason?: string;
  fieldPath?: string;
}

/** Convert one CRD schema node; `at` is its dotted path ('' for the root). */
export function toJsonSchema(node: Node, at = ''): Node {
  const out: Node = {};
  const rules = node['x-kubernetes-validations'] as CelRule[] | undefined;
  if (rules) {
    for (const r of rules) {
      try {
        checkRule(r.rule);
      } catch (e) {
        throw new Error(`${at || '<root>'}: ${(e as Error).message}`);
      }
    }
    out.celRules = rules.map((r) => r.rule);
  }
  if (node['x-kubernetes-int-or-string']) {
    out.type = ['integer', 'string'];
  } else if (node.type !== undefined) {
    out.type = node.nullable ? [node.type, 'null'] : node.type;
  }
  for (const k of PASSED_ON) if (node[k] !== undefined) out[k] = node[k];
  if (node.anyOf && !node['x-kubernetes-int-or-string'])
    out.anyOf = (node.anyOf as Node[]).map((s) => toJsonSchema(s, at));
  if (node.items) out.items = toJsonSchema(node.items as Node, `${at}[]`);
  if (node['x-kubernetes-list-type'] === 'set') out.uniqueItems = true;
  if (node['x-kubernetes-list-type'] === 'map' && node['x-kubernetes-list-map-keys'])
    out.uniqueListMapKeys = node['x-kubernetes-list-map-keys'];
  if (node.type === 'object') {
    const props = node.properties as Record<string, Node> | undefined;
    if (props) {
      out.properties = Object.fromEntries(
        Object.entries(props).map(([k, v]) => [k, toJsonSchema(v, at ? `${at}.${k}` : k)]),
      );
    }
    if (typeof node.additionalProperties === 'object') {
      out.additionalProperties = toJsonSchema(node.additionalProperties as Node, `${at}{}`);
    } else if (node.additionalProperties === true || node['x-kubernetes-preserve-unknown-fields']) {
      // unknown fields are kept
    } else if (at === 'metadata') {
      // ObjectMeta: not described by the CRD, validated by Kubernetes itself
    } else {
      out.additionalProperties = false;
    }
  }
  return out;
}

function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  return JSON.stringify(v);
}

/**
 * A compiled validator for manifests of one version of the CRD (by default
 * the stored one). It fills in the CRD's defaults in the object it
 * validates, as the API server does before it evaluates CEL rules: pass a
 * copy (withoutNulls makes one).
 */
export function createCrdValidator(extract: CrdExtract, version?: string): ValidateFunction {
  const root = version === undefined ? storedSchema(extract) : versionSchema(extract, version);
  if (!root)
    throw new Error(`${extract.resource.kind}: the CRD serves no version ${String(version)}`);
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    verbose: true,
    useDefaults: true,
  });
  addFormats(ajv);
  // Kubernetes' formats, where they differ from JSON Schema's: a duration is
  // a Go duration ("30s", "1h30m") or a count with a unit name ("2 days");
  // a uri is whatever Go's url.Parse takes, which is nearly any string.
  ajv.addFormat('duration', (v: string) => K8S_DURATION.test(v));
  ajv.addFormat('uri', () => true);
  ajv.addKeyword({
    keyword: 'celRules',
    schemaType: 'array',
    errors: true,
    validate: function cel(rules: string[], data: unknown) {
      const errors: Partial<ErrorObject>[] = [];
      for (const rule of rules) {
        let ok: unknown;
        try {
          ok = evaluateRule(rule, data);
        } catch (e) {
          if (!(e instanceof CelError)) throw e;
          errors.push({
            keyword: 'celRules',
            message: `failed rule: ${rule} (evaluation error: ${e.message})`,
            params: {rule},
          });
          continue;
        }
        if (ok !== true)
          errors.push({keyword: 'celRules', message: `failed rule: ${rule}`, params: {rule}});
      }
      (cel as unknown as {errors: Partial<ErrorObject>[]}).errors = errors;
      return errors.length === 0;
    },
  });
  ajv.addKeyword({
    keyword: 'uniqueListMapKeys',
    type: 'array',
    schemaType: 'array',
    errors: true,
    validate: function unique(keys: string[], data: unknown[]) {
      const seen = new Set<string>();
      for (const item of data) {
        if (!item || typeof item !== 'object') continue;
        const id = JSON.stringify(keys.map((k) => (item as Record<string, unknown>)[k] ?? null));
        if (seen.has(id)) {
          (unique as unknown as {errors: Partial<ErrorObject>[]}).errors = [
            {keyword: 'uniqueListMapKeys', message: `Duplicate value: ${id}`, params: {keys}},
          ];
          return false;
        }
        seen.add(id);
      }
      return true;
    },
  });
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...toJsonSchema(root),
  };
  return ajv.compile(schema);
}

/** Objects with null-valued fields removed, as the API server prunes them. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== null) out[k] = withoutNulls(v);
    return out;
  }
  return value;
}

/** `/spec/env/0/name` → `spec.env[0].name`, the way Kubernetes prints field paths. */
export function fieldPath(pointer: string, extra?: string): string {
  const segs = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) segs.push(extra);
  let out = '';
  for (const s of segs) out += /^\d+$/.test(s) ? `[${s}]` : out ? `.${s}` : s;
  return out || '<root>';
}

/** A kubectl-like message for one error of the CRD validator. */
export function kubectlMessage(err: ErrorObject): {pointer: string; key?: string; message: string} {
  const at = err.instancePath;
  const params = err.params as Record<string, unknown>;
  const field = fieldPath(at);
  switch (err.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const parent = err.parentSchema as {properties?: Record<string, unknown>} | undefined;
      const known = Object.keys(parent?.properties ?? {});
      const hint =
        known.length === 0
          ? `the CRD keeps no field under ${field}; remove it`
          : known.length <= 12
            ? `the fields there are ${known.join(', ')}`
            : `remove it or use a field of the CRD`;
      return {
        pointer: at,
        key,
        message: `strict decoding error: unknown field "${fieldPath(at, key)}" (${hint}); kubectl apply rejects the manifest`,
      };
    }
    case 'required':
      return {
        pointer: at,
        message: `${fieldPath(at, String(params.missingProperty))}: Required value`,
      };
    case 'enum':
      return {
        pointer: at,
        message: `${field}: Unsupported value: ${describeValue(err.data)}: supported values: ${(
          params.allowedValues as unknown[]
        )
          .map((v) => JSON.stringify(v))
          .join(', ')}`,
      };
    case 'type':
      return {
        pointer: at,
        message: `${field}: Invalid value: ${describeValue(err.data)}: ${field} in body must be of type ${String(params.type)}`,
      };
    case 'uniqueListMapKeys':
      return {pointer: at, message: `${field}: ${err.message}`};
    case 'celRules':
      return {
        pointer: at,
        message: `${field}: Invalid value: ${typeof err.data === 'object' ? '"object"' : describeValue(err.data)}: ${err.message ?? 'failed rule'}`,
      };
    default:
      return {
        pointer: at,
        message: `${field}: Invalid value: ${describeValue(err.data)}: ${field} in body ${err.message ?? err.keyword}`,
      };
  }
}

// ---------------------------------------------------------------------------
// Our schema compared with the CRD
// ---------------------------------------------------------------------------

/**
 * Objects that are standard Kubernetes types, of which our schema lists only
 * some fields (scripts/crd-reference/generate.ts marks them `partial`). The
 * CRD's other fields are accepted there; manifests are validated against the
 * CRD for them.
 */
export const PARTIAL_NODES = [
  'spec.podTemplateSpec.spec',
  'spec.podTemplateSpec.spec.containers[]',
];

/** Every Kubernetes object needs these, whatever its CRD says: kubectl and the API server refuse one without. */
const OBJECT_FIELDS = ['apiVersion', 'kind', 'metadata'];

/** Keywords that carry no structure. */
const PROSE = new Set(['description', 'examples', '$comment', '$schema', 'title']);

/** Keywords compared one to one. */
const COMPARED = [
  'format',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
];

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function typeOf(n: Node): string[] {
  if (n['x-kubernetes-int-or-string']) return ['integer', 'string'];
  const t = n.type;
  const list = Array.isArray(t) ? (t as string[]) : t === undefined ? [] : [t as string];
  return [...list, ...(n.nullable ? ['null'] : [])].sort();
}

/** The quantity pattern the CRD uses for container resources (its int-or-string maps). */
export function quantityPattern(crd: Node): string | undefined {
  let found: string | undefined;
  const walk = (n: Node) => {
    if (found) return;
    if (n['x-kubernetes-int-or-string'] && typeof n.pattern === 'string') {
      found = n.pattern;
      return;
    }
    for (const v of Object.values(n)) {
      if (Array.isArray(v)) v.forEach((x) => x && typeof x === 'object' && walk(x as Node));
      else if (v && typeof v === 'object') walk(v as Node);
    }
  };
  walk(crd);
  return found;
}

export interface Disagreement {
  path: string;
  message: string;
}

/**
 * Every node where our schema and the CRD disagree. Deliberate differences,
 * each checked here rather than skipped:
 * - apiVersion and kind are fixed (`const`) to the CRD's group, version and kind;
 * - metadata is Kubernetes' ObjectMeta, outside the CRD (see derived-names.yaml);
 * - fields the CRD defaults are optional in ours (`required` minus defaults),
 *   and apiVersion, kind and metadata are required, as for every object;
 * - the CPU and memory quantities of spec.resources must match the CRD's own
 *   quantity pattern, because the operator parses them with resource.MustParse,
 *   which stops the reconcile on anything else (mcpserver_controller.go);
 * - PARTIAL_NODES list only some fields and must accept the others.
 */
export function compareWithCrd(ours: Node, extract: CrdExtract): Disagreement[] {
  const out: Disagreement[] = [];
  const crdRoot = storedSchema(extract);
  const qty = quantityPattern(crdRoot);
  const say = (path: string, message: string) => out.push({path: path || '<root>', message});

  const walk = (o: Node, c: Node, at: string) => {
    for (const k of Object.keys(o)) {
      if (PROSE.has(k)) continue;
      if (
        ![
          ...COMPARED,
          'type',
          'enum',
          'const',
          'pattern',
          'required',
          'properties',
          'additionalProperties',
          'items',
          'anyOf',
        ].includes(k)
      )
        say(at, `our schema uses "${k}", which the comparison with the CRD doesn't know`);
    }
    const ot = typeOf(o);
    const ct = typeOf(c);
    if (!same(ot, ct))
      say(
        at,
        `type is ${ot.join(' or ') || 'unset'} in our schema, ${ct.join(' or ') || 'unset'} in the CRD`,
      );
    for (const k of COMPARED) {
      if (!same(o[k], c[k]))
        say(
          at,
          `${k} is ${JSON.stringify(o[k])} in our schema, ${JSON.stringify(c[k])} in the CRD`,
        );
    }
    if (
      !same(
        [...((o.enum as unknown[]) ?? [])].map(String).sort(),
        [...((c.enum as unknown[]) ?? [])].map(String).sort(),
      )
    )
      say(
        at,
        `enum is ${JSON.stringify(o.enum)} in our schema, ${JSON.stringify(c.enum)} in the CRD`,
      );

    // pattern
    const quantityField = /^spec\.resources\.(limits|requests)\.(cpu|memory)$/.test(at);
    if (quantityField && c.pattern === undefined) {
      if (o.pattern !== qty)
        say(
          at,
          `pattern must be the CRD's quantity pattern ${JSON.stringify(qty)} (the operator parses it with resource.MustParse)`,
        );
    } else if (!same(o.pattern, c.pattern)) {
      say(
        at,
        `pattern is ${JSON.stringify(o.pattern)} in our schema, ${JSON.stringify(c.pattern)} in the CRD`,
      );
    }

    // const: only for apiVersion and kind
    if (o.const !== undefined) {
      const expected =
        at === 'apiVersion'
          ? apiVersionOf(extract)
          : at === 'kind'
            ? extract.resource.kind
            : undefined;
      if (expected === undefined) say(at, `our schema fixes the value (const), the CRD doesn't`);
      else if (o.const !== expected)
        say(at, `const is ${JSON.stringify(o.const)}, the CRD says ${JSON.stringify(expected)}`);
    }

    // required: the CRD's, minus fields it defaults
    const cProps = (c.properties ?? {}) as Record<string, Node>;
    const oProps = (o.properties ?? {}) as Record<string, Node>;
    const expectedRequired = [
      ...((c.required as string[]) ?? []).filter((f) => cProps[f]?.default === undefined),
      ...(at === '' ? OBJECT_FIELDS : []),
    ].sort();
    const oRequired = [...((o.required as string[]) ?? [])].sort();
    if (!same(oRequired, expectedRequired))
      say(
        at,
        `required is ${JSON.stringify(oRequired)} in our schema; the CRD requires ${JSON.stringify(expectedRequired)} (fields with a default left out)`,
      );

    // properties and unknown fields
    const partial = PARTIAL_NODES.includes(at);
    for (const name of Object.keys(oProps)) {
      const childPath = at ? `${at}.${name}` : name;
      if (!cProps[name]) {
        say(childPath, `our schema has this field, the CRD doesn't: kubectl apply rejects it`);
        continue;
      }
      if (childPath === 'metadata') continue;
      walk(oProps[name], cProps[name], childPath);
    }
    if (!partial) {
      for (const name of Object.keys(cProps))
        if (!oProps[name])
          say(at ? `${at}.${name}` : name, `the CRD has this field, our schema doesn't`);
    }
    if (ct.includes('object')) {
      const cAdd = c.additionalProperties;
      const oAdd = o.additionalProperties;
      const keeps = !!c['x-kubernetes-preserve-unknown-fields'] || cAdd === true;
      if (typeof cAdd === 'object') {
        if (typeof oAdd !== 'object')
          say(
            at,
            `the CRD has a map here (any key); our schema ${oAdd === false ? 'rejects other keys' : 'does not describe the values'}`,
          );
        else walk(oAdd as Node, cAdd as Node, `${at}{}`);
      } else if (keeps || partial) {
        if (oAdd === false) say(at, `the CRD keeps unknown fields here; our schema rejects them`);
      } else if (oAdd !== false) {
        say(
          at,
          Object.keys(cProps).length === 0
            ? `the CRD keeps no field here (an object without properties, so kubectl rejects any field); our schema must say additionalProperties: false${Object.keys(oProps).length ? ` and list no properties` : ''}`
            : `the CRD rejects unknown fields here; our schema must say additionalProperties: false`,
        );
      }
    }
    if (c.items || o.items) {
      if (!c.items || !o.items)
        say(at, `items are described in ${c.items ? 'the CRD only' : 'our schema only'}`);
      else walk(o.items as Node, c.items as Node, `${at}[]`);
    }
  };
  walk(ours, crdRoot, '');
  return out;
}

/** Our schema file, parsed. */
export function loadJson(file: string): Node {
  return JSON.parse(readFileSync(file, 'utf8')) as Node;
}

// ---------------------------------------------------------------------------
// Names the operator derives from metadata.name
// ---------------------------------------------------------------------------

export interface NameRule {
  what: string;
  maxLength: number;
  pattern: string;
}

export interface DerivedName {
  object: string;
  name: string;
  rule: string;
  transports?: string[];
  source: string;
}

export interface DerivedNames {
  release: string;
  rules: Record<string, NameRule>;
  names: DerivedName[];
}

export function loadDerivedNames(file: string): DerivedNames {
  return parseYaml(readFileSync(file, 'utf8')) as DerivedNames;
}

export const TRANSPORTS = ['stdio', 'sse', 'streamable-http'];

/** The longest metadata.name for which every derived name of this transport fits its rule. */
export function nameLimit(
  data: DerivedNames,
  transport: string,
): {max: number; binding: DerivedName} {
  let best: {max: number; binding: DerivedName} | null = null;
  for (const n of data.names) {
    if (n.transports && !n.transports.includes(transport)) continue;
    const rule = data.rules[n.rule];
    const max = rule.maxLength - (n.name.length - '{name}'.length);
    if (!best || max < best.max) best = {max, binding: n};
  }
  if (!best) throw new Error('derived-names.yaml lists no names');
  return best;
}

/** The limit that holds whatever the transport. */
export function nameLimitAllTransports(data: DerivedNames): number {
  return Math.min(...TRANSPORTS.map((t) => nameLimit(data, t).max));
}

/**
 * Problems of one MCPServer name for its transport, with what to fix: one for
 * its length (naming the tightest derived name) and one for its characters.
 */
export function checkDerivedNames(data: DerivedNames, name: string, transport: string): string[] {
  const problems: string[] = [];
  const {max, binding} = nameLimit(data, transport);
  if (name.length > max) {
    const rule = data.rules[binding.rule];
    problems.push(
      `metadata.name "${name}" has ${name.length} characters, too long for transport ${transport}: the ${binding.object} is ${binding.name}, ${rule.what} of at most ${rule.maxLength} characters, so the name can have at most ${max} (${binding.source}). Use a shorter name`,
    );
  }
  for (const n of data.names) {
    if (n.transports && !n.transports.includes(transport)) continue;
    const rule = data.rules[n.rule];
    const derived = n.name.replace('{name}', name);
    if (!new RegExp(rule.pattern).test(derived)) {
      problems.push(
        `metadata.name "${name}" can't be used: the ${n.object} would be "${derived}", which is not ${rule.what} (${n.source}). Use lowercase letters, digits and dashes, starting and ending with a letter or digit`,
      );
      break;
    }
  }
  return problems;
}
