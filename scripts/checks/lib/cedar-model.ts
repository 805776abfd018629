/**
 * What each documented ToolHive release sends to its Cedar policies: the
 * attributes it sets, the configuration keys it reads, and how it turns an
 * MCP request into a Cedar request. The Cedar check (cedar-policies.ts)
 * picks the model of the release a page describes; the schema of the same
 * release (data/releases/<release>/cedar/toolhive.cedarschema) declares the
 * fixed part, and the model adds the attributes whose names depend on the
 * request.
 *
 * - v0.2.8: pkg/authz/cedar.go and cedar_entity.go at tag v0.2.8.
 * - v0.44.0: pkg/authz/authorizers/cedar/core.go and entity.go,
 *   pkg/authz/middleware.go, pkg/authz/annotation_cache.go and
 *   pkg/auth/context.go at tag v0.44.0.
 */
import type * as cedar from '@cedar-policy/cedar-wasm/nodejs';

type CedarValue = cedar.CedarValueJson;

export type Var = 'principal' | 'action' | 'resource' | 'context';

/** Who calls: a token's claims (OIDC), or the local user ToolHive uses without authentication. */
export interface Caller {
  /** Claims of a validated token, as JSON (numbers arrive as float64). */
  claims?: Record<string, unknown>;
  /** The user name of pkg/auth LocalUserMiddleware (the default: no authentication). */
  local?: string;
}

export interface DecisionRequest {
  as?: Caller;
  tool?: string;
  prompt?: string;
  resource?: string;
  args?: Record<string, unknown>;
  /**
   * Tool annotations the proxy cached from the server's tools/list answer
   * (v0.44.0 and later): readOnlyHint, destructiveHint, idempotentHint,
   * openWorldHint. Absent means the proxy has none for the tool.
   */
  annotations?: Record<string, boolean>;
  /** The workload name, the ID of the resource's MCP parent (v0.44.0 and later). */
  server?: string;
}

/** The Cedar options of an authorization configuration that change the request (v0.44.0). */
export interface ConfigOptions {
  group_claim_name?: string;
  role_claim_name?: string;
  group_entity_type?: string;
  multi_valued_claims?: string[];
  primary_upstream_provider?: string;
}

export interface BuiltRequest {
  principal: cedar.EntityUid;
  action: cedar.EntityUid;
  resource: cedar.EntityUid;
  context: Record<string, CedarValue>;
  entities: cedar.EntityJson[];
}

/** One release's model. */
export interface CedarModel {
  release: string;
  /** Attributes with fixed names, by variable. */
  fixed: Record<Var, string[]>;
  /** Families of attribute names that depend on the request, by variable. */
  families: Record<Var, RegExp[]>;
  /** What each variable carries, for messages. */
  carries: Record<Var, string>;
  /** Entity types that get request-dependent attributes of each family. */
  familyHolders: {pattern: RegExp; types: string[]}[];
  /** Keys of the `cedar` object of a configuration that the release reads. */
  cedarKeys: string[];
  /** Configuration types the release knows. */
  configTypes: string[];
  /** Build the Cedar request the release sends, or say why it refuses before Cedar runs. */
  build(req: DecisionRequest, options: ConfigOptions): BuiltRequest | {denied: string};
}

// ---------------------------------------------------------------------------
// Go values after JSON decoding
// ---------------------------------------------------------------------------

/** A Go value after JSON decoding or from ToolHive's own claims. */
export type GoValue =
  | {kind: 'string'; value: string}
  | {kind: 'bool'; value: boolean}
  | {kind: 'int64'; value: number}
  | {kind: 'float64'; value: number}
  | {kind: 'array'; items: GoValue[]}
  | {kind: 'stringArray'; items: string[]}
  | {kind: 'object'; entries: Map<string, GoValue>}
  | {kind: 'null'};

/** encoding/json into interface{}: numbers become float64. */
export function fromJson(v: unknown): GoValue {
  if (v === null || v === undefined) return {kind: 'null'};
  if (typeof v === 'string') return {kind: 'string', value: v};
  if (typeof v === 'boolean') return {kind: 'bool', value: v};
  if (typeof v === 'number') return {kind: 'float64', value: v};
  if (Array.isArray(v)) return {kind: 'array', items: v.map(fromJson)};
  return {
    kind: 'object',
    entries: new Map(
      Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, fromJson(x)]),
    ),
  };
}

