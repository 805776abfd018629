/**
 * Extract the structure of the MCPServer CustomResourceDefinition into
 * data/crd/mcpserver.crd.json: the resource's names, scope, versions and
 * printer columns, and its OpenAPI v3 schema node by node (types, required
 * fields, enums, defaults, bounds, patterns, formats, int-or-string, list and
 * map types, unknown-field handling) without upstream's descriptions.
 *
 * Usage (from the repository root):
 *   tsx scripts/crd-extract/extract.ts [--git-dir DIR] [--tag TAG] [--path FILE] [--out FILE]
 *
 * Defaults: --git-dir /work/.mirror/stacklok+toolhive/repo (a bare or normal
 * git directory of stacklok/toolhive), --tag toolhive-operator-crds-0.0.15,
 * --path deploy/charts/operator-crds/templates/toolhive.stacklok.dev_mcpservers.yaml,
 * --out data/crd/mcpserver.crd.json. The file is read straight from the tag
 * with `git show`, so no work tree is needed, and the CRD file itself is
 * never copied into this repository.
 *
 * The extract is what the checks trust about the CRD:
 * scripts/checks/lib/crd-structure.ts validates manifests against it the way
 * kubectl and the API server do, and compares data/crd/mcpserver.schema.json
 * with it node by node. A schema keyword this script does not know stops it,
 * so nothing is dropped silently.
 */
import {execFileSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import {parse as parseYaml} from 'yaml';
import {findRepoRoot} from '../checks/lib/code-blocks';

export const DEFAULT_GIT_DIR = '/work/.mirror/stacklok+toolhive/repo';
export const DEFAULT_TAG = 'toolhive-operator-crds-0.0.15';
export const DEFAULT_PATH =
  'deploy/charts/operator-crds/templates/toolhive.stacklok.dev_mcpservers.yaml';
export const DEFAULT_OUT = 'data/crd/mcpserver.crd.json';

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
    };
    scope: string;
    versions: {
      name: string;
      served: boolean;
      storage: boolean;
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
    scope: string;
  };
  versions: {
    name: string;
    served: boolean;
    storage: boolean;
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
      scope: spec.scope,
    },
    versions: spec.versions.map((v) => ({
      name: v.name,
      served: v.served,
      storage: v.storage,
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

async function main(argv: string[]): Promise<number> {
  let gitDir = DEFAULT_GIT_DIR;
  let tag = DEFAULT_TAG;
  let file = DEFAULT_PATH;
  let out = DEFAULT_OUT;
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--git-dir') gitDir = argv[++i];
    else if (a === '--tag') tag = argv[++i];
    else if (a === '--path') file = argv[++i];
    else if (a === '--out') out = argv[++i];
    else {
      console.error(
        'usage: tsx scripts/crd-extract/extract.ts [--git-dir DIR] [--tag TAG] [--path FILE] [--out FILE]',
      );
      return 2;
    }
  }
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
