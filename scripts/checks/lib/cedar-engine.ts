/**
 * Cedar policies judged by the Cedar engine itself (@cedar-policy/cedar-wasm),
 * against a schema of what ToolHive v0.2.8 builds (data/releases/v0.2.8/cedar/toolhive.cedarschema),
 * and Cedar requests built the way ToolHive v0.2.8 builds them.
 *
 * - parse: every policy must parse; an entry of a ToolHive policy list must
 *   hold exactly one policy (pkg/authz/cedar.go parses each entry with
 *   cedar-go's Policy.UnmarshalCedar).
 * - validate: strict validation against the schema. The attributes that
 *   depend on the request (claim_<name>, arg_<name>) are checked by name
 *   here, then declared as optional attributes with each type ToolHive can
 *   give them; a policy passes when one choice of types validates.
 * - decide: a request (caller, tool, prompt or resource, arguments) becomes
 *   the principal, action and resource entities and the context that
 *   pkg/authz/cedar.go and cedar_entity.go build, and Cedar's isAuthorized
 *   answers. Like ToolHive, a request is denied when any policy fails with an
 *   error, even if another one permits it.
 */
import {readFileSync} from 'node:fs';
import * as cedar from '@cedar-policy/cedar-wasm/nodejs';

export type SchemaJson = cedar.SchemaJson<string>;
type CedarValue = cedar.CedarValueJson;

/** A problem in one policy text: a message and, when known, the offset in the text. */
export interface PolicyProblem {
  message: string;
  offset?: number;
}

/** The engine's version, for messages and the report. */
export function cedarVersion(): string {
  return cedar.getCedarVersion();
}

/** Read a Cedar schema in the human-readable format and return it in JSON form. */
export function loadCedarSchema(file: string): SchemaJson {
  return cedarSchemaToJson(readFileSync(file, 'utf8'));
}

export function cedarSchemaToJson(text: string): SchemaJson {
  const answer = cedar.schemaToJson(text);
  if (answer.type !== 'success')
    throw new Error(
      `Cedar schema does not parse: ${answer.errors.map((e) => e.message).join('; ')}`,
    );
  return answer.json;
}

function describe(e: cedar.DetailedError): string {
  return e.help ? `${e.message} (${e.help})` : e.message;
}

function firstOffset(e: cedar.DetailedError): number | undefined {
  return e.sourceLocations?.[0]?.start;
}

/** Split policy text into its policies, with the offset of each in the text. */
export function splitPolicies(
  text: string,
): {ok: true; parts: {text: string; offset: number}[]} | {ok: false; problems: PolicyProblem[]} {
  const parsed = cedar.checkParsePolicySet({staticPolicies: text});
  if (parsed.type !== 'success') {
    return {
      ok: false,
      problems: parsed.errors.map((e) => ({
        message: `does not parse: ${describe(e)}`,
        offset: firstOffset(e),
      })),
    };
  }
  const answer = cedar.policySetTextToParts(text);
  if (answer.type !== 'success')
    return {ok: false, problems: answer.errors.map((e) => ({message: describe(e)}))};
  const parts: {text: string; offset: number}[] = [];
  let from = 0;
  for (const part of answer.policies) {
    const at = text.indexOf(part, from);
    parts.push({text: part, offset: at < 0 ? from : at});
    if (at >= 0) from = at + part.length;
  }
  return {ok: true, parts};
}

// ---------------------------------------------------------------------------
// Attributes that depend on the request
// ---------------------------------------------------------------------------

export type Var = 'principal' | 'action' | 'resource' | 'context';

export interface AttributeUse {
  on: Var;
  name: string;
}

/** The attributes a policy reads directly on principal, action, resource or context. */
export function attributeUses(policyText: string): AttributeUse[] {
  const answer = cedar.policyToJson(policyText);
  if (answer.type !== 'success') return [];
  const uses: AttributeUse[] = [];
  const seen = new Set<string>();
  const add = (on: Var, name: string) => {
    const key = `${on}.${name}`;
    if (seen.has(key)) return;
    seen.add(key);
    uses.push({on, name});
  };
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const obj = node as Record<string, unknown>;
    for (const op of ['.', 'has']) {
      const access = obj[op] as {left?: unknown; attr?: string | string[]} | undefined;
      if (access && typeof access === 'object' && 'attr' in access) {
        const left = access.left as {Var?: Var} | undefined;
        const attr = Array.isArray(access.attr) ? access.attr[0] : access.attr;
        if (left?.Var && typeof attr === 'string') add(left.Var, attr);
      }
    }
    for (const value of Object.values(obj)) walk(value);
  };
  walk(answer.json.conditions);
  return uses;
}

