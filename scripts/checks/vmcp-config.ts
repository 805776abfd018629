/**
 * Check the virtual MCP server (vMCP) configuration files that the docs show
 * for `thv vmcp validate` and `thv vmcp serve --config`: every yaml block
 * whose title names a file `vmcp*.yaml` (```yaml title="vmcp.yaml").
 *
 * What reads such a file at ToolHive v0.44.0 is `thv vmcp`, through
 * pkg/vmcp/config: a YAML decoder that refuses unknown fields
 * (yaml_loader.go, KnownFields(true)), the loader's own checks
 * (processOutgoingAuth), and DefaultValidator (validator.go). `thv vmcp serve`
 * then refuses telemetry with an endpoint but neither traces nor metrics
 * (pkg/telemetry/config.go, validateOtelConfig) and an invalid audit section
 * (pkg/audit/config.go, Validate). This check replays those steps:
 *
 * 1. Structure: the file must fit the `spec.config` schema of the
 *    VirtualMCPServer CRD of the release (data/releases/<release>/crd/
 *    virtualmcpserver.crd.json, extracted from the release tag by
 *    scripts/crd-extract/extract.ts). `spec.config` is the same Go type,
 *    pkg/vmcp/config.Config, and at v0.44.0 every field of it and of the
 *    types it embeds has the same name in its json tag (which the CRD
 *    follows) and in its yaml tag (which the file follows). The CRD lets
 *    unknown fields through at the top of `spec.config`; the CLI's decoder
 *    doesn't, so this check refuses them there too. The CRD's defaults are not
 *    filled in (the CLI has none of them) and its CEL rules are not evaluated
 *    (the CLI doesn't evaluate them).
 * 2. Semantics: the rules of DefaultValidator, the loader and the serve-time
 *    checks named above, written out below with the source line they follow.
 *    An environment variable named by `headerValueEnv` or `clientSecretEnv`
 *    can't be checked here; the page must say that it has to be set.
 *
 * Usage (from the repository root):
 *   tsx scripts/checks/vmcp-config.ts [--crd FILE] [PATH...]
 *
 * FILE defaults to data/releases/v0.44.0/crd/virtualmcpserver.crd.json and
 * PATH to docs/. Prints `path:line: message` for each problem and a summary
 * line; exits 1 if there is any problem, 2 on a usage or data error.
 */
import path from 'node:path';
import Ajv2020, {type ErrorObject, type ValidateFunction} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {parse as parseYaml} from 'yaml';
import {extractCodeBlocks, findRepoRoot, isMainScript} from './lib/code-blocks';
import {
  blockTitle,
  checkConfigFiles,
  formatConfigReport,
  runConfigCheck,
  type ConfigReport,
} from './lib/config-files';
import {loadCrdExtract, storedSchema, toJsonSchema, type Node} from './lib/crd-structure';

export const DEFAULT_CRD = 'data/releases/v0.44.0/crd/virtualmcpserver.crd.json';

/** A yaml block is a vMCP configuration when its title names a file vmcp*.yaml. */
export const VMCP_TITLE = /(^|\/)vmcp[^/\s]*\.ya?ml$/i;

export type VmcpReport = ConfigReport;

/** Drop what the CLI doesn't apply: CEL rules (not evaluated) and CRD-only list keys. */
function stripForCli(node: Node): Node {
  if (Array.isArray(node)) return node.map((n) => stripForCli(n as Node)) as unknown as Node;
  if (!node || typeof node !== 'object') return node;
  const out: Node = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'celRules' || k === 'uniqueListMapKeys') continue;
    out[k] = v && typeof v === 'object' ? stripForCli(v as Node) : v;
  }
  return out;
}

/** The JSON Schema of a vMCP configuration file, from the CRD's `spec.config`. */
export function vmcpConfigSchema(crdFile: string): Node {
  const extract = loadCrdExtract(crdFile);
  const spec = (storedSchema(extract).properties as Record<string, Node>).spec;
  const config = (spec.properties as Record<string, Node>).config;
  if (!config) throw new Error(`${crdFile}: no spec.config in the stored version`);
  const schema = stripForCli(toJsonSchema(config, 'config'));
  // The CLI's decoder refuses unknown fields at the top level too.
  schema.additionalProperties = false;
  return schema;
}

export function createVmcpSchemaValidator(crdFile: string): ValidateFunction {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    useDefaults: false,
  });
  addFormats(ajv);
  return ajv.compile({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...vmcpConfigSchema(crdFile),
  });
}

