/**
 * Check `thv` command lines in documentation against the CLI command tree.
 *
 * The command tree comes from `data/releases/v0.2.8/cli/thv.yaml` (see the CLI data format):
 * every command has a `path` ("thv registry list"), `aliases`, `runnable` and
 * its own `flags` (`name`, `shorthand`, `type`); the root `thv` command carries
 * flags marked `persistent: true`, which every command inherits.
 *
 * A shell line is tokenised with a small POSIX-shell-like lexer (quotes,
 * escapes, `$(...)` and backtick substitutions, comments, redirections,
 * control operators). Every simple command whose first word (after env
 * assignments and wrappers such as `sudo`) is `thv` is judged the way cobra
 * and pflag would parse it:
 *
 * 1. the command path is resolved word by word (aliases count); cobra's
 *    built-in `help` and `completion` commands are known too;
 * 2. every `--flag`, `--flag=value`, `-x`, `-x value`, `-xvalue` and combined
 *    boolean shorthands (`-abc`) must be accepted by the resolved command (its
 *    own flags, inherited persistent flags, `-h/--help`); non-bool flags take
 *    the next word as their value unless written with `=`;
 * 3. everything after a standalone `--` belongs to the MCP server;
 * 4. a command marked `deprecated` in the data is reported with its
 *    replacement, and flags of a `flagGroups` entry that cobra refuses to
 *    combine (`mutuallyExclusive`, or part of a `requiredTogether` group) are
 *    reported too.
 *
 * Placeholders such as `<server-name>`, `[flags]`, `...`, `$VAR` or `$(...)`
 * are accepted wherever a value or argument may appear.
 */
import {readFileSync} from 'node:fs';
import {parse as parseYaml} from 'yaml';
import {extractCodeBlocks, type CodeBlock} from './code-blocks';
import leven from 'leven';

// ---------------------------------------------------------------------------
// Command tree
// ---------------------------------------------------------------------------

/** A flag as written in data/releases/v0.2.8/cli/thv.yaml (extra keys are ignored). */
export interface FlagData {
  name: string;
  shorthand?: string | null;
  type?: string | null;
  persistent?: boolean | null;
}

/** Flags that cobra checks together (see `flagGroups` in the CLI data format). */
export interface FlagGroupData {
  kind: string;
  flags: string[];
}

/** A command as written in data/releases/v0.2.8/cli/thv.yaml (extra keys are ignored). */
export interface CommandData {
  path: string;
  aliases?: string[] | null;
  runnable?: boolean | null;
  usage?: string | null;
  flags?: FlagData[] | null;
  /** What to use instead, for a command that cobra marks as deprecated. */
  deprecated?: string | null;
  flagGroups?: FlagGroupData[] | null;
}

export interface CliData {
  commands: CommandData[];
}

export interface FlagDef {
  name: string;
  shorthand: string | null;
  type: string;
  persistent: boolean;
}

export interface CommandNode {
  /** Full path, e.g. "thv registry list". */
  path: string;
  /** Last word of the path. */
  name: string;
  aliases: string[];
  runnable: boolean;
  flags: FlagDef[];
  parent: CommandNode | null;
  /** Subcommands by name and by alias. */
  children: Map<string, CommandNode>;
  /** Subcommands in insertion order (no alias duplicates). */
  subcommands: CommandNode[];
  /** Set for cobra's built-in commands that the data file does not describe. */
  builtin?: 'help' | 'completion';
  /** What to use instead, when the command is deprecated. */
  deprecated?: string;
  flagGroups: FlagGroupData[];
}

export interface FlagSet {
  long: Map<string, FlagDef>;
  short: Map<string, FlagDef>;
}

export class CommandTree {
  readonly root: CommandNode;
  readonly byPath = new Map<string, CommandNode>();
  private readonly flagSets = new Map<CommandNode, FlagSet>();

  constructor(rootName = 'thv') {
    this.root = makeNode(rootName, null);
    this.byPath.set(rootName, this.root);
  }

  /** Get a node by path, creating non-runnable parents on the way. */
  ensure(path: string): CommandNode {
    const words = splitPath(path);
    if (words.length === 0) throw new Error('empty command path');
    if (words[0] !== this.root.name) {
      throw new Error(`command path "${path}" does not start with "${this.root.name}"`);
    }
    let node = this.root;
    for (let i = 1; i < words.length; i += 1) {
      let child = node.subcommands.find((c) => c.name === words[i]);
      if (!child) {
        child = makeNode(words.slice(0, i + 1).join(' '), node);
        child.runnable = false;
        node.subcommands.push(child);
        node.children.set(child.name, child);
        this.byPath.set(child.path, child);
      }
      node = child;
    }
    return node;
  }

