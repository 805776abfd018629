/**
 * Permission profiles as ToolHive v0.44.0 reads them (`thv run
 * --permission-profile <file>`): the JSON structure of
 * data/releases/v0.44.0/permissions/profile.schema.json, and the mount
 * declarations of `read` and `write` as toolhive-core v0.0.38 parses them
 * (permissions.MountDeclaration.Parse) and the Docker runtime mounts them
 * (pkg/container/docker/client.go at v0.44.0).
 *
 * Beyond what Go's decoder refuses, a profile the docs show must also work:
 * - no unknown keys (Go drops them silently, so they never take effect);
 * - every mount declaration parses, and isn't a `scheme://` resource URI,
 *   which the Docker runtime skips;
 * - a `network` object has an `outbound` object, because the egress proxy
 *   of network isolation reads it and crashes without one
 *   (known issue cli-profile-network-without-outbound).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import Ajv2020, {type ValidateFunction} from 'ajv/dist/2020';
import {extractCodeBlocks} from './code-blocks';

export const PROFILE_SCHEMA = path.join(
  'data',
  'releases',
  'v0.44.0',
  'permissions',
  'profile.schema.json',
);

/** A code block's title that names a permission profile file: `*profile.json`. */
export const PROFILE_TITLE = /(^|[-_/.])profile\.json$/i;

let validator: ValidateFunction | null = null;

function schemaValidator(root: string): ValidateFunction {
  if (validator) return validator;
  const schema = JSON.parse(readFileSync(path.join(root, PROFILE_SCHEMA), 'utf8')) as object;
  validator = new Ajv2020({allErrors: true, strict: true}).compile(schema);
  return validator;
}

const INJECTION = /[$&;|`]/;
const WINDOWS_PATH = /^[a-zA-Z]:[/\\]/;
const RESOURCE_SCHEME = /^([a-zA-Z][a-zA-Z0-9_-]*):\/\//;

/** Why a mount declaration is refused or skipped by v0.44.0, or null when it mounts. */
export function mountProblem(declaration: string): string | null {
  if (declaration.includes('\0')) return 'contains a null byte';
  if (RESOURCE_SCHEME.test(declaration)) {
    return 'is a resource URI, which the Docker runtime skips';
  }
  const colons = [...declaration].filter((c) => c === ':').length;
  const check = (p: string): string | null =>
    INJECTION.test(p) ? `contains one of $ & ; | or a backtick (${p})` : null;
  if (colons === 0) return check(declaration);
  if (WINDOWS_PATH.test(declaration)) {
    if (colons === 1) return check(declaration);
    if (colons === 2) {
      const at = declaration.lastIndexOf(':');
      const target = declaration.slice(at + 1);
      if (WINDOWS_PATH.test(target) || target.startsWith('\\')) {
        return 'uses a Windows path as the container path';
      }
      return check(declaration.slice(0, at)) ?? check(target);
    }
    return 'has more than two colons in a Windows path';
  }
  if (colons > 1) return 'has more than one colon (expected host-path:container-path)';
  const [host, target] = declaration.split(':') as [string, string];
  if (host === '' || target === '') return 'has an empty host or container path';
  if (WINDOWS_PATH.test(target) || target.startsWith('\\')) {
    return 'uses a Windows path as the container path';
  }
  return check(host) ?? check(target);
}

/** Every problem of one profile document, as readable sentences. */
export function profileProblems(root: string, profile: unknown): string[] {
  const validate = schemaValidator(root);
  const problems: string[] = [];
  if (!validate(profile)) {
    for (const e of validate.errors ?? []) {
      const where = e.instancePath || '(top level)';
      const extra =
        e.keyword === 'additionalProperties'
          ? ` "${(e.params as {additionalProperty: string}).additionalProperty}"`
          : '';
      problems.push(`${where}: ${e.message ?? 'is invalid'}${extra}`);
    }
    return problems;
  }
  const p = profile as {read?: string[]; write?: string[]; network?: {outbound?: unknown}};
  for (const list of ['read', 'write'] as const) {
    (p[list] ?? []).forEach((decl, i) => {
      const why = mountProblem(decl);
      if (why) problems.push(`/${list}/${i}: "${decl}" ${why}`);
    });
  }
  if (p.network && p.network.outbound === undefined) {
    problems.push('/network: has no "outbound" object, which network isolation needs');
  }
  return problems;
}

export interface ProfileBlock {
  file: string;
  line: number;
  title: string;
  content: string;
}

/** The `json` code blocks of a page whose title names a permission profile file. */
export function profileBlocks(file: string, text: string): ProfileBlock[] {
  return extractCodeBlocks(text)
    .filter((b) => b.lang === 'json')
    .map((b) => ({b, title: /title="([^"]+)"/.exec(b.meta)?.[1] ?? ''}))
    .filter(({title}) => PROFILE_TITLE.test(title))
    .map(({b, title}) => ({file, line: b.startLine, title, content: b.content}));
}
