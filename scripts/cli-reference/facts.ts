/**
 * Compares a thv command tree file (data/releases/<release>/cli/thv.yaml) with
 * the facts extracted from the release tag (facts.json beside it, written by
 * extract-facts.ts): every command, alias, flag, shorthand, type, default,
 * required and hidden mark, deprecated command, persistent flag and flag group
 * of the release must be in the data, and the data may name nothing else.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {CliData} from './data';
import type {CliFacts, FactFlag} from './extract-facts';

/** facts.json of a data file: the file beside it. */
export function factsFileFor(dataFile: string): string {
  return path.join(path.dirname(dataFile), 'facts.json');
}

export function loadFacts(file: string): CliFacts {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as CliFacts;
}

function flagKey(f: {
  name: string;
  shorthand: string | null;
  type: string;
  default: string | null;
  required: boolean;
  hidden?: boolean;
}): string {
  return JSON.stringify({
    shorthand: f.shorthand,
    type: f.type,
    default: f.default,
    required: f.required,
    hidden: f.hidden === true,
  });
}

/** Every difference between the data and the facts, one line each; empty when they agree. */
export function compareWithFacts(data: CliData, facts: CliFacts): string[] {
  const problems: string[] = [];
  if (data.release !== facts.release) {
    problems.push(`release: the data says ${data.release}, the facts ${facts.release}`);
  }
  const byPath = new Map(data.commands.map((c) => [c.path, c]));
  const factPaths = new Set(facts.commands.map((c) => c.path));
  for (const c of data.commands) {
    if (!factPaths.has(c.path)) problems.push(`${c.path}: no such command in ${facts.release}`);
  }
  for (const fc of facts.commands) {
    const c = byPath.get(fc.path);
    if (!c) {
      problems.push(`${fc.path}: command of ${facts.release} missing from the data`);
      continue;
    }
    if (c.runnable !== fc.runnable) {
      problems.push(`${fc.path}: runnable is ${c.runnable}, the release says ${fc.runnable}`);
    }
    if (c.usage !== fc.usage) {
      problems.push(
        `${fc.path}: usage is ${JSON.stringify(c.usage)}, the release says ${JSON.stringify(fc.usage)}`,
      );
    }
    const aliases = [...c.aliases].sort().join(', ');
    const factAliases = [...fc.aliases].sort().join(', ');
    if (aliases !== factAliases) {
      problems.push(`${fc.path}: aliases [${aliases}], the release has [${factAliases}]`);
    }
    if (Boolean(c.deprecated) !== Boolean(fc.deprecated)) {
      problems.push(
        `${fc.path}: ${fc.deprecated ? 'deprecated in the release but not in the data' : 'marked deprecated, but the release does not deprecate it'}`,
      );
    }
    const factFlags: FactFlag[] =
      fc.path === 'thv'
        ? fc.flags.map((f) => ({...f}))
        : fc.flags.filter((f) => !facts.persistentFlags.some((p) => p.name === f.name));
    const dataFlags = new Map(c.flags.map((f) => [f.name, f]));
    for (const ff of factFlags) {
      const df = dataFlags.get(ff.name);
      if (!df) {
        problems.push(`${fc.path}: flag --${ff.name} of ${facts.release} missing from the data`);
        continue;
      }
      if (flagKey(df) !== flagKey(ff)) {
        problems.push(
          `${fc.path} --${ff.name}: the data has ${flagKey(df)}, the release ${flagKey(ff)}`,
        );
      }
    }
    for (const df of c.flags) {
      if (!factFlags.some((f) => f.name === df.name)) {
        problems.push(`${fc.path}: flag --${df.name} does not exist in ${facts.release}`);
      }
      const persistent = fc.path === 'thv' && facts.persistentFlags.some((p) => p.name === df.name);
      if (Boolean(df.persistent) !== persistent) {
        problems.push(
          `${fc.path} --${df.name}: persistent is ${Boolean(df.persistent)}, the release says ${persistent}`,
        );
      }
    }
    const groups = (g: {kind: string; flags: string[]}[] | undefined) =>
      (g ?? []).map((x) => `${x.kind}(${x.flags.join(',')})`).sort();
    const dataGroups = groups(c.flagGroups);
    const factGroups = groups(fc.flagGroups);
    if (dataGroups.join(' ') !== factGroups.join(' ')) {
      problems.push(
        `${fc.path}: flag groups [${dataGroups.join(' ')}], the release has [${factGroups.join(' ')}]`,
      );
    }
  }
  return problems;
}
