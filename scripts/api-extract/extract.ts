/**
 * Extract the facts of the ToolHive API server (`thv serve`) at a release tag
 * into data/releases/<tag>/api/operations.json: every operation's method and
 * path, its path and query parameters, whether it reads a request body, each
 * status code it can answer with its content type and schema, the response
 * headers it sets, and the field names and types of every schema those reach.
 * No descriptions: the facts are names, codes and types only.
 *
 * Usage (from the repository root):
 *   tsx scripts/api-extract/extract.ts [--git-dir DIR] [--tag TAG] [--review FILE] [--out FILE]
 *
 * Defaults: --git-dir /work/.mirror/stacklok+toolhive/repo (a bare or normal
 * git directory of stacklok/toolhive), --tag v0.44.0,
 * --review data/releases/<tag>/api/handler-review.yaml,
 * --out data/releases/<tag>/api/operations.json. Files are read from the tag
 * with `git show`; nothing upstream is copied into this repository.
 *
 * Where the facts come from:
 * - The generated OpenAPI document at the tag (docs/server/swagger.yaml) gives
 *   the parameters' types, the request and response schemas and the schemas'
 *   fields. Its schemas are generated from the Go types, but its status codes
 *   come from handler comments and can be wrong.
 * - The Go source decides. The script reads the router (pkg/api/server.go and
 *   the routers in pkg/api and pkg/api/v1), the handlers and the helpers they
 *   call in the same package, and fails unless the facts agree with it: the
 *   same routes, the same query and path parameters, every status code a
 *   handler names, the headers it sets, and, for the schemas defined in the
 *   toolhive repository, the JSON names of their Go struct fields.
 * - The review file records what a person checked in the handler code where
 *   the generated document is wrong or silent: codes added (with the line at
 *   the tag that shows them), codes the release cannot send, renamed or added
 *   fields. Every line it cites is read at the tag and must contain the text
 *   quoted, so a review written for one release fails loudly against another.
 */
import {execFileSync} from 'node:child_process';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';
import {findRepoRoot} from '../checks/lib/code-blocks';
import {formatJson} from '../crd-extract/extract';
import {
  calledNames,
  imports,
  joinPath,
  jsonNames,
  listFuncs,
  parseRoutes,
  queryParams,
  responseHeaders,
  statusCodes,
  stringConst,
  typeDecls,
  urlParams,
  type GoFunc,
  type GoTypeDecl,
} from './go-source';

export const DEFAULT_GIT_DIR = '/work/.mirror/stacklok+toolhive/repo';
export const DEFAULT_TAG = 'v0.44.0';
export const SWAGGER_PATH = 'docs/server/swagger.yaml';

// ----- Facts format ---------------------------------------------------------

/**
 * A type, written compactly: `string`, `integer`, `number`, `boolean`, `any`,
 * `object` (free-form), `array<T>`, `map<T>` (an object whose values are T)
 * or `ref:Name` (a schema in `schemas`).
 */
export type TypeExpr = string;

export interface FactsParameter {
  name: string;
  in: 'path' | 'query';
  type: TypeExpr;
  required: boolean;
}

export interface FactsResponse {
  /** Media type of the body; null when the response has no body. */
  content: string | null;
  schema: TypeExpr | null;
  /** Response headers the handler sets, other than Content-Type. */
  headers?: string[];
  /** Other forms of the same status, such as a handler's own 401 beside the middleware's. */
  alternatives?: Array<{content: string | null; schema: TypeExpr | null}>;
}

export interface FactsOperation {
  method: string;
  path: string;
  tags: string[];
  parameters: FactsParameter[];
  requestBody: {required: boolean; content: string; schema: TypeExpr} | null;
  responses: Record<string, FactsResponse>;
}

export interface FactsSchema {
  /** `object` with named fields, `enum` of strings, or `alias` of another type. */
  kind: 'object' | 'enum' | 'alias';
  fields?: Record<string, TypeExpr>;
  /** The object also carries properties not listed (a raw document is passed through). */
  openEnded?: boolean;
  values?: string[];
  type?: TypeExpr;
  /** Where the Go type lives: a directory of the toolhive repository at the tag, or `external`. */
  origin: string;
}

