/**
 * Generates, from the client data of a release (data/releases/v0.2.8/clients.yaml by
 * default; data/releases/<release>/clients.yaml), the pages about the MCP
 * clients that ToolHive configures:
 * - toolhive/reference/client-compatibility.mdx, the client reference, with
 *   its prose in a template next to this script: template-<release>.md when
 *   there is one for the data's release, template.md otherwise;
 * - toolhive/guides-cli/_clients-table.mdx and _client-config-paths.mdx,
 *   partials that the CLI's client guide imports, so the guide and the
 *   reference always show the same data.
 * The paths are relative to the output folder (docs/ by default). All three
 * are build outputs (gitignored); prestart and prebuild run this script. Edit
 * the data file, not the output.
 *
 * Usage: tsx scripts/client-reference/generate.ts [--data FILE] [--out-dir DIR]
 *   [--template FILE] [--route-base /toolhive]
 *
 * --route-base replaces the `/toolhive` at the start of the links the pages
 * hold, for a copy of the docs served under another path.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020, {type ErrorObject} from 'ajv/dist/2020';
import {parse, stringify} from 'yaml';

export const siteRoot = path.resolve(__dirname, '..', '..');
export const dataFile = path.join(siteRoot, 'data', 'releases', 'v0.2.8', 'clients.yaml');
export const schemaFile = path.join(siteRoot, 'data', 'clients.schema.json');
export const templateFile = path.join(__dirname, 'template.md');
export const docsDir = path.join(siteRoot, 'docs');
/** The outputs, relative to the output folder. */
export const outputs = {
  page: path.join('toolhive', 'reference', 'client-compatibility.mdx'),
  table: path.join('toolhive', 'guides-cli', '_clients-table.mdx'),
  paths: path.join('toolhive', 'guides-cli', '_client-config-paths.mdx'),
};
export const pageFile = path.join(docsDir, outputs.page);
export const tableFile = path.join(docsDir, outputs.table);
export const pathsFile = path.join(docsDir, outputs.paths);

export type Os = 'linux' | 'macos' | 'windows';
export type Transport = 'stdio' | 'sse' | 'streamable-http';

export type UrlKey = 'url' | 'serverUrl' | 'uri' | 'httpUrl';

export interface Folders {
  user: Record<Os, string>;
  project: string;
}

export interface Client {
  id: string;
  name: string;
  description: string;
  configPath: Record<Os, string>;
  serversKey: string;
  urlKey: UrlKey | Record<Transport, UrlKey>;
  types: Record<Transport, string | null>;
  detection: 'directory' | 'file';
  ui: {managed: boolean; label: string | null; notes?: string[]};
  notes: string[];
  // Fields of v0.44.0 and later; absent in the data of earlier releases.
  deprecated?: string;
  format?: 'json' | 'yaml' | 'toml';
  storage?: 'map' | 'list';
  nameKey?: string;
  typeKey?: 'type' | 'transport';
  fixedFields?: Record<string, string | number | boolean>;
  skills?: Folders;
  plugins?: Folders;
  llmGateway?: {
    mode: string;
    settingsFile: Record<Os, string>;
    binary: string | null;
  };
}

export interface ClientData {
  release: string;
  ui: {release: string; bundledCli: string; notes?: string[]};
  notes?: string[];
  clients: Client[];
  llmGatewayOnly?: {id: string; name: string; mode: string; notes: string[]}[];
}

/** Tab order and labels, as on the other pages (macOS first). */
export const oses: {value: Os; label: string}[] = [
  {value: 'macos', label: 'macOS'},
  {value: 'windows', label: 'Windows'},
  {value: 'linux', label: 'Linux'},
];

/** A server of the example entries shown on the page. */
interface Example {
  name: string;
  transport: Transport;
  url: string;
}

/** Example servers for the entries shown on the page, up to v0.2.8 (stdio over SSE by default). */
const examples: Example[] = [
  {name: 'fetch', transport: 'streamable-http', url: 'http://localhost:41235/mcp'},
  {name: 'github', transport: 'stdio', url: 'http://localhost:35217/sse#github'},
];

/** Example servers from v0.44.0, whose proxy serves stdio over streamable HTTP by default. */
const examplesStreamable: Example[] = [
  {name: 'fetch', transport: 'streamable-http', url: 'http://localhost:41235/mcp'},
  {name: 'github', transport: 'stdio', url: 'http://localhost:35217/mcp'},
  {name: 'docs', transport: 'sse', url: 'http://localhost:52310/sse#docs'},
];

/** The example servers for a client of the release its data describes (a copy). */
export function examplesFor(c: Client): Example[] {
  return [...(c.format ? examplesStreamable : examples)];
}

