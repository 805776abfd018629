/**
 * Validate ToolHive manifests found in YAML code blocks.
 *
 * Each yaml/yml block (and each here-document in a shell block, as in
 * `kubectl apply -f - <<EOF`) is split into documents (`---`). With a
 * release's data (ManifestValidators.release, see crd-release.ts), every
 * document of the group `toolhive.stacklok.dev` (or of one of its kinds) is
 * checked against the CRD of its kind at its apiVersion; without one, every
 * document of kind `MCPServer`. In this order:
 * 1. its kind and version: the release must have the kind and serve the
 *    version;
 * 2. its name against the names the operator derives from it
 *    (derived-names.yaml, for an MCPServer's transport, or limits.yaml);
 * 3. against the CRD itself (see crd-structure.ts), as strictly as
 *    `kubectl apply` by default: an unknown field is an error, defaults are
 *    filled in and the CEL rules evaluated;
 * 4. against the operator's own rules for the kind (limits.yaml);
 * 5. for an MCPServer of the first release, against our JSON Schema
 *    (mcpserver.schema.json, draft 2020-12), which adds the limits the
 *    operator imposes beyond the CRD. Errors at a place already reported are
 *    left out.
 * Problems carry the 1-based file line of the offending node, so the report
 * points at the exact field. Each checked manifest is also returned with
 * the resources it names (limits.yaml `references`), so that a whole page
 * can be checked for names that match none of the resources it shows
 * (checkReferences).
 */
import {readFileSync} from 'node:fs';
import Ajv2020, {type ErrorObject, type ValidateFunction} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {LineCounter, isMap, isPair, isScalar, isSeq, parseAllDocuments} from 'yaml';
import {extractCodeBlocks} from './code-blocks';
import {CelError, evaluateRule} from './cel';
import {
  checkDerivedNames,
  kubectlMessage,
  withoutNulls,
  type DerivedNames,
  type NameRule,
} from './crd-structure';
import {servedVersions, valuesAt, type KindLimits, type ReleaseData} from './crd-release';
import leven from 'leven';

export const MANIFEST_KIND = 'MCPServer';
export const YAML_LANGS = new Set(['yaml', 'yml']);

export interface ManifestProblem {
  /** 1-based line number (in the file when checking Markdown, in the YAML text otherwise). */
  line: number;
  message: string;
}

/** What manifests are checked against; a bare ValidateFunction means our schema only. */
export interface ManifestValidators {
  /** Our JSON Schema. */
  schema: ValidateFunction;
  /** The CRD, with kubectl's strictness (crd-structure.ts createCrdValidator). */
  crd?: ValidateFunction;
  /** The names the operator derives from metadata.name. */
  names?: DerivedNames;
  /**
   * A release's CRDs and limits: every manifest of its group is checked
   * against its kind and version. `crd` is then unused; `schema` and
   * `names` still apply to MCPServer manifests.
   */
  release?: ReleaseData;
}

/** A manifest that was checked, with the resources it names. */
export interface CheckedResource {
  kind: string;
  name: string;
  namespace?: string;
  line: number;
  references: {field: string; kind: string; name: string; line: number}[];
}

export interface YamlCheckResult {
  /** Number of manifests validated. */
  manifests: number;
  problems: ManifestProblem[];
  /** The manifests validated, by kind (for the summary) and with their references. */
  resources?: CheckedResource[];
}

