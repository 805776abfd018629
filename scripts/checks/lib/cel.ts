/**
 * A small evaluator for the Common Expression Language (CEL) rules that
 * CustomResourceDefinitions carry in `x-kubernetes-validations`, so the
 * manifest check can apply them as the API server does.
 *
 * It covers the part of CEL that ToolHive's CRDs use, and refuses anything
 * else with an error (so a rule it cannot read is never passed silently):
 * literals (strings, integers, booleans, null, lists), `self` and the
 * variables of `all`, field selection, `has()`, `size()` and `.size()`,
 * `!`, `&&`, `||`, `? :`, `==`, `!=`, `<`, `<=`, `>`, `>=`, `+`, `-`, `in`
 * (lists and map keys), `.all(x, p)` (list items, map keys),
 * `.startsWith()`, `.endsWith()`, `.contains()`, `.matches()`,
 * `.lowerAscii()`, `.upperAscii()` and `duration()` (Go duration strings);
 * in string literals, the escapes `\\`, `\'`, `\"`, `` \` ``, `\?`, `\n`, `\t`,
 * `\r`, `\xHH`, `\uHHHH` and `\UHHHHHHHH`.
 *
 * As in CEL, `&&` and `||` are commutative about errors: `false && error`
 * and `error && false` are both false; selecting a field that is not set is
 * an error ("no such key").
 */

type Value = unknown;

export class CelError extends Error {}

interface Token {
  kind: 'num' | 'str' | 'id' | 'op' | 'end';
  value: string;
  pos: number;
}

const OPS = [
  '&&',
  '||',
  '==',
  '!=',
  '<=',
  '>=',
  '<',
  '>',
  '!',
  '?',
  ':',
  '(',
  ')',
  '[',
  ']',
  '.',
  ',',
  '+',
  '-',
];

function unescape(body: string, at: number): string {
  let out = '';
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = body[(i += 1)];
    if (n === '\\' || n === "'" || n === '"' || n === '`' || n === '?') out += n;
    else if (n === 'n') out += '\n';
    else if (n === 't') out += '\t';
    else if (n === 'r') out += '\r';
    else if (n === 'x' || n === 'X') {
      out += String.fromCharCode(parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (n === 'u' || n === 'U') {
      // \uXXXX and \UXXXXXXXX: a code point, as in CEL.
      const digits = body.slice(i + 1, i + 1 + (n === 'u' ? 4 : 8));
      if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length !== (n === 'u' ? 4 : 8))
        throw new CelError(`bad escape \\${n}${digits} in the string at ${at}`);
      out += String.fromCodePoint(parseInt(digits, 16));
      i += digits.length;
    } else throw new CelError(`unsupported escape \\${n} in the string at ${at}`);
  }
  return out;
}

export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== c) j += src[j] === '\\' ? 2 : 1;
      if (j >= src.length) throw new CelError(`unterminated string at ${i}`);
      out.push({kind: 'str', value: unescape(src.slice(i + 1, j), i), pos: i});
      i = j + 1;
      continue;
    }
    const num = /^\d+/.exec(src.slice(i));
    if (num) {
      if (/^[.eEuU]/.test(src.slice(i + num[0].length)))
        throw new CelError(`only decimal integers are supported (at ${i})`);
      out.push({kind: 'num', value: num[0], pos: i});
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
    if (id) {
      out.push({kind: 'id', value: id[0], pos: i});
      i += id[0].length;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (!op) throw new CelError(`unexpected character "${c}" at ${i}`);
    out.push({kind: 'op', value: op, pos: i});
    i += op.length;
  }
  out.push({kind: 'end', value: '', pos: src.length});
  return out;
}

export type Node =
  | {t: 'lit'; v: Value}
  | {t: 'id'; name: string}
  | {t: 'list'; items: Node[]}
  | {t: 'sel'; obj: Node; field: string}
  | {t: 'index'; obj: Node; key: Node}
  | {t: 'call'; fn: string; target?: Node; args: Node[]}
  | {t: 'unary'; op: string; arg: Node}
  | {t: 'bin'; op: string; left: Node; right: Node}
  | {t: 'cond'; test: Node; then: Node; else: Node};

