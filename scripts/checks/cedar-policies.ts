/**
 * Check every Cedar policy the docs show with the Cedar engine, against what
 * ToolHive v0.2.8 builds, and test what the pages promise the policies decide.
 *
 * Usage (from the repository root):
 *   tsx scripts/checks/cedar-policies.ts [--schema FILE] [--decisions FILE] [PATH...]
 *
 * PATH defaults to docs/ (every .md and .mdx file except generated pages) and
 * the inputs of the generated MCPServer reference page
 * (scripts/crd-reference/v0.2.8/example.yaml and template.md). For each policy set
 * (see lib/cedar-docs.ts) the check reports:
 * - a policy that does not parse, or a list entry that holds no policy or
 *   several (ToolHive parses each entry as exactly one policy);
 * - a policy that fails strict validation against data/releases/v0.2.8/cedar/toolhive.cedarschema:
 *   an unknown entity type or action, an attribute ToolHive never sets, a
 *   type error, an optional attribute read without `has`;
 * - a configuration ToolHive refuses or misreads (missing version, wrong
 *   type, unknown keys, entities that do not parse, a ConfigMap value that
 *   isn't JSON);
 * - a request of data/releases/v0.2.8/cedar/decisions.yaml that Cedar decides otherwise than
 *   the page promises, a set without an entry there, and an entry without a set.
 * Prints `path:line: message` for each problem and a summary line; exits 1 if
 * there is any problem, 2 on a usage or data error.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';
import {findRepoRoot, isMainScript, listFiles, relativePath} from './lib/code-blocks';
import {scanMarkdown, scanYamlFile, type FileScan} from './lib/cedar-docs';
import {
  cedarVersion,
  decide,
  loadCedarSchema,
  parseEntitiesJson,
  splitPolicies,
  validatePolicy,
  type DecisionRequest,
  type SchemaJson,
} from './lib/cedar-engine';

export const DEFAULT_SCHEMA = 'data/releases/v0.2.8/cedar/toolhive.cedarschema';
export const DEFAULT_DECISIONS = 'data/releases/v0.2.8/cedar/decisions.yaml';
export const DEFAULT_PATHS = [
  'docs',
  'scripts/crd-reference/v0.2.8/example.yaml',
  'scripts/crd-reference/v0.2.8/template.md',
];
/** Generated pages: their manifests come from the inputs above, which are checked instead. */
export const GENERATED_PAGES = [
  'docs/toolhive/reference/crd-spec.mdx',
  // The resource pages of ToolHive v0.44.0 and later, generated from
  // scripts/crd-reference/<release>/ (their policies are MCPAuthzConfig specs).
  'docs/toolhive/reference/crds',
];

export interface FileProblem {
  file: string;
  line: number;
  message: string;
}

export interface TableRequest extends DecisionRequest {
  expect: 'allow' | 'deny';
}

export interface TableEntry {
  promise?: string;
  requests?: TableRequest[];
  noPromise?: string;
}

export type DecisionTables = Record<string, Record<string, TableEntry>>;

export interface CedarReport {
  files: number;
  sets: number;
  policies: number;
  requests: number;
  problems: FileProblem[];
}

export interface CedarOptions {
  root?: string;
  schemaFile?: string;
  decisionsFile?: string;
  paths?: string[];
  schema?: SchemaJson;
  tables?: DecisionTables;
  /** File name (relative) of the tables, for messages. */
  tablesName?: string;
}

export function loadDecisionTables(file: string): DecisionTables {
  return (parseYaml(readFileSync(file, 'utf8')) ?? {}) as DecisionTables;
}

function lineIn(text: string, offset: number, first: number): number {
  return first + text.slice(0, offset).split('\n').length - 1;
}

function describeRequest(r: TableRequest): string {
  const what =
    r.tool !== undefined
      ? `tools/call "${r.tool}"`
      : r.prompt !== undefined
        ? `prompts/get "${r.prompt}"`
        : `resources/read "${r.resource}"`;
  const who = r.as?.claims
    ? `token claims ${JSON.stringify(r.as.claims)}`
    : `local user "${r.as?.local ?? 'user'}"`;
  const args = r.args ? ` with arguments ${JSON.stringify(r.args)}` : '';
  return `${what}${args} as ${who}`;
}

