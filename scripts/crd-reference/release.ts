/**
 * The resource reference of a release with several kinds (ToolHive v0.44.0
 * and later): one page per kind and an index page, written from the release
 * data folder (data/releases/<release>/crd: the CRD extracts, fields.yaml
 * with our descriptions, limits.yaml with the operator's limits) and the
 * release's page templates and example manifests next to this script
 * (scripts/crd-reference/<release>/: index.md, kind.md, examples/<kind>.yaml).
 *
 * Every page names every spec field of its kind with its type, whether it
 * is required, its default, its allowed values and bounds, and our
 * description; status fields in brief; the CEL rules the API server checks;
 * the served versions (the stored one marked) and one example manifest.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {CrdExtract, Node} from '../checks/lib/crd-structure';
import {
  loadRelease,
  servedVersions,
  storedVersion,
  type ReleaseData,
} from '../checks/lib/crd-release';
import {cell, fill} from './generate';
import {
  checkFields,
  crdFields,
  kindFields,
  loadFieldsData,
  resolveKind,
  type CrdField,
  type FieldsData,
} from './fields';

/** The folder of a release's templates and examples. */
export function templatesDirOf(release: string): string {
  return path.join(__dirname, release);
}

/** A kind's page file name (and route segment): `MCPServer` → `mcpserver`. */
export function pageSlug(kind: string): string {
  return kind.toLowerCase();
}