/** Parses one expression; throws CelError on anything outside the supported subset. */
export function parse(src: string): Node {
  const toks = tokenize(src);
  let p = 0;
  const peek = () => toks[p];
  const isOp = (v: string) => peek().kind === 'op' && peek().value === v;
  const isWord = (v: string) => peek().kind === 'id' && peek().value === v;
  const expect = (v: string) => {
    if (!isOp(v)) throw new CelError(`expected "${v}" at ${peek().pos}, found "${peek().value}"`);
    p += 1;
  };
  const args = (): Node[] => {
    const list: Node[] = [];
    if (!isOp(')')) {
      list.push(expr());
      while (isOp(',')) {
        p += 1;
        list.push(expr());
      }
    }
    expect(')');
    return list;
  };
  const primary = (): Node => {
    const t = peek();
    p += 1;
    if (t.kind === 'num') return {t: 'lit', v: Number(t.value)};
    if (t.kind === 'str') return {t: 'lit', v: t.value};
    if (t.kind === 'op' && t.value === '(') {
      const e = expr();
      expect(')');
      return e;
    }
    if (t.kind === 'op' && t.value === '[') {
      const items: Node[] = [];
      if (!isOp(']')) {
        items.push(expr());
        while (isOp(',')) {
          p += 1;
          items.push(expr());
        }
      }
      expect(']');
      return {t: 'list', items};
    }
    if (t.kind === 'id') {
      if (t.value === 'true' || t.value === 'false') return {t: 'lit', v: t.value === 'true'};
      if (t.value === 'null') return {t: 'lit', v: null};
      if (isOp('(')) {
        p += 1;
        return {t: 'call', fn: t.value, args: args()};
      }
      return {t: 'id', name: t.value};
    }
    throw new CelError(`unexpected "${t.value}" at ${t.pos}`);
  };
  const postfix = (): Node => {
    let e = primary();
    for (;;) {
      if (isOp('.')) {
        p += 1;
        const name = peek();
        if (name.kind !== 'id') throw new CelError(`expected a name after "." at ${name.pos}`);
        p += 1;
        if (isOp('(')) {
          p += 1;
          e = {t: 'call', fn: name.value, target: e, args: args()};
        } else e = {t: 'sel', obj: e, field: name.value};
      } else if (isOp('[')) {
        p += 1;
        const key = expr();
        expect(']');
        e = {t: 'index', obj: e, key};
      } else return e;
    }
  };
  const unary = (): Node => {
    if (isOp('!')) {
      p += 1;
      return {t: 'unary', op: '!', arg: unary()};
    }
    if (isOp('-')) {
      p += 1;
      return {t: 'unary', op: '-', arg: unary()};
    }
    return postfix();
  };
  const additive = (): Node => {
    let e = unary();
    while (isOp('+') || isOp('-')) {
      const op = peek().value;
      p += 1;
      e = {t: 'bin', op, left: e, right: unary()};
    }
    return e;
  };
  const relation = (): Node => {
    let e = additive();
    for (;;) {
      const t = peek();
      if (t.kind === 'op' && ['==', '!=', '<', '<=', '>', '>='].includes(t.value)) {
        p += 1;
        e = {t: 'bin', op: t.value, left: e, right: additive()};
      } else if (isWord('in')) {
        p += 1;
        e = {t: 'bin', op: 'in', left: e, right: additive()};
      } else return e;
    }
  };
  const and = (): Node => {
    let e = relation();
    while (isOp('&&')) {
      p += 1;
      e = {t: 'bin', op: '&&', left: e, right: relation()};
    }
    return e;
  };
  const or = (): Node => {
    let e = and();
    while (isOp('||')) {
      p += 1;
      e = {t: 'bin', op: '||', left: e, right: and()};
    }
    return e;
  };
  function expr(): Node {
    const test = or();
    if (!isOp('?')) return test;
    p += 1;
    const then = or();
    expect(':');
    return {t: 'cond', test, then, else: expr()};
  }
  const e = expr();
  if (peek().kind !== 'end') throw new CelError(`unexpected "${peek().value}" at ${peek().pos}`);
  return e;
}

/** A Go duration ("1h30m", "500ms", "-2s") in nanoseconds. */
export function parseDuration(s: string): number {
  if (s === '0') return 0;
  const m = /^([-+]?)((?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+)$/.exec(s);
  if (!m) throw new CelError(`invalid duration "${s}"`);
  const unit: Record<string, number> = {
    ns: 1,
    us: 1e3,
    µs: 1e3,
    ms: 1e6,
    s: 1e9,
    m: 60e9,
    h: 3600e9,
  };
  let total = 0;
  for (const part of m[2].matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g))
    total += Number(part[1]) * unit[part[2]];
  return m[1] === '-' ? -total : total;
}

