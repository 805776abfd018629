/**
 * Extracts the facts of ToolHive's `thv` command tree at a release tag: every
 * command with its usage line, aliases and flags (name, shorthand, type,
 * default, required, hidden), plus the commands and flags that `--help` does
 * not show (deprecated commands, hidden flags) and cobra's flag groups. The
 * unit tests compare data/releases/<release>/cli/thv.yaml with the result, so
 * the YAML can name nothing the release lacks and miss nothing it has.
 *
 * Two sources at the tag, read with `git show` (no work tree needed):
 *
 * - docs/cli/thv*.md, which ToolHive generates from its cobra commands: the
 *   command tree, usage lines, and the flag lines that pflag prints (name,
 *   shorthand, type word, default). Only these facts are kept; no text.
 * - cmd/thv/**.go: aliases, deprecated and hidden commands, hidden and
 *   required flags, and MarkFlagsMutuallyExclusive / RequiredTogether /
 *   OneRequired groups. Each flag of the Markdown pages is also looked up
 *   among the Go flag declarations, and a type that disagrees stops the run.
 *
 * cobra adds a `completion` command with one subcommand per shell at run time
 * unless the root command disables it; the generator of docs/cli never sees
 * it, so it is added here, marked `builtin`.
 *
 * Usage:
 *   tsx scripts/cli-reference/extract-facts.ts --git-dir <toolhive git dir> --tag v0.44.0 \
 *     [--out data/releases/v0.44.0/cli/facts.json]
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';

export interface FactFlag {
  name: string;
  shorthand: string | null;
  type: string;
  default: string | null;
  required: boolean;
  hidden?: boolean;
}

export interface FactFlagGroup {
  kind: 'mutuallyExclusive' | 'requiredTogether' | 'oneRequired';
  flags: string[];
}

export interface FactCommand {
  path: string;
  runnable: boolean;
  usage: string | null;
  aliases: string[];
  deprecated?: boolean;
  builtin?: boolean;
  flags: FactFlag[];
  flagGroups?: FactFlagGroup[];
}

export interface CliFacts {
  release: string;
  source: {repo: string; tag: string; commit: string; paths: string[]};
  persistentFlags: FactFlag[];
  commands: FactCommand[];
}

// ---------------------------------------------------------------------------
// git
// ---------------------------------------------------------------------------

function git(gitDir: string, args: string[]): string {
  return execFileSync('git', ['--git-dir', gitDir, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

const show = (gitDir: string, tag: string, file: string) => git(gitDir, ['show', `${tag}:${file}`]);
const listFilesAt = (gitDir: string, tag: string, dir: string) =>
  git(gitDir, ['ls-tree', '-r', '--name-only', tag, dir]).split('\n').filter(Boolean);

// ---------------------------------------------------------------------------
// docs/cli Markdown pages (cobra/doc output)
// ---------------------------------------------------------------------------

interface PageFlag {
  name: string;
  shorthand: string | null;
  typeWord: string | null;
  rest: string;
}

interface Page {
  path: string;
  usage: string | null;
  own: PageFlag[];
  inherited: PageFlag[];
}

function codeBlockAfter(lines: string[], heading: string): string[] | null {
  const h = lines.findIndex((l) => l.trim() === heading);
  if (h < 0) return null;
  let i = h + 1;
  while (i < lines.length && lines[i].trim() === '') i += 1;
  if (lines[i]?.trim() !== '```') return null;
  const out: string[] = [];
  for (i += 1; i < lines.length && lines[i].trim() !== '```'; i += 1) out.push(lines[i]);
  return out;
}

/** pflag prints `  -s, --name type   usage` with the usage in one column. */
const FLAG_LINE = /^\s+(?:-([a-zA-Z0-9]), )?--([a-z0-9][a-z0-9-]*)(?: ([A-Za-z0-9]+))?\s{2,}(.*)$/;

