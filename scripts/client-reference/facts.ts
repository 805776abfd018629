/**
 * Compares the hand-written client data of a release (clients.yaml) with
 * the facts that scripts/client-reference/extract.ts extracts from the
 * release's source (clients.facts.json), so that a client the release has
 * and the data lacks, a client the data names and the release lacks, or a
 * path, key or value that differs, fails the unit tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {ClientFactsFile, Transport} from './extract';
import {siteRoot, urlKeyFor, type ClientData} from './generate';

const TRANSPORTS: Transport[] = ['stdio', 'sse', 'streamable-http'];

/** The facts file of a release, or null when none was extracted. */
export function factsFileFor(release: string): string {
  return path.join(siteRoot, 'data', 'releases', release, 'clients.facts.json');
}

export function loadFacts(release: string): ClientFactsFile | null {
  const file = factsFileFor(release);
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ClientFactsFile)
    : null;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function show(v: unknown): string {
  return JSON.stringify(v);
}

/** Where the data and the facts disagree; an empty list when they agree. */
export function compareWithFacts(data: ClientData, facts: ClientFactsFile): string[] {
  const problems: string[] = [];
  if (data.release !== facts.release)
    problems.push(`the data describes ${data.release}, the facts ${facts.release}`);
  const byId = new Map(data.clients.map((c) => [c.id, c]));
  const factIds = new Set(facts.clients.map((c) => c.id));
  for (const f of facts.clients)
    if (!byId.has(f.id))
      problems.push(`client "${f.id}": in ${facts.release} (${f.description}) but has no entry`);
  for (const c of data.clients)
    if (!factIds.has(c.id)) problems.push(`client "${c.id}": ${facts.release} has no such client`);

  const llmIds = (data.llmGatewayOnly ?? []).map((t) => t.id).sort();
  const llmFacts = facts.llmGatewayOnly.map((t) => t.id).sort();
  if (!same(llmIds, llmFacts))
    problems.push(
      `LLM gateway only tools: the data lists ${show(llmIds)}, ${facts.release} has ${show(llmFacts)}`,
    );

  for (const f of facts.clients) {
    const c = byId.get(f.id);
    if (!c) continue;
    const check = (field: string, ours: unknown, theirs: unknown) => {
      if (!same(ours, theirs))
        problems.push(
          `client "${f.id}" field ${field}: the data says ${show(ours)}, ${facts.release} has ${show(theirs)}`,
        );
    };
    check('configPath', c.configPath, f.configPath);
    check('serversKey', c.serversKey, f.serversKey);
    check('urlKey', Object.fromEntries(TRANSPORTS.map((t) => [t, urlKeyFor(c, t)])), f.urlKey);
    check('types', c.types, f.types);
    check('detection', c.detection, f.detection);
    // Fields that the data of earlier releases leaves out.
    if (c.format === undefined) {
      if (f.format !== 'json' || f.llmGateway || f.skills || f.plugins || f.deprecated)
        problems.push(
          `client "${f.id}": ${facts.release} needs the fields of v0.44.0 (format, skills, plugins, llmGateway, deprecated)`,
        );
      continue;
    }
    check('format', c.format, f.format);
    check('storage', c.storage ?? 'map', f.storage);
    check('nameKey', c.nameKey ?? null, f.nameKey);
    check('typeKey', c.typeKey ?? 'type', f.typeKey);
    check('fixedFields', c.fixedFields ?? null, f.fixedFields);
    check('skills', c.skills ?? null, f.skills);
    check('plugins', c.plugins ?? null, f.plugins);
    check(
      'llmGateway',
      c.llmGateway
        ? {
            mode: c.llmGateway.mode,
            binary: c.llmGateway.binary,
            settingsFile: c.llmGateway.settingsFile,
          }
        : null,
      f.llmGateway,
    );
    check('deprecated', c.deprecated !== undefined, f.deprecated);
  }

  if (facts.ui) {
    check2('ui.release', data.ui.release, facts.ui.release);
    check2('ui.bundledCli', data.ui.bundledCli, facts.ui.bundledCli);
    // A client that the bundled CLI and the release do not share must be named in the UI notes.
    const bundled = new Set(facts.ui.bundledCliClients);
    const differ = [
      ...facts.clients.filter((c) => !bundled.has(c.id)).map((c) => c.id),
      ...[...bundled].filter((id) => !factIds.has(id)),
    ];
    const notes = (data.ui.notes ?? []).join('\n');
    for (const id of differ)
      if (!notes.includes(`\`${id}\``))
        problems.push(
          `ui.notes: the bundled ToolHive ${facts.ui.bundledCli} and ${facts.release} differ on client "${id}", which the notes do not name`,
        );
  }
  return problems;

  function check2(field: string, ours: unknown, theirs: unknown) {
    if (!same(ours, theirs))
      problems.push(`${field}: the data says ${show(ours)}, the facts ${show(theirs)}`);
  }
}
