// Compares an OpenAPI description with the facts extracted from a ToolHive release
// (data/releases/<tag>/api/operations.json, see scripts/api-extract/extract.ts).
// Used by openapi.test.ts; returns every disagreement as a sentence.

export type SchemaObject = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  items?: SchemaObject;
  properties?: Record<string, SchemaObject>;
  additionalProperties?: SchemaObject | boolean;
  allOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
};

export type Parameter = {
  $ref?: string;
  name?: string;
  in?: string;
  required?: boolean;
  schema?: SchemaObject;
};

export type Response = {
  $ref?: string;
  content?: Record<string, {schema?: SchemaObject}>;
  headers?: Record<string, unknown>;
};

export type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: {
    $ref?: string;
    required?: boolean;
    content?: Record<string, {schema?: SchemaObject}>;
  };
  responses?: Record<string, Response>;
};

export type Spec = {
  openapi: string;
  info: {title?: string; version?: string; description?: string; license?: {identifier?: string}};
  servers?: Array<{url: string}>;
  tags?: Array<{name: string; description?: string}>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, SchemaObject>;
    parameters?: Record<string, Parameter>;
    responses?: Record<string, Response>;
    requestBodies?: Record<string, NonNullable<Operation['requestBody']>>;
  };
};

export interface FactsOperation {
  method: string;
  path: string;
  tags: string[];
  parameters: Array<{name: string; in: string; type: string; required: boolean}>;
  requestBody: {required: boolean; content: string; schema: string} | null;
  responses: Record<
    string,
    {
      content: string | null;
      schema: string | null;
      headers?: string[];
      alternatives?: Array<{content: string | null; schema: string | null}>;
    }
  >;
}

export interface FactsSchema {
  kind: 'object' | 'enum' | 'alias';
  fields?: Record<string, string>;
  openEnded?: boolean;
  values?: string[];
  type?: string;
}

export interface Facts {
  source: {tag: string};
  operations: FactsOperation[];
  schemas: Record<string, FactsSchema>;
}

/** Follow a local `$ref` to its target. */
function deref<T extends {$ref?: string}>(spec: Spec, node: T): T {
  let n = node;
  for (let i = 0; n?.$ref && i < 20; i += 1) {
    const parts = n.$ref.replace(/^#\//, '').split('/');
    let target: unknown = spec;
    for (const p of parts) target = (target as Record<string, unknown>)?.[p];
    if (!target) throw new Error(`unresolved $ref ${n.$ref}`);
    n = target as T;
  }
  return n;
}

interface Shape {
  types: string[];
  enum?: unknown[];
  items?: SchemaObject;
  properties?: Record<string, SchemaObject>;
  additionalProperties?: SchemaObject | boolean;
}

/** A schema with $ref followed, allOf merged and a `null` alternative dropped. */
export function shapeOf(spec: Spec, schema: SchemaObject | undefined): Shape {
  if (!schema) return {types: []};
  const s = deref(spec, schema);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) {
    const nonNull = alternatives.filter((a) => deref(spec, a).type !== 'null');
    if (nonNull.length === 1) return shapeOf(spec, nonNull[0]);
  }
  const shape: Shape = {
    types: (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []).filter((t) => t !== 'null'),
    enum: s.enum,
    items: s.items,
    properties: s.properties ? {...s.properties} : undefined,
    additionalProperties: s.additionalProperties,
  };
  for (const part of s.allOf ?? []) {
    const p = shapeOf(spec, part);
    shape.properties = {...(shape.properties ?? {}), ...(p.properties ?? {})};
    if (!shape.types.length) shape.types = p.types;
    if (p.additionalProperties !== undefined) shape.additionalProperties = p.additionalProperties;
  }
  if (!shape.types.length && shape.properties) shape.types = ['object'];
  return shape;
}

/** Split `array<ref:X>` into its head and argument. */
function splitType(t: string): {head: string; arg?: string; values?: string[]} {
  const generic = /^(array|map)<(.*)>$/.exec(t);
  if (generic) return {head: generic[1], arg: generic[2]};
  const inlineEnum = /^string\((.*)\)$/.exec(t);
  if (inlineEnum) return {head: 'string', values: inlineEnum[1].split('|')};
  return {head: t};
}

