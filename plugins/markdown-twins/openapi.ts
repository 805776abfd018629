/**
 * Markdown of the API reference from the OpenAPI description
 * (static/api-specs/v0.2.8/openapi.yaml): the overview page from `info`, `servers`
 * and the security schemes, and each operation page with its method, path,
 * parameters, request body and responses, the fields of each schema listed
 * in a table.
 */
import {parse} from 'yaml';

type Json = Record<string, unknown>;

export interface OpenApiDoc {
  info: {
    title: string;
    version: string;
    description?: string;
    license?: {name: string; url?: string};
  };
  servers?: {url: string; description?: string}[];
  paths: Record<string, Record<string, Json>>;
  components?: Json;
  tags?: {name: string; description?: string}[];
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  op: Json;
}

export function parseOpenApi(text: string): OpenApiDoc {
  return parse(text) as OpenApiDoc;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** The doc id docusaurus-plugin-openapi-docs gives an operation (kebab case of its id). */
export function kebab(operationId: string): string {
  return operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .toLowerCase();
}

export function operations(spec: OpenApiDoc): Operation[] {
  const out: Operation[] = [];
  for (const [p, item] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) out.push({id: kebab(String(op.operationId)), method, path: p, op});
    }
  }
  return out;
}

function deref(spec: OpenApiDoc, value: unknown): Json {
  let v = value as Json;
  for (let i = 0; i < 10 && v && typeof v.$ref === 'string'; i += 1) {
    const parts = (v.$ref as string).replace(/^#\//, '').split('/');
    v = parts.reduce<unknown>((o, k) => (o as Json)?.[k], spec) as Json;
  }
  return v ?? {};
}

const cell = (text: unknown): string =>
  String(text ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();

function typeOf(spec: OpenApiDoc, schema: Json): string {
  const s = deref(spec, schema);
  if (Array.isArray(s.enum))
    return `${String(s.type ?? 'string')} (one of ${(s.enum as unknown[]).map((e) => `\`${String(e)}\``).join(', ')})`;
  if (s.type === 'array') return `array of ${typeOf(spec, (s.items as Json) ?? {})}`;
  for (const k of ['oneOf', 'anyOf']) {
    if (Array.isArray(s[k])) return (s[k] as Json[]).map((x) => typeOf(spec, x)).join(' or ');
  }
  const type = Array.isArray(s.type)
    ? (s.type as string[]).join(' or ')
    : String(s.type ?? (s.properties ? 'object' : 'any'));
  return s.format ? `${type} (${String(s.format)})` : type;
}

/** Merges allOf parts into one object schema. */
function flatten(spec: OpenApiDoc, schema: Json): Json {
  const s = deref(spec, schema);
  if (!Array.isArray(s.allOf)) return s;
  const merged: Json = {...s, properties: {}, required: []};
  delete merged.allOf;
  for (const part of s.allOf as Json[]) {
    const p = flatten(spec, part);
    Object.assign(merged.properties as Json, p.properties ?? {});
    (merged.required as string[]).push(...((p.required as string[]) ?? []));
    if (!merged.type && p.type) merged.type = p.type;
    if (!merged.description && p.description) merged.description = p.description;
  }
  return merged;
}

/** Rows `| field | type | required | description |` of a schema, nested fields by dotted path. */
function fieldRows(
  spec: OpenApiDoc,
  schema: Json,
  prefix = '',
  depth = 0,
  seen = new Set<unknown>(),
): string[] {
  const s = flatten(spec, schema);
  if (seen.has(s) || depth > 6) return [];
  const next = new Set(seen).add(s);
  if (s.type === 'array' && s.items)
    return fieldRows(spec, s.items as Json, `${prefix}[]`, depth, next);
  const props = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required as string[]) ?? []);
  const rows: string[] = [];
  for (const [name, raw] of Object.entries(props)) {
    const p = flatten(spec, raw);
    const field = prefix ? `${prefix}.${name}` : name;
    rows.push(
      `| \`${field}\` | ${cell(typeOf(spec, raw))} | ${required.has(name) ? 'Yes' : 'No'} | ${cell(p.description ?? (raw as Json).description)} |`,
    );
    rows.push(...fieldRows(spec, raw, field, depth + 1, next));
  }
  const extra = s.additionalProperties;
  if (extra && typeof extra === 'object') {
    const field = prefix ? `${prefix}.<key>` : '<key>';
    rows.push(
      `| \`${field}\` | ${cell(typeOf(spec, extra as Json))} | No | ${cell(deref(spec, extra).description ?? 'Any key')} |`,
    );
    rows.push(...fieldRows(spec, extra as Json, field, depth + 1, next));
  }
  return rows;
}