function describeSchemaError(e: ErrorObject): string {
  const at = e.instancePath ? e.instancePath.slice(1).split('/').join('.') : '<root>';
  if (e.keyword === 'additionalProperties') {
    const extra = (e.params as {additionalProperty: string}).additionalProperty;
    return `${at === '<root>' ? '' : `${at}.`}${extra}: unknown field (thv vmcp refuses fields it doesn't know)`;
  }
  if (e.keyword === 'required') {
    const missing = (e.params as {missingProperty: string}).missingProperty;
    return `${at === '<root>' ? '' : `${at}.`}${missing}: required`;
  }
  if (e.keyword === 'enum') {
    return `${at}: must be one of ${JSON.stringify((e.params as {allowedValues: unknown[]}).allowedValues)}`;
  }
  return `${at}: ${e.message ?? e.keyword}`;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Go's time.ParseDuration, for the positive-duration rules. */
function durationSeconds(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g;
  if (!/^(\d+(?:\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(v) && v !== '0') return null;
  const unit: Record<string, number> = {
    ns: 1e-9,
    us: 1e-6,
    µs: 1e-6,
    ms: 1e-3,
    s: 1,
    m: 60,
    h: 3600,
  };
  let total = 0;
  for (const m of v.matchAll(re)) total += Number(m[1]) * unit[m[2]];
  return total;
}

const STRATEGIES = [
  'unauthenticated',
  'header_injection',
  'token_exchange',
  'upstream_inject',
  'aws_sts',
  'obo',
  'xaa',
];

/**
 * The loader's checks (yaml_loader.go, processBackendAuthStrategy) and
 * DefaultValidator.validateBackendAuthStrategy for one strategy.
 */
function strategyProblems(at: string, s: unknown): string[] {
  if (!isObj(s)) return [`${at}: strategy is nil`];
  const type = str(s.type);
  if (!STRATEGIES.includes(type)) return [`${at}.type: must be one of ${STRATEGIES.join(', ')}`];
  const p: string[] = [];
  const need = (block: string, fields: string[]) => {
    const b = s[block];
    if (!isObj(b)) {
      p.push(`${at}.${block}: required for type ${type}`);
      return;
    }
    for (const f of fields)
      if (!str(b[f])) p.push(`${at}.${block}.${f}: required for type ${type}`);
  };
  switch (type) {
    case 'header_injection': {
      need('headerInjection', ['headerName']);
      const hi = s.headerInjection;
      if (isObj(hi)) {
        const hasValue = !!str(hi.headerValue);
        const hasEnv = !!str(hi.headerValueEnv);
        if (hasValue && hasEnv)
          p.push(`${at}.headerInjection: only one of headerValue or headerValueEnv may be set`);
        if (!hasValue && !hasEnv)
          p.push(`${at}.headerInjection: either headerValue or headerValueEnv must be set`);
      }
      break;
    }
    case 'token_exchange':
      need('tokenExchange', ['tokenUrl']);
      break;
    case 'upstream_inject':
      need('upstreamInject', []);
      break;
    case 'aws_sts':
      need('awsSts', ['region']);
      break;
    case 'obo': {
      need('obo', ['tokenUrl']);
      const obo = s.obo;
      if (isObj(obo) && str(obo.clientSecret) && str(obo.clientSecretEnv))
        p.push(`${at}.obo: clientSecret and clientSecretEnv are mutually exclusive`);
      break;
    }
    case 'xaa': {
      need('xaa', ['idpTokenUrl', 'targetTokenUrl', 'targetAudience']);
      const x = s.xaa;
      const t = isObj(x) ? str(x.subjectTokenType) : '';
      if (t && t !== 'urn:ietf:params:oauth:token-type:id_token')
        p.push(
          `${at}.xaa.subjectTokenType: only urn:ietf:params:oauth:token-type:id_token is accepted`,
        );
      break;
    }
  }
  return p;
}

/**
 * What `thv vmcp validate` and `thv vmcp serve` refuse beyond the structure,
 * at v0.44.0 (pkg/vmcp/config/validator.go DefaultValidator.Validate, unless
 * noted). `cfg` is the parsed file.
 */
export function semanticProblems(cfg: unknown): string[] {
  if (!isObj(cfg)) return ['the file must be a YAML mapping'];
  const p: string[] = [];

  // validateBasicFields
  if (!str(cfg.name)) p.push('name: required');
  if (!str(cfg.groupRef)) p.push('groupRef: required (the group reference)');

  // validateIncomingAuth
  const inc = cfg.incomingAuth;
  if (!isObj(inc)) p.push('incomingAuth: required');
  else {
    const type = str(inc.type);
    if (!['oidc', 'local', 'anonymous'].includes(type))
      p.push('incomingAuth.type: must be one of oidc, local, anonymous');
    if (type === 'oidc') {
      const o = inc.oidc;
      if (!isObj(o)) p.push("incomingAuth.oidc: required when type is 'oidc'");
      else {
        if (!str(o.issuer)) p.push('incomingAuth.oidc.issuer: required');
        if (!str(o.audience)) p.push('incomingAuth.oidc.audience: required');
        const ca = str(o.caBundlePath);
        if (ca && (ca.includes('..') || !path.isAbsolute(ca)))
          p.push('incomingAuth.oidc.caBundlePath: must be an absolute path without ..');
      }
    }
    if (inc.authz !== undefined) {
      const a = inc.authz;
      const t = isObj(a) ? str(a.type) : '';
      if (!['cedar', 'none'].includes(t))
        p.push('incomingAuth.authz.type: must be one of cedar, none');
      if (t === 'cedar' && !(isObj(a) && Array.isArray(a.policies) && a.policies.length > 0))
        p.push("incomingAuth.authz.policies: required when type is 'cedar'");
    }
  }

  // validateOutgoingAuth (and the loader's processOutgoingAuth)
  const out = cfg.outgoingAuth;
  if (!isObj(out)) p.push('outgoingAuth: required');
  else {
    if (!['inline', 'discovered'].includes(str(out.source)))
      p.push('outgoingAuth.source: must be one of inline, discovered');
    if (out.default !== undefined) p.push(...strategyProblems('outgoingAuth.default', out.default));
    if (isObj(out.backends))
      for (const [name, s] of Object.entries(out.backends))
        p.push(...strategyProblems(`outgoingAuth.backends.${name}`, s));
  }

  // validateAggregation
  const agg = cfg.aggregation;
  if (!isObj(agg)) p.push('aggregation: required');
  else {
    const cr = str(agg.conflictResolution);
    const tools = Array.isArray(agg.tools) ? agg.tools : [];
    if (!['prefix', 'priority', 'manual'].includes(cr))
      p.push('aggregation.conflictResolution: must be one of prefix, priority, manual');
    const crc = agg.conflictResolutionConfig;
    if (!isObj(crc)) p.push('aggregation.conflictResolutionConfig: required');
    else if (cr === 'prefix' && !str(crc.prefixFormat))
      p.push('aggregation.conflictResolutionConfig.prefixFormat: required for the prefix strategy');
    else if (
      cr === 'priority' &&
      !(Array.isArray(crc.priorityOrder) && crc.priorityOrder.length > 0)
    )
      p.push(
        'aggregation.conflictResolutionConfig.priorityOrder: required for the priority strategy',
      );
    if (cr === 'manual' && tools.length === 0)
      p.push('aggregation.tools: required for the manual strategy');
    const vis = agg.defaultToolVisibility;
    if (vis !== undefined && !['', 'allow', 'deny'].includes(str(vis)))
      p.push('aggregation.defaultToolVisibility: must be one of allow, deny');
    if (vis === 'deny' && cr === 'priority' && isObj(crc) && Array.isArray(crc.priorityOrder)) {
      const listed = new Set(tools.filter(isObj).map((t) => str(t.workload)));
      for (const w of crc.priorityOrder)
        if (!listed.has(str(w)))
          p.push(
            `aggregation.conflictResolutionConfig.priorityOrder: ${String(w)} has no tools entry (required with defaultToolVisibility deny)`,
          );
    }
    const seen = new Set<string>();
    tools.forEach((t, i) => {
      const w = isObj(t) ? str(t.workload) : '';
      if (!w) p.push(`aggregation.tools[${i}].workload: required`);
      else if (seen.has(w)) p.push(`aggregation.tools[${i}]: duplicate workload ${w}`);
      seen.add(w);
      if (isObj(t) && isObj(t.overrides))
        for (const [name, o] of Object.entries(t.overrides))
          if (!isObj(o) || (!str(o.name) && !str(o.description)))
            p.push(`aggregation.tools[${i}].overrides.${name}: name or description required`);
    });
  }

  // validateOperational (the loader fills partialFailureMode and the other
  // defaults first, EnsureOperationalDefaults; only explicit values are judged here)
  const ops = cfg.operational;
  if (isObj(ops)) {
    if (isObj(ops.timeouts)) {
      if (ops.timeouts.default !== undefined && !(durationSeconds(ops.timeouts.default)! > 0))
        p.push('operational.timeouts.default: must be a positive duration');
      if (isObj(ops.timeouts.perWorkload))
        for (const [w, d] of Object.entries(ops.timeouts.perWorkload))
          if (!(durationSeconds(d)! > 0))
            p.push(`operational.timeouts.perWorkload.${w}: must be positive`);
    }
    const fh = ops.failureHandling;
    if (isObj(fh)) {
      const interval = durationSeconds(fh.healthCheckInterval);
      const timeout = durationSeconds(fh.healthCheckTimeout);
      if (fh.unhealthyThreshold !== undefined && !(Number(fh.unhealthyThreshold) > 0))
        p.push('operational.failureHandling.unhealthyThreshold: must be positive');
      if (interval !== null && timeout !== null && timeout > 0 && timeout >= interval)
        p.push(
          'operational.failureHandling.healthCheckTimeout: must be less than healthCheckInterval',
        );
      if (
        fh.partialFailureMode !== undefined &&
        !['fail', 'best_effort'].includes(str(fh.partialFailureMode))
      )
        p.push('operational.failureHandling.partialFailureMode: must be one of fail, best_effort');
    }
  }

  // validateStaticBackends
  if (Array.isArray(cfg.backends))
    cfg.backends.forEach((b, i) => {
      if (!isObj(b)) return;
      const type = str(b.type);
      if (type && type !== 'entry') p.push(`backends[${i}].type: must be empty or entry`);
      if (str(b.caBundlePath) && type !== 'entry')
        p.push(`backends[${i}].caBundlePath: only valid when type is entry`);
    });

  // validateCompositeTools / validateCompositeToolRefs: unique names
  const names = new Set<string>();
  if (Array.isArray(cfg.compositeTools))
    for (const t of cfg.compositeTools) {
      const n = isObj(t) ? str(t.name) : '';
      if (names.has(n)) p.push(`compositeTools: duplicate name ${n}`);
      names.add(n);
    }

  // validatePassthroughHeaders: Authorization and Cookie are refused
  if (Array.isArray(cfg.passthroughHeaders))
    for (const h of cfg.passthroughHeaders)
      if (['authorization', 'cookie'].includes(str(h).toLowerCase()))
        p.push(`passthroughHeaders: ${String(h)} can't be passed through`);

  // thv vmcp serve: pkg/telemetry/config.go validateOtelConfig
  const tel = cfg.telemetry;
  if (isObj(tel) && str(tel.endpoint) && tel.tracingEnabled !== true && tel.metricsEnabled !== true)
    p.push(
      'telemetry: an endpoint needs tracingEnabled or metricsEnabled set to true (both default to false)',
    );

  // thv vmcp serve: pkg/audit/config.go Validate
  const audit = cfg.audit;
  if (isObj(audit)) {
    if (typeof audit.maxDataSize === 'number' && audit.maxDataSize < 0)
      p.push('audit.maxDataSize: cannot be negative');
    if (typeof audit.maxDelegationDepth === 'number' && audit.maxDelegationDepth <= 0)
      p.push('audit.maxDelegationDepth: must be positive');
  }

  return p;
}

/** Every problem of one parsed configuration: structure first, then the CLI's own rules. */
export function configProblems(validate: ValidateFunction, cfg: unknown): string[] {
  const structural = validate(cfg) ? [] : (validate.errors ?? []).map(describeSchemaError);
  return [...structural, ...semanticProblems(cfg)];
}

export interface VmcpOptions {
  root?: string;
  crdFile?: string;
  paths?: string[];
}

/** The vMCP configuration files of a page: yaml blocks titled vmcp*.yaml. */
export function vmcpConfigBlocks(text: string): {name: string; line: number; content: string}[] {
  return extractCodeBlocks(text).flatMap((block) => {
    const title = blockTitle(block.meta);
    return (block.lang === 'yaml' || block.lang === 'yml') && title && VMCP_TITLE.test(title)
      ? [{name: title, line: block.startLine, content: block.content}]
      : [];
  });
}

export function checkVmcpConfigs(options: VmcpOptions = {}): VmcpReport {
  const root = options.root ?? findRepoRoot();
  const validate = createVmcpSchemaValidator(path.resolve(root, options.crdFile ?? DEFAULT_CRD));
  return checkConfigFiles(root, options.paths, vmcpConfigBlocks, (cfg) => {
    let doc: unknown;
    try {
      doc = parseYaml(cfg.content);
    } catch (e) {
      return [(e as Error).message];
    }
    return configProblems(validate, doc);
  });
}

export function formatReport(report: VmcpReport): string[] {
  return formatConfigReport('vmcp configs', report);
}

if (isMainScript('vmcp-config'))
  process.exitCode = runConfigCheck(process.argv.slice(2), {
    script: 'scripts/checks/vmcp-config.ts',
    option: '--crd',
    data: 'CRD extract',
    check: ({root, dataFile, paths}) => checkVmcpConfigs({root, crdFile: dataFile, paths}),
    format: formatReport,
  });
