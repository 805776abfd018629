/**
 * Extracts the facts about the MCP clients that a ToolHive release
 * configures from pkg/client/config.go at a tag of stacklok/toolhive, into
 * data/releases/<release>/clients.facts.json. The unit tests hold the
 * hand-written clients.yaml of the release to these facts: the list of
 * client IDs, and each client's file, format, keys, `type` values,
 * detection, skill and plugin folders and LLM gateway settings.
 *
 * Usage (from the repository root):
 *   tsx scripts/client-reference/extract.ts --tag v0.44.0
 *     [--git-dir DIR] [--studio-git-dir DIR --studio-tag TAG] [--out FILE]
 *
 * --git-dir is a bare or normal git directory of stacklok/toolhive (default
 * /work/.mirror/stacklok+toolhive/repo). With --studio-git-dir and
 * --studio-tag, the script also reads which `thv` release that ToolHive UI
 * release bundles (TOOLHIVE_VERSION in utils/constants.ts), extracts that
 * release's client IDs, and records whether the files that decide what
 * ToolHive writes into client files are the same at both tags. Files are
 * read with `git show`, so no work tree is needed and no upstream file is
 * copied. --out defaults to data/releases/<tag>/clients.facts.json.
 *
 * config.go is read as Go source: the entries of
 * `supportedClientIntegrations`, the string constants of the file, and the
 * LLM gateway modes of pkg/llmgateway/config.go. Paths are written as
 * `~/...` for Linux and macOS and `%USERPROFILE%\...` for Windows, as
 * ToolHive builds them from the home folder (runtime.GOOS `darwin` is macOS).
 */
import {execFileSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {findRepoRoot} from '../checks/lib/code-blocks';
import {formatJson} from '../crd-extract/extract';

export const DEFAULT_GIT_DIR = '/work/.mirror/stacklok+toolhive/repo';
export const REPOSITORY = 'stacklok/toolhive';
export const STUDIO_REPOSITORY = 'stacklok/toolhive-studio';

/** The files whose content decides the entries ToolHive writes into client files. */
export const CLIENT_CODE = [
  'pkg/client/config.go',
  'pkg/client/config_editor.go',
  'pkg/client/converter.go',
  'pkg/client/discovery.go',
  'pkg/transport/url.go',
];

export type Os = 'linux' | 'macos' | 'windows';
export type Transport = 'stdio' | 'sse' | 'streamable-http';
const OSES: Os[] = ['linux', 'macos', 'windows'];
const TRANSPORTS: Transport[] = ['stdio', 'sse', 'streamable-http'];

/** A Go value as far as the client table needs it. */
export type GoValue = string | number | boolean | GoValue[] | {[key: string]: GoValue} | null;

// ---------------------------------------------------------------------------
// Reading Go source
// ---------------------------------------------------------------------------

/** Source with comments replaced by spaces (strings kept). */
export function stripComments(src: string): string {
  let out = '';
  for (let i = 0; i < src.length;) {
    const c = src[i];
    if (c === '"' || c === '`') {
      const end = c === '"' ? /"(?:[^"\\\n]|\\.)*"/y : /`[^`]*`/y;
      end.lastIndex = i;
      const m = end.exec(src);
      const s = m ? m[0] : c;
      out += s;
      i += s.length;
    } else if (src.startsWith('//', i)) {
      const nl = src.indexOf('\n', i);
      const stop = nl < 0 ? src.length : nl;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (src.startsWith('/*', i)) {
      const stop = src.indexOf('*/', i) + 2;
      out += src.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** Index just past the bracket that closes the one at `open`. */
function closing(src: string, open: number): number {
  const pairs: Record<string, string> = {'{': '}', '(': ')', '[': ']'};
  const stack: string[] = [];
  for (let i = open; i < src.length; i += 1) {
    const c = src[i];
    if (c === '"') {
      const m = /"(?:[^"\\\n]|\\.)*"/y;
      m.lastIndex = i;
      i += (m.exec(src)?.[0].length ?? 1) - 1;
    } else if (c in pairs) stack.push(pairs[c]);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i + 1;
    }
  }
  throw new Error(`unbalanced bracket at ${open}`);
}