export interface Facts {
  $comment: string;
  source: {repository: string; tag: string; commit: string; document: string};
  operations: FactsOperation[];
  schemas: Record<string, FactsSchema>;
}

// ----- Review file ----------------------------------------------------------

interface ReviewResponse {
  content?: string | null;
  schema?: string | null;
  headers?: string[];
  at?: string;
  note?: string;
}

interface ReviewOperation {
  define?: {tags: string[]; responses: Record<string, ReviewResponse>; at: string};
  add?: Record<string, ReviewResponse>;
  replace?: Record<string, ReviewResponse>;
  unreachable?: Record<string, {at?: string; note: string}>;
  requestBody?: {required?: boolean; remove?: boolean; at: string; note?: string};
  queryTypes?: Record<string, string>;
  ignoreCalls?: string[];
}

interface ReviewSchema {
  define?: Record<string, string>;
  rename?: Record<string, string>;
  add?: Record<string, string>;
  retype?: Record<string, string>;
  kind?: 'alias';
  type?: string;
  openEnded?: boolean;
  go?: string;
  at?: string;
  note?: string;
}

export interface Review {
  release: string;
  global: Record<string, ReviewResponse & {appliesTo: 'all' | 'requestBody'}>;
  operations: Record<string, ReviewOperation>;
  schemas: Record<string, ReviewSchema>;
}

// ----- Git access -----------------------------------------------------------

export class GitTree {
  private cache = new Map<string, string>();
  constructor(
    readonly gitDir: string,
    readonly tag: string,
  ) {}