/** Fixed attributes of each variable, besides the dynamic families. */
export const FIXED_ATTRIBUTES: Record<Var, string[]> = {
  principal: ['claim_sub'],
  action: ['operation'],
  resource: ['name', 'operation', 'feature', 'uri'],
  context: [],
};

const CLAIM = /^claim_.+$/;
const ARG = /^arg_.+$/;

/** A message when a policy reads an attribute that ToolHive never sets there. */
export function attributeNameProblem(use: AttributeUse): string | null {
  const {on, name} = use;
  if (FIXED_ATTRIBUTES[on].includes(name)) return null;
  if (on === 'principal' && CLAIM.test(name)) return null;
  if (on === 'context' && (CLAIM.test(name) || ARG.test(name))) return null;
  if (on === 'resource' && ARG.test(name)) return null;
  const has: Record<Var, string> = {
    principal: "only claim_<name> attributes, one per claim of the caller's token",
    action: 'only the attribute operation (the action ID)',
    resource:
      'only name, operation, feature, uri (resources) and arg_<name> (tool and prompt arguments)',
    context: 'only claim_<name> and arg_<name> attributes',
  };
  return `${on}.${name}: ToolHive v0.2.8 never sets this attribute; the ${on} has ${has[on]}`;
}

/** Cedar types ToolHive can give a claim (pkg/authz/cedar_entity.go convertToCedarValue). */
const SCALARS: cedar.Type<string>[] = [
  {type: 'String'},
  {type: 'Boolean'},
  {type: 'Long'},
  {type: 'Extension', name: 'decimal'},
];
const CLAIM_TYPES: cedar.Type<string>[] = [
  ...SCALARS,
  ...SCALARS.map((element) => ({type: 'Set', element}) as cedar.Type<string>),
];
/** Arguments come from JSON: strings, booleans and numbers (float64, so decimal). */
const ARG_TYPES: cedar.Type<string>[] = [
  {type: 'String'},
  {type: 'Boolean'},
  {type: 'Extension', name: 'decimal'},
];

function candidateTypes(name: string): cedar.Type<string>[] {
  if (CLAIM.test(name)) return CLAIM_TYPES;
  // arg_<name>_present is true, but an argument may also be named so.
  return ARG_TYPES;
}

/** The schema with the dynamic attributes declared, optional, with the given types. */
function withDynamicAttributes(
  schema: SchemaJson,
  types: Map<string, cedar.Type<string>>,
): SchemaJson {
  const copy = JSON.parse(JSON.stringify(schema)) as SchemaJson;
  for (const ns of Object.values(copy)) {
    const declare = (record: cedar.RecordType<string>, name: string) => {
      if (record.attributes[name]) return;
      record.attributes[name] = {
        ...types.get(name)!,
        required: false,
      } as cedar.TypeOfAttribute<string>;
    };
    for (const [typeName, entity] of Object.entries(ns.entityTypes)) {
      const shape = (entity as cedar.StandardEntityType<string>).shape as
        (cedar.RecordType<string> & {type: 'Record'}) | undefined;
      if (!shape) continue;
      for (const name of types.keys()) {
        if (typeName === 'Client' && CLAIM.test(name)) declare(shape, name);
        if ((typeName === 'Tool' || typeName === 'Prompt') && ARG.test(name)) declare(shape, name);
      }
    }
    for (const action of Object.values(ns.actions)) {
      const applies = action.appliesTo;
      if (!applies) continue;
      const context = (applies.context ?? {
        type: 'Record',
        attributes: {},
      }) as cedar.RecordType<string> & {
        type: 'Record';
      };
      for (const name of types.keys()) declare(context, name);
      applies.context = context as cedar.AttributesOrContext<string>;
    }
  }
  return copy;
}

/** Every way to give each dynamic name one of its candidate types (names in a stable order). */
function* typings(names: string[]): Generator<Map<string, cedar.Type<string>>> {
  if (names.length === 0) {
    yield new Map();
    return;
  }
  const [first, ...rest] = names;
  for (const t of candidateTypes(first)) {
    for (const tail of typings(rest)) {
      const m = new Map(tail);
      m.set(first, t);
      yield m;
    }
  }
}

/** ToolHive sets action.operation, which a Cedar schema cannot declare on an action. */
function isActionOperationError(message: string): boolean {
  return /attribute `operation` on entity type `Action` not found/.test(message);
}

/**
 * Validate one policy (which parses) against the schema. Returns the problems
 * of the typing of the dynamic attributes that leaves the fewest.
 */
