/**
 * Extract the structure of ToolHive's CustomResourceDefinitions: each
 * resource's names, scope, versions (served, stored) and printer columns,
 * and the OpenAPI v3 schema of every version node by node (types, required
 * fields, enums, defaults, bounds, patterns, formats, int-or-string, list and
 * map types, unknown-field handling, CEL validation rules) without
 * upstream's descriptions.
 *
 * Usage (from the repository root), one of:
 *   tsx scripts/crd-extract/extract.ts --tag TAG --release DIR [--git-dir DIR] [--chart-dir DIR]
 *   tsx scripts/crd-extract/extract.ts [--git-dir DIR] [--tag TAG] [--path FILE] [--out FILE]
 *
 * With --release, every CRD of the toolhive-operator-crds chart at TAG is
 * extracted into DIR/crd/<kind>.crd.json (kind in lower case, such as
 * data/releases/v0.44.0/crd/mcpserver.crd.json). The CRDs are read from the
 * chart's files/crds/ folder when the tag has one (plain YAML), otherwise
 * from its templates/ folder, whose Helm directives are removed first.
 * Files of the output folder that end in .crd.json and that no CRD of the
 * chart wrote are removed, so a kind dropped upstream disappears here too.
 *
 * The second form extracts one file (the defaults are the MCPServer CRD of
 * toolhive-operator-crds 0.0.15, written to data/releases/v0.2.8/crd/mcpserver.crd.json).
 *
 * --git-dir defaults to /work/.mirror/stacklok+toolhive/repo (a bare or
 * normal git directory of stacklok/toolhive). Files are read straight from
 * the tag with `git show`, so no work tree is needed, and no CRD file itself
 * is copied into this repository.
 *
 * The extract is what the checks trust about the CRD:
 * scripts/checks/lib/crd-structure.ts validates manifests against it the way
 * kubectl and the API server do, and compares data/releases/v0.2.8/crd/mcpserver.schema.json
 * with it node by node. A schema keyword this script does not know stops it,
 * so nothing is dropped silently.
 */