  find(path: string): CommandNode | undefined {
    return this.byPath.get(splitPath(path).join(' '));
  }

  /** Flags accepted by a command: its own, inherited persistent ones and -h/--help. */
  flagSet(node: CommandNode): FlagSet {
    const cached = this.flagSets.get(node);
    if (cached) return cached;
    const set: FlagSet = {long: new Map(), short: new Map()};
    const add = (f: FlagDef) => {
      if (!set.long.has(f.name)) set.long.set(f.name, f);
      if (f.shorthand && !set.short.has(f.shorthand)) set.short.set(f.shorthand, f);
    };
    node.flags.forEach(add);
    for (let p = node.parent; p; p = p.parent) p.flags.filter((f) => f.persistent).forEach(add);
    add(HELP_FLAG);
    this.flagSets.set(node, set);
    return set;
  }

  /** Every command in the tree, depth first. */
  all(): CommandNode[] {
    const out: CommandNode[] = [];
    const walk = (n: CommandNode) => {
      out.push(n);
      n.subcommands.forEach(walk);
    };
    walk(this.root);
    return out;
  }
}

const HELP_FLAG: FlagDef = {name: 'help', shorthand: 'h', type: 'bool', persistent: false};

/** Shells cobra v1.9 can generate completion scripts for; each takes --no-descriptions. */
export const COMPLETION_SHELLS = ['bash', 'zsh', 'fish', 'powershell'];

function makeNode(path: string, parent: CommandNode | null): CommandNode {
  const words = splitPath(path);
  return {
    path: words.join(' '),
    name: words[words.length - 1],
    aliases: [],
    runnable: true,
    flags: [],
    parent,
    children: new Map(),
    subcommands: [],
    flagGroups: [],
  };
}

function splitPath(path: string): string[] {
  return path.trim().split(/\s+/).filter(Boolean);
}

function toFlagDef(f: FlagData, where: string): FlagDef {
  if (!f || typeof f.name !== 'string' || f.name === '') {
    throw new Error(`${where}: every flag needs a name`);
  }
  const name = f.name.replace(/^-+/, '');
  const shorthand = f.shorthand ? String(f.shorthand).replace(/^-+/, '') : null;
  return {
    name,
    shorthand: shorthand || null,
    type: f.type ? String(f.type) : 'string',
    persistent: f.persistent === true,
  };
}

/** Build the command tree from parsed CLI data and add cobra's built-in commands. */
export function buildCommandTree(data: CliData): CommandTree {
  if (!data || !Array.isArray(data.commands)) {
    throw new Error('CLI data must have a "commands" list');
  }
  const rootPath = data.commands.map((c) => splitPath(String(c.path))).find((w) => w.length > 0);
  const tree = new CommandTree(rootPath ? rootPath[0] : 'thv');
  // Parents first, so aliases of shorter paths are known before children are attached.
  const sorted = [...data.commands].sort(
    (a, b) => splitPath(String(a.path)).length - splitPath(String(b.path)).length,
  );
  for (const c of sorted) {
    if (!c || typeof c.path !== 'string') throw new Error('every command needs a "path"');
    const node = tree.ensure(c.path);
    node.runnable = c.runnable ?? (c.usage === undefined ? true : c.usage !== null);
    node.aliases = (c.aliases ?? []).map(String);
    const flags = (c.flags ?? []).map((f) => toFlagDef(f, c.path));
    // Merge, in case a path is listed twice.
    for (const f of flags) if (!node.flags.some((g) => g.name === f.name)) node.flags.push(f);
    if (c.deprecated) node.deprecated = String(c.deprecated);
    for (const g of c.flagGroups ?? []) {
      node.flagGroups.push({kind: String(g.kind), flags: (g.flags ?? []).map(String)});
    }
    if (node.parent) for (const a of node.aliases) node.parent.children.set(a, node);
  }
  addBuiltins(tree);
  return tree;
}

