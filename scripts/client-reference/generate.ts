/**
 * Generates, from data/clients.yaml (the MCP clients that ToolHive configures):
 * - docs/toolhive/reference/client-compatibility.mdx, the client reference,
 *   with its prose in template.md next to this script;
 * - docs/toolhive/guides-cli/_clients-table.mdx and _client-config-paths.mdx,
 *   partials that the CLI's client guide imports, so the guide and the
 *   reference always show the same data.
 * All three are build outputs (gitignored); prestart and prebuild run this
 * script. Edit the data file, not the output.
 *
 * Usage: tsx scripts/client-reference/generate.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020, {type ErrorObject} from 'ajv/dist/2020';
import {parse} from 'yaml';

export const siteRoot = path.resolve(__dirname, '..', '..');
export const dataFile = path.join(siteRoot, 'data', 'clients.yaml');
export const schemaFile = path.join(siteRoot, 'data', 'clients.schema.json');
export const templateFile = path.join(__dirname, 'template.md');
export const pageFile = path.join(
  siteRoot,
  'docs',
  'toolhive',
  'reference',
  'client-compatibility.mdx',
);
export const tableFile = path.join(
  siteRoot,
  'docs',
  'toolhive',
  'guides-cli',
  '_clients-table.mdx',
);
export const pathsFile = path.join(
  siteRoot,
  'docs',
  'toolhive',
  'guides-cli',
  '_client-config-paths.mdx',
);

export type Os = 'linux' | 'macos' | 'windows';
export type Transport = 'stdio' | 'sse' | 'streamable-http';

export interface Client {
  id: string;
  name: string;
  description: string;
  configPath: Record<Os, string>;
  serversKey: string;
  urlKey: 'url' | 'serverUrl';
  types: Record<Transport, string | null>;
  detection: 'directory' | 'file';
  ui: {managed: boolean; label: string | null};
  notes: string[];
}

export interface ClientData {
  release: string;
  ui: {release: string; bundledCli: string};
  clients: Client[];
}

/** Tab order and labels, as on the other pages (macOS first). */
export const oses: {value: Os; label: string}[] = [
  {value: 'macos', label: 'macOS'},
  {value: 'windows', label: 'Windows'},
  {value: 'linux', label: 'Linux'},
];