import {execFileSync} from 'node:child_process';
import {mkdirSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import {parse as parseYaml} from 'yaml';
import {findRepoRoot} from '../checks/lib/code-blocks';

export const DEFAULT_GIT_DIR = '/work/.mirror/stacklok+toolhive/repo';
export const DEFAULT_TAG = 'toolhive-operator-crds-0.0.15';
export const DEFAULT_PATH =
  'deploy/charts/operator-crds/templates/toolhive.stacklok.dev_mcpservers.yaml';
export const DEFAULT_OUT = 'data/releases/v0.2.8/crd/mcpserver.crd.json';
/** Where the CRD chart lives in stacklok/toolhive. */
export const DEFAULT_CHART_DIR = 'deploy/charts/operator-crds';

/** Schema keywords kept, in the order written. */
export const KEPT_KEYWORDS = [
  'type',
  'format',
  'nullable',
  'enum',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'required',
  'x-kubernetes-int-or-string',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-embedded-resource',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-map-type',
  'x-kubernetes-validations',
  'anyOf',
  'allOf',
  'oneOf',
  'not',
  'items',
  'properties',
  'additionalProperties',
];
/** Keywords left out: prose and examples, not structure. */
export const DROPPED_KEYWORDS = ['description', 'title', 'example', 'externalDocs'];

export type CrdNode = Record<string, unknown>;

/** One schema node without prose; subschemas recursively. Throws on an unknown keyword. */
export function structureOf(node: CrdNode, at = ''): CrdNode {
  const out: CrdNode = {};
  for (const key of Object.keys(node)) {
    if (!KEPT_KEYWORDS.includes(key) && !DROPPED_KEYWORDS.includes(key))
      throw new Error(
        `${at || '/'}: unknown schema keyword "${key}"; teach the extract script about it`,
      );
  }
  for (const key of KEPT_KEYWORDS) {
    if (!(key in node)) continue;
    const v = node[key];
    if (key === 'properties') {
      const props: Record<string, CrdNode> = {};
      for (const [name, child] of Object.entries(v as Record<string, CrdNode>))
        props[name] = structureOf(child, `${at}.${name}`);
      out[key] = props;
    } else if (
      key === 'items' ||
      key === 'not' ||
      (key === 'additionalProperties' && typeof v === 'object')
    ) {
      out[key] = structureOf(v as CrdNode, `${at}${key === 'items' ? '[]' : `{${key}}`}`);
    } else if (key === 'anyOf' || key === 'allOf' || key === 'oneOf') {
      out[key] = (v as CrdNode[]).map((s, i) => structureOf(s, `${at}{${key}[${i}]}`));
    } else if (key === 'x-kubernetes-validations') {
      out[key] = (v as Record<string, unknown>[]).map(
        ({rule, messageExpression, reason, fieldPath}) => ({
          rule,
          ...(messageExpression ? {messageExpression} : {}),
          ...(reason ? {reason} : {}),
          ...(fieldPath ? {fieldPath} : {}),
        }),
      );
    } else out[key] = v;
  }
  return out;
}

interface CrdDocument {
  kind?: string;
  spec?: {
    group: string;
    names: {
      kind: string;
      listKind: string;
      plural: string;
      singular: string;
      shortNames?: string[];
      categories?: string[];
    };
    scope: string;
    versions: {
      name: string;
      served: boolean;
      storage: boolean;
      deprecated?: boolean;
      subresources?: Record<string, unknown>;
      additionalPrinterColumns?: {name: string; type: string; jsonPath: string}[];
      schema: {openAPIV3Schema: CrdNode};
    }[];
  };
}

export interface CrdExtract {
  $comment: string;
  source: {repository: string; tag: string; path: string};
  resource: {
    group: string;
    kind: string;
    listKind: string;
    plural: string;
    singular: string;
    shortNames: string[];
    /** kubectl categories (`kubectl get toolhive`); absent in older extracts. */
    categories?: string[];
    scope: string;
  };
  versions: {
    name: string;
    served: boolean;
    storage: boolean;
    /** True when the API server warns that the version is deprecated (its warning text is not kept). */
    deprecated?: boolean;
    subresources: string[];
    printerColumns: {name: string; type: string; jsonPath: string}[];
    schema: CrdNode;
  }[];
}

/** Build the extract from the CRD file's text. */
export function extractCrd(text: string, source: CrdExtract['source']): CrdExtract {
  const doc = parseYaml(text) as CrdDocument;
  if (doc?.kind !== 'CustomResourceDefinition' || !doc.spec)
    throw new Error('the file is not a CustomResourceDefinition');
  const {spec} = doc;
  return {
    $comment:
      'Generated by scripts/crd-extract/extract.ts from the CRD file named in "source". Structure only, without descriptions. Do not edit: rerun the script.',
    source,
    resource: {
      group: spec.group,
      kind: spec.names.kind,
      listKind: spec.names.listKind,
      plural: spec.names.plural,
      singular: spec.names.singular,
      shortNames: spec.names.shortNames ?? [],
      ...(spec.names.categories ? {categories: spec.names.categories} : {}),
      scope: spec.scope,
    },
    versions: spec.versions.map((v) => ({
      name: v.name,
      served: v.served,
      storage: v.storage,
      ...(v.deprecated ? {deprecated: true} : {}),
      subresources: Object.keys(v.subresources ?? {}),
      printerColumns: (v.additionalPrinterColumns ?? []).map(({name, type, jsonPath}) => ({
        name,
        type,
        jsonPath,
      })),
      schema: structureOf(v.schema.openAPIV3Schema),
    })),
  };
}

export function gitShow(gitDir: string, tag: string, file: string): string {
  return execFileSync('git', [`--git-dir=${gitDir}`, 'show', `${tag}:${file}`], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** JSON formatted the way the repository's Prettier settings want it. */
export async function formatJson(value: unknown, file: string): Promise<string> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(JSON.stringify(value), {...options, filepath: file});
}

/** The file names (not paths) of a folder at a tag; [] when the folder does not exist there. */
export function gitList(gitDir: string, tag: string, dir: string): string[] {
  let out: string;
  try {
    out = execFileSync('git', [`--git-dir=${gitDir}`, 'ls-tree', '--name-only', `${tag}:${dir}`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return [];
  }
  return out.split('\n').filter(Boolean);
}

/**
 * The YAML of a chart template without its Helm directives: the lines that
 * hold only `{{- if ... }}`, `{{- else }}` or `{{- end }}` go, and escaped
 * braces (`{{ "{{" }}`) become braces. Any other directive stops the
 * extract: this is not a template engine, and a value it would have to
 * compute must not be guessed.
 */
export function stripHelm(text: string, file = 'template'): string {
  const lines = text
    .split('\n')
    .filter((l) => !/^\s*\{\{-?\s*(if|else|end)\b[^}]*-?\}\}\s*$/.test(l));
  const out = lines.map((l) =>
    l.replace(/\{\{ "\{\{" \}\}/g, '{{').replace(/\{\{ "\}\}" \}\}/g, '}}'),
  );
  // A directive left is `{{` followed by a Go template action: a dot, a
  // dash, a keyword or a pipeline. Escaped text such as `{{.steps.x}}` in a
  // description was unescaped above and is prose, which the extract drops;
  // only lines outside descriptions could matter, and those hold YAML keys.
  const bad = lines.findIndex((l) => /^\s*[\w-]+:\s*\{\{/.test(l) || /^\s*\{\{/.test(l));
  if (bad >= 0)
    throw new Error(
      `${file}:${bad + 1}: a Helm directive this script cannot remove: ${lines[bad].trim()}`,
    );
  return out.join('\n');
}

/** The output file name of a kind: `MCPServer` → `mcpserver.crd.json`. */
export function extractFileName(kind: string): string {
  return `${kind.toLowerCase()}.crd.json`;
}

export interface ChartExtract {
  /** The chart folder read: files/crds or templates. */
  folder: string;
  extracts: CrdExtract[];
}

/** Every CRD of the chart at a tag, read from files/crds/ or else templates/. */
export function extractChart(
  gitDir: string,
  tag: string,
  chartDir = DEFAULT_CHART_DIR,
): ChartExtract {
  let folder = `${chartDir}/files/crds`;
  let names = gitList(gitDir, tag, folder);
  const templated = names.length === 0;
  if (templated) {
    folder = `${chartDir}/templates`;
    names = gitList(gitDir, tag, folder);
  }
  const extracts: CrdExtract[] = [];
  for (const name of names.filter((n) => /\.ya?ml$/.test(n)).sort()) {
    const file = `${folder}/${name}`;
    let text = gitShow(gitDir, tag, file);
    if (templated) text = stripHelm(text, file);
    const doc = parseYaml(text) as CrdDocument | null;
    if (doc?.kind !== 'CustomResourceDefinition') continue;
    extracts.push(extractCrd(text, {repository: 'stacklok/toolhive', tag, path: file}));
  }
  if (extracts.length === 0)
    throw new Error(`no CustomResourceDefinition in ${chartDir} at ${tag}`);
  const kinds = extracts.map((e) => e.resource.kind);
  const twice = kinds.find((k, i) => kinds.indexOf(k) !== i);
  if (twice) throw new Error(`two CRDs of kind ${twice} in ${folder} at ${tag}`);
  return {folder, extracts};
}

/** Writes one file per kind into DIR/crd/ and removes stale extracts; returns the files written. */
export async function writeChartExtract(
  chart: ChartExtract,
  releaseDir: string,
): Promise<string[]> {
  const outDir = path.join(releaseDir, 'crd');
  mkdirSync(outDir, {recursive: true});
  const written: string[] = [];
  for (const e of chart.extracts) {
    const file = path.join(outDir, extractFileName(e.resource.kind));
    writeFileSync(file, await formatJson(e, file));
    written.push(file);
  }
  for (const name of readdirSync(outDir)) {
    const file = path.join(outDir, name);
    if (name.endsWith('.crd.json') && !written.includes(file)) rmSync(file);
  }
  return written;
}

const USAGE = [
  'usage: tsx scripts/crd-extract/extract.ts --tag TAG --release DIR [--git-dir DIR] [--chart-dir DIR]',
  '       tsx scripts/crd-extract/extract.ts [--git-dir DIR] [--tag TAG] [--path FILE] [--out FILE]',
].join('\n');

async function main(argv: string[]): Promise<number> {
  let gitDir = DEFAULT_GIT_DIR;
  let tag: string | undefined;
  let file = DEFAULT_PATH;
  let out = DEFAULT_OUT;
  let release: string | undefined;
  let chartDir = DEFAULT_CHART_DIR;
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--git-dir') gitDir = argv[++i];
    else if (a === '--tag') tag = argv[++i];
    else if (a === '--path') file = argv[++i];
    else if (a === '--out') out = argv[++i];
    else if (a === '--release') release = argv[++i];
    else if (a === '--chart-dir') chartDir = argv[++i];
    else {
      console.error(USAGE);
      return 2;
    }
  }
  if (release !== undefined) {
    if (!tag) {
      console.error(`--release needs --tag\n${USAGE}`);
      return 2;
    }
    const chart = extractChart(gitDir, tag, chartDir);
    const files = await writeChartExtract(chart, path.resolve(findRepoRoot(), release));
    for (const f of files) console.log(`wrote ${path.relative(process.cwd(), f)}`);
    console.log(`${files.length} CRDs from ${tag}:${chart.folder}`);
    return 0;
  }
  tag ??= DEFAULT_TAG;
  const outFile = path.resolve(findRepoRoot(), out);
  const extract = extractCrd(gitShow(gitDir, tag, file), {
    repository: 'stacklok/toolhive',
    tag,
    path: file,
  });
  mkdirSync(path.dirname(outFile), {recursive: true});
  writeFileSync(outFile, await formatJson(extract, outFile));
  console.log(`wrote ${path.relative(process.cwd(), outFile)} from ${tag}:${file}`);
  return 0;
}

if (process.argv[1] && /crd-extract[\\/]extract\.[cm]?[jt]s$/.test(process.argv[1]))
  main(process.argv.slice(2)).then((code) => (process.exitCode = code));
