/**
 * Find the Cedar policies that the docs show, grouped the way ToolHive loads
 * them: a policy set is one authorization configuration (a JSON or YAML file
 * with `cedar.policies`, an MCPServer's `spec.authzConfig.inline`, or such a
 * file inside a ConfigMap), or one block of Cedar text.
 *
 * Where policies are looked for:
 * - fenced `cedar` blocks, and blocks in any other non-data language whose
 *   text starts with a policy (`permit`, `forbid` or an `@annotation`);
 * - `json`, `yaml` and `yml` blocks, and here-documents in shell blocks:
 *   ToolHive authorization configurations (pkg/authz/config.go), MCPServer
 *   and MCPRemoteProxy manifests with inline policies, MCPAuthzConfig
 *   manifests of type cedarv1 (v0.44.0: the operator wraps `spec.config` as
 *   the `cedar` object of a configuration), and ConfigMaps that hold a
 *   configuration;
 * - whole YAML files (the reference page's example manifest).
 *
 * Each set is named by its code block's `title="…"`, or when the block has
 * none by the heading it sits under; the decision tables use that name.
 * Lines inside code blocks that contain `permit(` or `forbid(` but belong to
 * no set found are reported, so no policy goes unchecked.
 */
import {
  LineCounter,
  isMap,
  isScalar,
  isSeq,
  parseAllDocuments,
  parseDocument,
  Scalar,
  type Document,
  type Node,
  type YAMLMap,
} from 'yaml';
import {extractCodeBlocks, splitLines, type CodeBlock} from './code-blocks';
import {heredocBodies, SHELL_LANGS} from './crd-yaml';

export type PolicySource =
  | 'Cedar text'
  | 'authorization config'
  | 'MCPServer inline policies'
  | 'MCPAuthzConfig policies'
  | 'ConfigMap authorization config';

export interface FoundPolicy {
  /** The policy text as ToolHive receives it. */
  text: string;
  /** File line of the text's first line. */
  line: number;
  /** Last file line the text occupies. */
  endLine: number;
  /** True when each line of the text is the same line of the file (offsets map to lines). */
  exactLines: boolean;
  /** True for an entry of a ToolHive policy list, which must hold exactly one policy. */
  single: boolean;
}

export interface SetProblem {
  line: number;
  message: string;
}

export interface PolicySet {
  /** The block's title, or the heading above it, or the file name for a YAML file. */
  id: string;
  source: PolicySource;
  /** File line where the set starts (the code block fence, or the document). */
  line: number;
  policies: FoundPolicy[];
  /** The entities_json / entitiesJson text ('[]' when absent). */
  entitiesJson: string;
  entitiesLine: number;
  /** Problems with the configuration around the policies. */
  problems: SetProblem[];
  /** Kind and name of the object that holds the set, when there is one. */
  label?: string;
}

export interface FileScan {
  sets: PolicySet[];
  /** Policy-like lines that belong to no set found. */
  stray: SetProblem[];
}