/** The top-level, comma-separated parts of a composite literal's body. */
function parts(body: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i];
    if (c === '"') {
      const m = /"(?:[^"\\\n]|\\.)*"/y;
      m.lastIndex = i;
      i += (m.exec(body)?.[0].length ?? 1) - 1;
    } else if (c === '{' || c === '(' || c === '[') i = closing(body, i) - 1;
    else if (c === ',') {
      out.push(body.slice(start, i));
      start = i + 1;
    }
  }
  out.push(body.slice(start));
  return out.map((p) => p.trim()).filter(Boolean);
}

/** `key: value` at the top level of a part, or null for a bare value. */
function keyed(part: string): [string, string] | null {
  for (let i = 0; i < part.length; i += 1) {
    const c = part[i];
    if (c === '"') {
      const m = /"(?:[^"\\\n]|\\.)*"/y;
      m.lastIndex = i;
      i += (m.exec(part)?.[0].length ?? 1) - 1;
    } else if (c === '{' || c === '(' || c === '[') i = closing(part, i) - 1;
    else if (c === ':') return [part.slice(0, i).trim(), part.slice(i + 1).trim()];
  }
  return null;
}

/** Names that map keys stand for. */
const KEY_NAMES: Record<string, string> = {
  PlatformLinux: 'linux',
  PlatformDarwin: 'darwin',
  PlatformWindows: 'windows',
  'types.TransportTypeStdio': 'stdio',
  'types.TransportTypeSSE': 'sse',
  'types.TransportTypeStreamableHTTP': 'streamable-http',
};

/** A Go expression of config.go, with its identifiers resolved from `consts`. */
export function goValue(expr: string, consts: Record<string, string>): GoValue {
  const e = expr.trim();
  const literal = /"(?:[^"\\\n]|\\.)*"/g;
  if (e.startsWith('"') && e.replace(literal, '').replace(/[\s+]/g, '') === '') {
    // One string, or strings joined with `+`.
    return [...e.matchAll(literal)].map((m) => JSON.parse(m[0]) as string).join('');
  }
  if (e === 'true' || e === 'false') return e === 'true';
  if (e === 'nil') return null;
  if (/^-?\d+$/.test(e)) return Number(e);
  const call = /^(?:ClientApp|LLMClientApp|MCPClient)\((\w+)\)$/.exec(e);
  if (call) return goValue(call[1], consts);
  // The brace that opens the literal's body (past `interface{}` in the type).
  let brace = e.indexOf('{');
  while (brace >= 0 && closing(e, brace) !== e.length) brace = e.indexOf('{', closing(e, brace));
  if (brace >= 0) {
    const type = e.slice(0, brace).trim();
    const items = parts(e.slice(brace + 1, -1));
    const isMap = type.startsWith('map[') || (items.length > 0 && keyed(items[0]) !== null);
    if (!isMap) return items.map((p) => goValue(p, consts));
    const out: Record<string, GoValue> = {};
    for (const p of items) {
      const kv = keyed(p);
      if (!kv) throw new Error(`not a key: value pair: ${p}`);
      const [k, v] = kv;
      const key = k.startsWith('"') ? (JSON.parse(k) as string) : (KEY_NAMES[k] ?? k);
      out[key] = goValue(v, consts);
    }
    return out;
  }
  if (/^[\w.]+$/.test(e)) {
    if (e in consts) return consts[e];
    throw new Error(`unknown identifier ${e}`);
  }
  throw new Error(`cannot read the Go expression ${e}`);
}

/** `Name = "value"` and `Name Type = "value"` constants of a Go file. */
export function stringConsts(src: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of stripComments(src).matchAll(
    /^\s*(?:const\s+)?(\w+)(?:\s+\w+)?\s*=\s*("(?:[^"\\\n]|\\.)*")/gm,
  ))
    out[`${prefix}${m[1]}`] = JSON.parse(m[2]) as string;
  return out;
}