class Duration {
  constructor(readonly ns: number) {}
}

function isMap(v: Value): v is Record<string, Value> {
  return !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Duration);
}

function num(v: Value): number {
  if (typeof v === 'number') return v;
  if (v instanceof Duration) return v.ns;
  throw new CelError(`expected a number or duration, got ${JSON.stringify(v)}`);
}

function equal(a: Value, b: Value): boolean {
  if (a instanceof Duration && b instanceof Duration) return a.ns === b.ns;
  return JSON.stringify(a) === JSON.stringify(b);
}

function sizeOf(v: Value): number {
  if (typeof v === 'string') return [...v].length;
  if (Array.isArray(v)) return v.length;
  if (isMap(v)) return Object.keys(v).length;
  throw new CelError(`size() of ${JSON.stringify(v)}`);
}

function str(v: Value, what: string): string {
  if (typeof v !== 'string') throw new CelError(`${what} needs a string, got ${JSON.stringify(v)}`);
  return v;
}

type Scope = Record<string, Value>;

function evaluate(n: Node, scope: Scope): Value {
  switch (n.t) {
    case 'lit':
      return n.v;
    case 'id':
      if (!(n.name in scope)) throw new CelError(`undeclared reference to "${n.name}"`);
      return scope[n.name];
    case 'list':
      return n.items.map((i) => evaluate(i, scope));
    case 'sel': {
      const obj = evaluate(n.obj, scope);
      if (!isMap(obj)) throw new CelError(`cannot select "${n.field}" from ${JSON.stringify(obj)}`);
      if (!(n.field in obj)) throw new CelError(`no such key: ${n.field}`);
      return obj[n.field];
    }
    case 'index': {
      const obj = evaluate(n.obj, scope);
      const key = evaluate(n.key, scope);
      if (Array.isArray(obj) && typeof key === 'number') {
        if (key < 0 || key >= obj.length) throw new CelError(`index ${key} out of range`);
        return obj[key];
      }
      if (isMap(obj) && typeof key === 'string') {
        if (!(key in obj)) throw new CelError(`no such key: ${key}`);
        return obj[key];
      }
      throw new CelError('unsupported index');
    }
    case 'unary': {
      const v = evaluate(n.arg, scope);
      if (n.op === '!') {
        if (typeof v !== 'boolean') throw new CelError('! needs a boolean');
        return !v;
      }
      return -num(v);
    }
    case 'cond': {
      const test = evaluate(n.test, scope);
      if (typeof test !== 'boolean') throw new CelError('the condition of ?: must be a boolean');
      return evaluate(test ? n.then : n.else, scope);
    }
    case 'bin':
      return binary(n, scope);
    case 'call':
      return call(n, scope);
  }
}

function logical(n: Node & {t: 'bin'}, scope: Scope): Value {
  const short = n.op === '||';
  const side = (x: Node): {v?: boolean; err?: CelError} => {
    try {
      const v = evaluate(x, scope);
      if (typeof v !== 'boolean') throw new CelError(`${n.op} needs booleans`);
      return {v};
    } catch (e) {
      if (e instanceof CelError) return {err: e};
      throw e;
    }
  };
  const l = side(n.left);
  if (l.v === short) return short;
  const r = side(n.right);
  if (r.v === short) return short;
  if (l.err) throw l.err;
  if (r.err) throw r.err;
  return !short;
}

function binary(n: Node & {t: 'bin'}, scope: Scope): Value {
  if (n.op === '&&' || n.op === '||') return logical(n, scope);
  const a = evaluate(n.left, scope);
  const b = evaluate(n.right, scope);
  switch (n.op) {
    case '==':
      return equal(a, b);
    case '!=':
      return !equal(a, b);
    case '<':
      return num(a) < num(b);
    case '<=':
      return num(a) <= num(b);
    case '>':
      return num(a) > num(b);
    case '>=':
      return num(a) >= num(b);
    case '+':
      if (typeof a === 'string' && typeof b === 'string') return a + b;
      if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
      return num(a) + num(b);
    case '-':
      return num(a) - num(b);
    case 'in':
      if (Array.isArray(b)) return b.some((x) => equal(x, a));
      if (isMap(b)) return typeof a === 'string' && a in b;
      throw new CelError('"in" needs a list or a map');
    default:
      throw new CelError(`unsupported operator ${n.op}`);
  }
}