export function loadRaw(file = dataFile): unknown {
  return parse(fs.readFileSync(file, 'utf8'));
}

/** Schema problems plus the rules a schema cannot express; an empty list when the data is valid. */
export function validateClientData(data: unknown): string[] {
  const ajv = new Ajv2020({allErrors: true, strict: true});
  const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaFile, 'utf8')));
  const problems: string[] = [];
  if (!validate(data)) {
    for (const err of validate.errors ?? []) problems.push(describe(data, err));
    return problems;
  }
  const ids = new Set<string>();
  const d = data as ClientData;
  for (const c of [...d.clients, ...(d.llmGatewayOnly ?? [])]) {
    if (ids.has(c.id)) problems.push(`client "${c.id}": duplicate id`);
    ids.add(c.id);
  }
  for (const c of d.clients) {
    const list = c.storage === 'list';
    if (list && !c.nameKey) problems.push(`client "${c.id}": a list of entries needs a nameKey`);
    if (c.format === 'toml' && (c.typeKey ?? 'type') !== 'transport')
      problems.push(`client "${c.id}": TOML entries hold the transport in "transport"`);
  }
  return problems;
}

function describe(data: unknown, err: ErrorObject): string {
  const parts = err.instancePath.split('/').filter(Boolean);
  let where = parts.join('.') || '(top level)';
  if (parts[0] === 'clients' && parts[1] !== undefined) {
    const c = (data as {clients?: {id?: string}[]}).clients?.[Number(parts[1])];
    const field = parts.slice(2).join('.');
    where = `client "${c?.id ?? `#${parts[1]}`}"${field ? ` field ${field}` : ''}`;
  }
  const extra =
    err.keyword === 'additionalProperties'
      ? ` (unknown field "${(err.params as {additionalProperty: string}).additionalProperty}")`
      : '';
  return `${where}: ${err.message ?? err.keyword}${extra}`;
}

export function loadClientData(file = dataFile): ClientData {
  const raw = loadRaw(file);
  const problems = validateClientData(raw);
  if (problems.length > 0)
    throw new Error(`${path.relative(siteRoot, file)}:\n  ${problems.join('\n  ')}`);
  return raw as ClientData;
}

function code(text: string): string {
  return `\`${text}\``;
}

/** The folder (or file) whose existence makes ToolHive count the client as installed. */
export function detectionPath(c: Client, os: Os): string {
  const p = c.configPath[os];
  if (c.detection === 'file') return p;
  const sep = os === 'windows' ? '\\' : '/';
  return p.slice(0, p.lastIndexOf(sep));
}

/** The key of the server URL for a transport. */
export function urlKeyFor(c: Client, t: Transport): UrlKey {
  return typeof c.urlKey === 'string' ? c.urlKey : c.urlKey[t];
}

function transportLabel(t: Transport): string {
  return t === 'streamable-http' ? 'streamable HTTP' : t === 'sse' ? 'SSE' : t;
}

const TRANSPORTS: Transport[] = ['streamable-http', 'stdio', 'sse'];

/** Values per transport, with the transports that share a value named together. */
function perTransport(value: (t: Transport) => string): string {
  const groups = new Map<string, Transport[]>();
  for (const t of TRANSPORTS) groups.set(value(t), [...(groups.get(value(t)) ?? []), t]);
  if (groups.size === 1) return [...groups.keys()][0];
  return [...groups].map(([v, ts]) => `${ts.map(transportLabel).join(' and ')}: ${v}`).join('; ');
}

/** The URL key, or the keys per transport when they differ. */
function urlKeyCell(c: Client): string {
  return perTransport((t) => code(urlKeyFor(c, t)));
}

/** One server's entry, with its fields in the order ToolHive writes them. */
export function exampleEntry(c: Client, e: Example): Record<string, string | number | boolean> {
  const entry: Record<string, string | number | boolean> = {};
  if (c.nameKey) entry[c.nameKey] = e.name;
  entry[urlKeyFor(c, e.transport)] = e.url;
  const type = c.types[e.transport];
  if (type) entry[c.typeKey ?? 'type'] = type;
  for (const [k, v] of Object.entries(c.fixedFields ?? {})) if (!(k in entry)) entry[k] = v;
  // YAML and TOML files are written from maps, whose keys come out sorted.
  if ((c.format ?? 'json') !== 'json')
    return Object.fromEntries(Object.entries(entry).sort(([a], [b]) => a.localeCompare(b)));
  return entry;
}