/** Example servers for the entries shown on the page. */
const examples = [
  {name: 'fetch', transport: 'streamable-http' as Transport, url: 'http://localhost:41235/mcp'},
  {name: 'github', transport: 'stdio' as Transport, url: 'http://localhost:35217/sse#github'},
];

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
  for (const c of (data as ClientData).clients) {
    if (ids.has(c.id)) problems.push(`client "${c.id}": duplicate id`);
    ids.add(c.id);
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

/** The JSON object a client's file holds after ToolHive adds the example servers. */
export function exampleEntries(c: Client): Record<string, Record<string, Record<string, string>>> {
  const servers: Record<string, Record<string, string>> = {};
  for (const e of examples) {
    const entry: Record<string, string> = {[c.urlKey]: e.url};
    const type = c.types[e.transport];
    if (type) entry.type = type;
    servers[e.name] = entry;
  }
  return {[c.serversKey]: servers};
}

function typeCell(v: string | null): string {
  return v ? code(v) : '–';
}

function sseType(c: Client): string {
  return c.types.stdio === c.types.sse
    ? typeCell(c.types.sse)
    : `stdio: ${typeCell(c.types.stdio)}, SSE: ${typeCell(c.types.sse)}`;
}

export function renderSummary(data: ClientData): string {
  return [
    `| Client | ID | Server map key | URL key | \`type\` for stdio and SSE | \`type\` for streamable HTTP | Name in the UI ${data.ui.release} |`,
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...data.clients.map(
      (c) =>
        `| [${c.name}](#${c.id}) | ${code(c.id)} | ${code(c.serversKey)} | ${code(c.urlKey)} | ${sseType(c)} | ${typeCell(c.types['streamable-http'])} | ${c.ui.managed ? (c.ui.label ?? `${code(c.id)} (the ID)`) : 'Not listed'} |`,
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

export function renderClient(c: Client, data: ClientData): string {
  const file = path.basename(c.configPath.linux);
  const types = (Object.keys(c.types) as Transport[])
    .map(
      (t) =>
        `${t === 'streamable-http' ? 'streamable HTTP' : t === 'sse' ? 'SSE' : t}: ${typeCell(c.types[t])}`,
    )
    .join('; ');
  const out = [
    `### ${c.name} \\{#${c.id}}`,
    '',
    c.description.trim(),
    '',
    '| Property | Value |',
    '| --- | --- |',
    `| Client ID | ${code(c.id)} |`,
    `| Server map key | ${code(c.serversKey)}${c.serversKey.includes('.') ? ' (one key whose name contains a dot)' : ''} |`,
    `| URL key | ${code(c.urlKey)} |`,
    `| \`type\` written | ${types} |`,
    `| Detected by | ${c.detection === 'file' ? 'the configuration file' : 'the folder of the configuration file'} |`,
    `| ToolHive UI ${data.ui.release} | ${c.ui.managed ? `Listed when detected, as ${c.ui.label ? `"${c.ui.label}"` : `${code(c.id)}`}` : 'Not listed'} |`,
    '',
    'Configuration file and detection:',
    '',
    tabs((os) =>
      [
        `ToolHive edits ${code(c.configPath[os])}.`,
        c.detection === 'file'
          ? 'It counts the client as installed when this file exists.'
          : `It counts the client as installed when the folder ${code(detectionPath(c, os))} exists.`,
      ].join(' '),
    ),
    '',
    `Entries for a streamable HTTP server and a stdio server, as ToolHive ${data.release} writes them:`,
    '',
    `\`\`\`json title="${file}"`,
    JSON.stringify(exampleEntries(c), null, 2),
    '```',
    '',
  ];
  if (c.notes.length > 0) out.push(...c.notes.map((n) => `- ${n.trim()}`), '');
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

export function renderPage(
  data: ClientData = loadClientData(),
  template = fs.readFileSync(templateFile, 'utf8'),
): string {
  const page = fill(template, {
    count: String(data.clients.length),
    release: data.release,
    uiRelease: data.ui.release,
    uiCli: data.ui.bundledCli,
    uiLabelled: words(data.clients.filter((c) => c.ui.managed && c.ui.label).length),
    summary: renderSummary(data),
    clients: data.clients.map((c) => renderClient(c, data)).join('\n'),
  });
  return `${page.replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

const partialNote = (what: string) =>
  `{/*Generated from data/clients.yaml by scripts/client-reference/generate.ts: ${what}. Do not edit.*/}`;

/** The client table of the CLI guide (a partial: no front matter). */
export function renderGuideTable(data: ClientData): string {
  return [
    partialNote('the client table of the CLI guide'),
    '',
    '| Client ID | Client | Server list key | URL key |',
    '| --- | --- | --- | --- |',
    ...data.clients.map(
      (c) =>
        `| ${code(c.id)} | [${c.name}](/toolhive/reference/client-compatibility#${c.id}) | ${code(c.serversKey)} | ${code(c.urlKey)} |`,
    ),
    '',
  ].join('\n');
}

/** The configuration file paths of the CLI guide, one table per operating system in tabs. */
export function renderGuidePaths(data: ClientData): string {
  return [
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    '',
    partialNote('the configuration files of the CLI guide'),
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

export function generate(data: ClientData = loadClientData()): string[] {
  const outputs: [string, string][] = [
    [pageFile, renderPage(data)],
    [tableFile, renderGuideTable(data)],
    [pathsFile, renderGuidePaths(data)],
  ];
  for (const [file, text] of outputs) {
    fs.mkdirSync(path.dirname(file), {recursive: true});
    fs.writeFileSync(file, text);
  }
  return outputs.map(([file]) => file);
}

if (require.main === module) {
  for (const file of generate())
    console.log(`client-reference: wrote ${path.relative(siteRoot, file)}`);
}
