/**
 * Check the webhook configuration files that the docs show for
 * `thv run --webhook-config`: every `yaml`, `yml` or `json` block whose title
 * names a file `webhook*.yaml`, `webhook*.yml` or `webhook*.json`
 * (```yaml title="webhooks.yaml"), and every heredoc in a shell block that
 * writes such a file (`cat > webhooks.yaml <<EOF`).
 *
 * What reads such a file at ToolHive v0.44.0 is `thv run`
 * (cmd/thv/app/run_flags.go, loadAndMergeWebhookConfigs): pkg/webhook
 * LoadConfig decodes each file, by its extension, with encoding/json (`.json`)
 * or gopkg.in/yaml.v3 (anything else), MergeConfigs merges the files, and
 * ValidateConfig runs Config.Validate on every webhook. Neither decoder
 * refuses unknown keys (no KnownFields, no DisallowUnknownFields): a misspelt
 * key is dropped without a word, so this check doesn't refuse one either; a
 * misspelt required key still fails as a missing field. This check replays
 * those steps on each file on its own:
 *
 * 1. Decoding, as Go does it (decodeLikeGo): yaml.v3 writes any scalar into
 *    a string field as its text, takes the YAML 1.1 words (yes, on, off...)
 *    for a bool, and refuses any integer for the time.Duration `timeout`;
 *    encoding/json matches keys without regard to case, and
 *    Config.UnmarshalJSON takes `timeout` as a duration string or integer
 *    nanoseconds. A null leaves a field at its zero value in both.
 * 2. Structure: data/releases/<release>/webhooks/config.schema.json, written
 *    by hand from the Go types (field names, types, required fields, the
 *    failure_policy enum).
 * 3. Semantics: ValidateDefinition (pkg/webhook/types.go lines 89-121): the
 *    URL must parse with url.ParseRequestURI and use https unless
 *    tls_config.insecure_skip_verify is true; a timeout other than zero (which
 *    means 10s) must be from 1s to 30s; client_cert_path and client_key_path
 *    go together. Validate then checks that the TLS files exist, which a docs
 *    check can't; the HMAC secret is resolved when the proxy starts.
 *
 * Usage (from the repository root):
 *   tsx scripts/checks/webhook-config.ts [--schema FILE] [PATH...]
 *
 * FILE defaults to data/releases/v0.44.0/webhooks/config.schema.json and
 * PATH to docs/. Prints `path:line: message` for each problem and a summary
 * line; exits 1 if there is any problem, 2 on a usage or data error.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import Ajv2020, {type ErrorObject, type ValidateFunction} from 'ajv/dist/2020';
import {parse as parseYaml} from 'yaml';
import {extractCodeBlocks, findRepoRoot, isMainScript} from './lib/code-blocks';
import {
  blockTitle,
  checkConfigFiles,
  formatConfigReport,
  runConfigCheck,
  type ConfigReport,
} from './lib/config-files';

export const DEFAULT_SCHEMA = 'data/releases/v0.44.0/webhooks/config.schema.json';

/** A file name the check treats as a webhook configuration: webhook*.yaml|yml|json. */
export const WEBHOOK_TITLE = /(^|\/)webhooks?([-_.][^/\s]*)?\.(ya?ml|json)$/i;

/** Shell blocks whose heredocs can write a configuration file. */
const SHELL_LANGS = new Set(['bash', 'sh', 'shell', 'console', 'zsh']);