/** The servers part of a client's file after ToolHive adds the example servers. */
export function exampleEntries(c: Client): Record<string, Record<string, Record<string, string>>> {
  if (c.storage === 'list')
    return {[c.serversKey]: examplesFor(c).map((e) => exampleEntry(c, e))} as unknown as Record<
      string,
      Record<string, Record<string, string>>
    >;
  const servers: Record<string, Record<string, string>> = {};
  const list = examplesFor(c);
  // YAML and TOML files are written from maps, whose keys come out sorted.
  if ((c.format ?? 'json') !== 'json') list.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of list) servers[e.name] = exampleEntry(c, e) as Record<string, string>;
  return {[c.serversKey]: servers};
}

function tomlValue(v: string | number | boolean): string {
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}

/** The example entries as TOML: a table per server, or an array of tables. */
export function exampleToml(c: Client): string {
  const out: string[] = [];
  const list = examplesFor(c);
  if (c.storage !== 'list') list.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of list) {
    const entry = exampleEntry(c, e);
    out.push(c.storage === 'list' ? `[[${c.serversKey}]]` : `[${c.serversKey}.${e.name}]`);
    for (const [k, v] of Object.entries(entry)) out.push(`${k} = ${tomlValue(v)}`);
    out.push('');
  }
  return out.join('\n').trimEnd();
}

/** The example entries in the client's file format, with the code block's language. */
export function exampleBlock(c: Client): {lang: string; text: string} {
  const format = c.format ?? 'json';
  if (format === 'toml') return {lang: 'text', text: exampleToml(c)};
  if (format === 'yaml')
    return {lang: 'yaml', text: stringify(exampleEntries(c), {indent: 4}).trimEnd()};
  return {lang: 'json', text: JSON.stringify(exampleEntries(c), null, 2)};
}

function typeCell(v: string | null): string {
  return v ? code(v) : '–';
}

function sseType(c: Client): string {
  return c.types.stdio === c.types.sse
    ? typeCell(c.types.sse)
    : `stdio: ${typeCell(c.types.stdio)}, SSE: ${typeCell(c.types.sse)}`;
}

function streamableType(c: Client): string {
  return c.types.stdio === c.types['streamable-http']
    ? typeCell(c.types['streamable-http'])
    : `stdio: ${typeCell(c.types.stdio)}, streamable HTTP: ${typeCell(c.types['streamable-http'])}`;
}

/** The transport value of a client, with the key it goes in when that is not `type`. */
function keyed(c: Client, cellText: string): string {
  return (c.typeKey ?? 'type') === 'type' || cellText === '–'
    ? cellText
    : `${cellText} (in ${code(c.typeKey!)})`;
}

const FORMAT_NAMES = {json: 'JSON', yaml: 'YAML', toml: 'TOML'} as const;

export function renderSummary(data: ClientData): string {
  const uiCell = (c: Client) =>
    c.ui.managed ? (c.ui.label ?? `${code(c.id)} (the ID)`) : 'Not listed';
  // Releases whose data names file formats (v0.44.0 on) serve stdio over
  // streamable HTTP by default, so stdio goes with streamable HTTP there.
  if (data.clients.some((c) => c.format)) {
    return [
      `| Client | ID | File format | Server key | URL key | Transport value for streamable HTTP and stdio | Transport value for SSE | Name in the UI ${data.ui.release} |`,
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      ...data.clients.map(
        (c) =>
          `| [${c.name}](#${c.id})${c.deprecated ? ' (deprecated)' : ''} | ${code(c.id)} | ${FORMAT_NAMES[c.format ?? 'json']} | ${code(c.serversKey)} | ${urlKeyCell(c)} | ${keyed(c, streamableType(c))} | ${keyed(c, typeCell(c.types.sse))} | ${uiCell(c)} |`,
      ),
    ].join('\n');
  }
  return [
    `| Client | ID | Server map key | URL key | \`type\` for stdio and SSE | \`type\` for streamable HTTP | Name in the UI ${data.ui.release} |`,
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...data.clients.map(
      (c) =>
        `| [${c.name}](#${c.id}) | ${code(c.id)} | ${code(c.serversKey)} | ${urlKeyCell(c)} | ${sseType(c)} | ${typeCell(c.types['streamable-http'])} | ${uiCell(c)} |`,
    ),
  ].join('\n');
}

function tabs(body: (os: Os) => string): string {
  const out = ['<Tabs groupId="os">'];
  for (const [i, os] of oses.entries()) {
    out.push(
      `  <TabItem value="${os.value}" label="${os.label}"${i === 0 ? ' default' : ''}>`,
      '',
      body(os.value),
      '',
      '  </TabItem>',
    );
  }
  out.push('</Tabs>');
  return out.join('\n');
}