function call(n: Node & {t: 'call'}, scope: Scope): Value {
  // Macros: their arguments are not evaluated first.
  if (n.fn === 'has' && !n.target) {
    const arg = n.args[0];
    if (n.args.length !== 1 || arg.t !== 'sel') throw new CelError('has() needs a field selection');
    const obj = evaluate(arg.obj, scope);
    if (!isMap(obj)) throw new CelError(`has() on ${JSON.stringify(obj)}`);
    return arg.field in obj;
  }
  if ((n.fn === 'all' || n.fn === 'exists') && n.target) {
    const [v, pred] = n.args;
    if (n.args.length !== 2 || v.t !== 'id')
      throw new CelError(`${n.fn}() needs a variable and a predicate`);
    const coll = evaluate(n.target, scope);
    const items = Array.isArray(coll) ? coll : isMap(coll) ? Object.keys(coll) : null;
    if (!items) throw new CelError(`${n.fn}() on ${JSON.stringify(coll)}`);
    const results = items.map((item) => evaluate(pred, {...scope, [v.name]: item}));
    if (results.some((r) => typeof r !== 'boolean'))
      throw new CelError(`${n.fn}() needs a boolean predicate`);
    return n.fn === 'all' ? results.every(Boolean) : results.some(Boolean);
  }
  const target = n.target ? evaluate(n.target, scope) : undefined;
  const args = n.args.map((a) => evaluate(a, scope));
  switch (n.fn) {
    case 'size':
      return sizeOf(n.target ? target : args[0]);
    case 'startsWith':
      return str(target, 'startsWith').startsWith(str(args[0], 'startsWith'));
    case 'endsWith':
      return str(target, 'endsWith').endsWith(str(args[0], 'endsWith'));
    case 'contains':
      return str(target, 'contains').includes(str(args[0], 'contains'));
    case 'matches':
      // RE2 and JavaScript agree on the syntax these rules use.
      return new RegExp(str(args[0], 'matches'), 'u').test(str(target, 'matches'));
    case 'lowerAscii':
      return str(target, 'lowerAscii').replace(/[A-Z]/g, (c) => c.toLowerCase());
    case 'upperAscii':
      return str(target, 'upperAscii').replace(/[a-z]/g, (c) => c.toUpperCase());
    case 'duration':
      if (n.target) break;
      return new Duration(parseDuration(str(args[0], 'duration()')));
    default:
      break;
  }
  throw new CelError(`unsupported function ${n.target ? '.' : ''}${n.fn}()`);
}

const cache = new Map<string, Node>();

/** Evaluates a rule with `self` bound to a value; throws CelError when it cannot. */
export function evaluateRule(rule: string, self: Value): Value {
  let ast = cache.get(rule);
  if (!ast) {
    ast = parse(rule);
    cache.set(rule, ast);
  }
  return evaluate(ast, {self});
}

const FUNCTIONS = new Set([
  'size',
  'startsWith',
  'endsWith',
  'contains',
  'matches',
  'lowerAscii',
  'upperAscii',
]);

/**
 * Parses a rule and checks that every function it calls is supported, so a
 * rule the evaluator cannot run is found when the CRD is loaded, not when
 * a manifest happens to reach it.
 */
export function checkRule(rule: string): void {
  const ast = cache.get(rule) ?? parse(rule);
  cache.set(rule, ast);
  const walk = (n: Node): void => {
    if (n.t === 'call') {
      const ok =
        (n.fn === 'has' && !n.target) ||
        ((n.fn === 'all' || n.fn === 'exists') && !!n.target) ||
        (n.fn === 'duration' && !n.target) ||
        (n.fn === 'size' && (n.target ? n.args.length === 0 : n.args.length === 1)) ||
        (FUNCTIONS.has(n.fn) && !!n.target);
      if (!ok)
        throw new CelError(`unsupported function ${n.target ? '.' : ''}${n.fn}() in rule: ${rule}`);
      if (n.target) walk(n.target);
      n.args.forEach(walk);
    } else if (n.t === 'sel') walk(n.obj);
    else if (n.t === 'index') {
      walk(n.obj);
      walk(n.key);
    } else if (n.t === 'list') n.items.forEach(walk);
    else if (n.t === 'unary') walk(n.arg);
    else if (n.t === 'bin') {
      walk(n.left);
      walk(n.right);
    } else if (n.t === 'cond') {
      walk(n.test);
      walk(n.then);
      walk(n.else);
    }
  };
  walk(ast);
}