/** cobra adds `help [command]` and `completion <shell>` to every root command. */
function addBuiltins(tree: CommandTree): void {
  const root = tree.root;
  if (!root.children.has('help')) {
    const help = tree.ensure(`${root.name} help`);
    help.runnable = true;
    help.builtin = 'help';
  }
  if (!root.children.has('completion')) {
    const completion = tree.ensure(`${root.name} completion`);
    completion.runnable = false;
    completion.builtin = 'completion';
    for (const shell of COMPLETION_SHELLS) {
      const node = tree.ensure(`${completion.path} ${shell}`);
      node.runnable = true;
      node.builtin = 'completion';
      node.flags.push({name: 'no-descriptions', shorthand: null, type: 'bool', persistent: false});
    }
  }
}

export function parseCommandTreeYaml(text: string): CommandTree {
  return buildCommandTree(parseYaml(text) as CliData);
}

export function loadCommandTree(file: string): CommandTree {
  return parseCommandTreeYaml(readFileSync(file, 'utf8'));
}

// ---------------------------------------------------------------------------
// Shell lexer
// ---------------------------------------------------------------------------

export interface Word {
  kind: 'word';
  /** The word after quote removal; substitutions appear as `$(…)`. */
  value: string;
  /** Offset of the first character in the lexed text. */
  start: number;
  /** True if any part of the word was quoted. */
  quoted: boolean;
  /** True if the word contains a parameter expansion or command substitution. */
  dynamic: boolean;
  /** True if the word contains an angle-bracket placeholder such as `<server-name>`. */
  placeholder: boolean;
}

export interface Operator {
  kind: 'op' | 'redir';
  value: string;
  start: number;
}

export type Token = Word | Operator;

export interface LexResult {
  tokens: Token[];
  /** Bodies of `$(...)` and backtick substitutions, with their offsets. */
  substitutions: {text: string; start: number}[];
  /** True if the text ended inside a quote or substitution. */
  incomplete: boolean;
}

const CONTROL_OPS = /^(\|\||\|&|\||&&|;;&|;;|;&|;|&|\(|\))/;
const REDIR_OPS = /^(&>>|&>|>>|>&|>\||<<<|<<-|<<|<&|<>|>|<)/;
const PLACEHOLDER = /^<[A-Za-z0-9_][^<>\s]*>/;
const PARAM = /^\$([A-Za-z_][A-Za-z0-9_]*|[0-9?#@*$!-])/;

/** Index of the `)` closing a `$(` whose body starts at `from`, or -1. */
function findClosingParen(src: string, from: number): number {
  let depth = 1;
  let i = from;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === "'") {
      const j = src.indexOf("'", i + 1);
      if (j < 0) return -1;
      i = j + 1;
      continue;
    }
    if (c === '"') {
      i += 1;
      while (i < src.length && src[i] !== '"') {
        if (src[i] === '\\') i += 1;
        else if (src[i] === '$' && src[i + 1] === '(') {
          const k = findClosingParen(src, i + 2);
          if (k < 0) return -1;
          i = k;
        }
        i += 1;
      }
      if (i >= src.length) return -1;
      i += 1;
      continue;
    }
    if (c === '(') depth += 1;
    else if (c === ')') {
      depth -= 1;
      if (depth === 0) return i;
    }
    i += 1;
  }
  return -1;
}