function folderText(what: string, f: Folders, os: Os): string {
  return `${what} go to ${code(f.user[os])} for your user and to ${code(f.project)} in a project.`;
}

export function renderClient(c: Client, data: ClientData): string {
  const file = path.basename(c.configPath.linux);
  const current = c.format !== undefined;
  const typeKey = c.typeKey ?? 'type';
  const types = (Object.keys(c.types) as Transport[])
    .map((t) => `${transportLabel(t)}: ${typeCell(c.types[t])}`)
    .join('; ');
  const rows = [
    `| Client ID | ${code(c.id)} |`,
    ...(c.deprecated ? [`| Status | Deprecated. ${c.deprecated.trim()} |`] : []),
    ...(current ? [`| File format | ${FORMAT_NAMES[c.format!]} |`] : []),
    `| Server map key | ${code(c.serversKey)}${c.serversKey.includes('.') ? ' (one key whose name contains a dot)' : ''}${c.storage === 'list' ? `, a list of entries found by ${code(c.nameKey!)}` : ''} |`,
    `| URL key | ${current ? urlKeyCell(c) : code(urlKeyFor(c, 'sse'))} |`,
    `| ${code(typeKey)} written | ${current && Object.values(c.types).every((v) => !v) ? 'None' : types} |`,
    ...(c.fixedFields
      ? [
          `| Also written | ${Object.entries(c.fixedFields)
            .map(([k, v]) => `${code(k)}: ${code(JSON.stringify(v))}`)
            .join(', ')} |`,
        ]
      : []),
    `| Detected by | ${c.detection === 'file' ? 'the configuration file' : 'the folder of the configuration file'} |`,
    ...(current
      ? [
          `| Skills | ${c.skills ? 'Yes' : 'No'} |`,
          `| Plugins | ${c.plugins ? 'Yes' : 'No'} |`,
          `| LLM gateway | ${c.llmGateway ? `Yes, ${code(c.llmGateway.mode)} mode` : 'No'} |`,
        ]
      : []),
    `| ToolHive UI ${data.ui.release} | ${c.ui.managed ? `Listed when detected, as ${c.ui.label ? `"${c.ui.label}"` : `${code(c.id)}`}` : 'Not listed'} |`,
  ];
  const block = exampleBlock(c);
  const out = [
    `### ${c.name} \\{#${c.id}}`,
    '',
    c.description.trim(),
    '',
    '| Property | Value |',
    '| --- | --- |',
    ...rows,
    '',
    current ? 'Files and detection:' : 'Configuration file and detection:',
    '',
    tabs((os) =>
      [
        `ToolHive edits ${code(c.configPath[os])}.`,
        c.detection === 'file'
          ? 'It counts the client as installed when this file exists.'
          : `It counts the client as installed when the folder ${code(detectionPath(c, os))} exists.`,
        ...(c.skills ? [folderText('Skills', c.skills, os)] : []),
        ...(c.plugins ? [folderText('Plugins', c.plugins, os)] : []),
        ...(c.llmGateway
          ? [
              `\`thv llm setup\` edits ${code(c.llmGateway.settingsFile[os])}, and counts the client as installed for the LLM gateway when the folder of that file exists${c.llmGateway.binary ? ` and ${code(c.llmGateway.binary)} is on your PATH` : ''}.`,
            ]
          : []),
      ].join(' '),
    ),
    '',
    current
      ? `What ToolHive ${data.release} writes for a streamable HTTP server, a stdio server and an SSE server:`
      : `Entries for a streamable HTTP server and a stdio server, as ToolHive ${data.release} writes them:`,
    '',
    `\`\`\`${block.lang} title="${file}"`,
    block.text,
    '```',
    '',
  ];
  const notes = [...c.notes, ...(c.ui.notes ?? [])];
  if (notes.length > 0) out.push(...notes.map((n) => `- ${n.trim()}`), '');
  return out.join('\n');
}

/** Replaces each `{{name}}` of the template; fails on a placeholder without a value. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`template: no value for {{${name}}}`);
    return values[name];
  });
}

function words(n: number): string {
  const names = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine'];
  return names[n] ?? String(n);
}

/** The template of a release: template-<release>.md next to this script, or template.md. */
export function templateFor(release: string): string {
  const own = path.join(__dirname, `template-${release}.md`);
  return fs.existsSync(own) ? own : templateFile;
}

/** A data file's path as the pages name it. */
function sourceName(file: string): string {
  return path.relative(siteRoot, file).split(path.sep).join('/');
}