function parseFlagLines(block: string[] | null): PageFlag[] {
  if (!block) return [];
  const out: PageFlag[] = [];
  for (const line of block) {
    const m = FLAG_LINE.exec(line);
    if (!m) {
      // A usage text that spans lines continues the previous flag.
      if (out.length > 0 && line.trim()) out[out.length - 1].rest += ` ${line.trim()}`;
      continue;
    }
    out.push({name: m[2], shorthand: m[1] ?? null, typeWord: m[3] ?? null, rest: m[4]});
  }
  return out;
}

export function parsePage(text: string): Page {
  const lines = text.split('\n');
  const title = lines.find((l) => l.startsWith('## thv'));
  if (!title) throw new Error('page without a "## thv" heading');
  // The usage block is the first code block after the synopsis that starts with the command.
  const commandPath = title.slice(3).trim();
  let usage: string | null = null;
  for (let i = 0; i < lines.length; i += 1) {
    if (lines[i].trim() === '```' && lines[i + 1]?.startsWith(`${commandPath} `)) {
      if (lines[i + 1] === `${commandPath} [flags]` || lines[i + 1].startsWith(commandPath)) {
        usage = lines[i + 1].trim();
      }
      break;
    }
    if (lines[i].startsWith('### Options')) break;
  }
  return {
    path: commandPath,
    usage,
    own: parseFlagLines(codeBlockAfter(lines, '### Options')),
    inherited: parseFlagLines(codeBlockAfter(lines, '### Options inherited from parent commands')),
  };
}

/**
 * The default that pflag appends to a usage text: `(default "x")` for strings,
 * `(default [a,b])` for lists, `(default 30s)` for other types, nothing for a
 * zero value. Usage texts sometimes contain their own "(default ...)" words,
 * so only pflag's exact form for the flag's type counts, and only at the end.
 */
function pageDefault(rest: string, type: string, goDefault: GoValue | undefined): string | null {
  const text = rest.trimEnd();
  if (type === 'bool') {
    // A bool's default is printed only when it is true; a usage text that ends
    // in "(default false)" or "(default true)" says nothing, so trust the Go literal.
    if (goDefault?.kind === 'literal') return goDefault.value === 'true' ? 'true' : null;
    return /\(default true\)$/.test(text) ? 'true' : null;
  }
  if (type === 'string') {
    const m = /\(default "((?:[^"\\]|\\.)*)"\)$/.exec(text);
    return m ? JSON.parse(`"${m[1]}"`) : null;
  }
  if (['stringArray', 'strings', 'stringToString', 'ints', 'uints'].includes(type)) {
    const m = /\(default (\[[^\]]*\])\)$/.exec(text);
    return m ? m[1] : null;
  }
  const m = /\(default ([^\s()]+)\)$/.exec(text);
  return m ? m[1] : null;
}

// ---------------------------------------------------------------------------
// Go source (just enough of Go for cobra command definitions)
// ---------------------------------------------------------------------------

/** Replaces comments with spaces, keeping string literals and offsets. */
function stripComments(src: string): string {
  let out = '';
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') {
        out += ' ';
        i += 1;
      }
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      const j = src.indexOf('*/', i + 2);
      const end = j < 0 ? src.length : j + 2;
      out += src.slice(i, end).replace(/[^\n]/g, ' ');
      i = end;
      continue;
    }
    if (c === '"' || c === '`' || c === "'") {
      let j = i + 1;
      while (j < src.length && src[j] !== c) j += c !== '`' && src[j] === '\\' ? 2 : 1;
      out += src.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    out += c;
    i += 1;
  }
  return out;
}

/** Index just after the bracket that closes the one at `open`. */
function closeOf(src: string, open: number): number {
  const pairs: Record<string, string> = {'(': ')', '{': '}', '[': ']'};
  const stack: string[] = [];
  for (let i = open; i < src.length; i += 1) {
    const c = src[i];
    if (c === '"' || c === '`' || c === "'") {
      let j = i + 1;
      while (j < src.length && src[j] !== c) j += c !== '`' && src[j] === '\\' ? 2 : 1;
      i = j;
      continue;
    }
    if (pairs[c]) stack.push(pairs[c]);
    else if (c === ')' || c === '}' || c === ']') {
      if (stack.pop() !== c) throw new Error(`unbalanced "${c}" at ${i}`);
      if (stack.length === 0) return i + 1;
    }
  }
  throw new Error(`no closing bracket for offset ${open}`);
}

