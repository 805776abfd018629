/**
 * Validate MCPServer manifests found in YAML code blocks.
 *
 * Each yaml/yml block (and each here-document in a shell block, as in
 * `kubectl apply -f - <<EOF`) is split into documents (`---`); every document
 * whose `kind` is `MCPServer` is checked, in this order:
 * 1. its name against the names the operator derives from it
 *    (data/crd/derived-names.yaml), for its transport;
 * 2. against the CRD itself (data/crd/mcpserver.crd.json, see
 *    crd-structure.ts), as strictly as `kubectl apply` by default: an unknown
 *    field is an error;
 * 3. against our JSON Schema (data/crd/mcpserver.schema.json, draft 2020-12),
 *    which adds the limits the operator imposes beyond the CRD. Errors at a
 *    place already reported are left out.
 * Problems carry the 1-based file line of the offending node, so the report
 * points at the exact field.
 */
import {readFileSync} from 'node:fs';
import Ajv2020, {type ErrorObject, type ValidateFunction} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {LineCounter, isMap, isPair, isScalar, isSeq, parseAllDocuments} from 'yaml';
import {extractCodeBlocks} from './code-blocks';
import {checkDerivedNames, kubectlMessage, withoutNulls, type DerivedNames} from './crd-structure';
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
}

export interface YamlCheckResult {
  /** Number of MCPServer documents validated. */
  manifests: number;
  problems: ManifestProblem[];
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

/**
 * Validate every MCPServer document in a YAML text. `firstLine` is the line
 * number of the text's first line (use the code block's first content line).
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
  } = typeof validators === 'function' ? {schema: validators} : (validators as ManifestValidators);
  const result: YamlCheckResult = {manifests: 0, problems: []};
  const lineCounter = new LineCounter();
  const lineAt = (offset: number | undefined) =>
    offset === undefined ? firstLine : lineCounter.linePos(offset).line + firstLine - 1;
  const docs = parseAllDocuments(text, {lineCounter, prettyErrors: false});
  const list = Array.isArray(docs) ? docs : [];
  for (const doc of list) {
    const docStart = rangeStart(doc.contents) ?? (doc.range ? doc.range[0] : 0);
    const source = doc.range ? text.slice(doc.range[0], doc.range[2]) : text;
    if (doc.errors.length > 0) {
      // Only complain about unparseable YAML if it claims to be an MCPServer.
      if (/^\s*kind:\s*["']?MCPServer["']?\s*$/m.test(source)) {
        result.manifests += 1;
        const e = doc.errors[0];
        result.problems.push({
          line: lineAt(e.pos?.[0] ?? docStart),
          message: `${MANIFEST_KIND} manifest is not valid YAML: ${e.message.split('\n')[0]}`,
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
    if (obj.kind !== MANIFEST_KIND) continue;
    result.manifests += 1;
    const name =
      obj.metadata &&
      typeof obj.metadata === 'object' &&
      typeof (obj.metadata as Record<string, unknown>).name === 'string'
        ? String((obj.metadata as Record<string, unknown>).name)
        : '(unnamed)';
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
      const message = `${MANIFEST_KIND} ${name}: ${text}`;
      const line = lineAt(locate(doc.contents, decodePointer(pointer), key) ?? docStart);
      const id = `${line}:${message}`;
      if (seen.has(id)) return;
      seen.add(id);
      reported.add(place);
      result.problems.push({line, message});
    };
    const spec =
      obj.spec && typeof obj.spec === 'object' ? (obj.spec as Record<string, unknown>) : {};
    if (names && name !== '(unnamed)') {
      const transport = typeof spec.transport === 'string' ? spec.transport : 'stdio';
      for (const m of checkDerivedNames(names, name, transport))
        report('/metadata/name', undefined, m, '/metadata/name');
      // The derived names decide the name's length and characters, per transport.
      reported.add('/metadata/name');
    }
    if (crd && !crd(withoutNulls(obj))) {
      for (const err of crd.errors ?? []) {
        const f = kubectlMessage(err);
        report(f.pointer, f.key, `${f.message} (MCPServer CRD)`, placeOf(err, f.pointer, f.key));
      }
    }
    if (validate(obj)) continue;
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
 * Validate the MCPServer manifests in a Markdown/MDX document: every yaml/yml
 * code block, and here-documents in shell blocks (`kubectl apply -f - <<EOF`).
 */
export function checkMarkdownManifests(
  validate: ValidateFunction | ManifestValidators,
  markdown: string,
): YamlCheckResult {
  const total: YamlCheckResult = {manifests: 0, problems: []};
  const add = (r: YamlCheckResult) => {
    total.manifests += r.manifests;
    total.problems.push(...r.problems);
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
  return total;
}