function schemaSection(spec: OpenApiDoc, schema: Json | undefined): string[] {
  if (!schema) return [];
  const s = flatten(spec, schema);
  const lines = [
    `Schema: ${typeOf(spec, schema)}${s.description ? `. ${cell(s.description)}` : ''}`,
  ];
  const rows = fieldRows(spec, schema);
  if (rows.length) {
    lines.push(
      '',
      '| Field | Type | Required | Description |',
      '| --- | --- | --- | --- |',
      ...rows,
    );
  }
  return lines;
}

function contentSection(spec: OpenApiDoc, content: Json | undefined): string[] {
  const out: string[] = [];
  for (const [type, media] of Object.entries((content ?? {}) as Record<string, Json>)) {
    out.push('', `Content type: \`${type}\``, '', ...schemaSection(spec, media.schema as Json));
    const example =
      media.example ?? Object.values((media.examples ?? {}) as Record<string, Json>)[0]?.value;
    if (example !== undefined) {
      const body = typeof example === 'string' ? example : JSON.stringify(example, null, 2);
      out.push(
        '',
        'Example:',
        '',
        `\`\`\`${typeof example === 'string' ? 'text' : 'json'}`,
        body,
        '```',
      );
    }
  }
  return out;
}

/** The Markdown body of an operation page (below its title and description). */
export function operationMarkdown(spec: OpenApiDoc, operation: Operation): string {
  const {op} = operation;
  const out: string[] = [`\`${operation.method.toUpperCase()} ${operation.path}\``];
  if (op.description) out.push('', String(op.description).trim());
  if (op.deprecated) out.push('', 'This operation is deprecated.');
  const params = ((op.parameters ?? []) as Json[]).map((p) => deref(spec, p));
  const pathParams = (spec.paths[operation.path]?.parameters ?? []) as unknown as Json[];
  params.unshift(
    ...pathParams.map((p) => deref(spec, p)).filter((p) => !params.some((q) => q.name === p.name)),
  );
  if (params.length) {
    out.push(
      '',
      '## Parameters',
      '',
      '| Name | In | Type | Required | Description |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const p of params) {
      out.push(
        `| \`${String(p.name)}\` | ${String(p.in)} | ${cell(typeOf(spec, (p.schema as Json) ?? {}))} | ${p.required ? 'Yes' : 'No'} | ${cell(p.description)} |`,
      );
    }
  }
  if (op.requestBody) {
    const body = deref(spec, op.requestBody);
    out.push('', '## Request body', '');
    out.push(
      `${body.required ? 'Required' : 'Optional'}.${body.description ? ` ${cell(body.description)}` : ''}`,
    );
    out.push(...contentSection(spec, body.content as Json));
  }
  out.push('', '## Responses');
  for (const [status, raw] of Object.entries((op.responses ?? {}) as Record<string, Json>)) {
    const r = deref(spec, raw);
    out.push('', `### ${status}`, '', String(r.description ?? '').trim());
    out.push(...contentSection(spec, r.content as Json));
  }
  if (op.security) {
    const schemes = (op.security as unknown as Json[]).flatMap((x) => Object.keys(x));
    out.push(
      '',
      '## Authentication',
      '',
      schemes.length ? `Accepts: ${schemes.map((x) => `\`${x}\``).join(', ')}.` : 'None.',
    );
  }
  return out.join('\n');
}

/** The Markdown body of the API overview page. */
export function overviewMarkdown(
  spec: OpenApiDoc,
  operationLinks: (tag: string) => string[],
): string {
  const out: string[] = [];
  if (spec.info.description) out.push(spec.info.description.trim());
  out.push('', `API version: ${spec.info.version}`);
  if (spec.servers?.length) {
    out.push('', '## Servers', '');
    for (const s of spec.servers)
      out.push(`- \`${s.url}\`${s.description ? `: ${cell(s.description)}` : ''}`);
  }
  const schemes = (spec.components?.securitySchemes ?? {}) as Record<string, Json>;
  if (Object.keys(schemes).length) {
    out.push('', '## Authentication', '');
    for (const [name, s] of Object.entries(schemes)) {
      const kind = [s.type, s.scheme, s.bearerFormat].filter(Boolean).join(', ');
      out.push(`- \`${name}\` (${kind}): ${cell(s.description)}`);
    }
  }
  if (spec.info.license) {
    out.push(
      '',
      '## License',
      '',
      spec.info.license.url
        ? `[${spec.info.license.name}](${spec.info.license.url})`
        : spec.info.license.name,
    );
  }
  out.push('', '## Endpoints by area');
  for (const tag of spec.tags ?? []) {
    const links = operationLinks(tag.name);
    if (!links.length) continue;
    out.push('', `### ${tag.name}`, '');
    if (tag.description) out.push(cell(tag.description), '');
    out.push(...links);
  }
  return out.join('\n');
}