/** Check one file's policy sets; `tables` is this file's part of the decision tables. */
export function checkPolicySets(
  scan: FileScan,
  schema: SchemaJson,
  tables: Record<string, TableEntry> | undefined,
  tablesName: string,
  fileName: string,
): {problems: {line: number; message: string}[]; policies: number; requests: number} {
  const problems: {line: number; message: string}[] = [...scan.stray];
  let policyCount = 0;
  let requestCount = 0;
  for (const set of scan.sets) {
    problems.push(...set.problems);
    const texts: string[] = [];
    let parses = true;
    for (const p of set.policies) {
      const at = (offset?: number) =>
        offset !== undefined && p.exactLines ? lineIn(p.text, offset, p.line) : p.line;
      const split = splitPolicies(p.text);
      if (!split.ok) {
        parses = false;
        for (const e of split.problems)
          problems.push({
            line: at(e.offset),
            message: `Cedar policy ${e.message}. ToolHive stops with "failed to parse policy" and the proxy doesn't start; fix the policy syntax`,
          });
        continue;
      }
      if (p.single && split.parts.length !== 1) {
        parses = false;
        problems.push({
          line: p.line,
          message:
            split.parts.length === 0
              ? 'a policy list entry holds no policy; ToolHive fails to parse it'
              : `a policy list entry holds ${split.parts.length} policies; ToolHive parses each entry as one policy and fails on the rest. Put each policy in its own entry`,
        });
        continue;
      }
      for (const part of split.parts) {
        policyCount += 1;
        texts.push(part.text);
        for (const v of validatePolicy(part.text, schema)) {
          problems.push({
            line: at(v.offset !== undefined ? part.offset + v.offset : part.offset),
            message: `Cedar policy does not fit what ToolHive v0.2.8 sends: ${v.message}`,
          });
        }
      }
    }
    const entities = parseEntitiesJson(set.entitiesJson);
    if ('error' in entities) {
      problems.push({
        line: set.entitiesLine,
        message: `entities JSON ${entities.error}; ToolHive stops with "failed to parse entities JSON"`,
      });
    }

    const entry = tables?.[set.id];
    const name = `${tablesName} → ${fileName} → "${set.id}"`;
    if (!entry) {
      problems.push({
        line: set.line,
        message: `the policy set "${set.id}" (${set.source}) has no decision table: add the requests this page promises to allow or deny under ${tablesName} → ${fileName} → "${set.id}", or noPromise with a reason`,
      });
      continue;
    }
    if (entry.noPromise) continue;
    if (!entry.requests || entry.requests.length === 0) {
      problems.push({
        line: set.line,
        message: `${name} has no requests (add some, or noPromise with a reason)`,
      });
      continue;
    }
    if (!parses || 'error' in entities) continue;
    entry.requests.forEach((r, i) => {
      requestCount += 1;
      let result;
      try {
        result = decide(texts, r, entities.entities);
      } catch (e) {
        problems.push({
          line: set.line,
          message: `${name}, request ${i + 1}: ${(e as Error).message}`,
        });
        return;
      }
      if (result.decision !== r.expect)
        problems.push({
          line: set.line,
          message: `Cedar decides ${result.decision} (${result.reason}) for ${describeRequest(r)}, but the page promises ${r.expect} (${name}, request ${i + 1}). Fix the policy or the text that promises it`,
        });
    });
  }
  return {problems, policies: policyCount, requests: requestCount};
}

export function scanFile(file: string): FileScan {
  const text = readFileSync(file, 'utf8');
  if (/\.ya?ml$/i.test(file)) return scanYamlFile(text, path.basename(file));
  return scanMarkdown(text);
}

/**
 * The key of a file in the decisions file: its path, with a versioned docs
 * folder written as docs/ (the page at the same place in every docs version
 * that describes the release shares its decisions).
 */