function bullets(items: string[] | undefined): string {
  return (items ?? []).map((n) => `- ${n.trim()}`).join('\n');
}

export function renderPage(
  data: ClientData = loadClientData(),
  template = fs.readFileSync(templateFor(data.release), 'utf8'),
  source = dataFile,
): string {
  const page = fill(template, {
    count: String(data.clients.length),
    release: data.release,
    uiRelease: data.ui.release,
    uiCli: data.ui.bundledCli,
    uiLabelled: words(data.clients.filter((c) => c.ui.managed && c.ui.label).length),
    summary: renderSummary(data),
    clients: data.clients.map((c) => renderClient(c, data)).join('\n'),
    dataFile: sourceName(source),
    notes: bullets(data.notes),
    uiNotes: bullets(data.ui.notes),
    llmGatewayOnly: (data.llmGatewayOnly ?? [])
      .map((t) => `- **${t.name}** (${code(t.id)}, ${code(t.mode)} mode): ${t.notes.join(' ')}`)
      .join('\n'),
  });
  return `${page.replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

const partialNote = (what: string, source: string) =>
  `{/*Generated from ${sourceName(source)} by scripts/client-reference/generate.ts: ${what}. Do not edit.*/}`;

/** The client table of the CLI guide (a partial: no front matter). */
export function renderGuideTable(data: ClientData, source = dataFile): string {
  return [
    partialNote('the client table of the CLI guide', source),
    '',
    '| Client ID | Client | Server list key | URL key |',
    '| --- | --- | --- | --- |',
    ...data.clients.map(
      (c) =>
        `| ${code(c.id)} | [${c.name}](/toolhive/reference/client-compatibility#${c.id}) | ${code(c.serversKey)} | ${urlKeyCell(c)} |`,
    ),
    '',
  ].join('\n');
}

/** The configuration file paths of the CLI guide, one table per operating system in tabs. */
export function renderGuidePaths(data: ClientData, source = dataFile): string {
  return [
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    '',
    partialNote('the configuration files of the CLI guide', source),
    '',
    tabs((os) =>
      [
        '| Client ID | Configuration file |',
        '| --- | --- |',
        ...data.clients.map((c) => `| ${code(c.id)} | ${code(c.configPath[os])} |`),
      ].join('\n'),
    ),
    '',
  ].join('\n');
}

/** Links of the pages moved from `/toolhive` to another base path. */
export function withRouteBase(text: string, routeBase: string): string {
  const base = routeBase.replace(/\/+$/, '');
  if (base === '/toolhive') return text;
  return text.replace(/\]\(\/toolhive(?=[/#)])/g, `](${base}`);
}

export interface GenerateOptions {
  /** The client data file (default data/releases/v0.2.8/clients.yaml). */
  data?: string;
  /** The folder the outputs' paths are relative to (default docs/). */
  outDir?: string;
  /** The page's template (default: templateFor the data's release). */
  template?: string;
  /** The path the docs are served under (default /toolhive). */
  routeBase?: string;
}

export function generate(options: GenerateOptions | ClientData = {}): string[] {
  // An older call passes the data itself.
  const opts: GenerateOptions = 'clients' in options ? {} : options;
  const source = path.resolve(opts.data ?? dataFile);
  const data = 'clients' in options ? options : loadClientData(source);
  const outDir = path.resolve(opts.outDir ?? docsDir);
  const template = fs.readFileSync(opts.template ?? templateFor(data.release), 'utf8');
  const routeBase = opts.routeBase ?? '/toolhive';
  const files: [string, string][] = [
    [path.join(outDir, outputs.page), renderPage(data, template, source)],
    [path.join(outDir, outputs.table), renderGuideTable(data, source)],
    [path.join(outDir, outputs.paths), renderGuidePaths(data, source)],
  ];
  for (const [file, text] of files) {
    fs.mkdirSync(path.dirname(file), {recursive: true});
    fs.writeFileSync(file, withRouteBase(text, routeBase));
  }
  return files.map(([file]) => file);
}

function main(argv: string[]): number {
  const opts: GenerateOptions = {};
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--data') opts.data = argv[++i];
    else if (a === '--out-dir') opts.outDir = argv[++i];
    else if (a === '--template') opts.template = argv[++i];
    else if (a === '--route-base') opts.routeBase = argv[++i];
    else {
      console.error(
        'usage: tsx scripts/client-reference/generate.ts [--data FILE] [--out-dir DIR] [--template FILE] [--route-base /toolhive]',
      );
      return 2;
    }
  }
  for (const file of generate(opts))
    console.log(`client-reference: wrote ${path.relative(process.cwd(), file)}`);
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