export function loadSchema(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** Compile the schema with ajv (draft 2020-12, strict, all errors, formats). */
export function createValidator(schema: Record<string, unknown>): ValidateFunction {
  const ajv = new Ajv2020({allErrors: true, strict: true, verbose: true});
  addFormats(ajv);
  return ajv.compile(schema);
}

export function loadValidator(schemaFile: string): ValidateFunction {
  return createValidator(loadSchema(schemaFile));
}

function decodePointer(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function displayPath(pointer: string): string {
  return pointer === '' ? '/' : pointer;
}

function closest(word: string, candidates: string[]): string | null {
  let best: string | null = null;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = leven(word.toLowerCase(), c.toLowerCase());
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best !== null && bestD <= Math.max(2, Math.floor(word.length / 3)) ? best : null;
}

function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  return JSON.stringify(v);
}

/** Turn one ajv error into a readable message and the pointer of the node to blame. */
export function formatError(err: ErrorObject): {pointer: string; key?: string; message: string} {
  const at = err.instancePath;
  const params = err.params as Record<string, unknown>;
  switch (err.keyword) {
    case 'additionalProperties': {
      const prop = String(params.additionalProperty);
      const parent = err.parentSchema as {properties?: Record<string, unknown>} | undefined;
      const hint = parent?.properties ? closest(prop, Object.keys(parent.properties)) : null;
      return {
        pointer: at,
        key: prop,
        message:
          `${at}/${prop}: unknown field "${prop}"` + (hint ? ` (did you mean "${hint}"?)` : ''),
      };
    }
    case 'required':
      return {
        pointer: at,
        message: `${displayPath(at)}: missing required field "${String(params.missingProperty)}"`,
      };
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
      return {
        pointer: at,
        message: `${displayPath(at)}: must be one of ${allowed} (got ${describeValue(err.data)})`,
      };
    }
    case 'const':
      return {
        pointer: at,
        message: `${displayPath(at)}: must be ${JSON.stringify(params.allowedValue)} (got ${describeValue(err.data)})`,
      };
    case 'type':
      return {
        pointer: at,
        message: `${displayPath(at)}: must be ${String(params.type)} (got ${describeValue(err.data)})`,
      };
    default:
      return {pointer: at, message: `${displayPath(at)}: ${err.message ?? err.keyword}`};
  }
}

/** Offset of the YAML node an error points at (or of the unknown key). */
function locate(contents: unknown, segments: string[], key?: string): number | undefined {
  let node = contents;
  let offset = rangeStart(node);
  for (const seg of segments) {
    if (isMap(node)) {
      const pair = node.items.find(
        (p) => isPair(p) && isScalar(p.key) && String(p.key.value) === seg,
      );
      if (!pair) break;
      offset = rangeStart(pair.key) ?? offset;
      node = pair.value;
      if (!isScalar(node)) continue;
      offset = rangeStart(node) ?? offset;
    } else if (isSeq(node)) {
      const item = node.items[Number(seg)];
      if (item === undefined) break;
      node = item;
      offset = rangeStart(node) ?? offset;
    } else break;
  }
  if (key !== undefined && isMap(node)) {
    const pair = node.items.find(
      (p) => isPair(p) && isScalar(p.key) && String(p.key.value) === key,
    );
    if (pair) offset = rangeStart(pair.key) ?? offset;
  }
  return offset;
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as {range?: [number, number, number]} | null)?.range;
  return range ? range[0] : undefined;
}

/** What a document is, for the check: a manifest to validate, or something else. */
function manifestKind(
  obj: Record<string, unknown>,
  release: ReleaseData | undefined,
): {kind: string; version?: string} | null {
  const kind = typeof obj.kind === 'string' ? obj.kind : '';
  const apiVersion = typeof obj.apiVersion === 'string' ? obj.apiVersion : undefined;
  if (!release) return kind === MANIFEST_KIND ? {kind} : null;
  const ofGroup = apiVersion?.startsWith(`${release.group}/`) ?? false;
  if (!ofGroup && !release.kinds.has(kind)) return null;
  return {
    kind: kind || '(no kind)',
    version: ofGroup ? apiVersion!.slice(release.group.length + 1) : undefined,
  };
}