/** cedar-go NewDecimalFromFloat (v1.2.6 and v1.8.0): value*10000 truncated to int64; overflow is an error. */
export function decimalFromFloat(f: number): string | null {
  const scaled = f * 10000;
  // Go compares with math.MaxInt64 and MinInt64 converted to float64: ±2^63.
  if (!Number.isFinite(scaled) || scaled > 2 ** 63 || scaled < -(2 ** 63)) return null;
  const v = BigInt(Math.trunc(scaled));
  const neg = v < 0n;
  const abs = neg ? -v : v;
  let res = `${neg ? '-' : ''}${abs / 10000n}.${(abs % 10000n).toString().padStart(4, '0')}`;
  // Decimal.String trims up to three trailing zeros.
  for (let i = 0; i < 3 && res.endsWith('0'); i += 1) res = res.slice(0, -1);
  return res;
}

/** The claims of pkg/auth LocalUserMiddleware (both releases); exp, iat and nbf are int64 there. */
export function localClaims(user: string): Map<string, GoValue> {
  const now = Math.floor(Date.UTC(2025, 7, 20) / 1000);
  return new Map<string, GoValue>([
    ['sub', {kind: 'string', value: user}],
    ['iss', {kind: 'string', value: 'toolhive-local'}],
    ['aud', {kind: 'string', value: 'toolhive'}],
    ['exp', {kind: 'int64', value: now + 24 * 3600}],
    ['iat', {kind: 'int64', value: now}],
    ['nbf', {kind: 'int64', value: now}],
    ['email', {kind: 'string', value: `${user}@localhost`}],
    ['name', {kind: 'string', value: `Local User: ${user}`}],
  ]);
}

function callerClaims(req: DecisionRequest): Map<string, GoValue> {
  return req.as?.claims
    ? new Map(Object.entries(req.as.claims).map(([k, v]) => [k, fromJson(v)]))
    : localClaims(req.as?.local ?? 'user');
}

function target(req: DecisionRequest): 'tool' | 'prompt' | 'resource' {
  const targets = [req.tool, req.prompt, req.resource].filter((t) => t !== undefined);
  if (targets.length !== 1)
    throw new Error('a request names exactly one of tool, prompt, resource');
  return req.tool !== undefined ? 'tool' : req.prompt !== undefined ? 'prompt' : 'resource';
}

/** preprocessArguments (both releases): scalars keep their value, anything else is arg_<name>_present. */
function argAttributes(req: DecisionRequest): Map<string, GoValue> {
  const out = new Map<string, GoValue>();
  // resources/read carries no arguments (pkg/mcp/parser.go handleResourceReadMethod).
  if (!req.args || req.resource !== undefined) return out;
  for (const [k, raw] of Object.entries(req.args)) {
    const v = fromJson(raw);
    if (v.kind === 'string' || v.kind === 'bool' || v.kind === 'float64' || v.kind === 'int64')
      out.set(`arg_${k}`, v);
    else out.set(`arg_${k}_present`, {kind: 'bool', value: true});
  }
  return out;
}

// ---------------------------------------------------------------------------
// ToolHive v0.2.8
// ---------------------------------------------------------------------------

/** v0.2.8 convertToCedarValue: objects, nested arrays and null are left out. */
function toCedarV028(v: GoValue, inArray = false): CedarValue | undefined {
  switch (v.kind) {
    case 'string':
    case 'bool':
    case 'int64':
      return v.value;
    case 'float64': {
      const d = decimalFromFloat(v.value);
      return d === null ? undefined : {__extn: {fn: 'decimal', arg: d}};
    }
    case 'stringArray':
      return inArray ? undefined : [...v.items];
    case 'array':
      if (inArray) return undefined;
      return v.items
        .map((i) => toCedarV028(i, true))
        .filter((x) => x !== undefined) as CedarValue[];
    default:
      return undefined;
  }
}

function recordWith(
  values: Map<string, GoValue>,
  convert: (v: GoValue) => CedarValue | undefined,
): Record<string, CedarValue> {
  const out: Record<string, CedarValue> = {};
  for (const [k, v] of values) {
    const c = convert(v);
    if (c !== undefined) out[k] = c;
  }
  return out;
}