/** Index of the `}` closing a `${` whose body starts at `from`, or -1. */
function findClosingBrace(src: string, from: number): number {
  let depth = 1;
  for (let i = from; i < src.length; i += 1) {
    if (src[i] === '\\') i += 1;
    else if (src[i] === '{') depth += 1;
    else if (src[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/**
 * Tokenise shell text. Offsets are relative to `src` plus `base`.
 * Backslash-newline is a line continuation; a bare newline is a command separator.
 */
export function lexShell(src: string, base = 0): LexResult {
  const tokens: Token[] = [];
  const substitutions: {text: string; start: number}[] = [];
  let incomplete = false;
  let cur: Word | null = null;
  let i = 0;

  const word = (): Word => {
    if (!cur)
      cur = {
        kind: 'word',
        value: '',
        start: base + i,
        quoted: false,
        dynamic: false,
        placeholder: false,
      };
    return cur;
  };
  const endWord = () => {
    if (cur) tokens.push(cur);
    cur = null;
  };

  /** Handle `$...` at src[i]; appends to the current word. */
  const dollar = () => {
    const w = word();
    if (src.startsWith('$((', i)) {
      const j = src.indexOf('))', i + 3);
      const end = j < 0 ? src.length : j + 2;
      if (j < 0) incomplete = true;
      w.value += src.slice(i, end);
      w.dynamic = true;
      i = end;
      return;
    }
    if (src.startsWith('$(', i)) {
      const j = findClosingParen(src, i + 2);
      const end = j < 0 ? src.length : j;
      if (j < 0) incomplete = true;
      substitutions.push({text: src.slice(i + 2, end), start: base + i + 2});
      w.value += '$(…)';
      w.dynamic = true;
      i = j < 0 ? src.length : j + 1;
      return;
    }
    if (src.startsWith('${', i)) {
      const j = findClosingBrace(src, i + 2);
      const end = j < 0 ? src.length : j + 1;
      if (j < 0) incomplete = true;
      w.value += src.slice(i, end);
      w.dynamic = true;
      i = end;
      return;
    }
    const m = PARAM.exec(src.slice(i));
    if (m) {
      w.value += m[0];
      w.dynamic = true;
      i += m[0].length;
      return;
    }
    w.value += '$';
    i += 1;
  };

  const backtick = () => {
    const w = word();
    let j = i + 1;
    while (j < src.length && src[j] !== '`') j += src[j] === '\\' ? 2 : 1;
    if (j >= src.length) incomplete = true;
    substitutions.push({text: src.slice(i + 1, Math.min(j, src.length)), start: base + i + 1});
    w.value += '$(…)';
    w.dynamic = true;
    i = Math.min(j + 1, src.length);
  };

  while (i < src.length) {
    const c = src[i];
    if (c === '\\') {
      if (src[i + 1] === '\n') {
        i += 2; // line continuation
        continue;
      }
      if (i + 1 < src.length) word().value += src[i + 1];
      i += 2;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      endWord();
      i += 1;
      continue;
    }
    if (c === '\n') {
      endWord();
      tokens.push({kind: 'op', value: '\n', start: base + i});
      i += 1;
      continue;
    }
    if (c === '#' && !cur) {
      while (i < src.length && src[i] !== '\n') i += 1;
      continue;
    }
    if (c === "'") {
      const w = word();
      w.quoted = true;
      const j = src.indexOf("'", i + 1);
      if (j < 0) {
        incomplete = true;
        w.value += src.slice(i + 1);
        i = src.length;
      } else {
        w.value += src.slice(i + 1, j);
        i = j + 1;
      }
      continue;
    }
    if (c === '"') {
      const w = word();
      w.quoted = true;
      i += 1;
      let closed = false;
      while (i < src.length) {
        const d = src[i];
        if (d === '"') {
          closed = true;
          i += 1;
          break;
        }
        if (d === '\\' && i + 1 < src.length) {
          const e = src[i + 1];
          if (e === '\n') i += 2;
          else {
            w.value += '$`"\\'.includes(e) ? e : d + e;
            i += 2;
          }
          continue;
        }
        if (d === '$') {
          dollar();
          continue;
        }
        if (d === '`') {
          backtick();
          continue;
        }
        const m = PLACEHOLDER.exec(src.slice(i));
        if (d === '<' && m) w.placeholder = true;
        w.value += d;
        i += 1;
      }
      if (!closed) incomplete = true;
      continue;
    }
    if (c === '$') {
      dollar();
      continue;
    }
    if (c === '`') {
      backtick();
      continue;
    }
    if (c === '<') {
      const m = PLACEHOLDER.exec(src.slice(i));
      if (m) {
        const w = word();
        w.value += m[0];
        w.placeholder = true;
        i += m[0].length;
        continue;
      }
    }
    if (c === '<' || c === '>' || (c === '&' && src[i + 1] === '>')) {
      // A word made only of digits right before a redirection is a file descriptor.
      const w = cur as Word | null;
      if (w && !w.quoted && /^[0-9]+$/.test(w.value)) cur = null;
      endWord();
      const m = REDIR_OPS.exec(src.slice(i));
      const op = m ? m[0] : c;
      tokens.push({kind: 'redir', value: op, start: base + i});
      i += op.length;
      continue;
    }
    if (c === '|' || c === '&' || c === ';' || c === '(' || c === ')') {
      endWord();
      const m = CONTROL_OPS.exec(src.slice(i));
      const op = m ? m[0] : c;
      tokens.push({kind: 'op', value: op, start: base + i});
      i += op.length;
      continue;
    }
    word().value += c;
    i += 1;
  }
  endWord();
  return {tokens, substitutions, incomplete};
}

// ---------------------------------------------------------------------------
// Finding thv invocations
// ---------------------------------------------------------------------------

export interface Problem {
  /** Offset in the checked text where the problem is. */
  start: number;
  message: string;
}

export interface Invocation {
  /** The `thv` word. */
  thv: Word;
  /** Words after `thv` up to the end of the simple command (redirections removed). */
  args: Word[];
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;
/** Reserved words that may precede a command. */
const KEYWORDS = new Set(['!', '{', '}', 'if', 'then', 'else', 'elif', 'do', 'while', 'until']);
/** Wrapper commands that run the command after them; values are options that take an argument. */
const WRAPPERS: Record<string, Set<string>> = {
  sudo: new Set(['-u', '-g', '-U', '-C', '-D', '-p', '-r', '-t', '-T']),
  env: new Set(['-u', '-C', '-S']),
  nohup: new Set(),
  exec: new Set(['-a']),
  command: new Set(),
  time: new Set(['-f', '-o']),
  watch: new Set(['-n', '-d', '--interval']),
};

function isThvWord(w: Word, rootName: string): boolean {
  if (w.dynamic || w.placeholder) return false;
  return w.value === rootName || new RegExp(`(^|/)${rootName}(\\.exe)?$`).test(w.value);
}

/** Find every `thv` invocation in shell text, including inside `$(...)`. */
export function findInvocations(text: string, rootName = 'thv', base = 0): Invocation[] {
  const {tokens, substitutions} = lexShell(text, base);
  const out: Invocation[] = [];

  // Split into simple commands and drop redirections with their targets.
  const commands: Word[][] = [];
  let current: Word[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i];
    if (t.kind === 'word') {
      current.push(t);
    } else if (t.kind === 'redir') {
      if (tokens[i + 1]?.kind === 'word') i += 1;
    } else {
      commands.push(current);
      current = [];
    }
  }
  commands.push(current);

  for (const words of commands) {
    let k = 0;
    for (;;) {
      const w = words[k];
      if (!w) break;
      if (!w.quoted && ASSIGNMENT.test(w.value)) {
        k += 1;
        continue;
      }
      if (!w.quoted && KEYWORDS.has(w.value)) {
        k += 1;
        continue;
      }
      const wrapper = !w.quoted ? WRAPPERS[w.value] : undefined;
      if (wrapper) {
        k += 1;
        while (words[k] && words[k].value.startsWith('-') && words[k].value !== '--') {
          k += wrapper.has(words[k].value) ? 2 : 1;
        }
        if (words[k]?.value === '--') k += 1;
        continue;
      }
      break;
    }
    const first = words[k];
    if (first && isThvWord(first, rootName)) out.push({thv: first, args: words.slice(k + 1)});
  }

  for (const sub of substitutions) out.push(...findInvocations(sub.text, rootName, sub.start));
  out.sort((a, b) => a.thv.start - b.thv.start);
  return out;
}

// ---------------------------------------------------------------------------
// Judging one invocation
// ---------------------------------------------------------------------------

function isFlagWord(w: Word): boolean {
  return w.value.length > 1 && w.value.startsWith('-') && w.value !== '--';
}

/** A word that stands for something else: `<name>`, `[flags]`, `...`, `$VAR`, `{a,b}`, `SERVER_NAME`. */
function isPlaceholder(w: Word): boolean {
  const v = w.value;
  return (
    w.placeholder ||
    w.dynamic ||
    v.includes('...') ||
    v.includes('…') ||
    v.startsWith('[') ||
    v.endsWith(']') ||
    /^\{.*\}$/.test(v) ||
    /^[A-Z][A-Z0-9_]*$/.test(v)
  );
}

function suggest(word: string, candidates: Iterable<string>): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = leven(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance || (d === bestDistance && best !== null && c < best)) {
      best = c;
      bestDistance = d;
    }
  }
  return best !== null && (bestDistance <= 2 || best.startsWith(word) || word.startsWith(best))
    ? best
    : null;
}

/** Does this flag word take the next word as its value while cobra looks for subcommands? */
function stripConsumesNext(tree: CommandTree, node: CommandNode, w: Word): boolean {
  const v = w.value;
  if (v.includes('=')) return false;
  const flags = tree.flagSet(node);
  if (v.startsWith('--')) return flags.long.get(v.slice(2))?.type !== 'bool';
  if (v.length === 2) return flags.short.get(v[1])?.type !== 'bool';
  return false;
}

export interface InvocationResult {
  /** The resolved command, or null if a placeholder stands in for it. */
  command: CommandNode | null;
  problems: Problem[];
}

/**
 * Judge the words after `thv`. Mirrors cobra's command lookup (only the first
 * non-flag word at each level can name a subcommand; while looking, flags that
 * are not known booleans take the next word) and pflag's flag parsing.
 */
export function checkInvocation(tree: CommandTree, args: Word[]): InvocationResult {
  const problems: Problem[] = [];
  let node = tree.root;
  const pathIndexes = new Set<number>();
  let end = args.length;
  for (let i = 0; i < args.length; i += 1) {
    if (args[i].value === '--') {
      end = i;
      break;
    }
  }

  // 1. Resolve the command path.
  for (let i = 0; i < end; i += 1) {
    const w = args[i];
    if (isFlagWord(w)) {
      if (stripConsumesNext(tree, node, w)) i += 1;
      continue;
    }
    const child = node.children.get(w.value);
    if (child && !w.dynamic) {
      node = child;
      pathIndexes.add(i);
      continue;
    }
    const needsSubcommand = node.subcommands.length > 0 && (node === tree.root || !node.runnable);
    if (isPlaceholder(w)) {
      if (needsSubcommand) return {command: null, problems};
      break;
    }
    if (needsSubcommand) {
      const candidates = node.subcommands.flatMap((c) => [c.name, ...c.aliases]);
      const hint = suggest(w.value, candidates);
      problems.push({
        start: w.start,
        message:
          `unknown command "${node.path} ${w.value}"` +
          (hint ? ` (did you mean "${node.path} ${hint}"?)` : ''),
      });
      return {command: node, problems};
    }
    break; // first positional argument of a runnable command
  }

  // 2. Check flags against the resolved command.
  const flags = tree.flagSet(node);
  const positionals: Word[] = [];
  /** Long names of the flags given, with the first word that set each. */
  const used = new Map<string, Word>();
  for (let i = 0; i < end; i += 1) {
    if (pathIndexes.has(i)) continue;
    const w = args[i];
    if (!isFlagWord(w)) {
      positionals.push(w);
      continue;
    }
    const v = w.value;
    if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      const name = eq < 0 ? v.slice(2) : v.slice(2, eq);
      if (/[<$[{…]/.test(name) || (w.placeholder && !name)) continue; // --<flag>
      const def = flags.long.get(name);
      if (!def) {
        const hint = suggest(name, flags.long.keys());
        problems.push({
          start: w.start,
          message:
            `unknown flag --${name} for "${node.path}"` +
            (hint ? ` (did you mean --${hint}?)` : ''),
        });
        continue;
      }
      if (!used.has(def.name)) used.set(def.name, w);
      if (eq < 0 && def.type !== 'bool') {
        if (i + 1 < end) i += 1;
        else
          problems.push({
            start: w.start,
            message: `flag --${name} for "${node.path}" needs a value`,
          });
      }
      continue;
    }
    // Shorthand cluster: -x, -xvalue, -x=value, -abc.
    if (w.placeholder || /^-[<$[{]/.test(v)) continue;
    let rest = v.slice(1);
    while (rest.length > 0) {
      const ch = rest[0];
      const def = flags.short.get(ch);
      if (!def) {
        problems.push({
          start: w.start,
          message: `unknown shorthand flag -${ch}${v.length > 2 ? ` in ${v}` : ''} for "${node.path}"`,
        });
        break;
      }
      if (!used.has(def.name)) used.set(def.name, w);
      if (rest.length > 2 && rest[1] === '=') break; // -x=value
      if (def.type === 'bool') {
        rest = rest.slice(1);
        continue;
      }
      if (rest.length > 1) break; // -xvalue
      if (i + 1 < end) i += 1;
      else
        problems.push({
          start: w.start,
          message: `flag -${ch} (--${def.name}) for "${node.path}" needs a value`,
        });
      break;
    }
  }

  // 3. Deprecated commands and flag combinations that cobra refuses.
  if (node.deprecated) {
    problems.push({
      start: args[[...pathIndexes].pop() ?? 0]?.start ?? 0,
      message: `"${node.path}" is deprecated: ${node.deprecated}`,
    });
  }
  for (const group of node.flagGroups) {
    const given = group.flags.filter((f) => used.has(f));
    const list = (names: string[]) => names.map((n) => `--${n}`).join(', ');
    if (group.kind === 'mutuallyExclusive' && given.length > 1) {
      problems.push({
        start: used.get(given[1])!.start,
        message: `flags ${list(given)} of "${node.path}" can't be used together`,
      });
    } else if (group.kind === 'requiredTogether' && given.length > 0) {
      const missing = group.flags.filter((f) => !used.has(f));
      if (missing.length > 0) {
        problems.push({
          start: used.get(given[0])!.start,
          message: `"${node.path}" needs ${list(missing)} together with ${list(given)}`,
        });
      }
    }
  }

  // 4. `thv help <command...>` must name a real command.
  if (node.builtin === 'help') {
    let topic = tree.root;
    for (const w of positionals) {
      if (isPlaceholder(w)) break;
      const child = topic.children.get(w.value);
      if (child) {
        topic = child;
        continue;
      }
      if (topic.subcommands.length > 0 && (topic === tree.root || !topic.runnable)) {
        const hint = suggest(
          w.value,
          topic.subcommands.flatMap((c) => [c.name, ...c.aliases]),
        );
        problems.push({
          start: w.start,
          message:
            `unknown help topic "${topic.path} ${w.value}"` +
            (hint ? ` (did you mean "${topic.path} ${hint}"?)` : ''),
        });
      }
      break;
    }
  }

  return {command: node, problems};
}

/** Check every `thv` invocation in one shell command (continuations already joined). */
export function checkShellCommand(
  tree: CommandTree,
  text: string,
): {invocations: Invocation[]; problems: Problem[]} {
  const invocations = findInvocations(text, tree.root.name);
  const problems = invocations.flatMap((inv) => checkInvocation(tree, inv.args).problems);
  return {invocations, problems};
}

/** Convenience for tests: the problem messages for a shell snippet (one or more lines, as in a bash block). */
export function checkLine(tree: CommandTree, text: string): string[] {
  const lines = text.split('\n');
  return checkShellLines(
    tree,
    lines,
    lines.map((_, i) => i + 1),
    'bash',
  ).problems.map((p) => p.message);
}

// ---------------------------------------------------------------------------
// Code blocks and Markdown files
// ---------------------------------------------------------------------------

/** Code block languages whose lines are judged as shell commands. */
export const SHELL_LANGS = new Set(['bash', 'sh', 'shell', 'console', 'zsh']);

export interface LineProblem {
  /** 1-based line number in the file. */
  line: number;
  message: string;
}

export interface BlockResult {
  /** Shell commands (after joining continuations) that contain at least one thv invocation. */
  commandLines: number;
  invocations: number;
  problems: LineProblem[];
}

function stripPrompt(line: string): string {
  return line.replace(/^\s*\$ /, '');
}

const MAX_JOINED_LINES = 40;

/** Does the line end with an unescaped backslash (trailing blanks after it are tolerated)? */
function endsWithContinuation(line: string): boolean {
  const m = /\\+$/.exec(line.replace(/\s+$/, ''));
  return !!m && m[0].length % 2 === 1;
}

/** One shell command of a code block, continuation lines joined. */
export interface ShellCommand {
  text: string;
  /** File line of an offset in `text`. */
  lineOf: (pos: number) => number;
}

/**
 * The shell commands of one code block's lines. In `console` blocks only
 * lines starting with `$ ` are commands (plus their continuation lines); in
 * the other shell languages every line is, and a leading `$ ` prompt is
 * removed. Continuation lines and lines inside open quotes are joined, and
 * here-document bodies are skipped.
 */
export function shellCommands(
  lines: string[],
  lineNumbers: number[],
  lang: string,
): ShellCommand[] {
  const out: ShellCommand[] = [];
  const consoleMode = lang === 'console';
  const heredocs: {delim: string; strip: boolean}[] = [];
  let i = 0;
  while (i < lines.length) {
    const raw = lines[i];
    if (heredocs.length > 0) {
      const h = heredocs[0];
      const candidate = h.strip ? raw.replace(/^\t+/, '') : raw;
      if (candidate === h.delim || candidate.trim() === h.delim) heredocs.shift();
      i += 1;
      continue;
    }
    let first: string;
    if (consoleMode) {
      const m = /^\s*\$ ?(.*)$/.exec(raw);
      if (!m || !/^\s*\$( |$)/.test(raw)) {
        i += 1;
        continue;
      }
      first = m[1];
    } else {
      first = stripPrompt(raw);
    }

    // Join continuation lines and lines inside open quotes / substitutions.
    const parts = [first];
    const partLines = [lineNumbers[i]];
    let j = i;
    for (;;) {
      const last = parts[parts.length - 1];
      const needMore =
        endsWithContinuation(last) ||
        (parts.length < MAX_JOINED_LINES && lexShell(parts.join('\n')).incomplete);
      if (!needMore || j + 1 >= lines.length) break;
      j += 1;
      let next = lines[j];
      if (consoleMode) next = next.replace(/^\s*> ?/, '');
      // Keep "\<newline>" so the lexer sees the continuation; strip trailing spaces after the backslash.
      if (endsWithContinuation(last)) parts[parts.length - 1] = last.replace(/\s+$/, '');
      parts.push(next);
      partLines.push(lineNumbers[j]);
    }
    const text = parts.join('\n');
    const starts: number[] = [];
    let offset = 0;
    for (const p of parts) {
      starts.push(offset);
      offset += p.length + 1;
    }
    const lineOf = (pos: number): number => {
      let k = 0;
      while (k + 1 < starts.length && starts[k + 1] <= pos) k += 1;
      return partLines[k];
    };
    out.push({text, lineOf});

    // Here-documents: skip their bodies.
    const {tokens} = lexShell(text);
    for (let t = 0; t < tokens.length; t += 1) {
      const tok = tokens[t];
      const next = tokens[t + 1];
      if (
        tok.kind === 'redir' &&
        (tok.value === '<<' || tok.value === '<<-') &&
        next?.kind === 'word'
      ) {
        heredocs.push({delim: next.value, strip: tok.value === '<<-'});
      }
    }
    i = j + 1;
  }
  return out;
}

/** Check the lines of one code block (see shellCommands for what a command is). */
export function checkShellLines(
  tree: CommandTree,
  lines: string[],
  lineNumbers: number[],
  lang: string,
): BlockResult {
  const result: BlockResult = {commandLines: 0, invocations: 0, problems: []};
  for (const {text, lineOf} of shellCommands(lines, lineNumbers, lang)) {
    const {invocations, problems} = checkShellCommand(tree, text);
    if (invocations.length > 0) result.commandLines += 1;
    result.invocations += invocations.length;
    for (const p of problems) result.problems.push({line: lineOf(p.start), message: p.message});
  }
  return result;
}

export function checkCodeBlock(tree: CommandTree, block: CodeBlock): BlockResult {
  if (!SHELL_LANGS.has(block.lang)) return {commandLines: 0, invocations: 0, problems: []};
  const {lines, lineNumbers} = withoutErrorLines(block.lines, block.lineNumbers);
  return checkShellLines(tree, lines, lineNumbers, block.lang);
}

const ERROR_COMMENT = /^\s*#\s*(error-next-line|error-start|error-end)\s*$/;

/**
 * The lines of a shell block without those its `# error-next-line` and
 * `# error-start` … `# error-end` magic comments mark: a mistake the page
 * shows on purpose, drawn in red (prism.magicComments), is not judged.
 */
export function withoutErrorLines(
  lines: string[],
  lineNumbers: number[],
): {lines: string[]; lineNumbers: number[]} {
  const kept: {lines: string[]; lineNumbers: number[]} = {lines: [], lineNumbers: []};
  let inRange = false;
  let next = false;
  lines.forEach((line, i) => {
    const directive = ERROR_COMMENT.exec(line)?.[1];
    if (directive === 'error-next-line') next = true;
    else if (directive === 'error-start') inRange = true;
    else if (directive === 'error-end') inRange = false;
    else if (next) next = false;
    else if (!inRange) {
      kept.lines.push(line);
      kept.lineNumbers.push(lineNumbers[i]!);
    }
  });
  return kept;
}

/** Check every shell code block in a Markdown/MDX document. */
export function checkMarkdown(tree: CommandTree, text: string): BlockResult {
  const total: BlockResult = {commandLines: 0, invocations: 0, problems: []};
  for (const block of extractCodeBlocks(text)) {
    const r = checkCodeBlock(tree, block);
    total.commandLines += r.commandLines;
    total.invocations += r.invocations;
    total.problems.push(...r.problems);
  }
  return total;
}