function code(text: string): string {
  const ticks = text.includes('`') ? '``' : '`';
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/** A field path's link target on its page: lower case, `[]` and `{}` dropped, punctuation as `-`. */
export function anchorOf(fieldPath: string): string {
  return fieldPath
    .replace(/\[\]|\{\}/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function hasProps(n: Node | undefined): boolean {
  return !!n && !!n.properties && Object.keys(n.properties as object).length > 0;
}

/** The section a field's row links to: the object itself, its items, or its map values. */
export function targetOf(f: CrdField): string | null {
  if (hasProps(f.node)) return f.path;
  const items = f.node.items as Node | undefined;
  if (items && hasProps(items)) return `${f.path}[]`;
  const add = f.node.additionalProperties as Node | boolean | undefined;
  if (add && typeof add === 'object' && hasProps(add)) return `${f.path}{}`;
  return null;
}

function scalar(n: Node): string {
  if (n['x-kubernetes-int-or-string']) return 'integer or string';
  const t = n.type as string | undefined;
  if (!t) return n['x-kubernetes-preserve-unknown-fields'] ? 'any value' : 'any';
  if (t === 'integer' && (n.format === 'int32' || n.format === 'int64'))
    return `integer (${n.format})`;
  return t;
}

/** The Type column. */
export function typeOf(f: CrdField): string {
  const n = f.node;
  const target = targetOf(f);
  if (n.type === 'array') {
    const items = (n.items ?? {}) as Node;
    if (target) return `list of [objects](#${anchorOf(target)})`;
    if (items.type === 'object')
      return items['x-kubernetes-preserve-unknown-fields']
        ? 'list of objects (any fields)'
        : 'list of objects';
    if (!items.type && items['x-kubernetes-preserve-unknown-fields']) return 'list of any values';
    return `list of ${scalar(items)}s`;
  }
  if (n.type === 'object') {
    const add = n.additionalProperties as Node | boolean | undefined;
    if (target && target.endsWith('{}')) return `map of string to [object](#${anchorOf(target)})`;
    if (target) return `[object](#${anchorOf(target)})`;
    if (add && typeof add === 'object') return `map of string to ${scalar(add)}`;
    if (n['x-kubernetes-preserve-unknown-fields']) return 'object (any fields)';
    return 'object';
  }
  return scalar(n);
}

function value(v: unknown): string {
  return code(typeof v === 'string' ? v : JSON.stringify(v));
}

/** The Allowed values column: enum, bounds, lengths, pattern, format, list and map limits. */
export function allowedOf(n: Node): string {
  const out: string[] = [];
  if (n.enum) out.push(`One of ${(n.enum as unknown[]).map(value).join(', ')}`);
  const min = n.minimum as number | undefined;
  const max = n.maximum as number | undefined;
  if (min !== undefined && max !== undefined) out.push(`${min} to ${max}`);
  else if (min !== undefined) out.push(`At least ${min}`);
  else if (max !== undefined) out.push(`At most ${max}`);
  if (n.exclusiveMinimum !== undefined) out.push(`More than ${String(n.exclusiveMinimum)}`);
  if (n.exclusiveMaximum !== undefined) out.push(`Less than ${String(n.exclusiveMaximum)}`);
  const minL = n.minLength as number | undefined;
  const maxL = n.maxLength as number | undefined;
  if (minL !== undefined && maxL !== undefined) out.push(`${minL} to ${maxL} characters`);
  else if (minL !== undefined) out.push(`At least ${minL} character${minL === 1 ? '' : 's'}`);
  else if (maxL !== undefined) out.push(`At most ${maxL} characters`);
  const minI = n.minItems as number | undefined;
  const maxI = n.maxItems as number | undefined;
  if (minI !== undefined && maxI !== undefined) out.push(`${minI} to ${maxI} items`);
  else if (minI !== undefined) out.push(`At least ${minI} item${minI === 1 ? '' : 's'}`);
  else if (maxI !== undefined) out.push(`At most ${maxI} items`);
  if (n.maxProperties !== undefined) out.push(`At most ${String(n.maxProperties)} entries`);
  if (n.minProperties !== undefined) out.push(`At least ${String(n.minProperties)} entries`);
  if (n.pattern) out.push(`Matches ${code(String(n.pattern))}`);
  if (n.format === 'date-time') out.push('RFC 3339 date and time');
  if (n.format === 'duration') out.push('A duration such as `30s` or `1m30s`');
  if (n.format === 'uri') out.push('A URI');
  if (n['x-kubernetes-list-type'] === 'set') out.push('No duplicates');
  const keys = n['x-kubernetes-list-map-keys'] as string[] | undefined;
  if (n['x-kubernetes-list-type'] === 'map' && keys)
    out.push(`Unique ${keys.map(code).join(' and ')} per item`);
  const items = n.items as Node | undefined;
  if (items && items.type !== 'object') {
    const inner = allowedOf(items);
    if (inner) out.push(`Each item: ${inner.charAt(0).toLowerCase()}${inner.slice(1)}`);
  }
  const add = n.additionalProperties as Node | boolean | undefined;
  if (add && typeof add === 'object' && add.type !== 'object') {
    const inner = allowedOf(add);
    if (inner) out.push(`Each value: ${inner.charAt(0).toLowerCase()}${inner.slice(1)}`);
  }
  return out.join('; ');
}

/** Field rows link to their object's section; other fields carry their own anchor. */
function fieldName(f: CrdField): string {
  const target = targetOf(f);
  if (target) return `[${code(f.path)}](#${anchorOf(target)})`;
  const a = anchorOf(f.path);
  return `<Link id="${a}" to="#${a}">${code(f.path)}</Link>`;
}

export interface KindContext {
  kind: string;
  extract: CrdExtract;
  schema: Node;
  fields: CrdField[];
  descriptions: Map<string, string>;
}

function describe(ctx: KindContext, p: string): string {
  const d = ctx.descriptions.get(p);
  if (!d) throw new Error(`${ctx.kind}: ${p} has no description (fields.yaml)`);
  return cell(d);
}

function specRow(ctx: KindContext, f: CrdField): string {
  const def = f.node.default === undefined ? '' : value(f.node.default);
  return `| ${fieldName(f)} | ${typeOf(f)} | ${f.required ? '**Required**' : 'Optional'} | ${cell(def)} | ${cell(allowedOf(f.node))} | ${describe(ctx, f.path)} |`;
}

/** The CEL rules of a node, as a list. */
function rulesOf(n: Node): string[] {
  const rules = (n['x-kubernetes-validations'] ?? []) as {rule: string}[];
  return rules.map((r) => `- ${code(r.rule.replace(/\s*\n\s*/g, ' '))}`);
}

/** The node of an object path (`spec.env[]`, `spec.backends{}`). */
export function nodeAt(schema: Node, objPath: string): Node | undefined {
  let n: Node | undefined = schema;
  for (const seg of objPath.match(/[^.[\]{}]+|\[\]|\{\}/g) ?? []) {
    if (!n) return undefined;
    if (seg === '[]') n = n.items as Node | undefined;
    else if (seg === '{}') n = n.additionalProperties as Node | undefined;
    else n = (n.properties as Record<string, Node> | undefined)?.[seg];
  }
  return n;
}

/** The spec sections: `spec`, then every object with fields below it, depth first. */
export function renderSpec(ctx: KindContext): string {
  const spec = ctx.fields.filter((f) => f.path.startsWith('spec.'));
  const parents = [...new Set(spec.map((f) => f.parent))];
  const out: string[] = [];
  for (const parent of parents) {
    const node = nodeAt(ctx.schema, parent)!;
    const rows = spec.filter((f) => f.parent === parent);
    out.push(`### ${code(parent)} \\{#${anchorOf(parent)}}`, '');
    if (parent === 'spec') out.push(describe(ctx, 'spec'), '');
    if (parent.endsWith('[]'))
      out.push(`Each item of the ${code(parent.slice(0, -2))} list has these fields:`, '');
    else if (parent.endsWith('{}'))
      out.push(`Each value of the ${code(parent.slice(0, -2))} map has these fields:`, '');
    if (node['x-kubernetes-preserve-unknown-fields'])
      out.push(
        'The API server keeps fields other than the ones listed here without checking them.',
        '',
      );
    out.push(
      '| Field | Type | Required | Default | Allowed values | Description |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows.map((f) => specRow(ctx, f)),
      '',
    );
    const rules = rulesOf(node);
    if (rules.length > 0)
      out.push(
        `The API server rejects ${parent === 'spec' ? 'the spec' : 'this object'} unless ${rules.length === 1 ? 'this rule holds' : 'each of these rules holds'} (CEL, with \`self\` standing for ${parent.endsWith('[]') ? 'the item' : parent.endsWith('{}') ? 'the value' : 'the object'}):`,
        '',
        ...rules,
        '',
      );
    const fieldRules = rows.flatMap((f) =>
      rulesOf(f.node).length > 0 && !hasProps(f.node)
        ? [`${code(f.path)}:`, '', ...rulesOf(f.node), '']
        : [],
    );
    if (fieldRules.length > 0)
      out.push(
        "The API server also checks these fields with CEL rules (`self` is the field's value):",
        '',
        ...fieldRules,
      );
  }
  return out.join('\n');
}

/** The status fields in one table: path, type, description. */
export function renderStatus(ctx: KindContext): string {
  const status = ctx.fields.filter((f) => f.path === 'status' || f.path.startsWith('status.'));
  if (status.length === 0) return `A ${code(ctx.kind)} has no status.`;
  const rows = status
    .filter((f) => f.path !== 'status')
    .map((f) => {
      const a = anchorOf(f.path);
      const allowed = f.node.enum
        ? ` One of ${cell((f.node.enum as unknown[]).map(value).join(', '))}.`
        : '';
      return `| <Link id="${a}" to="#${a}">${code(f.path)}</Link> | ${typeOf(f)
        .replace(/\]\(#[^)]+\)/g, ']')
        .replace(/\[([^\]]+)\]/g, '$1')} | ${describe(ctx, f.path)}${allowed} |`;
    });
  return [
    describe(ctx, 'status'),
    '',
    '| Field | Type | Description |',
    '| --- | --- | --- |',
    ...rows,
  ].join('\n');
}

export function renderOverview(ctx: KindContext, group: string): string {
  const e = ctx.extract;
  const stored = storedVersion(e);
  const served = servedVersions(e);
  const versions = served
    .map((v) => {
      const ver = e.versions.find((x) => x.name === v)!;
      const notes = [v === stored ? 'stored' : 'served', ...(ver.deprecated ? ['deprecated'] : [])];
      return `${code(v)} (${notes.join(', ')})`;
    })
    .join(', ');
  const rows: [string, string][] = [
    ['API group', code(group)],
    ['Versions', versions],
    ['`apiVersion` in manifests', served.map((v) => code(`${group}/${v}`)).join(' or ')],
    ['Kind', code(e.resource.kind)],
    ['List kind', code(e.resource.listKind)],
    ['Plural and singular names', `${code(e.resource.plural)}, ${code(e.resource.singular)}`],
    [
      'Short names',
      e.resource.shortNames.length > 0 ? e.resource.shortNames.map(code).join(', ') : 'None',
    ],
    ['Categories', (e.resource.categories ?? []).map(code).join(', ') || 'None'],
    ['Scope', e.resource.scope],
    ['Subresources', (e.versions[0].subresources ?? []).map(code).join(', ') || 'None'],
  ];
  return ['| Property | Value |', '| --- | --- |', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join(
    '\n',
  );
}

export function renderPrinterColumns(ctx: KindContext): string {
  const v = ctx.extract.versions.find((x) => x.storage) ?? ctx.extract.versions[0];
  return [
    '| Column | Type | Value from |',
    '| --- | --- | --- |',
    ...v.printerColumns.map((c) => `| ${cell(c.name)} | ${c.type} | ${code(c.jsonPath)} |`),
  ].join('\n');
}

/** Differences between the served versions' schemas, in words. */
export function renderVersions(ctx: KindContext): string {
  const e = ctx.extract;
  const stored = storedVersion(e);
  const served = servedVersions(e);
  const storedSchema = JSON.stringify(e.versions.find((v) => v.name === stored)!.schema);
  const same = served.every(
    (v) => JSON.stringify(e.versions.find((x) => x.name === v)!.schema) === storedSchema,
  );
  const parts: string[] = [];
  if (served.length === 1)
    parts.push(
      `The API server serves ${code(ctx.kind)} in one version, ${code(served[0])}, which is also the version it stores.`,
    );
  else
    parts.push(
      `The API server serves ${code(ctx.kind)} in ${served.length} versions, ${served.map(code).join(' and ')}, and stores ${code(stored)}. ${same ? 'Their schemas are the same, so a manifest that is valid in one version is valid in the other: only the `apiVersion` line differs.' : 'Their schemas differ; this page describes the stored version.'}`,
    );
  const deprecated = served.filter((v) => e.versions.find((x) => x.name === v)!.deprecated);
  if (deprecated.length > 0)
    parts.push(
      `${deprecated.map(code).join(' and ')} ${deprecated.length === 1 ? 'is' : 'are'} deprecated: the API server accepts ${deprecated.length === 1 ? 'it' : 'them'} and kubectl prints a deprecation warning.${deprecated.includes(stored) ? '' : ` Write new manifests for ${code(`${e.resource.group}/${stored}`)}.`}`,
    );
  return parts.join(' ');
}

function fence(lang: string, body: string, meta = ''): string {
  return `\`\`\`${lang}${meta ? ` ${meta}` : ''}\n${body.replace(/\n+$/, '')}\n\`\`\``;
}

export interface ReleasePages {
  /** File name → content. */
  pages: Map<string, string>;
  fields: FieldsData;
}

/** Renders every page of a release; throws on a field without a description. */
export function renderRelease(
  release: ReleaseData,
  templatesDir = templatesDirOf(release.release),
  fieldsFile = path.join(release.dir, 'fields.yaml'),
): ReleasePages {
  const data = loadFieldsData(fieldsFile);
  const report = checkFields(data, release.kinds);
  if (report.problems.length > 0)
    throw new Error(`fields.yaml:\n  ${report.problems.join('\n  ')}`);
  const kindTemplate = fs.readFileSync(path.join(templatesDir, 'kind.md'), 'utf8');
  const indexTemplate = fs.readFileSync(path.join(templatesDir, 'index.md'), 'utf8');
  const pages = new Map<string, string>();
  const kinds = [...release.kinds.keys()].sort();
  const refsFrom = (kind: string) => release.limits?.kinds[kind]?.references ?? [];
  const values = {
    release: release.release,
    crdChart: data.charts.crds,
    operatorChart: data.charts.operator,
    group: release.group,
  };
  for (const kind of kinds) {
    const extract = release.kinds.get(kind)!;
    const stored = extract.versions.find((v) => v.storage) ?? extract.versions[0];
    const res = resolveKind(data, kind);
    const ctx: KindContext = {
      kind,
      extract,
      schema: stored.schema,
      fields: kindFields(extract),
      descriptions: new Map([...res.descriptions].map(([p, d]) => [p, d.text])),
    };
    // Fields of versions other than the stored one would need their own rows.
    const storedPaths = new Set(crdFields(stored.schema).map((f) => f.path));
    for (const f of ctx.fields)
      if (!storedPaths.has(f.path))
        throw new Error(`${kind}: ${f.path} exists only in a version that is not stored`);
    const exampleFile = path.join(templatesDir, 'examples', `${pageSlug(kind)}.yaml`);
    if (!fs.existsSync(exampleFile)) throw new Error(`${kind}: no example ${exampleFile}`);
    const refs = refsFrom(kind);
    const referencedBy = kinds.flatMap((k) =>
      refsFrom(k)
        .filter((r) => r.kind === kind)
        .map((r) => ({kind: k, field: r.field})),
    );
    const related = [
      '- [ToolHive resources](./index.mdx): every kind of this release and how they refer to each other.',
      ...[...new Set(refs.map((r) => r.kind))].map(
        (k) =>
          `- [${k}](./${pageSlug(k)}.mdx): referred to in ${refs
            .filter((r) => r.kind === k)
            .map((r) => code(r.field))
            .join(', ')}.`,
      ),
      ...[...new Set(referencedBy.map((r) => r.kind))].map(
        (k) =>
          `- [${k}](./${pageSlug(k)}.mdx): refers to this kind in ${referencedBy
            .filter((r) => r.kind === k)
            .map((r) => code(r.field))
            .join(', ')}.`,
      ),
    ];
    const page = fill(kindTemplate, {
      ...values,
      kind,
      slug: pageSlug(kind),
      summary: data.kinds[kind].summary.trim(),
      description: data.kinds[kind].summary.trim().replace(/\s+/g, ' '),
      intro: data.kinds[kind].intro.trim(),
      overview: renderOverview(ctx, release.group),
      versions: renderVersions(ctx),
      printerColumns: renderPrinterColumns(ctx),
      spec: renderSpec(ctx),
      status: renderStatus(ctx),
      example: fence(
        'yaml',
        fs.readFileSync(exampleFile, 'utf8'),
        `title="${pageSlug(kind)}.yaml"`,
      ),
      storedApiVersion: `${release.group}/${stored.name}`,
      exampleApiVersion: `${release.group}/${/^apiVersion:\s*\S+\/(\S+)/m.exec(fs.readFileSync(exampleFile, 'utf8'))?.[1] ?? stored.name}`,
      plural: extract.resource.plural,
      related: related.join('\n'),
    });
    pages.set(`${pageSlug(kind)}.mdx`, `${page.replace(/\n{3,}/g, '\n\n').trimEnd()}\n`);
  }
  const kindRows = kinds.map((k) => {
    const e = release.kinds.get(k)!;
    const stored = storedVersion(e);
    const served = servedVersions(e)
      .map((v) => {
        const dep = e.versions.find((x) => x.name === v)!.deprecated;
        const notes = [...(v === stored ? ['stored'] : []), ...(dep ? ['deprecated'] : [])];
        return `${code(v)}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
      })
      .join(', ');
    return `| [${k}](./${pageSlug(k)}.mdx) | ${cell(data.kinds[k].summary.trim())} | ${served} | ${e.resource.shortNames.map(code).join(', ') || 'None'} |`;
  });
  const relRows = kinds.flatMap((k) =>
    refsFrom(k).map(
      (r) =>
        `| [${k}](./${pageSlug(k)}.mdx) | ${code(r.field)} | [${r.kind}](./${pageSlug(r.kind)}.mdx) |`,
    ),
  );
  const sameSchemas = kinds.filter((k) => {
    const vs = release.kinds.get(k)!.versions.filter((v) => v.served);
    return (
      vs.length > 1 && vs.every((v) => JSON.stringify(v.schema) === JSON.stringify(vs[0].schema))
    );
  });
  const single = kinds.filter((k) => servedVersions(release.kinds.get(k)!).length === 1);
  const apiVersions = [
    ...kinds.map((k) => {
      const e = release.kinds.get(k)!;
      const served = servedVersions(e);
      const dep = served.filter((v) => e.versions.find((x) => x.name === v)!.deprecated);
      return `- \`${k}\`: ${served.map(code).join(' and ')}; stored: ${code(storedVersion(e))}${dep.length > 0 ? `; deprecated: ${dep.map(code).join(' and ')}` : ''}.`;
    }),
    '',
    sameSchemas.length === kinds.length - single.length
      ? `Where a kind is served in more than one version, the versions have the same schema, so moving a manifest to the stored version means changing its \`apiVersion\` line.${single.length > 0 ? ` ${single.map(code).join(', ')} ${single.length === 1 ? 'is' : 'are'} served in one version only.` : ''} kubectl prints a warning when you use a deprecated version.`
      : "The versions of some kinds have different schemas; each kind's page describes its stored version.",
  ].join('\n');
  const index = fill(indexTemplate, {
    ...values,
    apiVersions,
    kinds: [
      '| Kind | What it is for | Served versions | Short names |',
      '| --- | --- | --- | --- |',
      ...kindRows,
    ].join('\n'),
    references:
      relRows.length > 0
        ? ['| Resource | Field | Names a |', '| --- | --- | --- |', ...relRows].join('\n')
        : 'No resource names another in this release.',
    count: String(kinds.length),
  });
  pages.set('index.mdx', `${index.replace(/\n{3,}/g, '\n\n').trimEnd()}\n`);
  return {pages, fields: data};
}

/** Writes a release's pages into a folder (created); returns the files written. */
export function generateRelease(dataDir: string, outDir: string, templatesDir?: string): string[] {
  const release = loadRelease(dataDir);
  const {pages} = renderRelease(release, templatesDir ?? templatesDirOf(release.release));
  fs.mkdirSync(outDir, {recursive: true});
  const written: string[] = [];
  for (const [name, text] of pages) {
    const file = path.join(outDir, name);
    fs.writeFileSync(file, text);
    written.push(file);
  }
  return written;
}
