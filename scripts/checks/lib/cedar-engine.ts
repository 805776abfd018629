/**
 * Cedar policies judged by the Cedar engine itself (@cedar-policy/cedar-wasm),
 * against the schema of what a ToolHive release builds
 * (data/releases/<release>/cedar/toolhive.cedarschema), and Cedar requests
 * built the way that release builds them (cedar-model.ts). Functions take the
 * release's model and default to ToolHive v0.2.8.
 *
 * - parse: every policy must parse; an entry of a ToolHive policy list must
 *   hold exactly one policy (ToolHive parses each entry with cedar-go's
 *   Policy.UnmarshalCedar).
 * - validate: strict validation against the schema. The attributes that
 *   depend on the request (claim_<name>, arg_<name>, and from v0.44.0
 *   claimset_<name>) are checked by name here, then declared as optional
 *   attributes with each type ToolHive can give them; a policy passes when
 *   one choice of types validates.
 * - decide: a request (caller, tool, prompt or resource, arguments) becomes
 *   the principal, action and resource entities and the context that the
 *   release builds, and Cedar's isAuthorized answers. Like ToolHive, a
 *   request is denied when any policy fails with an error, even if another
 *   one permits it.
 */
import {readFileSync} from 'node:fs';
import * as cedar from '@cedar-policy/cedar-wasm/nodejs';
import {
  V0_2_8,
  type BuiltRequest,
  type CedarModel,
  type ConfigOptions,
  type DecisionRequest,
  type Var,
} from './cedar-model';

export type {
  BuiltRequest,
  Caller,
  CedarModel,
  ConfigOptions,
  DecisionRequest,
  Var,
} from './cedar-model';
export {cedarModel, decimalFromFloat, sanitizeURIForCedar} from './cedar-model';

export type SchemaJson = cedar.SchemaJson<string>;

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

/** Fixed attributes of each variable in ToolHive v0.2.8, besides the dynamic families. */
export const FIXED_ATTRIBUTES: Record<Var, string[]> = V0_2_8.fixed;

function isDynamic(model: CedarModel, on: Var, name: string): boolean {
  return model.families[on].some((re) => re.test(name));
}

/** A message when a policy reads an attribute that ToolHive never sets there. */
export function attributeNameProblem(use: AttributeUse, model: CedarModel = V0_2_8): string | null {
  const {on, name} = use;
  if (model.fixed[on].includes(name)) return null;
  if (isDynamic(model, on, name)) return null;
  return `${on}.${name}: ToolHive ${model.release} never sets this attribute; the ${on} has ${model.carries[on]}`;
}

/** Cedar types ToolHive can give a claim (convertToCedarValue). */
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
/** claimset_<name> (v0.44.0): always a set of strings. */
const CLAIMSET_TYPES: cedar.Type<string>[] = [{type: 'Set', element: {type: 'String'}}];

function candidateTypes(name: string): cedar.Type<string>[] {
  if (/^claimset_.+$/.test(name)) return CLAIMSET_TYPES;
  if (/^claim_.+$/.test(name)) return CLAIM_TYPES;
  // arg_<name>_present is true, but an argument may also be named so.
  return ARG_TYPES;
}

/** The schema with the dynamic attributes declared, optional, with the given types. */
function withDynamicAttributes(
  schema: SchemaJson,
  types: Map<string, cedar.Type<string>>,
  model: CedarModel,
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
        if (model.familyHolders.some((h) => h.pattern.test(name) && h.types.includes(typeName)))
          declare(shape, name);
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
 * Validate one policy (which parses) against the schema of a release. Returns
 * the problems of the typing of the dynamic attributes that leaves the fewest.
 */
export function validatePolicy(
  policyText: string,
  schema: SchemaJson,
  model: CedarModel = V0_2_8,
): PolicyProblem[] {
  const uses = attributeUses(policyText);
  const problems: PolicyProblem[] = [];
  const badNames = new Set<string>();
  for (const use of uses) {
    const p = attributeNameProblem(use, model);
    if (p) {
      problems.push({message: p});
      badNames.add(use.name);
    }
  }
  const dynamic = [
    ...new Set(
      uses
        .filter((u) => !badNames.has(u.name) && !model.fixed[u.on].includes(u.name))
        .map((u) => u.name),
    ),
  ].sort();
  let best: PolicyProblem[] | null = null;
  for (const types of typings(dynamic)) {
    const answer = cedar.validate({
      schema: withDynamicAttributes(schema, types, model),
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
// Requests, built the way each ToolHive release builds them (cedar-model.ts)
// ---------------------------------------------------------------------------

/**
 * The Cedar request a release sends for an MCP request, or an error message
 * when ToolHive denies it before Cedar runs. Without a model, ToolHive v0.2.8.
 */
export function buildRequest(
  req: DecisionRequest,
  model: CedarModel = V0_2_8,
  options: ConfigOptions = {},
): BuiltRequest | {denied: string} {
  return model.build(req, options);
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
  model: CedarModel = V0_2_8,
  options: ConfigOptions = {},
): DecisionResult {
  const built = buildRequest(request, model, options);
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