export function validatePolicy(policyText: string, schema: SchemaJson): PolicyProblem[] {
  const uses = attributeUses(policyText);
  const problems: PolicyProblem[] = [];
  const badNames = new Set<string>();
  for (const use of uses) {
    const p = attributeNameProblem(use);
    if (p) {
      problems.push({message: p});
      badNames.add(use.name);
    }
  }
  const dynamic = [
    ...new Set(
      uses
        .filter((u) => !badNames.has(u.name) && !FIXED_ATTRIBUTES[u.on].includes(u.name))
        .map((u) => u.name),
    ),
  ].sort();
  let best: PolicyProblem[] | null = null;
  for (const types of typings(dynamic)) {
    const answer = cedar.validate({
      schema: withDynamicAttributes(schema, types),
      policies: {staticPolicies: {policy: policyText}},
      validationSettings: {mode: 'strict'},
    });
    if (answer.type !== 'success') {
      best = answer.errors.map((e) => ({message: `schema or policy rejected: ${describe(e)}`}));
      break;
    }
    const found: PolicyProblem[] = [];
    for (const v of [...answer.validationErrors, ...answer.validationWarnings]) {
      const message = v.error.message.replace(/^for policy `policy`, /, '');
      if (isActionOperationError(message)) continue;
      if ([...badNames].some((n) => message.includes(`\`${n}\``))) continue;
      found.push({
        message: v.error.help ? `${message} (${v.error.help})` : message,
        offset: firstOffset(v.error),
      });
    }
    if (!best || found.length < best.length) best = found;
    if (found.length === 0) break;
  }
  return [...problems, ...(best ?? [])];
}

// ---------------------------------------------------------------------------
// Requests, built the way ToolHive v0.2.8 builds them
// ---------------------------------------------------------------------------

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
}

/** A Go value after JSON decoding or from ToolHive's own claims. */
type GoValue =
  | {kind: 'string'; value: string}
  | {kind: 'bool'; value: boolean}
  | {kind: 'int64'; value: number}
  | {kind: 'float64'; value: number}
  | {kind: 'array'; items: GoValue[]}
  | {kind: 'object'}
  | {kind: 'null'};

/** encoding/json into interface{}: numbers become float64. */
function fromJson(v: unknown): GoValue {
  if (v === null || v === undefined) return {kind: 'null'};
  if (typeof v === 'string') return {kind: 'string', value: v};
  if (typeof v === 'boolean') return {kind: 'bool', value: v};
  if (typeof v === 'number') return {kind: 'float64', value: v};
  if (Array.isArray(v)) return {kind: 'array', items: v.map(fromJson)};
  return {kind: 'object'};
}

/** cedar-go v1.2.6 NewDecimalFromFloat: value*10000 truncated to int64; overflow is an error. */
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

/** pkg/authz/cedar_entity.go convertToCedarValue; null means the attribute is left out. */
function toCedar(v: GoValue, inArray = false): CedarValue | undefined {
  switch (v.kind) {
    case 'string':
      return v.value;
    case 'bool':
      return v.value;
    case 'int64':
      return v.value;
    case 'float64': {
      const d = decimalFromFloat(v.value);
      return d === null ? undefined : {__extn: {fn: 'decimal', arg: d}};
    }
    case 'array':
      if (inArray) return undefined;
      return v.items.map((i) => toCedar(i, true)).filter((x) => x !== undefined) as CedarValue[];
    default:
      return undefined;
  }
}

function record(values: Map<string, GoValue>): Record<string, CedarValue> {
  const out: Record<string, CedarValue> = {};
  for (const [k, v] of values) {
    const c = toCedar(v);
    if (c !== undefined) out[k] = c;
  }
  return out;
}

