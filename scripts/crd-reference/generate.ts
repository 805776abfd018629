/**
 * Generates the resource reference of one release from its data folder into
 * an output folder. The pages are build outputs (gitignored); prestart and
 * prebuild run this script. Edit the inputs, not the pages.
 *
 * Usage: tsx scripts/crd-reference/generate.ts [--data DIR] [--out DIR]
 *
 * - A folder with `fields.yaml` (data/releases/v0.44.0/crd and later) gets a
 *   page per kind and an index page (release.ts), from its CRD extracts,
 *   fields.yaml and limits.yaml, and the templates and example manifests in
 *   scripts/crd-reference/<release>/.
 * - A folder with `mcpserver.schema.json` (ToolHive v0.2.8: data/releases/v0.2.8/crd, the
 *   default) gets the single MCPServer page, <out>/crd-spec.mdx, from that
 *   schema (fields), notes.yaml (fields that behave differently in the
 *   release, each pointing at its entries of data/known-issues.yaml), and
 *   v0.2.8/template.md and v0.2.8/example.yaml next to this script.
 *
 * --out defaults to docs/toolhive/reference for v0.2.8 data and to
 * docs/toolhive/reference/crds otherwise. The exported generateReference
 * does the same from code.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {COMPONENT, loadKnownIssues} from '../../plugins/known-issues/data';

export const siteRoot = path.resolve(__dirname, '..', '..');
export const schemaFile = path.join(
  siteRoot,
  'data',
  'releases',
  'v0.2.8',
  'crd',
  'mcpserver.schema.json',
);
export const notesFile = path.join(siteRoot, 'data', 'releases', 'v0.2.8', 'crd', 'notes.yaml');
export const templateFile = path.join(__dirname, 'v0.2.8', 'template.md');
export const exampleFile = path.join(__dirname, 'v0.2.8', 'example.yaml');
export const outFile = path.join(siteRoot, 'docs', 'toolhive', 'reference', 'crd-spec.mdx');

/** The releases the page describes. */
export const releases = {
  crdChart: '0.0.15',
  operatorChart: '0.2.4',
  release: 'v0.2.8',
};