/** The entries of `supportedClientIntegrations`, field by field. */
export function clientEntries(
  configGo: string,
  consts: Record<string, string>,
): Record<string, GoValue>[] {
  const src = stripComments(configGo);
  const m = /var supportedClientIntegrations = \[\]\w+\{/.exec(src);
  if (!m) throw new Error('no supportedClientIntegrations in config.go');
  const open = m.index + m[0].length - 1;
  const body = src.slice(open + 1, closing(src, open) - 1);
  return parts(body).map((entry) => {
    const fields: Record<string, GoValue> = {};
    for (const p of parts(entry.slice(entry.indexOf('{') + 1, entry.lastIndexOf('}')))) {
      const kv = keyed(p);
      if (!kv) throw new Error(`not a field: ${p}`);
      // Fields the facts do not use (JSON pointers of the LLM gateway keys).
      if (/^LLM(GatewayKeys|EnvFileKeys)$/.test(kv[0])) continue;
      fields[kv[0]] = goValue(kv[1], consts);
    }
    return fields;
  });
}

// ---------------------------------------------------------------------------
// Facts
// ---------------------------------------------------------------------------

export interface FolderFacts {
  user: Record<Os, string>;
  project: string;
}

export interface ClientFacts {
  id: string;
  description: string;
  deprecated: boolean;
  format: 'json' | 'yaml' | 'toml';
  configPath: Record<Os, string>;
  detection: 'directory' | 'file';
  serversKey: string;
  storage: 'map' | 'list';
  nameKey: string | null;
  urlKey: Record<Transport, string>;
  typeKey: 'type' | 'transport';
  types: Record<Transport, string | null>;
  fixedFields: Record<string, GoValue> | null;
  skills: FolderFacts | null;
  plugins: FolderFacts | null;
  llmGateway: {
    mode: string;
    binary: string | null;
    settingsFile: Partial<Record<Os, string>>;
  } | null;
}

export interface LlmOnlyFacts {
  id: string;
  description: string;
  mode: string;
  settingsFile: Partial<Record<Os, string>>;
}

export interface ClientFactsFile {
  $comment: string;
  release: string;
  source: {repository: string; tag: string; commit: string; files: string[]};
  clients: ClientFacts[];
  llmGatewayOnly: LlmOnlyFacts[];
  ui?: {
    release: string;
    source: {repository: string; tag: string; file: string};
    bundledCli: string;
    bundledCliClients: string[];
    sameClientCode: boolean;
  };
}

const GOOS: Record<Os, string> = {linux: 'linux', macos: 'darwin', windows: 'windows'};

/** The path ToolHive builds from the home folder on one OS. */
export function homePath(os: Os, segments: string[]): string {
  return os === 'windows' ? `%USERPROFILE%\\${segments.join('\\')}` : `~/${segments.join('/')}`;
}

function strings(v: GoValue | undefined): string[] {
  return Array.isArray(v) ? (v as string[]) : [];
}

function prefixOf(v: GoValue | undefined, os: Os): string[] {
  const map = (v ?? {}) as Record<string, GoValue>;
  return strings(map[GOOS[os]]);
}

function folders(
  global: GoValue | undefined,
  project: GoValue | undefined,
  prefix: GoValue | undefined,
): FolderFacts | null {
  if (strings(global).length === 0) return null;
  const user = Object.fromEntries(
    OSES.map((os) => [os, homePath(os, [...prefixOf(prefix, os), ...strings(global)])]),
  ) as Record<Os, string>;
  return {user, project: strings(project).join('/')};
}

/** The facts of one entry of supportedClientIntegrations. */
export function clientFacts(f: Record<string, GoValue>): ClientFacts {
  const rel = strings(f.RelPath);
  const file = f.SettingsFile as string;
  const format = ((f.Extension as string) ?? 'json') as ClientFacts['format'];
  const typeMap = (f.SupportedTransportTypesMap ?? {}) as Record<string, string>;
  const urlMap = (f.MCPServersUrlLabelMap ?? null) as Record<string, string> | null;
  const urlLabel = (f.MCPServersUrlLabel as string | undefined) ?? 'url';
  const storage =
    format === 'yaml'
      ? f.YAMLStorageType === 'array'
        ? 'list'
        : 'map'
      : format === 'toml' && f.TOMLStorageType !== 'map'
        ? 'list'
        : 'map';
  // YAML entries always carry the server's name; TOML lists identify entries by it.
  const nameKey = format === 'yaml' || (format === 'toml' && storage === 'list') ? 'name' : null;
  const llmMode = (f.LLMGatewayMode as string | undefined) ?? '';
  const llmFile = f.LLMSettingsFile as string | undefined;
  return {
    id: f.ClientType as string,
    description: f.Description as string,
    deprecated: f.Deprecated === true,
    format,
    configPath: Object.fromEntries(
      OSES.map((os) => [os, homePath(os, [...prefixOf(f.PlatformPrefix, os), ...rel, file])]),
    ) as Record<Os, string>,
    detection: rel.length === 0 ? 'file' : 'directory',
    serversKey: (f.MCPServersPathPrefix as string).replace(/^\//, ''),
    storage,
    nameKey,
    urlKey: Object.fromEntries(
      TRANSPORTS.map((t) => [t, urlMap ? (urlMap[t] ?? 'url') : urlLabel]),
    ) as Record<Transport, string>,
    typeKey: format === 'toml' ? 'transport' : 'type',
    types: Object.fromEntries(
      TRANSPORTS.map((t) => [
        t,
        f.IsTransportTypeFieldSupported === true ? (typeMap[t] ?? null) : null,
      ]),
    ) as Record<Transport, string | null>,
    fixedFields: (f.YAMLDefaults as Record<string, GoValue> | undefined) ?? null,
    skills:
      f.SupportsSkills === true
        ? folders(f.SkillsGlobalPath, f.SkillsProjectPath, f.SkillsPlatformPrefix)
        : null,
    plugins:
      f.SupportsPlugins === true
        ? folders(f.PluginsGlobalPath, f.PluginsProjectPath, f.PluginsPlatformPrefix)
        : null,
    llmGateway:
      llmMode && llmFile
        ? {
            mode: llmMode,
            binary: (f.LLMBinaryName as string | undefined) || null,
            settingsFile: Object.fromEntries(
              OSES.map((os) => [
                os,
                homePath(os, [
                  ...prefixOf(f.LLMSettingsPlatformPrefix, os),
                  ...strings(f.LLMSettingsRelPath),
                  llmFile,
                ]),
              ]),
            ),
          }
        : null,
  };
}

export function llmOnlyFacts(f: Record<string, GoValue>): LlmOnlyFacts {
  const prefix = (f.LLMSettingsPlatformPrefix ?? null) as Record<string, GoValue> | null;
  // Where the entry names platforms, the tool exists only there.
  const oses = prefix ? OSES.filter((os) => GOOS[os] in prefix) : OSES;
  return {
    id: f.ClientType as string,
    description: f.Description as string,
    mode: f.LLMGatewayMode as string,
    settingsFile: Object.fromEntries(
      oses.map((os) => [
        os,
        homePath(os, [
          ...prefixOf(prefix ?? undefined, os),
          ...strings(f.LLMSettingsRelPath),
          f.LLMSettingsFile as string,
        ]),
      ]),
    ),
  };
}

function git(gitDir: string, ...args: string[]): string {
  return execFileSync('git', [`--git-dir=${gitDir}`, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
}

/** A file at a revision, or '' when the revision has no such file. */
function tryShow(gitDir: string, rev: string): string {
  try {
    return execFileSync('git', [`--git-dir=${gitDir}`, 'show', rev], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return '';
  }
}

/** Client entries of a release: MCP clients, and tools that only use the LLM gateway. */
export function readRelease(
  gitDir: string,
  tag: string,
): {clients: ClientFacts[]; llmGatewayOnly: LlmOnlyFacts[]} {
  const configGo = git(gitDir, 'show', `${tag}:pkg/client/config.go`);
  const consts = {
    ...stringConsts(configGo),
    ...stringConsts(tryShow(gitDir, `${tag}:pkg/llmgateway/config.go`), 'llmgateway.'),
  };
  const entries = clientEntries(configGo, consts);
  return {
    clients: entries.filter((e) => e.LLMGatewayOnly !== true).map(clientFacts),
    llmGatewayOnly: entries.filter((e) => e.LLMGatewayOnly === true).map(llmOnlyFacts),
  };
}

export function extract(options: {
  gitDir: string;
  tag: string;
  studioGitDir?: string;
  studioTag?: string;
}): ClientFactsFile {
  const {gitDir, tag} = options;
  const {clients, llmGatewayOnly} = readRelease(gitDir, tag);
  const facts: ClientFactsFile = {
    $comment:
      'Extracted by scripts/client-reference/extract.ts from the files named in "source". Do not edit: rerun the script.',
    release: tag,
    source: {
      repository: REPOSITORY,
      tag,
      commit: git(gitDir, 'rev-parse', `${tag}^{commit}`).trim(),
      files: ['pkg/client/config.go', 'pkg/llmgateway/config.go'].filter(
        (f) => tryShow(gitDir, `${tag}:${f}`) !== '',
      ),
    },
    clients,
    llmGatewayOnly,
  };
  if (options.studioGitDir && options.studioTag) {
    const file = 'utils/constants.ts';
    const constants = git(options.studioGitDir, 'show', `${options.studioTag}:${file}`);
    const bundled = /TOOLHIVE_VERSION\s*=.*?'(v\d+\.\d+\.\d+)'/.exec(constants)?.[1];
    if (!bundled) throw new Error(`no TOOLHIVE_VERSION in ${options.studioTag}:${file}`);
    const blob = (t: string, f: string) => tryShow(gitDir, `${t}:${f}`);
    facts.ui = {
      release: options.studioTag,
      source: {repository: STUDIO_REPOSITORY, tag: options.studioTag, file},
      bundledCli: bundled,
      bundledCliClients: readRelease(gitDir, bundled).clients.map((c) => c.id),
      sameClientCode: CLIENT_CODE.every((f) => blob(bundled, f) === blob(tag, f)),
    };
  }
  return facts;
}

async function main(argv: string[]): Promise<number> {
  let gitDir = DEFAULT_GIT_DIR;
  let tag = '';
  let studioGitDir: string | undefined;
  let studioTag: string | undefined;
  let out = '';
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--git-dir') gitDir = argv[++i];
    else if (a === '--tag') tag = argv[++i];
    else if (a === '--studio-git-dir') studioGitDir = argv[++i];
    else if (a === '--studio-tag') studioTag = argv[++i];
    else if (a === '--out') out = argv[++i];
    else {
      tag = '';
      break;
    }
  }
  if (!tag) {
    console.error(
      'usage: tsx scripts/client-reference/extract.ts --tag TAG [--git-dir DIR] [--studio-git-dir DIR --studio-tag TAG] [--out FILE]',
    );
    return 2;
  }
  const file = path.resolve(
    findRepoRoot(),
    out || path.join('data', 'releases', tag, 'clients.facts.json'),
  );
  const facts = extract({gitDir, tag, studioGitDir, studioTag});
  mkdirSync(path.dirname(file), {recursive: true});
  writeFileSync(file, await formatJson(facts, file));
  console.log(
    `wrote ${path.relative(process.cwd(), file)}: ${facts.clients.length} clients, ${facts.llmGatewayOnly.length} LLM gateway only`,
  );
  return 0;
}

if (process.argv[1] && /client-reference[\\/]extract\.[cm]?[jt]s$/.test(process.argv[1]))
  main(process.argv.slice(2)).then((code) => (process.exitCode = code));