/** A heredoc that writes a file: `cat > FILE <<EOF`, `cat <<'EOF' > FILE`. */
const HEREDOC =
  /^\s*(?:\$\s+)?cat\s+(?:>\s*(\S+)\s+<<-?\s*(['"]?)(\w+)\2|<<-?\s*(['"]?)(\w+)\4\s+>\s*(\S+))\s*$/;

/** In an unquoted heredoc the shell expands $HOME; the check puts a stand-in home there. */
const EXAMPLE_HOME = '/home/user';

export type Format = 'yaml' | 'json';

export type WebhookReport = ConfigReport;

/** One configuration found in a page. */
export interface WebhookConfigBlock {
  name: string;
  format: Format;
  line: number;
  content: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** The format LoadConfig picks from the file name (pkg/webhook/config.go lines 50-59). */
export function formatOf(fileName: string): Format {
  return path.extname(fileName).toLowerCase() === '.json' ? 'json' : 'yaml';
}

const WEBHOOK_FIELDS = [
  'name',
  'url',
  'timeout',
  'failure_policy',
  'tls_config',
  'hmac_secret_ref',
];
const STRING_FIELDS = ['name', 'url', 'failure_policy', 'hmac_secret_ref'];
const TLS_FIELDS = [
  'ca_bundle_path',
  'client_cert_path',
  'client_key_path',
  'insecure_skip_verify',
];
const TLS_STRING_FIELDS = ['ca_bundle_path', 'client_cert_path', 'client_key_path'];
/** yaml.v3 v3.0.1 decode.go: strings it takes for a Go bool. */
const YAML11_TRUE = ['y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON'];
const YAML11_FALSE = ['n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF'];

/**
 * A copy of `obj` with its keys as Go's decoder matches them to the struct's
 * fields: exactly for YAML, without regard to case for JSON (encoding/json).
 * Null values are dropped: both decoders leave the field at its zero value.
 */
function matchKeys(obj: Obj, fields: string[], format: Format): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(obj)) {
    const field =
      fields.find((f) => f === k) ??
      (format === 'json' ? fields.find((f) => f.toLowerCase() === k.toLowerCase()) : undefined);
    if (field === undefined) {
      out[k] = v; // unknown: Go drops it; kept so the schema sees it and lets it pass
      continue;
    }
    if (v === null) continue;
    out[field] = v;
  }
  return out;
}

/** yaml.v3 writes any scalar into a string field as its text. */
function yamlString(v: unknown): unknown {
  return typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
}

function decodeWebhook(w: unknown, format: Format): unknown {
  if (!isObj(w)) return w;
  const out = matchKeys(w, WEBHOOK_FIELDS, format);
  if (format === 'yaml') for (const f of STRING_FIELDS) if (f in out) out[f] = yamlString(out[f]);
  if (isObj(out.tls_config)) {
    const tls = matchKeys(out.tls_config, TLS_FIELDS, format);
    if (format === 'yaml') {
      for (const f of TLS_STRING_FIELDS) if (f in tls) tls[f] = yamlString(tls[f]);
      const b = tls.insecure_skip_verify;
      if (typeof b === 'string' && YAML11_TRUE.includes(b)) tls.insecure_skip_verify = true;
      if (typeof b === 'string' && YAML11_FALSE.includes(b)) tls.insecure_skip_verify = false;
    }
    out.tls_config = tls;
  }
  return out;
}

/**
 * The document as Go holds it after LoadConfig, in JSON terms: an empty
 * document is an empty configuration, keys are matched and scalars converted
 * the way the format's decoder does it.
 */
export function decodeLikeGo(doc: unknown, format: Format): unknown {
  if (doc === null || doc === undefined) return {};
  if (!isObj(doc)) return doc;
  const out = matchKeys(doc, ['validating', 'mutating'], format);
  for (const list of ['validating', 'mutating'])
    if (Array.isArray(out[list]))
      out[list] = (out[list] as unknown[]).map((w) => decodeWebhook(w, format));
  return out;
}

const DURATION_UNITS: Record<string, number> = {
  ns: 1,
  us: 1e3,
  µs: 1e3,
  μs: 1e3,
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
};

/** Go's time.ParseDuration, in nanoseconds; null when Go refuses the string. */
export function parseGoDuration(s: string): number | null {
  const m = /^([-+]?)(.*)$/.exec(s)!;
  const body = m[2];
  if (body === '0') return 0;
  const part = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/y;
  if (body === '') return null;
  let total = 0;
  let at = 0;
  while (at < body.length) {
    part.lastIndex = at;
    const p = part.exec(body);
    if (!p) return null;
    total += Number(p[1]) * DURATION_UNITS[p[2]];
    at = part.lastIndex;
  }
  return m[1] === '-' ? -total : total;
}

/**
 * Why Go's url.ParseRequestURI refuses `raw`, or null when it parses; the
 * scheme is returned lower-cased, as Go stores it. Follows net/url's parse
 * with viaRequest set: a scheme is letters, digits, +, - and . after a
 * letter; without one, the URI must be an absolute path; with one, anything
 * that doesn't start with / is taken as opaque; an authority's port must be
 * digits; percent escapes must be well formed.
 */
export function parseRequestUri(raw: string): {error: string} | {scheme: string} {
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    return {error: 'invalid control character in URL'};
  if (raw === '') return {error: 'empty url'};
  let scheme = '';
  let rest = raw;
  for (let i = 0; i < raw.length; i += 1) {
    const c = raw[i];
    if (/[A-Za-z]/.test(c)) continue;
    if (/[0-9+.-]/.test(c)) {
      if (i === 0) break;
      continue;
    }
    if (c === ':') {
      if (i === 0) return {error: 'missing protocol scheme'};
      scheme = raw.slice(0, i).toLowerCase();
      rest = raw.slice(i + 1);
    }
    break;
  }
  const q = rest.indexOf('?');
  if (q >= 0) rest = rest.slice(0, q);
  if (!rest.startsWith('/')) {
    if (scheme) return {scheme};
    return {error: 'invalid URI for request'};
  }
  let pathPart = rest;
  if (scheme && rest.startsWith('//')) {
    const end = rest.indexOf('/', 2);
    const authority = end < 0 ? rest.slice(2) : rest.slice(2, end);
    pathPart = end < 0 ? '' : rest.slice(end);
    const host = authority.slice(authority.lastIndexOf('@') + 1);
    if (host.startsWith('[')) {
      const close = host.indexOf(']');
      if (close < 0) return {error: "missing ']' in host"};
      const port = host.slice(close + 1);
      if (port !== '' && !/^:\d*$/.test(port))
        return {error: `invalid port ${JSON.stringify(port)} after host`};
    } else {
      const colon = host.lastIndexOf(':');
      if (colon >= 0 && !/^\d*$/.test(host.slice(colon + 1)))
        return {error: `invalid port ${JSON.stringify(host.slice(colon))} after host`};
      const bad = /[^A-Za-z0-9\-._~!$&'()*+,;=:%]/.exec(host);
      if (bad) return {error: `invalid character ${JSON.stringify(bad[0])} in host name`};
    }
  }
  if (/%(?![0-9A-Fa-f]{2})/.test(pathPart)) return {error: 'invalid URL escape'};
  return {scheme};
}

/** What ValidateDefinition refuses in one decoded webhook (pkg/webhook/types.go lines 89-121). */
export function webhookProblems(w: Obj, format: Format): string[] {
  const p: string[] = [];
  if (typeof w.url === 'string' && w.url !== '') {
    const parsed = parseRequestUri(w.url);
    const insecure = isObj(w.tls_config) && w.tls_config.insecure_skip_verify === true;
    if ('error' in parsed) p.push(`url: webhook URL is invalid: ${parsed.error}`);
    else if (parsed.scheme !== 'https' && !insecure)
      p.push('url: webhook URL must use HTTPS (set tls_config.insecure_skip_verify to allow HTTP)');
  }
  const t = w.timeout;
  let ns: number | null = 0;
  if (typeof t === 'number') {
    // yaml.v3 refuses every integer for a time.Duration; JSON takes nanoseconds.
    if (format === 'yaml')
      p.push(`timeout: yaml.v3 can't decode the number ${t} into a duration; write it as 5s`);
    ns = format === 'json' ? t : null;
  } else if (typeof t === 'string') {
    ns = parseGoDuration(t);
    if (ns === null) p.push(`timeout: invalid duration ${JSON.stringify(t)}`);
  }
  if (ns !== null && ns !== 0) {
    if (ns < 1e9) p.push('timeout: webhook timeout must be between 1s and 30s');
    else if (ns > 30e9) p.push('timeout: webhook timeout exceeds the maximum of 30s');
  }
  if (isObj(w.tls_config)) {
    const cert = w.tls_config.client_cert_path;
    const key = w.tls_config.client_key_path;
    if (!cert !== !key)
      p.push('tls_config: both client_cert_path and client_key_path must be provided for mTLS');
  }
  return p;
}

export function createWebhookSchemaValidator(schemaFile: string): ValidateFunction {
  const ajv = new Ajv2020({allErrors: true, strict: true, allowUnionTypes: true});
  return ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')) as object);
}

function describeSchemaError(e: ErrorObject): string {
  const at = e.instancePath
    ? e.instancePath
        .slice(1)
        .split('/')
        .map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`))
        .join('')
    : '<root>';
  if (e.keyword === 'required') {
    const missing = (e.params as {missingProperty: string}).missingProperty;
    return `${at === '<root>' ? '' : `${at}.`}${missing}: required`;
  }
  if (e.keyword === 'enum') {
    const allowed = (e.params as {allowedValues: unknown[]}).allowedValues;
    return `${at}: must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`;
  }
  if (e.keyword === 'minLength') return `${at}: required (must not be empty)`;
  return `${at}: ${e.message ?? e.keyword}`;
}

/** Every problem of one configuration document, parsed from its format. */
export function configProblems(validate: ValidateFunction, doc: unknown, format: Format): string[] {
  const cfg = decodeLikeGo(doc, format);
  if (!validate(cfg)) return (validate.errors ?? []).map(describeSchemaError);
  const p: string[] = [];
  for (const list of ['validating', 'mutating']) {
    const hooks = (cfg as Obj)[list];
    if (!Array.isArray(hooks)) continue;
    hooks.forEach((w, i) => {
      for (const m of webhookProblems(w as Obj, format)) p.push(`${list}[${i}].${m}`);
    });
  }
  return p;
}

/** Parse a configuration's text the way its format's decoder would see it. */
export function parseConfig(content: string, format: Format): unknown {
  // yaml.v3 refuses duplicate keys, and so does `yaml` by default.
  return format === 'json' ? (JSON.parse(content) as unknown) : parseYaml(content);
}

/** The webhook configurations of a page: titled blocks and heredocs in shell blocks. */
export function webhookConfigBlocks(text: string): WebhookConfigBlock[] {
  const out: WebhookConfigBlock[] = [];
  for (const block of extractCodeBlocks(text)) {
    if (['yaml', 'yml', 'json'].includes(block.lang)) {
      const title = blockTitle(block.meta);
      if (title && WEBHOOK_TITLE.test(title))
        out.push({
          name: title,
          format: formatOf(title),
          line: block.startLine,
          content: block.content,
        });
      continue;
    }
    if (!SHELL_LANGS.has(block.lang)) continue;
    for (let i = 0; i < block.lines.length; i += 1) {
      const m = HEREDOC.exec(block.lines[i]);
      if (!m) continue;
      const file = m[1] ?? m[6];
      const quoted = !!(m[2] ?? m[4]);
      const end = m[3] ?? m[5];
      if (!WEBHOOK_TITLE.test(file)) continue;
      const body: string[] = [];
      let j = i + 1;
      while (j < block.lines.length && block.lines[j].trim() !== end) body.push(block.lines[j++]);
      let content = body.join('\n');
      if (!quoted) content = content.replace(/\$\{HOME\}|\$HOME\b/g, EXAMPLE_HOME);
      out.push({name: file, format: formatOf(file), line: block.lineNumbers[i], content});
      i = j;
    }
  }
  return out;
}

export interface WebhookOptions {
  root?: string;
  schemaFile?: string;
  paths?: string[];
}

export function checkWebhookConfigs(options: WebhookOptions = {}): WebhookReport {
  const root = options.root ?? findRepoRoot();
  const validate = createWebhookSchemaValidator(
    path.resolve(root, options.schemaFile ?? DEFAULT_SCHEMA),
  );
  return checkConfigFiles(root, options.paths, webhookConfigBlocks, (cfg) => {
    let doc: unknown;
    try {
      doc = parseConfig(cfg.content, cfg.format);
    } catch (e) {
      return [`failed to parse as ${cfg.format.toUpperCase()}: ${(e as Error).message}`];
    }
    return configProblems(validate, doc, cfg.format);
  });
}

export function formatReport(report: WebhookReport): string[] {
  return formatConfigReport('webhook configs', report);
}

if (isMainScript('webhook-config'))
  process.exitCode = runConfigCheck(process.argv.slice(2), {
    script: 'scripts/checks/webhook-config.ts',
    option: '--schema',
    data: 'schema',
    check: ({root, dataFile, paths}) => checkWebhookConfigs({root, schemaFile: dataFile, paths}),
    format: formatReport,
  });