/** Splits an argument list (without its parentheses) at top-level commas. */
function splitArgs(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '"' || c === '`' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += c !== '`' && text[j] === '\\' ? 2 : 1;
      cur += text.slice(i, j + 1);
      i = j;
      continue;
    }
    if ('([{'.includes(c)) depth += 1;
    if (')]}'.includes(c)) depth -= 1;
    if (c === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** The value of a Go string expression made of literals joined with `+`. */
function goString(expr: string): string | null {
  const parts = expr.split(/\s*\+\s*(?=["`])/);
  let out = '';
  for (const p of parts.map((s) => s.trim())) {
    if (/^"(?:[^"\\]|\\.)*"$/.test(p)) out += JSON.parse(p) as string;
    else if (/^`[^`]*`$/.test(p)) out += p.slice(1, -1);
    else return null;
  }
  return out;
}

type GoValue = {kind: 'literal'; value: string | null} | {kind: 'expr'; expr: string};

interface GoCommand {
  key: string;
  file: string;
  use: string;
  aliases: string[];
  deprecated: boolean;
  hidden: boolean;
  children: string[];
  parent?: string;
  path?: string;
}

interface GoFlag {
  name: string;
  shorthand: string | null;
  type: string;
  value: GoValue;
  persistent: boolean;
  /** The file that declares the flag, whose imports name a default's package. */
  file: string;
}

interface Scope {
  name: string;
  file: string;
  params: Map<string, true>;
  body: string;
  /** Local names bound to command literals. */
  locals: Map<string, string>;
  returns: string | null;
}

const PFLAG_TYPES: Record<string, string> = {
  Bool: 'bool',
  String: 'string',
  StringArray: 'stringArray',
  StringSlice: 'strings',
  StringToString: 'stringToString',
  Int: 'int',
  Int32: 'int32',
  Int64: 'int',
  Uint: 'uint',
  Float64: 'float',
  Float32: 'float32',
  Duration: 'duration',
  Count: 'count',
};

function flagFunc(fn: string): {type: string; withVar: boolean; withShort: boolean} | null {
  const m = /^([A-Z][A-Za-z0-9]*?)(Var)?(P)?$/.exec(fn);
  if (!m || !PFLAG_TYPES[m[1]]) return null;
  return {type: PFLAG_TYPES[m[1]], withVar: !!m[2], withShort: !!m[3]};
}

function goValue(expr: string, type: string): GoValue {
  const e = expr.trim();
  const s = goString(e);
  if (s !== null) return {kind: 'literal', value: s === '' ? null : s};
  if (e === 'true' || e === 'false') return {kind: 'literal', value: e === 'true' ? 'true' : null};
  if (/^-?\d+(\.\d+)?$/.test(e)) return {kind: 'literal', value: Number(e) === 0 ? null : e};
  if (e === 'nil' || /^\[\]string\{\s*\}$/.test(e)) return {kind: 'literal', value: null};
  const list = /^\[\]string\{(.*)\}$/s.exec(e);
  if (list) {
    const items = splitArgs(list[1]).map(goString);
    if (items.every((x) => x !== null)) {
      return {kind: 'literal', value: items.length ? `[${items.join(',')}]` : null};
    }
  }
  const dur = /^(\d+)\s*\*\s*time\.(Second|Minute|Hour)$/.exec(e);
  if (dur && type === 'duration') {
    const unit = {Second: 's', Minute: 'm0s', Hour: 'h0m0s'}[dur[2]];
    return {kind: 'literal', value: `${dur[1]}${unit}`};
  }
  return {kind: 'expr', expr: e};
}

interface GoFacts {
  commands: Map<string, GoCommand>;
  flags: Map<string, GoFlag[]>;
  hiddenFlags: Map<string, Set<string>>;
  required: Map<string, Set<string>>;
  groups: Map<string, FactFlagGroup[]>;
  /** Every flag declaration in the package, by name: for the type cross-check. */
  declaredTypes: Map<string, Set<string>>;
  disablesCompletion: boolean;
  /** Import paths of ToolHive's own packages, by file and then by package name. */
  imports: Map<string, Map<string, string>>;
}

function scopesOf(file: string, src: string): {scopes: Scope[]; packageLevel: string} {
  const scopes: Scope[] = [];
  let packageLevel = src;
  const funcRe = /^func\s+(?:\([^)]*\)\s*)?(\w+)\s*\(/gm;
  let m: RegExpExecArray | null;
  while ((m = funcRe.exec(src))) {
    const paramsOpen = m.index + m[0].length - 1;
    const paramsClose = closeOf(src, paramsOpen);
    // The body starts at the first brace after the parameters (result types have none).
    const open = src.indexOf('{', paramsClose);
    const bodyClose = closeOf(src, open);
    const params = new Map<string, true>();
    const paramText = src.slice(paramsOpen + 1, paramsClose - 1);
    for (const p of splitArgs(paramText)) {
      const pm = /^(\w+)\s+\*cobra\.Command$/.exec(p);
      if (pm) params.set(pm[1], true);
    }
    const body = src.slice(open, bodyClose);
    scopes.push({name: m[1], file, params, body, locals: new Map(), returns: null});
    packageLevel =
      packageLevel.slice(0, m.index) +
      ' '.repeat(bodyClose - m.index) +
      packageLevel.slice(bodyClose);
    funcRe.lastIndex = bodyClose;
  }
  return {scopes, packageLevel};
}

function readLiteral(body: string): {
  use: string;
  aliases: string[];
  deprecated: boolean;
  hidden: boolean;
} {
  // A command literal holds no other command literal, so its fields can be matched anywhere in it.
  const use = /\bUse:\s*("(?:[^"\\]|\\.)*")/.exec(body);
  if (!use) throw new Error('cobra.Command literal without a Use string');
  const aliases = /\bAliases:\s*\[\]string\{([^}]*)\}/.exec(body);
  return {
    use: JSON.parse(use[1]) as string,
    aliases: aliases ? splitArgs(aliases[1]).map((a) => goString(a) ?? a) : [],
    deprecated: /\bDeprecated:\s*["`]/.test(body),
    hidden: /\bHidden:\s*true\b/.test(body),
  };
}

export function readGoSources(files: Map<string, string>): GoFacts {
  const facts: GoFacts = {
    commands: new Map(),
    flags: new Map(),
    hiddenFlags: new Map(),
    required: new Map(),
    groups: new Map(),
    declaredTypes: new Map(),
    disablesCompletion: false,
    imports: new Map(),
  };
  const allScopes: Scope[] = [];
  const packageVars = new Set<string>();
  const literalRe = /(?:var\s+(\w+)\s*=|(\w+)\s*:=|(return))\s*&cobra\.Command\{/g;

  for (const [file, raw] of files) {
    const src = stripComments(raw);
    if (/DisableDefaultCmd:\s*true/.test(src)) facts.disablesCompletion = true;
    const imports = new Map<string, string>();
    for (const im of src.matchAll(
      /^\s*(?:(\w+)\s+)?"(github\.com\/stacklok\/toolhive\/[^"]+)"/gm,
    )) {
      imports.set(im[1] ?? im[2].split('/').pop()!, im[2]);
    }
    facts.imports.set(file, imports);
    const {scopes, packageLevel} = scopesOf(file, src);
    for (const lm of packageLevel.matchAll(literalRe)) {
      if (!lm[1]) continue;
      const open = lm.index! + lm[0].length - 1;
      const lit = readLiteral(src.slice(open, closeOf(src, open)));
      facts.commands.set(lm[1], {key: lm[1], file, ...lit, children: []});
      packageVars.add(lm[1]);
    }
    for (const s of scopes) {
      for (const lm of s.body.matchAll(literalRe)) {
        const open = lm.index! + lm[0].length - 1;
        const lit = readLiteral(s.body.slice(open, closeOf(s.body, open)));
        const local = lm[2] ?? null;
        const key = local ? `${s.name}:${local}` : `${s.name}()`;
        facts.commands.set(key, {key, file, ...lit, children: []});
        if (local) s.locals.set(local, key);
        else s.returns = key;
      }
      // The command a constructor returns: the last `return <local>` of its body.
      const returned = [...s.body.matchAll(/\breturn\s+(\w+)\s*$/gm)]
        .map((r) => r[1])
        .filter((name) => s.locals.has(name));
      if (!s.returns && returned.length > 0)
        s.returns = s.locals.get(returned[returned.length - 1])!;
      allScopes.push(s);
    }
  }

  const byFunc = new Map(allScopes.map((s) => [s.name, s]));
  // Receivers: a local command, a package command, or a *cobra.Command parameter.
  type Target = string;
  const resolve = (s: Scope, name: string, bindings: Map<string, Target[]>): Target[] => {
    if (s.locals.has(name)) return [s.locals.get(name)!];
    if (s.params.has(name)) return bindings.get(name) ?? [];
    if (packageVars.has(name)) return [name];
    return [];
  };
  const argTarget = (s: Scope, arg: string, bindings: Map<string, Target[]>): Target[] => {
    const call = /^(\w+)\(\)$/.exec(arg);
    if (call) {
      const f = byFunc.get(call[1]);
      return f?.returns ? [f.returns] : [];
    }
    return /^\w+$/.test(arg) ? resolve(s, arg, bindings) : [];
  };

  const visited = new Set<string>();
  const walk = (s: Scope, bindings: Map<string, Target[]>) => {
    const sig = `${s.file}:${s.name}|${[...bindings].map(([k, v]) => `${k}=${v.join('+')}`).join(';')}`;
    if (visited.has(sig)) return;
    visited.add(sig);
    const body = s.body;
    const callRe =
      /(\w+)\.(AddCommand|MarkFlagRequired|MarkFlagsMutuallyExclusive|MarkFlagsRequiredTogether|MarkFlagsOneRequired|(?:Persistent)?Flags\(\)\.(\w+))\(/g;
    for (const cm of body.matchAll(callRe)) {
      const open = cm.index! + cm[0].length - 1;
      const args = splitArgs(body.slice(open + 1, closeOf(body, open) - 1));
      const targets = resolve(s, cm[1], bindings);
      const method = cm[2];
      for (const t of targets) {
        if (method === 'AddCommand') {
          for (const a of args) {
            for (const child of argTarget(s, a, bindings)) {
              const parent = facts.commands.get(t)!;
              if (!parent.children.includes(child)) parent.children.push(child);
              facts.commands.get(child)!.parent = t;
            }
          }
        } else if (method === 'MarkFlagRequired') {
          const name = goString(args[0]);
          if (name) (facts.required.get(t) ?? facts.required.set(t, new Set()).get(t)!).add(name);
        } else if (method.startsWith('MarkFlags')) {
          const kind = (
            {
              MarkFlagsMutuallyExclusive: 'mutuallyExclusive',
              MarkFlagsRequiredTogether: 'requiredTogether',
              MarkFlagsOneRequired: 'oneRequired',
            } as const
          )[method as 'MarkFlagsOneRequired'];
          const list = facts.groups.get(t) ?? facts.groups.set(t, []).get(t)!;
          const names = args.map((a) => goString(a)).filter((x): x is string => !!x);
          if (!list.some((g) => g.kind === kind && g.flags.join() === names.join())) {
            list.push({kind, flags: names});
          }
        } else {
          const fn = cm[3];
          if (fn === 'MarkHidden') {
            const name = goString(args[0]);
            if (name)
              (facts.hiddenFlags.get(t) ?? facts.hiddenFlags.set(t, new Set()).get(t)!).add(name);
            continue;
          }
          const kind = flagFunc(fn);
          if (!kind) continue;
          const rest = kind.withVar ? args.slice(1) : args;
          const name = goString(rest[0]);
          if (!name) continue;
          const shorthand = kind.withShort ? goString(rest[1]) : null;
          const value = goValue(rest[kind.withShort ? 2 : 1], kind.type);
          const list = facts.flags.get(t) ?? facts.flags.set(t, []).get(t)!;
          if (!list.some((f) => f.name === name)) {
            list.push({
              name,
              shorthand,
              type: kind.type,
              value,
              persistent: method.startsWith('Persistent'),
              file: s.file,
            });
          }
        }
      }
      if (method.includes('Flags()')) {
        const kind = flagFunc(cm[3]);
        const rest = kind?.withVar ? args.slice(1) : args;
        const name = kind ? goString(rest[0]) : null;
        if (kind && name) {
          (
            facts.declaredTypes.get(name) ?? facts.declaredTypes.set(name, new Set()).get(name)!
          ).add(kind.type);
        }
      }
    }
    // Helper calls: f(x, ...) where f takes a *cobra.Command.
    for (const hm of body.matchAll(/(?<![.\w])(\w+)\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)) {
      const f = byFunc.get(hm[1]);
      if (!f || f === s || f.params.size === 0) continue;
      const paramNames = [...f.params.keys()];
      const fParams = splitArgs(
        /\(([^)]*)\)/.exec(
          files.get(f.file)!.slice(files.get(f.file)!.indexOf(`func ${f.name}(`)),
        )![1],
      );
      const args = splitArgs(hm[2]);
      const next = new Map<string, Target[]>();
      fParams.forEach((p, i) => {
        const pn = p.split(/\s+/)[0];
        if (paramNames.includes(pn) && args[i]) next.set(pn, resolve(s, args[i], bindings));
      });
      if ([...next.values()].some((v) => v.length > 0)) walk(f, next);
    }
  };
  for (const s of allScopes) if (s.params.size === 0) walk(s, new Map());

  // Paths, from the root command down.
  const root = [...facts.commands.values()].find((c) => c.use === 'thv');
  if (!root) throw new Error('no root command with Use "thv"');
  const setPath = (c: GoCommand, p: string) => {
    c.path = p;
    for (const k of c.children) {
      const child = facts.commands.get(k)!;
      setPath(child, `${p} ${child.use.split(' ')[0]}`);
    }
  };
  setPath(root, 'thv');
  return facts;
}

// ---------------------------------------------------------------------------
// Putting it together
// ---------------------------------------------------------------------------

/** Resolves `pkg.Func()` or `pkg.Const` defaults of ToolHive's own packages. */
function resolveExpr(
  gitDir: string,
  tag: string,
  imports: Map<string, string> | undefined,
  expr: string,
  type: string,
): string | null {
  const m = /^(\w+)\.(\w+)(\(\))?$/.exec(expr);
  const importPath = m && imports?.get(m[1]);
  if (!m || !importPath) throw new Error(`cannot resolve the default ${expr}`);
  const dir = importPath.replace('github.com/stacklok/toolhive/', '');
  for (const file of listFilesAt(gitDir, tag, dir)) {
    if (
      !file.endsWith('.go') ||
      file.endsWith('_test.go') ||
      file.slice(dir.length + 1).includes('/')
    )
      continue;
    const src = stripComments(show(gitDir, tag, file));
    const re = m[3]
      ? new RegExp(`func ${m[2]}\\(\\)[^{]*\\{\\s*return\\s+([^\\n]+)\\n\\s*\\}`)
      : new RegExp(`\\b${m[2]}\\s*(?:\\w+\\s*)?=\\s*([^\\n]+)`);
    const found = re.exec(src);
    if (found) {
      const v = goValue(found[1], type);
      if (v.kind === 'literal') return v.value;
    }
  }
  throw new Error(`cannot resolve the default ${expr}`);
}

export function extractFacts(gitDir: string, tag: string): CliFacts {
  const commit = git(gitDir, ['rev-list', '-n', '1', tag]).trim();
  const pages = listFilesAt(gitDir, tag, 'docs/cli')
    .filter((f) => /\/thv[^/]*\.md$/.test(f))
    .map((f) => parsePage(show(gitDir, tag, f)));
  const goFiles = new Map<string, string>();
  for (const f of listFilesAt(gitDir, tag, 'cmd/thv')) {
    if (f.endsWith('.go') && !f.endsWith('_test.go')) goFiles.set(f, show(gitDir, tag, f));
  }
  const go = readGoSources(goFiles);
  const goByPath = new Map(
    [...go.commands.values()].filter((c) => c.path).map((c) => [c.path!, c]),
  );
  const problems: string[] = [];

  const toFlag = (cmdKey: string | undefined, pf: PageFlag): FactFlag => {
    const goFlags = (cmdKey && go.flags.get(cmdKey)) || [];
    const decl = goFlags.find((f) => f.name === pf.name);
    const declared = go.declaredTypes.get(pf.name);
    const type = pf.typeWord ?? 'bool';
    if (!declared) problems.push(`--${pf.name}: no Go declaration in cmd/thv`);
    else if (!declared.has(type)) {
      problems.push(`--${pf.name}: the page says ${type}, Go declares ${[...declared].join('/')}`);
    }
    if (decl && decl.type !== type) {
      problems.push(`--${pf.name} of ${cmdKey}: the page says ${type}, Go declares ${decl.type}`);
    }
    return {
      name: pf.name,
      shorthand: pf.shorthand,
      type,
      default: pageDefault(pf.rest, type, decl?.value),
      required: !!(cmdKey && go.required.get(cmdKey)?.has(pf.name)),
    };
  };

  const commands: FactCommand[] = [];
  let persistentFlags: FactFlag[] = [];
  for (const page of pages) {
    const gc = goByPath.get(page.path);
    if (!gc) problems.push(`${page.path}: no cobra command in cmd/thv resolves to this path`);
    const flags = page.own.filter((f) => f.name !== 'help').map((f) => toFlag(gc?.key, f));
    if (page.path === 'thv') {
      persistentFlags = flags.filter(
        (f) => go.flags.get(gc!.key)?.find((g) => g.name === f.name)?.persistent,
      );
    }
    for (const hidden of (gc && go.hiddenFlags.get(gc.key)) ?? []) {
      const decl = go.flags.get(gc!.key)?.find((f) => f.name === hidden);
      if (!decl) {
        problems.push(`${page.path}: hidden flag --${hidden} has no declaration`);
        continue;
      }
      flags.push({
        name: decl.name,
        shorthand: decl.shorthand,
        type: decl.type,
        default:
          decl.value.kind === 'literal'
            ? decl.value.value
            : resolveExpr(gitDir, tag, go.imports.get(decl.file), decl.value.expr, decl.type),
        required: !!go.required.get(gc!.key)?.has(decl.name),
        hidden: true,
      });
    }
    flags.sort((a, b) => a.name.localeCompare(b.name));
    const groups = gc && go.groups.get(gc.key);
    commands.push({
      path: page.path,
      runnable: page.usage !== null,
      usage: page.usage,
      aliases: gc?.aliases ?? [],
      flags,
      ...(groups && groups.length > 0 ? {flagGroups: groups} : {}),
    });
    const expectedInherited = page.path === 'thv' ? [] : persistentNames(pages);
    const inherited = page.inherited.map((f) => f.name).filter((n) => n !== 'help');
    if (inherited.join() !== expectedInherited.join()) {
      problems.push(
        `${page.path}: inherits ${inherited.join(',')} instead of the root's persistent flags`,
      );
    }
  }

  // Commands that --help and docs/cli leave out: deprecated or hidden ones.
  for (const gc of go.commands.values()) {
    if (!gc.path || pages.some((p) => p.path === gc.path)) continue;
    if (!gc.deprecated && !gc.hidden) {
      problems.push(`${gc.path}: a command in the Go source without a docs/cli page`);
      continue;
    }
    const flags: FactFlag[] = (go.flags.get(gc.key) ?? []).map((d) => ({
      name: d.name,
      shorthand: d.shorthand,
      type: d.type,
      default:
        d.value.kind === 'literal'
          ? d.value.value
          : resolveExpr(gitDir, tag, go.imports.get(d.file), d.value.expr, d.type),
      required: !!go.required.get(gc.key)?.has(d.name),
    }));
    flags.sort((a, b) => a.name.localeCompare(b.name));
    const groups = go.groups.get(gc.key);
    commands.push({
      path: gc.path,
      runnable: true,
      // cobra's use line: every command has --help, so " [flags]" is appended.
      usage: `${gc.path.split(' ').slice(0, -1).join(' ')} ${gc.use} [flags]`,
      aliases: gc.aliases,
      ...(gc.deprecated ? {deprecated: true} : {}),
      flags,
      ...(groups && groups.length > 0 ? {flagGroups: groups} : {}),
    });
  }

  for (const [key, names] of go.required) {
    const c = go.commands.get(key);
    for (const n of names) {
      if (!c?.path) problems.push(`required flag --${n} on a command without a path (${key})`);
    }
  }

  if (!go.disablesCompletion) {
    commands.push({
      path: 'thv completion',
      runnable: false,
      usage: null,
      aliases: [],
      builtin: true,
      flags: [],
    });
    for (const shell of ['bash', 'fish', 'powershell', 'zsh']) {
      commands.push({
        path: `thv completion ${shell}`,
        runnable: true,
        // cobra sets DisableFlagsInUseLine on these commands.
        usage: `thv completion ${shell}`,
        aliases: [],
        builtin: true,
        flags: [
          {name: 'no-descriptions', shorthand: null, type: 'bool', default: null, required: false},
        ],
      });
    }
  }

  if (problems.length > 0) {
    throw new Error(
      `the sources at ${tag} disagree:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
  commands.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    release: tag,
    source: {
      repo: 'stacklok/toolhive',
      tag,
      commit,
      paths: ['docs/cli/thv*.md', 'cmd/thv/**/*.go'],
    },
    persistentFlags,
    commands,
  };
}

function persistentNames(pages: Page[]): string[] {
  const root = pages.find((p) => p.path === 'thv');
  // Every page lists the root's persistent flags as inherited; the root lists them as its own.
  const sample = pages.find((p) => p.path !== 'thv');
  return root && sample ? sample.inherited.map((f) => f.name).filter((n) => n !== 'help') : [];
}

async function main(argv: string[]): Promise<number> {
  let gitDir: string | undefined;
  let tag: string | undefined;
  let out: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--git-dir') gitDir = argv[++i];
    else if (a === '--tag') tag = argv[++i];
    else if (a === '--out') out = argv[++i];
    else {
      console.error(`unknown argument ${a}`);
      return 2;
    }
  }
  if (!gitDir || !tag) {
    console.error(
      'usage: tsx scripts/cli-reference/extract-facts.ts --git-dir <toolhive git dir> --tag <tag> [--out <file>]',
    );
    return 2;
  }
  const facts = extractFacts(gitDir, tag);
  const file = out ?? path.join('data', 'releases', tag, 'cli', 'facts.json');
  fs.mkdirSync(path.dirname(file), {recursive: true});
  // Written as Prettier formats it, so that `npm run format:check` passes.
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(
    file,
    await prettier.format(JSON.stringify(facts), {...options, parser: 'json'}),
  );
  const flags = facts.commands.reduce((n, c) => n + c.flags.length, 0);
  console.log(
    `cli facts: ${facts.commands.length} commands, ${flags} flags (+${facts.persistentFlags.length} persistent) -> ${file}`,
  );
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );
}