export function decisionsKey(rel: string): string {
  return rel.replace(/^versioned_docs\/version-[^/]+\//, 'docs/');
}

export function checkCedarPolicies(options: CedarOptions = {}): CedarReport {
  const root = path.resolve(options.root ?? findRepoRoot());
  const schema =
    options.schema ?? loadCedarSchema(path.resolve(root, options.schemaFile ?? DEFAULT_SCHEMA));
  const decisionsFile = path.resolve(root, options.decisionsFile ?? DEFAULT_DECISIONS);
  const tables = options.tables ?? loadDecisionTables(decisionsFile);
  const tablesName = options.tablesName ?? relativePath(root, decisionsFile);
  const targets = (options.paths && options.paths.length > 0 ? options.paths : DEFAULT_PATHS)
    .map((p) => path.resolve(root, p))
    .filter((p) => existsSync(p));
  // A generated page of any docs version (versioned_docs/version-X/ is docs/ there).
  const isGenerated = (f: string) => {
    const rel = relativePath(root, f).replace(/^versioned_docs\/version-[^/]+\//, 'docs/');
    return GENERATED_PAGES.some((g) => rel === g || rel.startsWith(`${g}/`));
  };
  const files = listFiles(targets, ['.md', '.mdx', '.yaml', '.yml']).filter((f) => !isGenerated(f));
  const report: CedarReport = {
    files: files.length,
    sets: 0,
    policies: 0,
    requests: 0,
    problems: [],
  };
  const seen = new Map<string, Set<string>>();
  for (const file of files) {
    const rel = relativePath(root, file);
    const key = decisionsKey(rel);
    const scan = scanFile(file);
    if (scan.sets.length === 0 && scan.stray.length === 0) continue;
    report.sets += scan.sets.length;
    seen.set(key, new Set(scan.sets.map((s) => s.id)));
    const r = checkPolicySets(scan, schema, tables[key], tablesName, key);
    report.policies += r.policies;
    report.requests += r.requests;
    for (const p of r.problems) report.problems.push({file: rel, ...p});
  }
  // Entries whose page or set no longer exists. Only judged for files that were scanned.
  const scanned = new Set(files.map((f) => decisionsKey(relativePath(root, f))));
  for (const [file, entries] of Object.entries(tables)) {
    for (const id of Object.keys(entries ?? {})) {
      if (!scanned.has(file)) {
        if (!options.paths || options.paths.length === 0)
          report.problems.push({
            file: tablesName,
            line: 1,
            message: `"${file}" → "${id}": no such file is checked; remove the entry or fix its file name`,
          });
        continue;
      }
      if (!seen.get(file)?.has(id))
        report.problems.push({
          file: tablesName,
          line: 1,
          message: `"${file}" → "${id}": the file has no policy set of that name (a code block title, or the heading above a block without one)`,
        });
    }
  }
  return report;
}

export function formatReport(report: CedarReport): string[] {
  const lines = report.problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
  lines.push(
    `cedar policies: ${report.policies} polic${report.policies === 1 ? 'y' : 'ies'} in ${report.sets} set${report.sets === 1 ? '' : 's'}, ` +
      `${report.requests} decision${report.requests === 1 ? '' : 's'} checked with Cedar ${cedarVersion()}, ` +
      `${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}`,
  );
  return lines;
}

function main(argv: string[]): number {
  let schemaFile: string | undefined;
  let decisionsFile: string | undefined;
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--schema') schemaFile = argv[++i];
    else if (a === '--decisions') decisionsFile = argv[++i];
    else if (a === '-h' || a === '--help') {
      console.log(
        'usage: tsx scripts/checks/cedar-policies.ts [--schema FILE] [--decisions FILE] [PATH...]',
      );
      return 0;
    } else paths.push(a);
  }
  let report: CedarReport;
  try {
    report = checkCedarPolicies({
      root: findRepoRoot(),
      schemaFile: schemaFile && path.resolve(schemaFile),
      decisionsFile: decisionsFile && path.resolve(decisionsFile),
      paths: paths.map((p) => path.resolve(p)),
    });
  } catch (err) {
    console.error(`cedar policies: ${(err as Error).message}`);
    return 2;
  }
  for (const line of formatReport(report)) console.log(line);
  return report.problems.length > 0 ? 1 : 0;
}

if (isMainScript('cedar-policies')) process.exitCode = main(process.argv.slice(2));
