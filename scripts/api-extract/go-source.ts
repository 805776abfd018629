/**
 * Small, dependency-free readers for the parts of ToolHive's Go source that
 * the API extract needs: function bodies, chi route registrations, query
 * parameters, status codes and response headers a handler writes, imports,
 * constants and struct fields with their JSON names.
 *
 * These are not a Go parser. They read the source the way it is written in
 * `pkg/api` at a release tag (gofmt'ed code, one declaration per line) and
 * throw when they meet a form they do not understand, so nothing is skipped
 * silently.
 */

/** Replace comments with spaces (keeping line breaks), leaving strings intact. */
export function stripComments(src: string): string {
  let out = '';
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    const next = src[i + 1];
    if (c === '/' && next === '/') {
      while (i < src.length && src[i] !== '\n') {
        out += ' ';
        i += 1;
      }
    } else if (c === '/' && next === '*') {
      out += '  ';
      i += 2;
      while (i < src.length && !(src[i] === '*' && src[i + 1] === '/')) {
        out += src[i] === '\n' ? '\n' : ' ';
        i += 1;
      }
      out += '  ';
      i += 2;
    } else if (c === '"' || c === "'") {
      const quote = c;
      out += c;
      i += 1;
      while (i < src.length && src[i] !== quote) {
        if (src[i] === '\\') {
          out += src[i];
          i += 1;
        }
        out += src[i];
        i += 1;
      }
      out += src[i] ?? '';
      i += 1;
    } else if (c === '`') {
      out += c;
      i += 1;
      while (i < src.length && src[i] !== '`') {
        out += src[i];
        i += 1;
      }
      out += src[i] ?? '';
      i += 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** Index just after the brace that closes the one at `open` (comments already stripped). */
export function matchBrace(src: string, open: number): number {
  if (src[open] !== '{') throw new Error(`expected "{" at offset ${open}`);
  let depth = 0;
  let i = open;
  while (i < src.length) {
    const c = src[i];
    if (c === '"' || c === "'" || c === '`') {
      const quote = c;
      i += 1;
      while (i < src.length && src[i] !== quote) i += src[i] === '\\' && quote !== '`' ? 2 : 1;
    } else if (c === '{') depth += 1;
    else if (c === '}') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
    i += 1;
  }
  throw new Error(`unbalanced braces from offset ${open}`);
}

export interface GoFunc {
  name: string;
  /** Receiver type without `*`, for methods. */
  receiver?: string;
  /** Text between the body's braces, comments stripped. */
  body: string;
  /** 1-based line of the `func` keyword. */
  line: number;
}

/** Every top-level function and method in a file (comments stripped first). */
export function listFuncs(src: string): GoFunc[] {
  const code = stripComments(src);
  const funcs: GoFunc[] = [];
  const re = /^func\s+(?:\(\s*(?:\w+\s+)?\*?(\w+)[^)]*\)\s*)?([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\(/gm;
  let m: RegExpExecArray | null;
  while ((m = re.exec(code))) {
    // The body starts at the first "{" that ends the signature line(s).
    let i = m.index + m[0].length;
    let paren = 1;
    while (i < code.length && paren > 0) {
      if (code[i] === '(') paren += 1;
      else if (code[i] === ')') paren -= 1;
      i += 1;
    }
    while (i < code.length && code[i] !== '{' && code[i] !== '\n') i += 1;
    // Result lists in parentheses, such as "(string, error)", come before "{".
    while (i < code.length && code[i] !== '{') i += 1;
    const end = matchBrace(code, i);
    funcs.push({
      name: m[2],
      receiver: m[1],
      body: code.slice(i + 1, end - 1),
      line: code.slice(0, m.index).split('\n').length,
    });
    re.lastIndex = end;
  }
  return funcs;
}

export interface RouteCall {
  method: string;
  /** Pattern as registered, joined with the prefixes of enclosing r.Route calls. */
  pattern: string;
  /** The handler's function or method name. */
  handler: string;
}

const ROUTE_METHODS = ['Get', 'Post', 'Put', 'Delete', 'Patch', 'Head', 'Options'];

/** Name of the function a handler expression calls, e.g. `apierrors.ErrorHandler(routes.listClients)`. */
export function handlerName(expr: string): string {
  const trimmed = expr.trim();
  const wrapped = /^[\w.]+\((.*)\)$/s.exec(trimmed);
  const inner = wrapped ? wrapped[1].trim() : trimmed;
  const m = /^(?:[A-Za-z_]\w*\.)*([A-Za-z_]\w*)$/.exec(inner);
  if (!m) throw new Error(`cannot read the handler in "${expr}"`);
  return m[1];
}

/** chi route registrations in a router function's body, with r.Route prefixes applied. */
export function parseRoutes(body: string, prefix = ''): RouteCall[] {
  const routes: RouteCall[] = [];
  let rest = body;
  const routeRe = /\br\.Route\(\s*"([^"]*)"\s*,\s*func\s*\(\s*r\s+chi\.Router\s*\)\s*\{/g;
  let m: RegExpExecArray | null;
  const nested: Array<[number, number]> = [];
  while ((m = routeRe.exec(body))) {
    const open = m.index + m[0].length - 1;
    const end = matchBrace(body, open);
    routes.push(...parseRoutes(body.slice(open + 1, end - 1), prefix + m[1]));
    nested.push([m.index, end]);
    routeRe.lastIndex = end;
  }
  for (const [start, end] of nested.reverse())
    rest = rest.slice(0, start) + ' '.repeat(end - start) + rest.slice(end);
  const callRe = new RegExp(
    String.raw`\br(?:\.With\([^)]*\))?\.(${ROUTE_METHODS.join('|')})\(\s*"([^"]*)"\s*,\s*`,
    'g',
  );
  while ((m = callRe.exec(rest))) {
    // The handler expression runs to the parenthesis that closes the call.
    let i = m.index + m[0].length;
    let depth = 1;
    const start = i;
    while (i < rest.length && depth > 0) {
      if (rest[i] === '(') depth += 1;
      else if (rest[i] === ')') depth -= 1;
      i += 1;
    }
    routes.push({
      method: m[1].toUpperCase(),
      pattern: prefix + m[2],
      handler: handlerName(rest.slice(start, i - 1)),
    });
  }
  if (/\br\.(Mount|Handle|HandleFunc|Method|MethodFunc|Group)\(/.test(rest))
    throw new Error(
      'the router uses a chi call the extract does not read (Mount, Handle, Group...)',
    );
  return routes;
}

/** Join chi mount points and patterns into an API path. */
export function joinPath(...parts: string[]): string {
  let p = parts.join('/').replace(/\/{2,}/g, '/');
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p.startsWith('/') ? p : `/${p}`;
}

export const STATUS_CODES: Record<string, number> = {
  StatusOK: 200,
  StatusCreated: 201,
  StatusAccepted: 202,
  StatusNoContent: 204,
  StatusBadRequest: 400,
  StatusUnauthorized: 401,
  StatusForbidden: 403,
  StatusNotFound: 404,
  StatusMethodNotAllowed: 405,
  StatusConflict: 409,
  StatusRequestEntityTooLarge: 413,
  StatusUnprocessableEntity: 422,
  StatusTooManyRequests: 429,
  StatusInternalServerError: 500,
  StatusNotImplemented: 501,
  StatusBadGateway: 502,
  StatusServiceUnavailable: 503,
  StatusGatewayTimeout: 504,
};

/** Status codes named in a body (`http.StatusNotFound` and friends). */
export function statusCodes(body: string): number[] {
  const codes = new Set<number>();
  for (const m of body.matchAll(/\bhttp\.(Status\w+)\b/g)) {
    const code = STATUS_CODES[m[1]];
    if (!code) throw new Error(`unknown status constant http.${m[1]}; add it to STATUS_CODES`);
    codes.add(code);
  }
  return [...codes].sort((a, b) => a - b);
}

/** Query parameters read with `r.URL.Query().Get("name")`. */
export function queryParams(body: string): string[] {
  return [...new Set([...body.matchAll(/\.Query\(\)\.Get\("([^"]+)"\)/g)].map((m) => m[1]))];
}

/** Path parameters read with `chi.URLParam(r, "name")`. */
export function urlParams(body: string): string[] {
  return [
    ...new Set([...body.matchAll(/chi\.URLParam\(\s*r\s*,\s*"([^"]+)"\)/g)].map((m) => m[1])),
  ];
}

/** Response headers set with `w.Header().Set(X, ...)`: literal names, or the constant expression. */
export function responseHeaders(body: string): string[] {
  const names = new Set<string>();
  for (const m of body.matchAll(/\bw\.Header\(\)\.Set\(\s*("([^"]+)"|[\w.]+)\s*,/g))
    names.add(m[2] ?? m[1]);
  names.delete('Content-Type');
  return [...names];
}

/** Names of functions a body calls (the last identifier before each "("). */
export function calledNames(body: string): string[] {
  return [...new Set([...body.matchAll(/\b([A-Za-z_]\w*)\s*\(/g)].map((m) => m[1]))];
}

/** Import alias (or last path element) to import path, for one file. */
export function imports(src: string): Record<string, string> {
  const out: Record<string, string> = {};
  const block = /^import\s*\(([\s\S]*?)^\)/m.exec(src);
  const lines = block ? block[1].split('\n') : [];
  const single = /^import\s+(\w+\s+)?"([^"]+)"/m.exec(src);
  if (single) lines.push(`${single[1] ?? ''}"${single[2]}"`);
  for (const line of lines) {
    const m = /^\s*(?:([\w.]+)\s+)?"([^"]+)"/.exec(line);
    if (!m) continue;
    const alias = m[1] ?? m[2].split('/').pop()!;
    if (alias === '_' || alias === '.') continue;
    out[alias] = m[2];
  }
  return out;
}

/** Value of a string constant declared in a file, or undefined. */
export function stringConst(src: string, name: string): string | undefined {
  const m = new RegExp(String.raw`\b${name}\s*(?:string\s*)?=\s*"([^"]*)"`).exec(src);
  return m?.[1];
}

export interface GoField {
  /** Go field name; undefined for an embedded field. */
  name?: string;
  /** Go type as written, e.g. `*permissions.Profile`. */
  type: string;
  /** Name in JSON, after the json tag; undefined for an embedded field that is flattened. */
  json?: string;
  omitempty: boolean;
  /** Field that encoding/json flattens into its parent. */
  embedded: boolean;
}

export interface GoTypeDecl {
  name: string;
  /** `struct` with fields, `alias` (type X = Y), or `named` (type X Y). */
  kind: 'struct' | 'alias' | 'named';
  fields: GoField[];
  /** For alias and named types: the type on the right. */
  target?: string;
}

/** Top-level type declarations in a file. */
export function typeDecls(src: string): GoTypeDecl[] {
  const code = stripComments(src);
  const decls: GoTypeDecl[] = [];
  const re = /^type\s+([A-Za-z_]\w*)\s+(=\s*)?([^\n{]*?)(\{)?\s*$/gm;
  let m: RegExpExecArray | null;
  while ((m = re.exec(code))) {
    const [, name, isAlias, rhs, brace] = m;
    if (brace && rhs.trim() === 'struct') {
      const open = m.index + m[0].lastIndexOf('{');
      const end = matchBrace(code, open);
      decls.push({name, kind: 'struct', fields: structFields(code.slice(open + 1, end - 1))});
      re.lastIndex = end;
    } else if (!brace) {
      decls.push({name, kind: isAlias ? 'alias' : 'named', fields: [], target: rhs.trim()});
    }
  }
  return decls;
}

/** Fields of a struct body (comments stripped). Nested struct literals are kept as their type text. */
export function structFields(body: string): GoField[] {
  const fields: GoField[] = [];
  const lines: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of body) {
    if (ch === '{') depth += 1;
    if (ch === '}') depth -= 1;
    if (ch === '\n' && depth === 0) {
      lines.push(cur);
      cur = '';
    } else cur += ch;
  }
  lines.push(cur);
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    const tagMatch = /`([^`]*)`\s*$/.exec(line);
    const decl = (tagMatch ? line.slice(0, tagMatch.index) : line).trim();
    const tag = tagMatch?.[1] ?? '';
    const json = /(?:^|\s)json:"([^"]*)"/.exec(tag)?.[1];
    const parts = decl.split(/\s+/);
    let name: string | undefined;
    let type: string;
    if (parts.length === 1) type = parts[0];
    else {
      if (parts[0].includes(','))
        throw new Error(`several fields on one line are not supported: "${line}"`);
      name = parts[0];
      type = parts.slice(1).join(' ');
    }
    const segments = json?.split(',') ?? [];
    const jsonName = segments[0] || undefined;
    const omitempty = segments.slice(1).some((s) => s === 'omitempty' || s === 'omitzero');
    // encoding/json flattens an anonymous field unless its tag names it.
    const embedded = name === undefined && !jsonName;
    fields.push({name, type, json: jsonName, omitempty, embedded});
  }
  return fields;
}

/**
 * The JSON property names encoding/json writes for a struct's own fields
 * (embedded fields are returned separately for the caller to flatten).
 */
export function jsonNames(fields: GoField[]): {
  names: Record<string, GoField>;
  embedded: GoField[];
} {
  const names: Record<string, GoField> = {};
  const embedded: GoField[] = [];
  for (const f of fields) {
    if (f.json === '-') continue;
    if (f.embedded) {
      embedded.push(f);
      continue;
    }
    const goName = f.name ?? f.type.replace(/^\*/, '').split('.').pop()!;
    // Unexported fields without a json name are not encoded.
    if (!f.json && !/^[A-Z]/.test(goName)) continue;
    names[f.json ?? goName] = f;
  }
  return {names, embedded};
}
