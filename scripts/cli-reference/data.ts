/**
 * Loads and validates a thv command tree file, such as data/releases/v0.2.8/cli/thv.yaml or
 * data/releases/<release>/cli/thv.yaml, behind the CLI reference pages.
 * Validation is the JSON Schema in data/thv.schema.json plus the rules a
 * schema cannot express (unique paths, existing parents and related commands,
 * examples for runnable commands, flag groups that name real flags). Every
 * error names the command and the field.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020, {type ErrorObject} from 'ajv/dist/2020';
import {parse} from 'yaml';

export interface CliArgument {
  name: string;
  required: boolean;
  variadic?: boolean;
  description: string;
}

export interface CliFlag {
  name: string;
  shorthand: string | null;
  type: string;
  default: string | null;
  required: boolean;
  persistent?: boolean;
  /** Accepted by the command but left out of its help. */
  hidden?: boolean;
  description: string;
}

export interface CliFlagGroup {
  kind: 'mutuallyExclusive' | 'requiredTogether' | 'oneRequired';
  flags: string[];
}

export interface CliExample {
  title: string;
  command: string;
  output?: string;
}

export interface CliCommand {
  path: string;
  summary: string;
  description: string;
  usage: string | null;
  runnable: boolean;
  aliases: string[];
  arguments: CliArgument[];
  flags: CliFlag[];
  examples: CliExample[];
  related: string[];
  /** Set when cobra marks the command as deprecated: what to use instead. */
  deprecated?: string;
  flagGroups?: CliFlagGroup[];
  /** Ids of entries of data/known-issues.yaml that the page shows in its Known issues section. */
  issues?: string[];
}

export interface CliData {
  release: string;
  source?: string;
  commands: CliCommand[];
}

export const siteRoot = path.resolve(__dirname, '..', '..');
/** The command tree of the release that the site documents by default. */
export const dataFile = path.join(siteRoot, 'data', 'releases', 'v0.2.8', 'cli', 'thv.yaml');

/** The command tree of one release: data/releases/<release>/cli/thv.yaml. */
export function releaseDataFile(release: string): string {
  return path.join(siteRoot, 'data', 'releases', release, 'cli', 'thv.yaml');
}
export const schemaFile = path.join(siteRoot, 'data', 'thv.schema.json');

/** The page id (and file name) of a command: words joined by `_`. */
export function commandId(commandPath: string): string {
  return commandPath.split(' ').join('_');
}

export function parentPath(commandPath: string): string | null {
  const words = commandPath.split(' ');
  return words.length > 1 ? words.slice(0, -1).join(' ') : null;
}

function describe(data: unknown, err: ErrorObject): string {
  const parts = err.instancePath.split('/').filter(Boolean);
  let where = parts.join('.');
  if (parts[0] === 'commands' && parts[1] !== undefined) {
    const cmd = (data as {commands?: {path?: string}[]}).commands?.[Number(parts[1])];
    const field = parts.slice(2).join('.');
    where = `command "${cmd?.path ?? `#${parts[1]}`}"${field ? ` field ${field}` : ''}`;
  }
  const extra =
    err.keyword === 'additionalProperties'
      ? ` (unknown field "${(err.params as {additionalProperty: string}).additionalProperty}")`
      : err.keyword === 'enum'
        ? ` (${(err.params as {allowedValues: unknown[]}).allowedValues.join(', ')})`
        : '';
  return `${where || 'file'}: ${err.message ?? 'is invalid'}${extra}`;
}

/** Returns a list of problems; empty when the data is valid. */
export function validateCliData(data: unknown): string[] {
  const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8')) as object;
  const ajv = new Ajv2020({allErrors: true, strict: true, allowUnionTypes: true});
  const validate = ajv.compile(schema);
  if (!validate(data)) {
    return (validate.errors ?? []).map((e) => describe(data, e));
  }
  const {commands} = data as CliData;
  const problems: string[] = [];
  const paths = new Set<string>();
  for (const c of commands) {
    if (paths.has(c.path)) problems.push(`command "${c.path}": listed twice`);
    paths.add(c.path);
  }
  if (!paths.has('thv')) problems.push('command "thv": the root command is missing');
  for (const c of commands) {
    const parent = parentPath(c.path);
    if (parent && !paths.has(parent)) {
      problems.push(`command "${c.path}": parent command "${parent}" is missing`);
    }
    for (const r of c.related) {
      if (!paths.has(r)) problems.push(`command "${c.path}" field related: unknown command "${r}"`);
    }
    if (c.runnable && !c.deprecated && c.examples.length === 0) {
      problems.push(
        `command "${c.path}" field examples: a runnable command needs at least one example`,
      );
    }
    if (c.deprecated && c.examples.length > 0) {
      problems.push(
        `command "${c.path}" field examples: a deprecated command gets no examples, so that no page teaches it`,
      );
    }
    const flagNames = new Set(c.flags.map((f) => f.name));
    for (const g of c.flagGroups ?? []) {
      for (const name of g.flags) {
        if (!flagNames.has(name)) {
          problems.push(
            `command "${c.path}" field flagGroups: --${name} is not a flag of this command`,
          );
        }
      }
    }
    if (c.runnable !== (c.usage !== null)) {
      problems.push(
        `command "${c.path}" field usage: runnable commands have a usage line, group commands have none`,
      );
    }
    const names = new Set<string>();
    const shorts = new Set<string>();
    for (const f of c.flags) {
      if (names.has(f.name))
        problems.push(`command "${c.path}" field flags: --${f.name} listed twice`);
      names.add(f.name);
      if (f.shorthand) {
        if (shorts.has(f.shorthand)) {
          problems.push(`command "${c.path}" field flags: -${f.shorthand} used twice`);
        }
        shorts.add(f.shorthand);
      }
      if (f.persistent && c.path !== 'thv') {
        problems.push(
          `command "${c.path}" flag --${f.name}: only the root command has persistent flags`,
        );
      }
      if (f.name === 'help') {
        problems.push(
          `command "${c.path}" flag --help: the generator adds it; remove it from the data`,
        );
      }
    }
  }
  return problems;
}

/** Reads, validates and returns the command data; throws on any problem. */
export function loadCliData(file = dataFile): CliData {
  const data = parse(fs.readFileSync(file, 'utf8')) as unknown;
  const problems = validateCliData(data);
  if (problems.length > 0) {
    throw new Error(
      `${path.relative(siteRoot, file)} is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
  return data as CliData;
}

/** Direct children of a command, in data order. */
export function childrenOf(data: CliData, commandPath: string): CliCommand[] {
  return data.commands.filter((c) => parentPath(c.path) === commandPath);
}