/** The claims of pkg/auth LocalUserMiddleware; exp, iat and nbf are int64 there. */
function localClaims(user: string): Map<string, GoValue> {
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

/** pkg/authz/cedar.go sanitizeURIForCedar. */
export function sanitizeURIForCedar(uri: string): string {
  return uri.replace(/[:/\\?&=# .]/g, '_');
}

export interface BuiltRequest {
  principal: cedar.EntityUid;
  action: cedar.EntityUid;
  resource: cedar.EntityUid;
  context: Record<string, CedarValue>;
  entities: cedar.EntityJson[];
}

/**
 * The Cedar request ToolHive v0.2.8 sends for an MCP request, or an error
 * message when ToolHive denies it before Cedar runs.
 */
export function buildRequest(req: DecisionRequest): BuiltRequest | {denied: string} {
  const claims: Map<string, GoValue> = req.as?.claims
    ? new Map(Object.entries(req.as.claims).map(([k, v]) => [k, fromJson(v)]))
    : localClaims(req.as?.local ?? 'user');
  const sub = claims.get('sub');
  if (!sub || sub.kind !== 'string' || sub.value === '')
    return {denied: 'the caller has no string sub claim (ErrMissingPrincipal)'};

  const targets = [req.tool, req.prompt, req.resource].filter((t) => t !== undefined);
  if (targets.length !== 1)
    throw new Error('a request names exactly one of tool, prompt, resource');

  // preprocessClaims and preprocessArguments
  const claimAttrs = new Map([...claims].map(([k, v]) => [`claim_${k}`, v] as [string, GoValue]));
  const argAttrs = new Map<string, GoValue>();
  if (req.args && req.resource === undefined) {
    for (const [k, raw] of Object.entries(req.args)) {
      const v = fromJson(raw);
      if (v.kind === 'string' || v.kind === 'bool' || v.kind === 'float64' || v.kind === 'int64')
        argAttrs.set(`arg_${k}`, v);
      else argAttrs.set(`arg_${k}_present`, {kind: 'bool', value: true});
    }
  }

  let actionId: string;
  let resourceType: string;
  let resourceId: string;
  const base = new Map<string, GoValue>();
  if (req.tool !== undefined) {
    actionId = 'call_tool';
    resourceType = 'Tool';
    resourceId = req.tool;
    base.set('name', {kind: 'string', value: req.tool});
    base.set('operation', {kind: 'string', value: 'call'});
    base.set('feature', {kind: 'string', value: 'tool'});
  } else if (req.prompt !== undefined) {
    actionId = 'get_prompt';
    resourceType = 'Prompt';
    resourceId = req.prompt;
    base.set('name', {kind: 'string', value: req.prompt});
    base.set('operation', {kind: 'string', value: 'get'});
    base.set('feature', {kind: 'string', value: 'prompt'});
  } else {
    actionId = 'read_resource';
    resourceType = 'Resource';
    resourceId = sanitizeURIForCedar(req.resource!);
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

export interface DecisionResult {
  decision: 'allow' | 'deny';
  /** Why: the policies that decided, the errors, or ToolHive's own refusal. */
  reason: string;
}

/** Parse a ToolHive entities_json string (cedar.EntityMap JSON). */
export function parseEntitiesJson(text: string): {entities: cedar.EntityJson[]} | {error: string} {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return {error: `is not JSON: ${(e as Error).message}`};
  }
  if (!Array.isArray(value)) return {error: 'must be a JSON array of entities'};
  const checked = cedar.checkParseEntities({entities: value as cedar.EntityJson[]});
  if (checked.type !== 'success')
    return {error: `is not a list of Cedar entities: ${checked.errors.map(describe).join('; ')}`};
  return {entities: value as cedar.EntityJson[]};
}

function uidKey(uid: cedar.EntityUidJson): string {
  const u = ('__entity' in uid ? uid.__entity : uid) as cedar.TypeAndId;
  return `${u.type}::${JSON.stringify(u.id)}`;
}

/**
 * Decide a request with the given policies, as CedarAuthorizer.IsAuthorized
 * does: request entities replace entities_json entities with the same ID, and
 * any evaluation error means deny.
 */
export function decide(
  policies: string[],
  request: DecisionRequest,
  entitiesJson: cedar.EntityJson[] = [],
): DecisionResult {
  const built = buildRequest(request);
  if ('denied' in built) return {decision: 'deny', reason: built.denied};
  const own = new Set(built.entities.map((e) => uidKey(e.uid)));
  const entities = [...entitiesJson.filter((e) => !own.has(uidKey(e.uid))), ...built.entities];
  const staticPolicies: Record<string, string> = {};
  policies.forEach((p, i) => {
    staticPolicies[`policy${i}`] = p;
  });
  const answer = cedar.isAuthorized({
    principal: built.principal,
    action: built.action,
    resource: built.resource,
    context: built.context,
    policies: {staticPolicies},
    entities,
  });
  if (answer.type !== 'success')
    return {decision: 'deny', reason: `Cedar failed: ${answer.errors.map(describe).join('; ')}`};
  const {decision, diagnostics} = answer.response;
  if (diagnostics.errors.length > 0) {
    return {
      decision: 'deny',
      reason: `evaluation error in ${diagnostics.errors
        .map((e) => `${e.policyId}: ${e.error.message}`)
        .join('; ')}`,
    };
  }
  const by =
    diagnostics.reason.length > 0 ? `by ${diagnostics.reason.join(', ')}` : 'no policy applies';
  return {decision, reason: by};
}