const sameSet = (a: unknown[], b: unknown[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** Compare a facts type with a schema of the description; push problems. */
export function compareType(
  spec: Spec,
  facts: Facts,
  type: string,
  schema: SchemaObject | undefined,
  at: string,
  problems: string[],
  seen = new Map<string, Set<string>>(),
): void {
  if (type === 'any') return;
  if (!schema) {
    problems.push(`${at}: the release has ${type}, the description has no schema`);
    return;
  }
  const shape = shapeOf(spec, schema);
  const t = splitType(type);
  const is = (want: string) => {
    if (shape.types.includes(want)) return true;
    problems.push(
      `${at}: the release has ${want}, the description has ${shape.types.join('|') || 'no type'}`,
    );
    return false;
  };
  if (type.startsWith('ref:')) {
    const name = type.slice(4);
    const fs = facts.schemas[name];
    if (!fs) {
      problems.push(`${at}: the facts have no schema ${name}`);
      return;
    }
    // Stop at a pair already compared (schemas can be recursive).
    const key = schema.$ref ?? JSON.stringify(schema);
    const done = seen.get(name) ?? new Set<string>();
    if (done.has(key)) return;
    done.add(key);
    seen.set(name, done);
    if (fs.kind === 'alias') {
      compareType(spec, facts, fs.type!, schema, at, problems, seen);
    } else if (fs.kind === 'enum') {
      if (is('string') && !sameSet(shape.enum ?? [], fs.values!))
        problems.push(
          `${at}: enum ${name} is [${fs.values!.join(', ')}] in the release, [${(shape.enum ?? []).join(', ')}] in the description`,
        );
    } else {
      if (!is('object')) return;
      const described = Object.keys(shape.properties ?? {});
      const released = Object.keys(fs.fields!);
      for (const f of released.filter((f) => !described.includes(f)))
        problems.push(`${at}: field "${f}" of ${name} is missing from the description`);
      for (const f of described.filter((f) => !released.includes(f)))
        problems.push(
          `${at}: field "${f}" is described but ${name} has no such field in the release`,
        );
      if (fs.openEnded && shape.additionalProperties === false)
        problems.push(
          `${at}: ${name} passes other properties through; the description forbids them`,
        );
      for (const f of released.filter((f) => described.includes(f)))
        compareType(spec, facts, fs.fields![f], shape.properties![f], `${at}.${f}`, problems, seen);
    }
    return;
  }
  switch (t.head) {
    case 'string':
      if (is('string') && t.values && !sameSet(shape.enum ?? [], t.values))
        problems.push(
          `${at}: values are [${t.values.join(', ')}] in the release, [${(shape.enum ?? []).join(', ')}] in the description`,
        );
      return;
    case 'integer':
    case 'number':
    case 'boolean':
      is(t.head);
      return;
    case 'object':
      is('object');
      return;
    case 'array':
      if (is('array')) compareType(spec, facts, t.arg!, shape.items, `${at}[]`, problems, seen);
      return;
    case 'map':
      if (!is('object')) return;
      if (shape.properties && Object.keys(shape.properties).length)
        problems.push(`${at}: the release has a map, the description lists properties`);
      if (typeof shape.additionalProperties !== 'object')
        problems.push(
          `${at}: the release has a map of ${t.arg}, the description has no additionalProperties schema`,
        );
      else compareType(spec, facts, t.arg!, shape.additionalProperties, `${at}{}`, problems, seen);
      return;
    default:
      problems.push(`${at}: unknown facts type ${type}`);
  }
}

/** Every disagreement between one operation of the release and the description. */
export function compareWithFacts(spec: Spec, facts: Facts, factsOp: FactsOperation): string[] {
  const problems: string[] = [];
  const op = spec.paths[factsOp.path]?.[factsOp.method.toLowerCase()];
  if (!op) return [`not described`];

  // Path and query parameters.
  const params = (op.parameters ?? []).map((p) => deref(spec, p));
  for (const p of factsOp.parameters) {
    const d = params.find((x) => x.name === p.name && x.in === p.in);
    if (!d) {
      problems.push(`${p.in} parameter "${p.name}" is missing`);
      continue;
    }
    if (p.in === 'path' && !d.required) problems.push(`path parameter "${p.name}" is not required`);
    if (p.required && !d.required) problems.push(`${p.in} parameter "${p.name}" must be required`);
    compareType(spec, facts, p.type, d.schema, `${p.in} parameter ${p.name}`, problems);
  }
  for (const d of params)
    if (!factsOp.parameters.some((p) => p.name === d.name && p.in === d.in))
      problems.push(
        `${d.in} parameter "${d.name}" is described but the release has no such parameter`,
      );

  // Request body.
  const body = op.requestBody ? deref(spec, op.requestBody) : undefined;
  if (factsOp.requestBody && !body) problems.push('the request body is missing');
  if (!factsOp.requestBody && body)
    problems.push('a request body is described but the release reads none');
  if (factsOp.requestBody && body) {
    const media = body.content?.[factsOp.requestBody.content];
    if (!media) problems.push(`the request body is not ${factsOp.requestBody.content}`);
    else
      compareType(spec, facts, factsOp.requestBody.schema, media.schema, 'request body', problems);
    if (Boolean(body.required) !== factsOp.requestBody.required)
      problems.push(
        `the request body should ${factsOp.requestBody.required ? '' : 'not '}be required`,
      );
  }

  // Responses: the same codes, content types, headers and schemas.
  const responses = op.responses ?? {};
  const described = Object.keys(responses).filter((c) => c !== 'default');
  const released = Object.keys(factsOp.responses);
  for (const c of released.filter((c) => !described.includes(c)))
    problems.push(`status ${c} is missing`);
  for (const c of described.filter((c) => !released.includes(c)))
    problems.push(`status ${c} is described but the release never answers with it`);
  for (const code of released.filter((c) => described.includes(c))) {
    const fr = factsOp.responses[code];
    const r = deref(spec, responses[code]);
    const types = Object.keys(r.content ?? {});
    const forms = [fr, ...(fr.alternatives ?? [])];
    const releasedTypes = forms.map((f) => f.content).filter((c): c is string => c !== null);
    if (!releasedTypes.length && types.length)
      problems.push(`status ${code} has no body, the description gives ${types.join(', ')}`);
    for (const t of types.filter((t) => releasedTypes.length && !releasedTypes.includes(t)))
      problems.push(`status ${code} is described as ${t}, the release never sends that`);
    for (const form of forms) {
      if (form.content === null) continue;
      if (!types.includes(form.content))
        problems.push(
          `status ${code} is ${form.content}, the description gives ${types.join(', ') || 'no body'}`,
        );
      else if (form.schema)
        compareType(
          spec,
          facts,
          form.schema,
          r.content![form.content].schema,
          `status ${code} (${form.content})`,
          problems,
        );
    }
    const headers = Object.keys(r.headers ?? {});
    for (const h of fr.headers ?? [])
      if (!headers.includes(h)) problems.push(`status ${code} lacks the ${h} header`);
    for (const h of headers)
      if (!(fr.headers ?? []).includes(h))
        problems.push(`status ${code} describes header ${h} the release does not set`);
  }
  return problems;
}