/** Facts about the resource that the JSON Schema cannot hold (from the CRD at crds chart 0.0.15). */
export const resource = {
  group: 'toolhive.stacklok.dev',
  version: 'v1alpha1',
  kind: 'MCPServer',
  listKind: 'MCPServerList',
  plural: 'mcpservers',
  singular: 'mcpserver',
  scope: 'Namespaced',
  shortNames: [] as string[],
  subresources: ['status'],
  printerColumns: [
    {name: 'Status', type: 'string', jsonPath: '.status.phase'},
    {name: 'URL', type: 'string', jsonPath: '.status.url'},
    {name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp'},
  ],
};

/**
 * Objects that are standard Kubernetes types. The page names the type and
 * links to its upstream reference instead of repeating it; where our schema
 * lists only part of a type, the page says so.
 */
export const kubernetesTypes: Record<string, {name: string; url: string; partial: boolean}> = {
  metadata: {
    name: 'ObjectMeta',
    url: 'https://kubernetes.io/docs/reference/kubernetes-api/common-definitions/object-meta/',
    partial: false,
  },
  // Not spec.podTemplateSpec: in CRD 0.0.15 its metadata keeps no field, so
  // it is not a standard PodTemplateSpec. Its spec is a standard PodSpec.
  'spec.podTemplateSpec.spec': {
    name: 'PodSpec',
    url: 'https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/#PodSpec',
    partial: true,
  },
  'spec.podTemplateSpec.spec.containers[]': {
    name: 'Container',
    url: 'https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/#Container',
    partial: true,
  },
  'status.conditions[]': {
    name: 'Condition',
    url: 'https://kubernetes.io/docs/reference/kubernetes-api/common-definitions/condition/',
    partial: false,
  },
};

export interface SchemaNode {
  type?: string | string[];
  description?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  additionalProperties?: boolean | SchemaNode;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
}

/**
 * A field that does not do what its name suggests. The gap itself is written
 * once, in its entries of data/known-issues.yaml (`issues`); the note adds
 * only what the field's reader needs on top of them (`text`, optional).
 */
export interface Note {
  title: string;
  issues: string[];
  text?: string;
}

export interface NotesData {
  release: string;
  notes: Record<string, Note>;
}

/** One property of the schema, named by its full path (`spec.env[].name`). */
export interface Field {
  path: string;
  name: string;
  node: SchemaNode;
  required: boolean;
  /** Path of the object that holds the field ('' for the top level). */
  parent: string;
}

/** One object that gets a section: the top level, a nested object, or the items of an array. */
export interface ObjectSection {
  path: string;
  node: SchemaNode;
  fields: Field[];
}

export function loadSchema(file = schemaFile): SchemaNode {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as SchemaNode;
}

export function loadNotes(file = notesFile): NotesData {
  return parse(fs.readFileSync(file, 'utf8')) as NotesData;
}

/** Stable link target of a field path: lowercase, `[]` dropped, other punctuation as `-`. */
export function anchorFor(fieldPath: string): string {
  if (fieldPath === '') return 'mcpserver';
  return fieldPath
    .replace(/\[\]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function noteAnchor(fieldPath: string): string {
  return `note-${anchorFor(fieldPath)}`;
}

function join(parent: string, name: string): string {
  return parent ? `${parent}.${name}` : name;
}

function hasProperties(node: SchemaNode | undefined): boolean {
  return !!node?.properties && Object.keys(node.properties).length > 0;
}

/** The object a field links to: itself, or its array items; null for scalars and free-form maps. */
export function targetObject(f: Field): string | null {
  if (hasProperties(f.node)) return f.path;
  if (f.node.items && hasProperties(f.node.items)) return `${f.path}[]`;
  return null;
}

/** Every object with named properties, depth first in schema order, the top level first. */
export function collectSections(schema: SchemaNode): ObjectSection[] {
  const sections: ObjectSection[] = [];
  const visit = (objPath: string, node: SchemaNode) => {
    const fields: Field[] = Object.entries(node.properties ?? {}).map(([name, child]) => ({
      path: join(objPath, name),
      name,
      node: child,
      required: (node.required ?? []).includes(name),
      parent: objPath,
    }));
    sections.push({path: objPath, node, fields});
    for (const f of fields) {
      if (hasProperties(f.node)) visit(f.path, f.node);
      else if (f.node.items && hasProperties(f.node.items)) visit(`${f.path}[]`, f.node.items);
    }
  };
  visit('', schema);
  return sections;
}

/** Every property path of the schema (including array items' properties), in page order. */
export function collectFields(schema: SchemaNode): Field[] {
  return collectSections(schema).flatMap((s) => s.fields);
}

function code(text: string): string {
  const ticks = text.includes('`') ? '``' : '`';
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/**
 * Makes schema text safe for an MDX table cell: one line, pipes escaped, and
 * outside code spans the characters MDX would read as JSX or expressions escaped.
 */
export function cell(text: string): string {
  return text
    .trim()
    .replace(/\s*\n\s*/g, ' ')
    .split(/(`[^`]*`)/g)
    .map((part, i) =>
      i % 2 === 1 ? part : part.replace(/[{}<>]/g, (c) => `&#${c.charCodeAt(0)};`),
    )
    .join('')
    .replace(/\|/g, '\\|');
}

function scalarType(node: SchemaNode): string {
  const t = Array.isArray(node.type)
    ? node.type.filter((x) => x !== 'null').join(' or ')
    : node.type;
  let label = t ?? 'any';
  if (node.format && ['int32', 'int64', 'date-time'].includes(node.format))
    label += ` (${node.format})`;
  return label;
}

/** The Type column: scalars by name, objects and lists of objects as links to their sections. */
export function typeLabel(f: Field): string {
  const k8s = (p: string) => (kubernetesTypes[p] ? ` (Kubernetes ${kubernetesTypes[p].name})` : '');
  const target = targetObject(f);
  if (f.node.type === 'object') {
    if (target) return `[object](#${anchorFor(target)})${k8s(target)}`;
    const add = f.node.additionalProperties;
    if (add && typeof add === 'object') return `map of string to ${scalarType(add)}`;
    return 'object';
  }
  if (f.node.type === 'array') {
    const items = f.node.items;
    if (target) return `array of [objects](#${anchorFor(target)})${k8s(target)}`;
    if (!items) return 'array';
    return `array of ${items.type === 'object' ? 'objects' : `${scalarType(items)}s`}`;
  }
  return scalarType(f.node);
}

function value(v: unknown): string {
  return code(typeof v === 'string' ? v : JSON.stringify(v));
}

/** The Allowed values column: const, enum, bounds, lengths and pattern of the field or its items. */
export function constraints(node: SchemaNode): string {
  const out: string[] = [];
  if (node.const !== undefined) out.push(`Always ${value(node.const)}`);
  if (node.enum) out.push(`One of ${node.enum.map(value).join(', ')}`);
  if (node.minimum !== undefined && node.maximum !== undefined)
    out.push(`${node.minimum} to ${node.maximum}`);
  else if (node.minimum !== undefined) out.push(`At least ${node.minimum}`);
  else if (node.maximum !== undefined) out.push(`At most ${node.maximum}`);
  if (node.minLength !== undefined && node.maxLength !== undefined)
    out.push(`${node.minLength} to ${node.maxLength} characters`);
  else if (node.minLength !== undefined)
    out.push(`At least ${node.minLength} character${node.minLength === 1 ? '' : 's'}`);
  else if (node.maxLength !== undefined) out.push(`At most ${node.maxLength} characters`);
  if (node.minItems !== undefined)
    out.push(`At least ${node.minItems} item${node.minItems === 1 ? '' : 's'}`);
  if (node.pattern) out.push(`Matches ${code(node.pattern)}`);
  if (node.format === 'date-time') out.push('RFC 3339 date and time');
  if (node.items && node.items.type !== 'object') {
    const inner = constraints(node.items);
    if (inner) out.push(`Each item: ${inner.charAt(0).toLowerCase()}${inner.slice(1)}`);
  }
  return out.join('; ');
}

function fieldName(f: Field): string {
  const target = targetObject(f);
  // Objects get their anchor from their section heading; the row links there.
  if (target) return `[${code(f.path)}](#${anchorFor(target)})`;
  const anchor = anchorFor(f.path);
  // Docusaurus's Link registers its id with the broken-anchor check; a literal
  // <a id> in MDX is plain JSX, which the check never sees.
  return `<Link id="${anchor}" to="#${anchor}">${code(f.path)}</Link>`;
}

export function fieldRow(f: Field, notes: NotesData): string {
  const note = notes.notes[f.path];
  let description = cell(f.node.description ?? '');
  if (note)
    description += ` **Note:** ${cell(note.title)}. See [the note](#${noteAnchor(f.path)}).`;
  const def = f.node.default === undefined ? '' : value(f.node.default);
  return `| ${fieldName(f)} | ${typeLabel(f)} | ${f.required ? '**Required**' : 'Optional'} | ${def} | ${cell(constraints(f.node))} | ${description} |`;
}

function sectionTitle(s: ObjectSection): string {
  return s.path === '' ? `${resource.kind} (top level)` : code(s.path);
}

export function renderSection(s: ObjectSection, notes: NotesData): string {
  const out: string[] = [`### ${sectionTitle(s)} \\{#${anchorFor(s.path)}}`, ''];
  if (s.node.description) out.push(cell(s.node.description), '');
  const k8s = kubernetesTypes[s.path];
  if (k8s) {
    out.push(
      k8s.partial
        ? `This is a Kubernetes [${k8s.name}](${k8s.url}). The table lists only the parts that ToolHive's schema checks; every other ${k8s.name} field is accepted as well and passed on unchanged.`
        : `This is a standard Kubernetes [${k8s.name}](${k8s.url}).`,
      '',
    );
  } else if (s.path !== '' && s.node.additionalProperties !== false) {
    out.push('Fields other than the ones listed here are accepted as well.', '');
  }
  if (s.path.endsWith('[]')) {
    const list = s.path.slice(0, -2);
    out.push(`Each item of the ${code(list)} list has these fields:`, '');
  }
  out.push(
    '| Field | Type | Required | Default | Allowed values | Description |',
    '| --- | --- | --- | --- | --- | --- |',
    ...s.fields.map((f) => fieldRow(f, notes)),
    '',
  );
  return out.join('\n');
}

export function renderOverview(): string {
  const rows: [string, string][] = [
    ['API group', code(resource.group)],
    ['Version', `${code(resource.version)} (served and stored)`],
    ['`apiVersion` in manifests', code(`${resource.group}/${resource.version}`)],
    ['Kind', code(resource.kind)],
    ['List kind', code(resource.listKind)],
    ['Plural and singular names', `${code(resource.plural)}, ${code(resource.singular)}`],
    ['Scope', `${resource.scope}: every \`MCPServer\` lives in a namespace`],
    [
      'Short names',
      resource.shortNames.length > 0
        ? resource.shortNames.map(code).join(', ')
        : 'None. Use `mcpserver` or `mcpservers` with kubectl.',
    ],
    ['Subresources', resource.subresources.map(code).join(', ')],
  ];
  return ['| Property | Value |', '| --- | --- |', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join(
    '\n',
  );
}

export function renderPrinterColumns(): string {
  return [
    '| Column | Type | Value from |',
    '| --- | --- | --- |',
    ...resource.printerColumns.map(
      (c) =>
        `| ${code(c.name)} | ${c.type} | [${code(c.jsonPath)}](#${anchorFor(c.jsonPath.slice(1))}) |`,
    ),
  ].join('\n');
}

export function renderSummarized(): string {
  const items = Object.entries(kubernetesTypes).map(
    ([p, k]) =>
      `- [${code(p)}](#${anchorFor(p)}) is a Kubernetes [${k.name}](${k.url})${k.partial ? '. This page lists only the parts that ToolHive checks, because the full type has hundreds of fields that Kubernetes documents already.' : '.'}`,
  );
  return [
    'Some objects are standard Kubernetes types. The page names the type and links to the Kubernetes API reference for it:',
    '',
    ...items,
  ].join('\n');
}

/**
 * Checks that every note names a known field and at least one entry of
 * data/known-issues.yaml, and that no entry is named by two notes (a page
 * shows each known issue once).
 */
export function checkNotes(
  notes: NotesData,
  fields: Field[],
  issueIds: ReadonlySet<string> = new Set(loadKnownIssues().keys()),
): void {
  const known = new Set(fields.map((f) => f.path));
  const used = new Map<string, string>();
  for (const [p, n] of Object.entries(notes.notes)) {
    if (!known.has(p))
      throw new Error(`data/releases/v0.2.8/crd/notes.yaml: unknown field path "${p}"`);
    if (!Array.isArray(n.issues) || n.issues.length === 0) {
      throw new Error(
        `data/releases/v0.2.8/crd/notes.yaml: the note on "${p}" names no known issue`,
      );
    }
    for (const id of n.issues) {
      if (!issueIds.has(id)) {
        throw new Error(
          `data/releases/v0.2.8/crd/notes.yaml: the note on "${p}" names unknown known issue "${id}"`,
        );
      }
      const other = used.get(id);
      if (other) {
        throw new Error(
          `data/releases/v0.2.8/crd/notes.yaml: known issue "${id}" is named by "${other}" and "${p}"`,
        );
      }
      used.set(id, p);
    }
  }
}

/** One section per note: its field, its own text, and its known issues as admonitions. */
export function renderNotes(notes: NotesData, fields: Field[]): string {
  const out: string[] = [];
  for (const [p, n] of Object.entries(notes.notes)) {
    const field = fields.find((f) => f.path === p)!;
    const target = targetObject(field) ?? p;
    out.push(
      `### ${cell(n.title)} \\{#${noteAnchor(p)}}`,
      '',
      `Field: [${code(p)}](#${anchorFor(target)})`,
      '',
    );
    if (n.text) out.push(n.text.trim(), '');
    for (const id of n.issues) out.push(`<${COMPONENT} id="${id}" />`, '');
  }
  return out.join('\n');
}

function fence(lang: string, body: string, meta = ''): string {
  return `\`\`\`${lang}${meta ? ` ${meta}` : ''}\n${body.replace(/\n+$/, '')}\n\`\`\``;
}

/** Replaces each `{{name}}` of the template; fails on a placeholder without a value. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`template: no value for {{${name}}}`);
    return values[name];
  });
}

export function renderPage(
  schema: SchemaNode = loadSchema(),
  notes: NotesData = loadNotes(),
  template = fs.readFileSync(templateFile, 'utf8'),
  example = fs.readFileSync(exampleFile, 'utf8'),
  issueIds: ReadonlySet<string> = new Set(loadKnownIssues().keys()),
): string {
  const sections = collectSections(schema);
  const fields = sections.flatMap((s) => s.fields);
  checkNotes(notes, fields, issueIds);
  const page = fill(template, {
    ...releases,
    overview: renderOverview(),
    printerColumns: renderPrinterColumns(),
    summarized: renderSummarized(),
    fields: sections.map((s) => renderSection(s, notes)).join('\n'),
    notesIntro: `The fields below are accepted and stored, but in ${cell(notes.release)} they do not do what their names suggest, or not everything you might expect. Each field's description in the tables above links to its note, and each note shows the known issues behind it, with their workarounds. The [known issues](/toolhive/reference/known-issues#kubernetes) page lists these and the operator's other known issues.`,
    notes: renderNotes(notes, fields),
    example: fence('yaml', example, 'title="github-mcpserver.yaml"'),
  });
  return `${page.replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

export function generate(file = outFile, dataDir?: string): string {
  const page = dataDir
    ? renderPage(
        loadSchema(path.join(dataDir, 'mcpserver.schema.json')),
        loadNotes(path.join(dataDir, 'notes.yaml')),
      )
    : renderPage();
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, page);
  return file;
}

/** The folder the default run reads (ToolHive v0.2.8). */
export const defaultDataDir = path.dirname(schemaFile);

/** Whether a data folder holds a release with several kinds (fields.yaml) rather than v0.2.8's single schema. */
export function isMultiKind(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'fields.yaml'));
}

/**
 * Writes the reference pages of the release in dataDir into outDir and
 * returns the files written.
 */
export async function generateReference(
  dataDir = defaultDataDir,
  outDir?: string,
): Promise<string[]> {
  if (isMultiKind(dataDir)) {
    const {generateRelease} = await import('./release');
    return generateRelease(
      dataDir,
      outDir ?? path.join(siteRoot, 'docs', 'toolhive', 'reference', 'crds'),
    );
  }
  if (!fs.existsSync(path.join(dataDir, 'mcpserver.schema.json')))
    throw new Error(`${dataDir} holds neither fields.yaml nor mcpserver.schema.json`);
  const file = path.join(outDir ?? path.dirname(outFile), path.basename(outFile));
  return [
    generate(file, path.resolve(dataDir) === path.resolve(defaultDataDir) ? undefined : dataDir),
  ];
}

async function main(argv: string[]): Promise<number> {
  let dataDir: string | undefined;
  let outDir: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--data') dataDir = path.resolve(argv[++i]);
    else if (argv[i] === '--out') outDir = path.resolve(argv[++i]);
    else {
      console.error('usage: tsx scripts/crd-reference/generate.ts [--data DIR] [--out DIR]');
      return 2;
    }
  }
  const files = await generateReference(dataDir, outDir);
  console.log(
    `crd-reference: wrote ${files.length === 1 ? path.relative(siteRoot, files[0]) : `${files.length} pages into ${path.relative(siteRoot, path.dirname(files[0]))}`}`,
  );
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (err: Error) => {
      console.error(`crd-reference: ${err.message}`);
      process.exitCode = 1;
    },
  );
}