const DATA_LANGS = new Set(['json', 'jsonc', 'json5', 'yaml', 'yml']);
const POLICY_START = /^\s*(permit|forbid)\s*\(|^\s*@[A-Za-z_]/;
const POLICY_LIKE = /\b(permit|forbid)\s*\(/;

/** Keys of a ToolHive authorization configuration (pkg/authz/config.go). */
const CONFIG_KEYS = ['version', 'type', 'cedar'];
const CEDAR_KEYS = ['policies', 'entities_json'];

function titleOf(block: CodeBlock): string | null {
  const m = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(block.meta);
  return m ? (m[1] ?? m[2] ?? m[3]) : null;
}

/** The nearest heading above each line, outside code blocks. */
function headingsByLine(text: string, blocks: CodeBlock[]): (line: number) => string {
  const lines = splitLines(text);
  const inBlock = new Set<number>();
  for (const b of blocks) {
    const end = b.endLine ?? lines.length;
    for (let l = b.startLine; l <= end; l += 1) inBlock.add(l);
  }
  const headings: {line: number; text: string}[] = [];
  lines.forEach((l, i) => {
    const m = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(l);
    if (m && !inBlock.has(i + 1))
      headings.push({line: i + 1, text: m[1].replace(/\s*\\?\{#[^}]*\}$/, '')});
  });
  return (line) => {
    let found = '(top of page)';
    for (const h of headings) if (h.line < line) found = h.text;
    return found;
  };
}

interface YamlContext {
  lineCounter: LineCounter;
  /** File line of the text's first line. */
  firstLine: number;
  /** True when the text's lines are the file's lines (so inner offsets map to file lines). */
  exact: boolean;
  /** Line to use when `exact` is false. */
  fallbackLine: number;
}

function lineOf(ctx: YamlContext, offset: number | undefined): number {
  if (!ctx.exact || offset === undefined) return ctx.fallbackLine;
  return ctx.lineCounter.linePos(offset).line + ctx.firstLine - 1;
}

function get(map: unknown, key: string): Node | undefined {
  if (!isMap(map)) return undefined;
  const pair = (map as YAMLMap).items.find((p) => isScalar(p.key) && String(p.key.value) === key);
  return (pair?.value ?? undefined) as Node | undefined;
}

function keyLine(ctx: YamlContext, map: unknown, key: string): number {
  if (!isMap(map)) return ctx.fallbackLine;
  const pair = (map as YAMLMap).items.find((p) => isScalar(p.key) && String(p.key.value) === key);
  return lineOf(ctx, (pair?.key as Node | undefined)?.range?.[0]);
}

/** Where a string scalar's text lies in the file, and whether its lines are the file's. */
function scalarPlacement(
  ctx: YamlContext,
  node: Scalar,
): {line: number; endLine: number; exact: boolean; contentLine: number} {
  const start = lineOf(ctx, node.range?.[0]);
  const end = lineOf(
    ctx,
    node.range?.[1] !== undefined ? Math.max(node.range[0], node.range[1] - 1) : undefined,
  );
  const value = String(node.value);
  const block = node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED;
  const contentLine = block ? start + 1 : start;
  const exact =
    ctx.exact && (node.type === Scalar.BLOCK_LITERAL || (!block && !value.includes('\n')));
  return {line: contentLine, endLine: Math.max(end, contentLine), exact, contentLine};
}

function isConfigLike(node: unknown): boolean {
  if (!isMap(node)) return false;
  const type = get(node, 'type');
  return !!get(node, 'cedar') || (isScalar(type) && type.value === 'cedarv1');
}

/** Check a ToolHive authorization configuration and collect its policies. */
function readConfig(ctx: YamlContext, node: YAMLMap, set: PolicySet, where: string): void {
  for (const pair of node.items) {
    const k = isScalar(pair.key) ? String(pair.key.value) : '';
    if (!CONFIG_KEYS.includes(k))
      set.problems.push({
        line: lineOf(ctx, (pair.key as Node | undefined)?.range?.[0]),
        message: `${where}: ToolHive ignores the key "${k}"; a configuration has only version, type and cedar`,
      });
  }
  const version = get(node, 'version');
  if (!isScalar(version) || String(version.value ?? '') === '')
    set.problems.push({
      line: lineOf(ctx, node.range?.[0]),
      message: `${where}: "version" is missing or empty; ToolHive refuses the file ("version is required")`,
    });
  const type = get(node, 'type');
  if (!isScalar(type) || type.value !== 'cedarv1')
    set.problems.push({
      line: keyLine(ctx, node, 'type'),
      message: `${where}: "type" must be "cedarv1", the only type ToolHive v0.2.8 knows`,
    });
  const cedarNode = get(node, 'cedar');
  if (!isMap(cedarNode)) {
    set.problems.push({
      line: lineOf(ctx, node.range?.[0]),
      message: `${where}: "cedar" is missing; ToolHive refuses the file ("cedar configuration is required")`,
    });
    return;
  }
  for (const pair of cedarNode.items) {
    const k = isScalar(pair.key) ? String(pair.key.value) : '';
    if (!CEDAR_KEYS.includes(k))
      set.problems.push({
        line: lineOf(ctx, (pair.key as Node | undefined)?.range?.[0]),
        message: `${where}: ToolHive ignores the key "cedar.${k}"; use "policies" and "entities_json"`,
      });
  }
  readPolicyList(
    ctx,
    get(cedarNode, 'policies'),
    keyLine(ctx, cedarNode, 'policies'),
    set,
    `${where}: "cedar.policies"`,
  );
  const entities = get(cedarNode, 'entities_json');
  if (entities !== undefined) readEntities(ctx, entities, set, `${where}: "cedar.entities_json"`);
}

function readPolicyList(
  ctx: YamlContext,
  list: Node | undefined,
  line: number,
  set: PolicySet,
  where: string,
): void {
  if (!isSeq(list) || list.items.length === 0) {
    set.problems.push({line, message: `${where} must be a list of at least one policy`});
    return;
  }
  for (const item of list.items) {
    if (!isScalar(item) || typeof item.value !== 'string') {
      set.problems.push({
        line: lineOf(ctx, (item as Node | null)?.range?.[0]),
        message: `${where}: each entry must be a string that holds one policy`,
      });
      continue;
    }
    const place = scalarPlacement(ctx, item);
    set.policies.push({
      text: item.value,
      line: place.line,
      endLine: place.endLine,
      exactLines: place.exact,
      single: true,
    });
  }
}

function readEntities(ctx: YamlContext, node: Node, set: PolicySet, where: string): void {
  if (!isScalar(node) || typeof node.value !== 'string') {
    set.problems.push({
      line: lineOf(ctx, node.range?.[0]),
      message: `${where} must be a string that holds a JSON array (for example "[]")`,
    });
    return;
  }
  set.entitiesJson = node.value;
  set.entitiesLine = scalarPlacement(ctx, node).line;
}

function newSet(id: string, source: PolicySource, line: number): PolicySet {
  return {id, source, line, policies: [], entitiesJson: '[]', entitiesLine: line, problems: []};
}

/**
 * Policy sets in YAML or JSON text (one or more documents). `id` names the
 * sets; a text with several gets `id (kind name)` for each.
 */
export function setsInYaml(
  text: string,
  ctx0: Omit<YamlContext, 'lineCounter'>,
  id: string,
): PolicySet[] {
  const lineCounter = new LineCounter();
  const ctx: YamlContext = {...ctx0, lineCounter};
  let docs: Document.Parsed[];
  try {
    docs = parseAllDocuments(text, {lineCounter}) as Document.Parsed[];
  } catch {
    return [];
  }
  if (!Array.isArray(docs)) return [];
  const sets: PolicySet[] = [];
  for (const doc of docs) {
    if (doc.errors.length > 0) continue;
    const root = doc.contents;
    if (!isMap(root)) continue;
    const kind = get(root, 'kind');
    const kindName = isScalar(kind) ? String(kind.value) : '';
    const meta = get(root, 'metadata');
    const nameNode = get(meta, 'name');
    const objName = isScalar(nameNode) ? String(nameNode.value) : '';
    const docLine = lineOf(ctx, root.range?.[0]);
    if (kindName === 'MCPServer' || kindName === 'MCPRemoteProxy') {
      const inline = get(get(get(root, 'spec'), 'authzConfig'), 'inline');
      if (!isMap(inline)) continue;
      const set = newSet(id, 'MCPServer inline policies', docLine);
      set.label = `${kindName} ${objName}`;
      readPolicyList(
        ctx,
        get(inline, 'policies'),
        keyLine(ctx, inline, 'policies'),
        set,
        'spec.authzConfig.inline.policies',
      );
      const entities = get(inline, 'entitiesJson');
      if (entities !== undefined)
        readEntities(ctx, entities, set, 'spec.authzConfig.inline.entitiesJson');
      sets.push(set);
    } else if (kindName === 'MCPAuthzConfig') {
      // cmd/thv-operator/pkg/controllerutil/authz_ref.go (v0.44.0): the
      // operator builds {version, type, <type's key>: spec.config}; for
      // cedarv1 the key is "cedar", so spec.config holds the Cedar options.
      const spec = get(root, 'spec');
      const type = get(spec, 'type');
      if (!isScalar(type) || type.value !== 'cedarv1') continue;
      const config = get(spec, 'config');
      const set = newSet(id, 'MCPAuthzConfig policies', docLine);
      set.label = `MCPAuthzConfig ${objName}`;
      if (!isMap(config)) {
        set.problems.push({
          line: keyLine(ctx, spec, 'type'),
          message: `MCPAuthzConfig ${objName}: spec.config must hold the Cedar options (policies, entities_json)`,
        });
        sets.push(set);
        continue;
      }
      readPolicyList(
        ctx,
        get(config, 'policies'),
        keyLine(ctx, config, 'policies'),
        set,
        'spec.config.policies',
      );
      const entities = get(config, 'entities_json');
      if (entities !== undefined) readEntities(ctx, entities, set, 'spec.config.entities_json');
      sets.push(set);
    } else if (kindName === 'ConfigMap') {
      const data = get(root, 'data');
      if (!isMap(data)) continue;
      for (const pair of data.items) {
        const value = pair.value;
        if (!isScalar(value) || typeof value.value !== 'string') continue;
        const place = scalarPlacement(ctx, value);
        const inner = parseDocument(value.value);
        if (inner.errors.length > 0 || !isConfigLike(inner.contents)) continue;
        const key = isScalar(pair.key) ? String(pair.key.value) : '';
        const set = newSet(id, 'ConfigMap authorization config', docLine);
        set.label = `ConfigMap ${objName}, key ${key}`;
        try {
          JSON.parse(value.value);
        } catch (e) {
          set.problems.push({
            line: place.line,
            message: `ConfigMap ${objName}, key ${key}: the operator mounts the key as authz.json and the proxy reads it as JSON, but it is not JSON (${(e as Error).message})`,
          });
        }
        sets.push(
          ...mergeInner(
            setsInYaml(
              value.value,
              {firstLine: place.contentLine, exact: place.exact, fallbackLine: place.line},
              id,
            ),
            set,
          ),
        );
      }
    } else if (isConfigLike(root)) {
      const set = newSet(id, 'authorization config', docLine);
      readConfig(ctx, root, set, 'authorization config');
      sets.push(set);
    }
  }
  if (sets.length > 1) {
    for (const s of sets) if (s.label) s.id = `${id} (${s.label})`;
  }
  return sets;
}

/** The config found inside a ConfigMap value becomes that ConfigMap's set. */
function mergeInner(inner: PolicySet[], outer: PolicySet): PolicySet[] {
  if (inner.length === 0) return [];
  const [first] = inner;
  outer.policies = first.policies;
  outer.entitiesJson = first.entitiesJson;
  outer.entitiesLine = first.entitiesLine;
  outer.problems.push(
    ...first.problems.map((p) => ({...p, message: `${outer.label}: ${p.message}`})),
  );
  return [outer];
}

function cedarTextSet(
  block: CodeBlock,
  id: string,
  lines: string[],
  lineNumbers: number[],
): PolicySet {
  const set = newSet(id, 'Cedar text', block.startLine);
  set.policies.push({
    text: lines.join('\n'),
    line: lineNumbers[0] ?? block.startLine + 1,
    endLine: lineNumbers[lineNumbers.length - 1] ?? block.startLine + 1,
    exactLines: true,
    single: false,
  });
  return set;
}

const MAGIC = /^\s*(?:#|\/\/)\s*(error-next-line|error-start|error-end)\s*$/;

/**
 * File lines of a block that show a mistake on purpose (`error-next-line`,
 * `error-start` … `error-end`, written with `#` or `//`), and the magic
 * comment lines themselves.
 */
export function shownMistakes(block: CodeBlock): Set<number> {
  const out = new Set<number>();
  let inRange = false;
  let next = false;
  block.lines.forEach((line, i) => {
    const n = block.lineNumbers[i];
    const m = MAGIC.exec(line)?.[1];
    if (m) {
      out.add(n);
      if (m === 'error-next-line') next = true;
      else inRange = m === 'error-start';
      return;
    }
    if (next || inRange) out.add(n);
    next = false;
  });
  return out;
}

function startsWithPolicy(lines: string[]): boolean {
  const first = lines.find((l) => l.trim() !== '' && !/^\s*\/\//.test(l));
  return first !== undefined && POLICY_START.test(first);
}

/** Every policy set in a Markdown/MDX document, and policy-like lines outside them. */
export function scanMarkdown(markdown: string): FileScan {
  const blocks = extractCodeBlocks(markdown);
  const headingAt = headingsByLine(markdown, blocks);
  const sets: PolicySet[] = [];
  const stray: SetProblem[] = [];
  for (const block of blocks) {
    if (block.lines.length === 0) continue;
    const id = titleOf(block) ?? headingAt(block.startLine);
    const marked = shownMistakes(block);
    let found: PolicySet[] = [];
    if (
      block.lang === 'cedar' ||
      (!DATA_LANGS.has(block.lang) && !SHELL_LANGS.has(block.lang) && startsWithPolicy(block.lines))
    ) {
      // Shown mistakes and the magic comments become blank lines, so lines keep their numbers.
      const lines = block.lines.map((l, i) => (marked.has(block.lineNumbers[i]) ? '' : l));
      if (lines.some((l) => l.trim() !== ''))
        found.push(cedarTextSet(block, id, lines, block.lineNumbers));
    } else if (DATA_LANGS.has(block.lang)) {
      found.push(
        ...setsInYaml(
          block.content,
          {firstLine: block.lineNumbers[0], exact: true, fallbackLine: block.startLine},
          id,
        ),
      );
    } else if (SHELL_LANGS.has(block.lang)) {
      for (const body of heredocBodies(block.lines, block.lineNumbers, block.lang === 'console')) {
        found.push(
          ...setsInYaml(
            body.text,
            {firstLine: body.firstLine, exact: true, fallbackLine: body.firstLine},
            id,
          ),
        );
      }
    }
    // Policies inside shown mistakes are not judged; a set left without policies goes.
    const isMarked = (from: number, to: number) => {
      for (let l = from; l <= to; l += 1) if (marked.has(l)) return true;
      return false;
    };
    found = found.filter((set) => {
      if (set.source === 'Cedar text') return true; // blanked above
      const before = set.policies.length;
      set.policies = set.policies.filter((p) => !isMarked(p.line, p.endLine));
      set.problems = set.problems.filter((p) => !marked.has(p.line));
      return before === 0 || set.policies.length > 0;
    });
    sets.push(...found);
    const covered = (line: number) =>
      found.some((s) => s.policies.some((p) => line >= p.line && line <= p.endLine));
    block.lines.forEach((l, i) => {
      const line = block.lineNumbers[i];
      if (POLICY_LIKE.test(l) && !covered(line) && !marked.has(line))
        stray.push({
          line,
          message:
            "this looks like a Cedar policy, but the check found no policy set here: put policies in a `cedar` block, an authorization config (JSON or YAML with cedar.policies), an MCPServer's spec.authzConfig.inline, or a ConfigMap that holds a config",
        });
    });
  }
  disambiguate(sets);
  return {sets, stray};
}

/** Policy sets in a YAML file (such as a generator's example manifest). */
export function scanYamlFile(text: string, name: string): FileScan {
  const sets = setsInYaml(text, {firstLine: 1, exact: true, fallbackLine: 1}, name);
  const stray: SetProblem[] = [];
  splitLines(text).forEach((l, i) => {
    if (
      POLICY_LIKE.test(l) &&
      !sets.some((s) => s.policies.some((p) => i + 1 >= p.line && i + 1 <= p.endLine))
    )
      stray.push({
        line: i + 1,
        message: 'this looks like a Cedar policy, but the check found no policy set here',
      });
  });
  disambiguate(sets);
  return {sets, stray};
}

/** Two sets with the same name on one page get ` #2`, ` #3`, ... */
function disambiguate(sets: PolicySet[]): void {
  const count = new Map<string, number>();
  for (const s of sets) {
    const n = (count.get(s.id) ?? 0) + 1;
    count.set(s.id, n);
    if (n > 1) s.id = `${s.id} #${n}`;
  }
}