/** The names the operator derives from a manifest's name, checked against their rules (limits.yaml). */
export function checkKindNames(
  limits: KindLimits,
  rules: Record<string, NameRule>,
  name: string,
  manifest: unknown,
): string[] {
  const problems: string[] = [];
  for (const n of limits.names ?? []) {
    if (n.when) {
      let applies: unknown;
      try {
        applies = evaluateRule(n.when, manifest);
      } catch (e) {
        if (!(e instanceof CelError)) throw e;
        applies = false;
      }
      if (applies !== true) continue;
    }
    const rule = rules[n.rule];
    const derived = n.name.replace('{name}', name);
    if (derived.length > rule.maxLength) {
      const max = rule.maxLength - (n.name.length - '{name}'.length);
      problems.push(
        `metadata.name "${name}" has ${name.length} characters, too long: the ${n.object} is ${n.name}, ${rule.what} of at most ${rule.maxLength} characters, so the name can have at most ${max} (${n.source}). Use a shorter name`,
      );
    } else if (!new RegExp(rule.pattern).test(derived)) {
      problems.push(
        `metadata.name "${name}" can't be used: the ${n.object} would be "${derived}", which is not ${rule.what} (${n.source})`,
      );
    }
  }
  return [...new Set(problems)];
}

/**
 * Validate every manifest in a YAML text (see the top of this file for
 * which documents are manifests). `firstLine` is the line number of the
 * text's first line (use the code block's first content line).
 */