  private git(args: string[]): string {
    return execFileSync('git', [`--git-dir=${this.gitDir}`, ...args], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
  }

  commit(): string {
    return this.git(['rev-parse', `${this.tag}^{commit}`]).trim();
  }

  show(file: string): string {
    let text = this.cache.get(file);
    if (text === undefined) {
      text = this.git(['show', `${this.tag}:${file}`]);
      this.cache.set(file, text);
    }
    return text;
  }

  /** Go source files (no tests) directly in a directory. */
  goFiles(dir: string): string[] {
    return this.git(['ls-tree', '--name-only', `${this.tag}`, `${dir}/`])
      .split('\n')
      .filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'));
  }

  /** `file:line:text` for every match of an extended regex in Go sources (no tests). */
  grep(pattern: string): Array<{file: string; line: number; text: string}> {
    let out = '';
    try {
      out = this.git(['grep', '-n', '-E', pattern, this.tag, '--', '*.go', ':!*_test.go']);
    } catch {
      return [];
    }
    return out
      .split('\n')
      .filter(Boolean)
      .map((l) => {
        const m = /^[^:]+:([^:]+):(\d+):(.*)$/.exec(l)!;
        return {file: m[1], line: Number(m[2]), text: m[3]};
      });
  }

  /** Check that `file:line text` holds at the tag. */
  checkEvidence(at: string, where: string): void {
    const m = /^(\S+):(\d+)\s+(.+)$/.exec(at);
    if (!m) throw new Error(`${where}: evidence "${at}" is not "file:line text"`);
    const line = this.show(m[1]).split('\n')[Number(m[2]) - 1] ?? '';
    if (!line.includes(m[3]))
      throw new Error(`${where}: ${m[1]}:${m[2]} at ${this.tag} does not contain "${m[3]}"`);
  }
}

// ----- Routes from the Go router ---------------------------------------------

export interface GoRoute {
  method: string;
  path: string;
  handler: string;
  /** Package directory that defines the handler. */
  dir: string;
  /** Receiver type the router binds the handler to, when it is a method. */
  receiver?: string;
  routerBody: string;
}

function packageFuncs(tree: GitTree, dir: string): GoFunc[] {
  return tree.goFiles(dir).flatMap((f) => listFuncs(tree.show(f)));
}

/** The routes `setupDefaultRoutes` mounts, read from pkg/api/server.go and the routers it calls. */
export function readRoutes(tree: GitTree): GoRoute[] {
  const server = listFuncs(tree.show('pkg/api/server.go')).find(
    (f) => f.name === 'setupDefaultRoutes',
  );
  if (!server) throw new Error('pkg/api/server.go has no setupDefaultRoutes');
  const mounts: Array<{prefix: string; router: string}> = [];
  for (const m of server.body.matchAll(/"(\/[^"]*)"\s*[:,]\s*(?:\w+\()?(?:v1\.)?(\w+Router)\(/g))
    mounts.push({prefix: m[1], router: m[2]});
  if (!mounts.length) throw new Error('no router mounts found in setupDefaultRoutes');
  const routes: GoRoute[] = [];
  for (const {prefix, router} of mounts) {
    const dir = ['pkg/api/v1', 'pkg/api'].find((d) =>
      packageFuncs(tree, d).some((f) => f.name === router),
    );
    if (!dir) throw new Error(`router ${router} not found in pkg/api or pkg/api/v1`);
    const funcs = packageFuncs(tree, dir);
    let fn = funcs.find((f) => f.name === router)!;
    let calls = parseRoutes(fn.body);
    if (!calls.length) {
      // A router that only delegates: `return helper(routes)`.
      const helper = /\breturn\s+(\w+)\(/.exec(fn.body)?.[1];
      const next = funcs.find((f) => f.name === helper);
      if (!next) throw new Error(`router ${router} registers no routes`);
      fn = {...next, body: `${fn.body}\n${next.body}`};
      calls = parseRoutes(next.body);
    }
    for (const c of calls) {
      const candidates = funcs.filter((f) => f.name === c.handler);
      if (!candidates.length) throw new Error(`handler ${c.handler} of ${router} not found`);
      const receiver =
        candidates.length === 1
          ? candidates[0].receiver
          : candidates.find((f) => f.receiver && fn.body.includes(`${f.receiver}{`))?.receiver;
      routes.push({
        method: c.method,
        path: joinPath(prefix, c.pattern),
        handler: c.handler,
        dir,
        receiver,
        routerBody: fn.body,
      });
    }
  }
  return routes;
}

/** Method names that satisfy standard interfaces; a call to one is not followed. */
const INTERFACE_METHODS = ['Error', 'String', 'Unwrap'];

export interface HandlerScan {
  query: string[];
  urlParams: string[];
  codes: number[];
  headers: string[];
  /** Functions followed, for messages. */
  followed: string[];
}

/** What a handler and the same-package helpers it calls read and write. */
export function scanHandler(
  tree: GitTree,
  route: GoRoute,
  ignoreCalls: string[] = [],
): HandlerScan {
  const funcs = packageFuncs(tree, route.dir);
  const pick = (name: string, receiver?: string): GoFunc | undefined => {
    const c = funcs.filter((f) => f.name === name);
    if (c.length <= 1) return c[0];
    return c.find((f) => f.receiver === receiver);
  };
  const start = pick(route.handler, route.receiver);
  if (!start) throw new Error(`${route.method} ${route.path}: handler ${route.handler} not found`);
  const seen = new Set<GoFunc>();
  const queue: Array<[GoFunc, number]> = [[start, 0]];
  const bodies: string[] = [];
  while (queue.length) {
    const [fn, depth] = queue.shift()!;
    if (seen.has(fn)) continue;
    seen.add(fn);
    bodies.push(fn.body);
    if (depth >= 4) continue;
    for (const name of calledNames(fn.body)) {
      // Interface methods such as Error() are called on values of other types.
      if (ignoreCalls.includes(name) || INTERFACE_METHODS.includes(name)) continue;
      const next = pick(name, fn.receiver);
      if (next && !seen.has(next)) queue.push([next, depth + 1]);
    }
  }
  const all = bodies.join('\n');
  const headers = responseHeaders(start.body).map((h) => resolveConstant(tree, route.dir, h));
  return {
    query: queryParams(all),
    urlParams: urlParams(start.body),
    codes: statusCodes(all),
    headers,
    followed: [...seen].map((f) => (f.receiver ? `${f.receiver}.${f.name}` : f.name)),
  };
}

/** Resolve `pkg.Name` to the string constant it names, through the package's imports. */
function resolveConstant(tree: GitTree, dir: string, expr: string): string {
  if (!/^\w+\.\w+$/.test(expr)) return expr;
  const [alias, name] = expr.split('.');
  for (const file of tree.goFiles(dir)) {
    const importPath = imports(tree.show(file))[alias];
    if (!importPath) continue;
    const target = importPath.replace(/^github\.com\/stacklok\/toolhive\//, '');
    if (target === importPath) break;
    for (const f of tree.goFiles(target)) {
      const value = stringConst(tree.show(f), name);
      if (value !== undefined) return value;
    }
  }
  throw new Error(`cannot resolve the header name ${expr} used in ${dir}`);
}

// ----- Types from the generated document ---------------------------------------

type SwaggerSchema = {
  type?: string | string[];
  $ref?: string;
  allOf?: SwaggerSchema[];
  oneOf?: SwaggerSchema[];
  items?: SwaggerSchema;
  additionalProperties?: SwaggerSchema | boolean;
  properties?: Record<string, SwaggerSchema>;
  enum?: unknown[];
};

const refName = (ref: string) => ref.replace('#/components/schemas/', '');

/** The compact type of a schema in the generated document. */
export function typeOf(s: SwaggerSchema | undefined): TypeExpr {
  if (!s) return 'any';
  if (s.$ref) return `ref:${refName(s.$ref)}`;
  if (s.allOf?.length === 1) return typeOf(s.allOf[0]);
  // swag writes an optional body as oneOf [object, $ref]: the $ref is the type.
  const oneRef = s.oneOf?.find((x) => x.$ref);
  if (oneRef) return typeOf(oneRef);
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (t === 'array') return `array<${typeOf(s.items)}>`;
  if (t === 'object' || (!t && s.properties)) {
    if (s.additionalProperties && typeof s.additionalProperties === 'object')
      return `map<${typeOf(s.additionalProperties)}>`;
    return 'object';
  }
  if (t === 'string' || t === 'integer' || t === 'number' || t === 'boolean') return t;
  if (!t) return 'any';
  throw new Error(`unknown schema type ${JSON.stringify(s)}`);
}

/** Schema names a type expression refers to. */
export function refsOf(t: TypeExpr): string[] {
  return [...t.matchAll(/ref:([^<>]+?)(?=>|$)/g)].map((m) => m[1]);
}

// ----- Building the facts ------------------------------------------------------------

type SwaggerOperation = {
  tags?: string[];
  parameters?: Array<{name: string; in: string; required?: boolean; schema?: SwaggerSchema}>;
  requestBody?: {required?: boolean; content?: Record<string, {schema?: SwaggerSchema}>};
  responses?: Record<
    string,
    {content?: Record<string, {schema?: SwaggerSchema}>; headers?: Record<string, unknown>}
  >;
};
type Swagger = {
  paths: Record<string, Record<string, SwaggerOperation>>;
  components: {
    schemas: Record<string, SwaggerSchema & {properties?: Record<string, SwaggerSchema>}>;
  };
};

function responseFromSwagger(
  code: string,
  r: NonNullable<SwaggerOperation['responses']>[string],
): FactsResponse {
  const [ct, body] = Object.entries(r.content ?? {})[0] ?? [];
  // 202 and 204 answers carry no body, whatever the comment says.
  if (code === '202' || code === '204' || !ct) return {content: null, schema: null};
  const schema = typeOf(body?.schema);
  // Handlers write error strings with http.Error, which sends text/plain.
  if (/^[45]/.test(code) && schema === 'string') return {content: 'text/plain', schema: 'string'};
  return {content: ct, schema};
}

function applyReviewResponse(base: FactsResponse | undefined, r: ReviewResponse): FactsResponse {
  return {
    content: r.content !== undefined ? r.content : (base?.content ?? null),
    schema: r.schema !== undefined ? r.schema : (base?.schema ?? null),
    ...((r.headers ?? base?.headers) ? {headers: r.headers ?? base?.headers} : {}),
  };
}

export function buildFacts(tree: GitTree, swagger: Swagger, review: Review): Facts {
  const problems: string[] = [];
  const evidence = (at: string | undefined, where: string) => {
    if (!at) {
      problems.push(`${where}: no evidence ("at") given`);
      return;
    }
    try {
      tree.checkEvidence(at, where);
    } catch (e) {
      problems.push((e as Error).message);
    }
  };

  const routes = readRoutes(tree);
  const routeKeys = new Set(routes.map((r) => `${r.method} ${r.path}`));
  for (const [p, item] of Object.entries(swagger.paths))
    for (const m of Object.keys(item))
      if (!routeKeys.has(`${m.toUpperCase()} ${p}`))
        problems.push(`${m.toUpperCase()} ${p}: in ${SWAGGER_PATH} but not mounted by the router`);
  for (const key of Object.keys(review.operations))
    if (!routeKeys.has(key)) problems.push(`review names ${key}, which the router does not mount`);

  const operations: FactsOperation[] = [];
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    const rv = review.operations[key] ?? {};
    const sw = swagger.paths[route.path]?.[route.method.toLowerCase()];
    const op: FactsOperation = {
      method: route.method,
      path: route.path,
      tags: [],
      parameters: [],
      requestBody: null,
      responses: {},
    };
    if (sw) {
      op.tags = sw.tags ?? [];
      for (const p of sw.parameters ?? []) {
        if (p.in !== 'path' && p.in !== 'query')
          problems.push(`${key}: parameter ${p.name} in ${p.in} is not supported`);
        op.parameters.push({
          name: p.name,
          in: p.in as 'path' | 'query',
          type: typeOf(p.schema),
          required: p.in === 'path' || Boolean(p.required),
        });
      }
      if (sw.requestBody) {
        const [ct, body] = Object.entries(sw.requestBody.content ?? {})[0] ?? [];
        op.requestBody = {
          required: Boolean(sw.requestBody.required),
          content: ct ?? 'application/json',
          schema: typeOf(body?.schema),
        };
      }
      for (const [code, r] of Object.entries(sw.responses ?? {}))
        op.responses[code] = {
          ...responseFromSwagger(code, r),
          ...(r.headers ? {headers: Object.keys(r.headers)} : {}),
        };
    } else if (rv.define) {
      evidence(rv.define.at, `${key} define`);
      op.tags = rv.define.tags;
      for (const [code, r] of Object.entries(rv.define.responses))
        op.responses[code] = applyReviewResponse(undefined, r);
    } else {
      problems.push(
        `${key}: mounted by the router but missing from ${SWAGGER_PATH} and the review`,
      );
      continue;
    }
    // Path parameters are whatever the route pattern declares.
    const patternParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const name of patternParams)
      if (!op.parameters.some((p) => p.in === 'path' && p.name === name))
        op.parameters.push({name, in: 'path', type: 'string', required: true});
    for (const p of op.parameters.filter((x) => x.in === 'path'))
      if (!patternParams.includes(p.name))
        problems.push(`${key}: path parameter ${p.name} is not in the route pattern`);
    if (rv.requestBody) {
      evidence(rv.requestBody.at, `${key} requestBody`);
      if (rv.requestBody.remove) op.requestBody = null;
      else if (op.requestBody && rv.requestBody.required !== undefined)
        op.requestBody.required = rv.requestBody.required;
    }

    for (const [code, r] of Object.entries(rv.add ?? {})) {
      evidence(r.at, `${key} add ${code}`);
      if (op.responses[code]) problems.push(`${key}: review adds ${code}, already present`);
      op.responses[code] = applyReviewResponse(undefined, r);
    }
    for (const [code, r] of Object.entries(rv.replace ?? {})) {
      if (r.at) evidence(r.at, `${key} replace ${code}`);
      if (!op.responses[code]) problems.push(`${key}: review replaces ${code}, which is absent`);
      op.responses[code] = applyReviewResponse(op.responses[code], r);
    }
    for (const [code, u] of Object.entries(rv.unreachable ?? {})) {
      if (u.at) evidence(u.at, `${key} unreachable ${code}`);
      delete op.responses[code];
    }

    // Global answers from middleware that every route passes through. When the
    // handler answers with the same code in another form, both forms are kept.
    for (const [code, g] of Object.entries(review.global)) {
      if (g.appliesTo === 'requestBody' && !op.requestBody) continue;
      const own = op.responses[code];
      op.responses[code] = applyReviewResponse(undefined, g);
      if (own && own.content !== op.responses[code].content)
        op.responses[code].alternatives = [{content: own.content, schema: own.schema}];
    }

    // Compare with what the handler code reads and writes.
    const scan = scanHandler(tree, route, rv.ignoreCalls);
    const declaredQuery = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    for (const q of scan.query)
      if (!declaredQuery.includes(q))
        problems.push(`${key}: the handler reads query parameter "${q}", the facts lack it`);
    for (const q of declaredQuery)
      if (!scan.query.includes(q))
        problems.push(`${key}: query parameter "${q}" is never read by the handler`);
    for (const [name, type] of Object.entries(rv.queryTypes ?? {})) {
      const p = op.parameters.find((x) => x.in === 'query' && x.name === name);
      if (p) p.type = type;
    }
    for (const u of scan.urlParams)
      if (!patternParams.includes(u))
        problems.push(`${key}: the handler reads path parameter "${u}" the route lacks`);
    const unreachable = Object.keys(rv.unreachable ?? {});
    for (const code of scan.codes) {
      const c = String(code);
      if (code === 200 || op.responses[c] || unreachable.includes(c)) continue;
      problems.push(
        `${key}: the handler code names ${c} (via ${scan.followed.join(', ')}); add it or mark it unreachable`,
      );
    }
    const declaredHeaders = Object.entries(op.responses)
      .filter(([code]) => !(code in review.global))
      .flatMap(([, r]) => r.headers ?? []);
    for (const h of scan.headers)
      if (!declaredHeaders.includes(h))
        problems.push(`${key}: the handler sets header ${h}, no response declares it`);
    for (const h of declaredHeaders)
      if (!scan.headers.includes(h))
        problems.push(`${key}: header ${h} is declared but the handler never sets it`);
    if (!op.tags.length) problems.push(`${key}: no tag`);
    op.parameters.sort((a, b) =>
      a.in === b.in ? a.name.localeCompare(b.name) : a.in === 'path' ? -1 : 1,
    );
    op.responses = Object.fromEntries(
      Object.entries(op.responses).sort(([a], [b]) => a.localeCompare(b)),
    );
    operations.push(op);
  }
  operations.sort((a, b) =>
    a.path === b.path ? a.method.localeCompare(b.method) : a.path.localeCompare(b.path),
  );

  const schemas = buildSchemas(tree, swagger, review, operations, problems, evidence);
  if (problems.length)
    throw new Error(`the facts disagree with the code:\n- ${problems.join('\n- ')}`);
  return {
    $comment:
      'Generated by scripts/api-extract/extract.ts from the release named in "source" and data/releases/<tag>/api/handler-review.yaml. Names, codes and types only. Do not edit: rerun the script.',
    source: {
      repository: 'stacklok/toolhive',
      tag: tree.tag,
      commit: tree.commit(),
      document: SWAGGER_PATH,
    },
    operations,
    schemas,
  };
}

// ----- Schemas and their Go structs --------------------------------------------------

interface GoTypeIndex {
  /** type name -> declarations found, with their directory. */
  byName: Map<string, Array<{dir: string; file: string}>>;
}

function indexGoTypes(tree: GitTree): GoTypeIndex {
  const byName = new Map<string, Array<{dir: string; file: string}>>();
  for (const hit of tree.grep(String.raw`^type [A-Za-z_][A-Za-z0-9_]* `)) {
    const name = /^type (\w+)/.exec(hit.text)![1];
    const list = byName.get(name) ?? [];
    list.push({dir: path.posix.dirname(hit.file), file: hit.file});
    byName.set(name, list);
  }
  return {byName};
}

/** The directory of the toolhive repo that a generated schema name points to, if any. */
function goLocation(
  index: GoTypeIndex,
  schemaName: string,
  hint: string | undefined,
): {dir: string; file: string; name: string} | 'external' | 'ambiguous' {
  const dot = schemaName.lastIndexOf('.');
  const pkg = schemaName.slice(0, dot);
  const name = schemaName.slice(dot + 1);
  const decls = index.byName.get(name) ?? [];
  let dirs: typeof decls;
  if (hint) dirs = decls.filter((d) => d.dir === hint);
  else if (pkg === 'pkg_api_v1') dirs = decls.filter((d) => d.dir === 'pkg/api/v1');
  else if (pkg.startsWith('github_com_stacklok_toolhive_'))
    dirs = decls.filter(
      (d) => d.dir === pkg.slice('github_com_stacklok_toolhive_'.length).replace(/_/g, '/'),
    );
  else dirs = decls.filter((d) => d.dir.split('/').pop() === pkg);
  if (!dirs.length) return 'external';
  if (dirs.length > 1) return 'ambiguous';
  return {...dirs[0], name};
}

/** JSON field names of a Go struct in the toolhive repo, with embedded structs flattened. */
function goJsonFields(
  tree: GitTree,
  index: GoTypeIndex,
  loc: {dir: string; file: string; name: string},
  seen = new Set<string>(),
): {fields: string[]; external: string[]; marshaler: boolean; decl: GoTypeDecl} {
  const key = `${loc.dir}.${loc.name}`;
  const src = tree.show(loc.file);
  const decl = typeDecls(src).find((d) => d.name === loc.name);
  if (!decl) throw new Error(`type ${loc.name} not found in ${loc.file}`);
  const marshaler = tree
    .goFiles(loc.dir)
    .some((f) =>
      new RegExp(String.raw`^func \(\w+ \*?${loc.name}\) MarshalJSON\(`, 'm').test(tree.show(f)),
    );
  if (decl.kind !== 'struct' || seen.has(key)) return {fields: [], external: [], marshaler, decl};
  seen.add(key);
  const {names, embedded} = jsonNames(decl.fields);
  const fields = Object.keys(names);
  const external: string[] = [];
  for (const e of embedded) {
    const t = e.type.replace(/^\*/, '');
    let target: {dir: string; file: string; name: string} | undefined;
    if (t.includes('.')) {
      const [alias, name] = t.split('.');
      const importPath = imports(src)[alias] ?? '';
      const dir = importPath.replace(/^github\.com\/stacklok\/toolhive\//, '');
      const hit =
        dir !== importPath ? index.byName.get(name)?.find((d) => d.dir === dir) : undefined;
      if (hit) target = {...hit, name};
    } else {
      const hit = index.byName.get(t)?.find((d) => d.dir === loc.dir);
      if (hit) target = {...hit, name: t};
    }
    if (!target) {
      external.push(e.type);
      continue;
    }
    fields.push(...goJsonFields(tree, index, target, seen).fields);
  }
  return {fields, external, marshaler, decl};
}

function buildSchemas(
  tree: GitTree,
  swagger: Swagger,
  review: Review,
  operations: FactsOperation[],
  problems: string[],
  evidence: (at: string | undefined, where: string) => void,
): Record<string, FactsSchema> {
  const index = indexGoTypes(tree);
  const out: Record<string, FactsSchema> = {};
  const queue: string[] = [];
  for (const op of operations) {
    if (op.requestBody) queue.push(...refsOf(op.requestBody.schema));
    for (const r of Object.values(op.responses)) if (r.schema) queue.push(...refsOf(r.schema));
  }
  for (const name of Object.keys(review.schemas))
    if (!swagger.components.schemas[name] && !review.schemas[name].define)
      problems.push(`review names schema ${name}, which the document does not have`);
  while (queue.length) {
    const name = queue.shift()!;
    if (out[name]) continue;
    const sw = swagger.components.schemas[name];
    const rv = review.schemas[name] ?? {};
    if (rv.at) evidence(rv.at, `schema ${name}`);
    let schema: FactsSchema;
    if (rv.define) {
      schema = {kind: 'object', fields: {...rv.define}, origin: 'external'};
    } else if (!sw) {
      problems.push(`schema ${name} is referenced but not defined`);
      continue;
    } else if (rv.kind === 'alias') {
      schema = {kind: 'alias', type: rv.type!, origin: 'external'};
    } else if (sw.enum) {
      schema = {kind: 'enum', values: sw.enum.map(String), origin: 'external'};
    } else if (sw.properties || typeOf(sw) === 'object' || typeOf(sw).startsWith('map<')) {
      const fields: Record<string, TypeExpr> = {};
      for (const [field, fs] of Object.entries(sw.properties ?? {})) {
        const inlineEnum = fs.enum && typeOf(fs) === 'string';
        fields[field] = inlineEnum ? `string(${fs.enum!.map(String).join('|')})` : typeOf(fs);
      }
      for (const [from, to] of Object.entries(rv.rename ?? {})) {
        if (!(from in fields)) problems.push(`schema ${name}: rename of absent field ${from}`);
        fields[to] = fields[from];
        delete fields[from];
      }
      for (const [field, t] of Object.entries(rv.add ?? {})) {
        if (field in fields) problems.push(`schema ${name}: review adds ${field}, already present`);
        fields[field] = t;
      }
      for (const [field, t] of Object.entries(rv.retype ?? {})) {
        if (!(field in fields)) problems.push(`schema ${name}: retype of absent field ${field}`);
        fields[field] = t;
      }
      const isMap = typeOf(sw).startsWith('map<') && !sw.properties;
      schema = isMap
        ? {kind: 'alias', type: typeOf(sw), origin: 'external'}
        : {kind: 'object', fields, origin: 'external', ...(rv.openEnded ? {openEnded: true} : {})};
    } else {
      schema = {kind: 'alias', type: rv.type ?? typeOf(sw), origin: 'external'};
    }
    if (rv.type && schema.kind === 'alias') schema.type = rv.type;

    // Compare with the Go struct when the toolhive repository defines it.
    const loc = goLocation(index, name, rv.go);
    if (loc === 'ambiguous') {
      problems.push(`schema ${name}: several Go types match; name the directory with "go"`);
    } else if (loc !== 'external') {
      schema.origin = loc.dir;
      const go = goJsonFields(tree, index, loc);
      if (go.marshaler && !rv.openEnded && !rv.note)
        problems.push(`schema ${name}: ${loc.dir}.${loc.name} has its own MarshalJSON; review it`);
      if (schema.kind === 'object' && go.decl.kind === 'struct') {
        const have = Object.keys(schema.fields!);
        const missing = go.fields.filter((f) => !have.includes(f));
        const extra = have.filter((f) => !go.fields.includes(f));
        if ((missing.length || extra.length) && !go.external.length)
          problems.push(
            `schema ${name} (${loc.file}): Go encodes [${missing.join(', ')}] the facts lack; the facts have [${extra.join(', ')}] Go does not encode`,
          );
      }
    }
    out[name] = schema;
    const types =
      schema.kind === 'object' ? Object.values(schema.fields!) : schema.type ? [schema.type] : [];
    for (const t of types) queue.push(...refsOf(t));
  }
  for (const name of Object.keys(review.schemas))
    if (!out[name]) problems.push(`review names schema ${name}, which no operation reaches`);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

// ----- Command line ------------------------------------------------------------------

async function main(argv: string[]): Promise<number> {
  let gitDir = DEFAULT_GIT_DIR;
  let tag = DEFAULT_TAG;
  let reviewFile: string | undefined;
  let out: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--git-dir') gitDir = argv[++i];
    else if (a === '--tag') tag = argv[++i];
    else if (a === '--review') reviewFile = argv[++i];
    else if (a === '--out') out = argv[++i];
    else {
      console.error(
        'usage: tsx scripts/api-extract/extract.ts [--git-dir DIR] [--tag TAG] [--review FILE] [--out FILE]',
      );
      return 2;
    }
  }
  const root = findRepoRoot();
  const reviewPath = path.resolve(
    root,
    reviewFile ?? `data/releases/${tag}/api/handler-review.yaml`,
  );
  const outPath = path.resolve(root, out ?? `data/releases/${tag}/api/operations.json`);
  const review = parseYaml(readFileSync(reviewPath, 'utf8')) as Review;
  if (review.release !== tag)
    throw new Error(`${reviewPath} reviews ${review.release}, not ${tag}`);
  const tree = new GitTree(gitDir, tag);
  const swagger = parseYaml(tree.show(SWAGGER_PATH)) as Swagger;
  const facts = buildFacts(tree, swagger, review);
  mkdirSync(path.dirname(outPath), {recursive: true});
  writeFileSync(outPath, await formatJson(facts, outPath));
  const fields = Object.values(facts.schemas).reduce(
    (n, s) => n + Object.keys(s.fields ?? {}).length,
    0,
  );
  console.log(
    `wrote ${path.relative(process.cwd(), outPath)}: ${facts.operations.length} operations, ${Object.keys(facts.schemas).length} schemas, ${fields} fields`,
  );
  return 0;
}

if (process.argv[1] && /api-extract[\\/]extract\.[cm]?[jt]s$/.test(process.argv[1]))
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (err: Error) => {
      console.error(err.message);
      process.exitCode = 1;
    },
  );