/** v0.2.8 sanitizeURIForCedar. */
export function sanitizeURIForCedar(uri: string): string {
  return uri.replace(/[:/\\?&=# .]/g, '_');
}

const MISSING_SUB = 'the caller has no string sub claim (ErrMissingPrincipal)';

function buildV028(req: DecisionRequest): BuiltRequest | {denied: string} {
  const claims = callerClaims(req);
  const sub = claims.get('sub');
  if (!sub || sub.kind !== 'string' || sub.value === '') return {denied: MISSING_SUB};
  const kind = target(req);
  const record = (m: Map<string, GoValue>) => recordWith(m, (v) => toCedarV028(v));

  // preprocessClaims and preprocessArguments
  const claimAttrs = new Map([...claims].map(([k, v]) => [`claim_${k}`, v] as [string, GoValue]));
  const argAttrs = argAttributes(req);

  const base = new Map<string, GoValue>();
  let actionId: string;
  let resourceType: string;
  let resourceId: string;
  if (kind === 'tool') {
    [actionId, resourceType, resourceId] = ['call_tool', 'Tool', req.tool!];
    base.set('name', {kind: 'string', value: req.tool!});
    base.set('operation', {kind: 'string', value: 'call'});
    base.set('feature', {kind: 'string', value: 'tool'});
  } else if (kind === 'prompt') {
    [actionId, resourceType, resourceId] = ['get_prompt', 'Prompt', req.prompt!];
    base.set('name', {kind: 'string', value: req.prompt!});
    base.set('operation', {kind: 'string', value: 'get'});
    base.set('feature', {kind: 'string', value: 'prompt'});
  } else {
    [actionId, resourceType, resourceId] = [
      'read_resource',
      'Resource',
      sanitizeURIForCedar(req.resource!),
    ];
    base.set('uri', {kind: 'string', value: req.resource!});
    base.set('operation', {kind: 'string', value: 'read'});
    base.set('feature', {kind: 'string', value: 'resource'});
  }
  // mergeContexts(base, args), then CreateResourceEntity sets name to the ID.
  const resourceAttrs = new Map([...base, ...argAttrs]);
  resourceAttrs.set('name', {kind: 'string', value: resourceId});

  const principal = {type: 'Client', id: sub.value};
  const action = {type: 'Action', id: actionId};
  const resource = {type: resourceType, id: resourceId};
  return {
    principal,
    action,
    resource,
    context: record(new Map([...claimAttrs, ...argAttrs])),
    entities: [
      {uid: principal, attrs: record(claimAttrs), parents: []},
      {uid: action, attrs: {operation: actionId}, parents: []},
      {uid: resource, attrs: record(resourceAttrs), parents: []},
    ],
  };
}

export const V0_2_8: CedarModel = {
  release: 'v0.2.8',
  fixed: {
    principal: ['claim_sub'],
    action: ['operation'],
    resource: ['name', 'operation', 'feature', 'uri'],
    context: [],
  },
  families: {
    principal: [/^claim_.+$/],
    action: [],
    resource: [/^arg_.+$/],
    context: [/^claim_.+$/, /^arg_.+$/],
  },
  carries: {
    principal: "only claim_<name> attributes, one per claim of the caller's token",
    action: 'only the attribute operation (the action ID)',
    resource:
      'only name, operation, feature, uri (resources) and arg_<name> (tool and prompt arguments)',
    context: 'only claim_<name> and arg_<name> attributes',
  },
  familyHolders: [
    {pattern: /^claim_.+$/, types: ['Client']},
    {pattern: /^arg_.+$/, types: ['Tool', 'Prompt']},
  ],
  cedarKeys: ['policies', 'entities_json'],
  configTypes: ['cedarv1'],
  build: (req) => buildV028(req),
};

// ---------------------------------------------------------------------------
// ToolHive v0.44.0
// ---------------------------------------------------------------------------

/** maxClaimNestingDepth of pkg/authz/authorizers/cedar/entity.go. */
const MAX_DEPTH = 10;

/** v0.44.0 convertToCedarValueAtDepth: objects become records, arrays sets, at any depth up to 10. */
function toCedarV044(v: GoValue, depth = 0): CedarValue | undefined {
  if (depth > MAX_DEPTH) return undefined;
  switch (v.kind) {
    case 'string':
    case 'bool':
    case 'int64':
      return v.value;
    case 'float64': {
      const d = decimalFromFloat(v.value);
      return d === null ? undefined : {__extn: {fn: 'decimal', arg: d}};
    }
    case 'stringArray':
      return [...v.items];
    case 'array':
      return v.items
        .map((i) => toCedarV044(i, depth + 1))
        .filter((x) => x !== undefined) as CedarValue[];
    case 'object': {
      const out: Record<string, CedarValue> = {};
      for (const [k, x] of v.entries) {
        const c = toCedarV044(x, depth + 1);
        if (c !== undefined) out[k] = c;
      }
      return out;
    }
    default:
      return undefined;
  }
}

/** resolveNestedClaim: a top-level key first, then a dot-separated path. */
function resolveNestedClaim(claims: Map<string, GoValue>, claimPath: string): GoValue | undefined {
  if (claimPath === '') return undefined;
  if (claims.has(claimPath)) return claims.get(claimPath);
  const parts = claimPath.split('.');
  if (parts.length < 2) return undefined;
  let current: GoValue = {kind: 'object', entries: claims};
  for (const segment of parts) {
    if (current.kind !== 'object' || !current.entries.has(segment)) return undefined;
    current = current.entries.get(segment)!;
  }
  return current;
}

/** extractGroups: only an array counts; its string elements are the groups. */
function extractGroups(
  claims: Map<string, GoValue>,
  claimName: string | undefined,
): string[] | null {
  if (!claimName) return null;
  const v = resolveNestedClaim(claims, claimName);
  if (!v || v.kind === 'null') return null;
  if (v.kind === 'array')
    return v.items.filter((i) => i.kind === 'string').map((i) => (i as {value: string}).value);
  if (v.kind === 'stringArray') return [...v.items];
  return null;
}

/** The groups that become the principal's parents (AuthorizeWithJWTClaims). */
function groupsOf(claims: Map<string, GoValue>, options: ConfigOptions): string[] {
  let groups = extractGroups(claims, options.group_claim_name);
  if (groups === null) {
    for (const name of ['groups', 'roles', 'cognito:groups']) {
      groups = extractGroups(claims, name);
      if (groups !== null) break;
    }
  }
  const roles = extractGroups(claims, options.role_claim_name) ?? [];
  if (groups === null && roles.length === 0) return [];
  return [...new Set([...(groups ?? []), ...roles])];
}

function stringTokens(items: GoValue[]): string[] {
  return items.filter((i) => i.kind === 'string').map((i) => (i as {value: string}).value);
}

/** normalizeMultiValuedClaims: listed claims become one space-separated string. */
function normalizeMultiValued(claims: Map<string, GoValue>, names: string[]): Map<string, GoValue> {
  if (names.length === 0) return claims;
  const out = new Map(claims);
  for (const name of names) {
    const v = claims.get(name);
    if (!v) continue;
    if (v.kind === 'array') out.set(name, {kind: 'string', value: stringTokens(v.items).join(' ')});
    else if (v.kind === 'stringArray') out.set(name, {kind: 'string', value: v.items.join(' ')});
  }
  return out;
}

/** addMultiValuedClaimSets: claimset_<name>, a set of the claim's elements. */
function multiValuedSets(claims: Map<string, GoValue>, names: string[]): Map<string, GoValue> {
  const out = new Map<string, GoValue>();
  for (const name of names) {
    const v = claims.get(name);
    if (!v) continue;
    if (v.kind === 'string')
      out.set(`claimset_${name}`, {
        kind: 'stringArray',
        items: v.value.split(/\s+/).filter((s) => s !== ''),
      });
    else if (v.kind === 'array')
      out.set(`claimset_${name}`, {kind: 'stringArray', items: stringTokens(v.items)});
    else if (v.kind === 'stringArray')
      out.set(`claimset_${name}`, {kind: 'stringArray', items: [...v.items]});
  }
  return out;
}

/** Tool annotations that the proxy passes to Cedar (pkg/authz/authorizers/annotations.go). */
export const TOOL_ANNOTATIONS = [
  'readOnlyHint',
  'destructiveHint',
  'idempotentHint',
  'openWorldHint',
];

/** The workload name used when a request names none. */
export const DEFAULT_SERVER = 'server';

function buildV044(req: DecisionRequest, options: ConfigOptions): BuiltRequest | {denied: string} {
  if (options.primary_upstream_provider)
    throw new Error(
      'primary_upstream_provider takes claims from an upstream token of the embedded authorization server; the check cannot build such requests',
    );
  const raw = callerClaims(req);
  // pkg/auth/context.go claimsToIdentity: a token without a string sub is refused
  // before authorization (401); the tsid claim is removed from the identity.
  const sub = raw.get('sub');
  if (!sub || sub.kind !== 'string' || sub.value === '')
    return {denied: 'the token has no string sub claim, so authentication refuses it (401)'};
  const claims = new Map(raw);
  if (req.as?.claims) claims.delete('tsid');
  const kind = target(req);
  const record = (m: Map<string, GoValue>) => recordWith(m, (v) => toCedarV044(v));

  const multi = options.multi_valued_claims ?? [];
  const groups = groupsOf(claims, options);
  const normalized = normalizeMultiValued(claims, multi);
  const claimAttrs = new Map(
    [...normalized].map(([k, v]) => [`claim_${k}`, v] as [string, GoValue]),
  );
  for (const [k, v] of multiValuedSets(claims, multi)) claimAttrs.set(k, v);
  const argAttrs = argAttributes(req);

  let actionId: string;
  let resourceType: string;
  let resourceId: string;
  let resourceAttrs: Map<string, GoValue>;
  const str = (value: string): GoValue => ({kind: 'string', value});
  if (kind === 'tool') {
    [actionId, resourceType, resourceId] = ['call_tool', 'Tool', req.tool!];
    // mergeContexts(annotations, args, base): the base attributes win.
    const annotations = new Map<string, GoValue>();
    for (const [k, v] of Object.entries(req.annotations ?? {})) {
      if (!TOOL_ANNOTATIONS.includes(k)) throw new Error(`unknown tool annotation "${k}"`);
      annotations.set(k, {kind: 'bool', value: v});
    }
    resourceAttrs = new Map([
      ...annotations,
      ...argAttrs,
      ['name', str(req.tool!)],
      ['operation', str('call')],
      ['feature', str('tool')],
    ]);
  } else if (kind === 'prompt') {
    if (req.annotations) throw new Error('only tools have annotations');
    [actionId, resourceType, resourceId] = ['get_prompt', 'Prompt', req.prompt!];
    resourceAttrs = new Map([
      ['name', str(req.prompt!)],
      ['operation', str('get')],
      ['feature', str('prompt')],
      ...argAttrs,
    ]);
  } else {
    if (req.annotations) throw new Error('only tools have annotations');
    // The URI is the entity ID as it is, and also its name and uri.
    [actionId, resourceType, resourceId] = ['read_resource', 'Resource', req.resource!];
    resourceAttrs = new Map([
      ['name', str(req.resource!)],
      ['uri', str(req.resource!)],
      ['operation', str('read')],
      ['feature', str('resource')],
    ]);
  }

  const groupType = options.group_entity_type || 'THVGroup';
  const principal = {type: 'Client', id: sub.value};
  const action = {type: 'Action', id: actionId};
  const resource = {type: resourceType, id: resourceId};
  const server = req.server ?? DEFAULT_SERVER;
  return {
    principal,
    action,
    resource,
    context: record(new Map([...claimAttrs, ...argAttrs])),
    entities: [
      {
        uid: principal,
        attrs: record(claimAttrs),
        parents: groups.map((g) => ({type: groupType, id: g})),
      },
      {uid: action, attrs: {operation: actionId}, parents: []},
      {uid: resource, attrs: record(resourceAttrs), parents: [{type: 'MCP', id: server}]},
    ],
  };
}

export const V0_44_0: CedarModel = {
  release: 'v0.44.0',
  fixed: {
    principal: ['claim_sub'],
    action: ['operation'],
    resource: ['name', 'operation', 'feature', 'uri', ...TOOL_ANNOTATIONS],
    context: [],
  },
  families: {
    principal: [/^claim_.+$/, /^claimset_.+$/],
    action: [],
    resource: [/^arg_.+$/],
    context: [/^claim_.+$/, /^claimset_.+$/, /^arg_.+$/],
  },
  carries: {
    principal:
      "only claim_<name> attributes, one per claim of the caller's token, and claimset_<name> for the claims that multi_valued_claims lists",
    action: 'only the attribute operation (the action ID)',
    resource:
      'only name, operation, feature, uri (resources), the tool annotations readOnlyHint, destructiveHint, idempotentHint and openWorldHint (tools), and arg_<name> (tool and prompt arguments)',
    context: 'only claim_<name>, claimset_<name> and arg_<name> attributes',
  },
  familyHolders: [
    {pattern: /^claim_.+$/, types: ['Client']},
    {pattern: /^claimset_.+$/, types: ['Client']},
    {pattern: /^arg_.+$/, types: ['Tool', 'Prompt']},
  ],
  cedarKeys: [
    'policies',
    'entities_json',
    'primary_upstream_provider',
    'group_claim_name',
    'role_claim_name',
    'group_entity_type',
    'multi_valued_claims',
  ],
  configTypes: ['cedarv1', 'httpv1'],
  build: buildV044,
};

const MODELS: Record<string, CedarModel> = {
  [V0_2_8.release]: V0_2_8,
  [V0_44_0.release]: V0_44_0,
};

/** The model of a release; fails for a release whose Cedar behaviour nobody has written down. */
export function cedarModel(release: string): CedarModel {
  const model = MODELS[release];
  if (!model)
    throw new Error(
      `no Cedar model for ToolHive ${release}: add one to scripts/checks/lib/cedar-model.ts`,
    );
  return model;
}