export function checkYamlText(
  validators: ValidateFunction | ManifestValidators,
  text: string,
  firstLine = 1,
): YamlCheckResult {
  const {
    schema: validate,
    crd,
    names,
    release,
  } = typeof validators === 'function'
    ? ({schema: validators} as ManifestValidators)
    : (validators as ManifestValidators);
  const result: YamlCheckResult = {manifests: 0, problems: [], resources: []};
  const lineCounter = new LineCounter();
  const lineAt = (offset: number | undefined) =>
    offset === undefined ? firstLine : lineCounter.linePos(offset).line + firstLine - 1;
  const docs = parseAllDocuments(text, {lineCounter, prettyErrors: false});
  const list = Array.isArray(docs) ? docs : [];
  const kindLine = release
    ? new RegExp(
        `^\\s*(kind:\\s*["']?(${[...release.kinds.keys()].join('|')})["']?|apiVersion:\\s*["']?${release.group.replace(/\./g, '\\.')}/)`,
        'm',
      )
    : /^\s*kind:\s*["']?MCPServer["']?\s*$/m;
  for (const doc of list) {
    const docStart = rangeStart(doc.contents) ?? (doc.range ? doc.range[0] : 0);
    const source = doc.range ? text.slice(doc.range[0], doc.range[2]) : text;
    if (doc.errors.length > 0) {
      // Only complain about unparseable YAML if it claims to be a manifest we check.
      if (kindLine.test(source)) {
        result.manifests += 1;
        const e = doc.errors[0];
        const kind = /^\s*kind:\s*["']?(\w+)/m.exec(source)?.[1] ?? MANIFEST_KIND;
        result.problems.push({
          line: lineAt(e.pos?.[0] ?? docStart),
          message: `${kind} manifest is not valid YAML: ${e.message.split('\n')[0]}`,
        });
      }
      continue;
    }
    let value: unknown;
    try {
      value = doc.toJS({maxAliasCount: 1000});
    } catch {
      continue;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    const obj = value as Record<string, unknown>;
    const what = manifestKind(obj, release);
    if (!what) continue;
    const {kind} = what;
    result.manifests += 1;
    const meta =
      obj.metadata && typeof obj.metadata === 'object'
        ? (obj.metadata as Record<string, unknown>)
        : {};
    const name = typeof meta.name === 'string' ? meta.name : '(unnamed)';
    const seen = new Set<string>();
    /** Places already reported, as JSON pointers (an unknown key as pointer/key). */
    const reported = new Set<string>();
    /** The place an error is about: the node, an unknown key in it, or a missing field. */
    const placeOf = (err: ErrorObject, pointer: string, key?: string) => {
      const missing = (err.params as {missingProperty?: string}).missingProperty;
      if (err.keyword === 'required' && missing) return `${pointer}/${missing}`;
      return key === undefined ? pointer : `${pointer}/${key}`;
    };
    const report = (pointer: string, key: string | undefined, text: string, place: string) => {
      const message = `${kind} ${name}: ${text}`;
      const line = lineAt(locate(doc.contents, decodePointer(pointer), key) ?? docStart);
      const id = `${line}:${message}`;
      if (seen.has(id)) return;
      seen.add(id);
      reported.add(place);
      result.problems.push({line, message});
    };
    const spec =
      obj.spec && typeof obj.spec === 'object' ? (obj.spec as Record<string, unknown>) : {};

    // 1. Kind and version.
    let crdValidate: ValidateFunction | undefined = release ? undefined : crd;
    if (release) {
      const extract = release.kinds.get(kind);
      const served = extract ? servedVersions(extract) : [];
      if (!extract) {
        report(
          '/kind',
          undefined,
          `${release.group} has no kind "${kind}" in ToolHive ${release.release} (its kinds: ${[...release.kinds.keys()].join(', ')})`,
          '/kind',
        );
        continue;
      }
      if (what.version === undefined) {
        report(
          '/apiVersion',
          undefined,
          `apiVersion must be ${served.map((v) => `${release.group}/${v}`).join(' or ')} (got ${describeValue(obj.apiVersion ?? null)})`,
          '/apiVersion',
        );
        continue;
      }
      crdValidate = release.validator(kind, what.version);
      if (!crdValidate) {
        report(
          '/apiVersion',
          undefined,
          `the ${kind} CRD of ToolHive ${release.release} does not serve ${what.version}; use ${served.map((v) => `${release.group}/${v}`).join(' or ')}`,
          '/apiVersion',
        );
        continue;
      }
    }

    // 2. Names derived from metadata.name.
    if (name !== '(unnamed)') {
      if (names && kind === MANIFEST_KIND) {
        const transport = typeof spec.transport === 'string' ? spec.transport : 'stdio';
        for (const m of checkDerivedNames(names, name, transport))
          report('/metadata/name', undefined, m, '/metadata/name');
        // The derived names decide the name's length and characters, per transport.
        reported.add('/metadata/name');
      }
      const kl = release?.limits?.kinds[kind];
      if (kl && release?.limits) {
        for (const m of checkKindNames(kl, release.limits.rules, name, withoutNulls(obj)))
          report('/metadata/name', undefined, m, '/metadata/name');
      }
    }

    // 3. The CRD (defaults filled in on a copy, then CEL rules).
    const defaulted = withoutNulls(obj) as Record<string, unknown>;
    if (crdValidate && !crdValidate(defaulted)) {
      for (const err of crdValidate.errors ?? []) {
        const f = kubectlMessage(err);
        report(f.pointer, f.key, `${f.message} (${kind} CRD)`, placeOf(err, f.pointer, f.key));
      }
    }

    // 4. The operator's own rules, on the defaulted manifest.
    for (const r of release?.limits?.kinds[kind]?.rules ?? []) {
      let ok: unknown;
      try {
        ok = evaluateRule(r.rule, defaulted);
      } catch (e) {
        if (!(e instanceof CelError)) throw e;
        ok = false;
      }
      if (ok !== true) {
        const pointer = `/${r.field.split('.').join('/')}`;
        const at = valuesAt(obj, r.field)[0]?.pointer ?? pointer;
        report(at, undefined, `${r.field}: ${r.message} (operator: ${r.source})`, at);
      }
    }

    // References to other resources, for checkReferences.
    const refs: CheckedResource['references'] = [];
    for (const ref of release?.limits?.kinds[kind]?.references ?? []) {
      for (const {pointer, value} of valuesAt(obj, ref.field)) {
        if (typeof value !== 'string' || value === '') continue;
        refs.push({
          field: ref.field,
          kind: ref.kind,
          name: value,
          line: lineAt(locate(doc.contents, decodePointer(pointer)) ?? docStart),
        });
      }
    }
    result.resources!.push({
      kind,
      name,
      namespace: typeof meta.namespace === 'string' ? meta.namespace : undefined,
      line: lineAt(docStart),
      references: refs,
    });

    // 5. Our MCPServer schema (first release only).
    if (!validate || kind !== MANIFEST_KIND || validate(obj)) continue;
    const earlier = [...reported];
    for (const err of validate.errors ?? []) {
      const f = formatError(err);
      const at = placeOf(err, f.pointer, f.key);
      if (earlier.some((r) => at === r || at.startsWith(`${r}/`))) continue;
      report(f.pointer, f.key, f.message, at);
    }
  }
  return result;
}

/**
 * Names of other ToolHive resources that match none of the resources of
 * that kind that the same page (or file) shows. A reference is checked only
 * when the page shows at least one resource of the kind it names: a page
 * may rely on resources created elsewhere, but when it shows the other side
 * of a reference, the two must agree (same name, and the same namespace
 * when both manifests set one).
 */
export function checkReferences(resources: CheckedResource[]): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  for (const r of resources) {
    for (const ref of r.references) {
      const shown = resources.filter((x) => x.kind === ref.kind && x.name !== '(unnamed)');
      if (shown.length === 0) continue;
      const match = shown.some(
        (x) =>
          x.name === ref.name &&
          (x.namespace === undefined || r.namespace === undefined || x.namespace === r.namespace),
      );
      if (match) continue;
      const names = shown.map((x) => (x.namespace ? `${x.namespace}/${x.name}` : x.name));
      problems.push({
        line: ref.line,
        message: `${r.kind} ${r.name}: ${ref.field} names ${ref.kind} "${ref.name}"${r.namespace ? ` in namespace ${r.namespace}` : ''}, but the ${ref.kind} resources shown here are ${names.join(', ')}; the operator looks it up by name in the same namespace`,
      });
    }
  }
  return problems;
}

/** Shell block languages whose here-documents may hold manifests (`kubectl apply -f - <<EOF`). */
export const SHELL_LANGS = new Set(['bash', 'sh', 'shell', 'console', 'zsh']);

const HEREDOC = /<<-?\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\1/;

/** Here-document bodies in shell lines, with the file line number of their first line. */
export function heredocBodies(
  lines: string[],
  lineNumbers: number[],
  consoleMode = false,
): {text: string; firstLine: number}[] {
  const bodies: {text: string; firstLine: number}[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const m = HEREDOC.exec(lines[i]);
    if (!m) continue;
    const delim = m[2];
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j += 1) {
      const line = consoleMode ? lines[j].replace(/^> ?/, '') : lines[j];
      if (line.trim() === delim) break;
      body.push(line);
    }
    if (body.length > 0) bodies.push({text: body.join('\n'), firstLine: lineNumbers[i + 1]});
    i = j;
  }
  return bodies;
}

/**
 * Validate the manifests in a Markdown/MDX document: every yaml/yml code
 * block, and here-documents in shell blocks (`kubectl apply -f - <<EOF`);
 * then the names they give each other (checkReferences), page-wide.
 */
export function checkMarkdownManifests(
  validate: ValidateFunction | ManifestValidators,
  markdown: string,
): YamlCheckResult {
  const total: YamlCheckResult = {manifests: 0, problems: [], resources: []};
  const add = (r: YamlCheckResult) => {
    total.manifests += r.manifests;
    total.problems.push(...r.problems);
    total.resources!.push(...(r.resources ?? []));
  };
  for (const block of extractCodeBlocks(markdown)) {
    if (block.lines.length === 0) continue;
    if (YAML_LANGS.has(block.lang)) {
      add(checkYamlText(validate, block.content, block.lineNumbers[0]));
    } else if (SHELL_LANGS.has(block.lang)) {
      for (const body of heredocBodies(block.lines, block.lineNumbers, block.lang === 'console')) {
        add(checkYamlText(validate, body.text, body.firstLine));
      }
    }
  }
  total.problems.push(...checkReferences(total.resources!));
  total.problems.sort((a, b) => a.line - b.line);
  return total;
}
