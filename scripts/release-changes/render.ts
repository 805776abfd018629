/**
 * The changes page of two adjacent docs versions, written from the lists
 * that diff.ts computes: a summary with the counts, then one section per
 * area (CLI, API server, Kubernetes resources, Helm chart values, MCP
 * clients, fixed known issues), each with its tables.
 *
 * Links to other reference pages are routes of the version the page belongs
 * to (the newer one): `/toolhive/reference/cli/<id>` and so on. Things that
 * only the older release has are named in code, without a link.
 */
import type {DocsVersion} from '../../docs-versions';
import {commandId} from '../cli-reference/data';
import {entryUrl, releaseName, sourceUrl, type KnownIssue} from '../../plugins/known-issues/data';
import {pageSlug} from '../crd-reference/release';
import type {
  ApiChanges,
  ApiParameter,
  CliChanges,
  ClientChanges,
  CrdChanges,
  DefaultChange,
  FixedIssues,
  HelmChanges,
  KindFieldChanges,
  KindVersions,
  ParameterChange,
  Product,
} from './diff';

export interface ReleaseChanges {
  cli: CliChanges;
  api: ApiChanges;
  crds: CrdChanges;
  helm: HelmChanges[];
  clients: ClientChanges;
  fixed: FixedIssues[];
  stillPresent: KnownIssue[];
}

export interface RenderOptions {
  older: DocsVersion;
  newer: DocsVersion;
  /** The newer version has a page per resource kind (/toolhive/reference/crds/<kind>). */
  kindPages: boolean;
}

/** The counts the summary shows, by what they count. */
export interface ChangeCounts {
  commandsAdded: number;
  commandsRemoved: number;
  commandsRenamed: number;
  commandsDeprecated: number;
  flagsAdded: number;
  flagsRemoved: number;
  flagsChanged: number;
  operationsAdded: number;
  operationsRemoved: number;
  operationsChanged: number;
  kindsAdded: number;
  kindsRemoved: number;
  fieldsAdded: number;
  fieldsRemoved: number;
  fieldsChanged: number;
  helmValuesAdded: number;
  helmValuesRemoved: number;
  helmValuesChanged: number;
  clientsAdded: number;
  clientsRemoved: number;
  clientsDeprecated: number;
  issuesFixed: number;
}

export function countsOf(c: ReleaseChanges): ChangeCounts {
  const sum = <T>(list: T[], f: (x: T) => number) => list.reduce((n, x) => n + f(x), 0);
  return {
    commandsAdded: c.cli.added.length,
    commandsRemoved: c.cli.removed.length,
    commandsRenamed: c.cli.renamed.length,
    commandsDeprecated: c.cli.deprecated.length,
    flagsAdded: sum(c.cli.flags, (f) => f.added.length),
    flagsRemoved: sum(c.cli.flags, (f) => f.removed.length),
    flagsChanged: sum(c.cli.flags, (f) => f.changed.length),
    operationsAdded: c.api.added.length,
    operationsRemoved: c.api.removed.length,
    operationsChanged: c.api.changed.length,
    kindsAdded: c.crds.added.length,
    kindsRemoved: c.crds.removed.length,
    fieldsAdded: sum(c.crds.fields, (k) => k.added.length),
    fieldsRemoved: sum(c.crds.fields, (k) => k.removed.length),
    fieldsChanged: sum(c.crds.fields, (k) => k.changed.length),
    helmValuesAdded: sum(c.helm, (h) => h.added.length),
    helmValuesRemoved: sum(c.helm, (h) => h.removed.length),
    helmValuesChanged: sum(c.helm, (h) => h.changed.length),
    clientsAdded: c.clients.added.length,
    clientsRemoved: c.clients.removed.length,
    clientsDeprecated: c.clients.deprecated.length,
    issuesFixed: sum(c.fixed, (f) => f.issues.length),
  };
}

// ---------------------------------------------------------------------------
// Markdown helpers
// ---------------------------------------------------------------------------

export function code(text: string): string {
  const ticks = text.includes('`') ? '``' : '`';
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/**
 * Text from the data for one table cell: one line, pipes escaped, and
 * outside code spans the characters MDX would read as JSX or expressions.
 */
export function cell(text: string): string {
  return text
    .trim()
    .replace(/\s*\n\s*/g, ' ')
    .split(/(`+[^`]*`+)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[{}<]/g, (ch) => `\\${ch}`)))
    .join('')
    .replace(/\|/g, '\\|');
}

function table(head: string[], rows: string[][]): string[] {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
  ];
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A JSON value in code, or a word when there is none. */
function shown(v: unknown, none = 'not set'): string {
  if (v === undefined) return none;
  return code(typeof v === 'string' ? (v === '' ? '""' : v) : JSON.stringify(v));
}

export function cliRoute(commandPath: string): string {
  return `/toolhive/reference/cli/${commandId(commandPath)}`;
}

function commandLink(commandPath: string): string {
  return `[${code(commandPath)}](${cliRoute(commandPath)})`;
}

function flagList(names: string[]): string {
  return names.map((n) => code(`--${n}`)).join(', ');
}

const heading = (level: number, text: string, id: string) =>
  `${'#'.repeat(level)} ${text} \\{#${id}}`;

/** Anchor ids of the sections the summary links to. */
export const SECTION = {
  cli: 'cli',
  api: 'api-server',
  kubernetes: 'kubernetes-resources',
  helm: 'helm-chart-values',
  clients: 'mcp-clients',
  issues: 'fixed-known-issues',
} as const;

// ---------------------------------------------------------------------------
// Sections
// ---------------------------------------------------------------------------

function renderSummary(c: ReleaseChanges): string[] {
  const n = countsOf(c);
  const helm = c.helm
    .map(
      (h) =>
        `${code(h.chart)}: ${plural(h.added.length, 'key')} added, ${h.removed.length} removed, ${h.changed.length} with a new default or type`,
    )
    .join('; ');
  const fields = c.crds.fields
    .map(
      (k) =>
        `${code(k.kind)} spec fields: ${k.added.length} added, ${k.removed.length} removed, ${k.changed.length} changed`,
    )
    .join('; ');
  const issues = c.fixed
    .filter((f) => f.issues.length > 0)
    .map(
      (f) =>
        `${f.issues.length} in ${f.product.endsWith('chart') ? 'the ' : ''}${productTitle(f.product)}`,
    )
    .join(', ');
  return [
    heading(2, 'Summary', 'summary'),
    '',
    `- [CLI](#${SECTION.cli}): ${plural(n.commandsAdded, 'command')} added, ${n.commandsRemoved} removed, ${n.commandsRenamed} renamed, ${n.commandsDeprecated} deprecated; ${plural(n.flagsAdded, 'flag')} added and ${n.flagsRemoved} removed on commands of both releases, ${n.flagsChanged} changed.`,
    `- [API server](#${SECTION.api}): ${plural(n.operationsAdded, 'operation')} added, ${n.operationsRemoved} removed, ${n.operationsChanged} with changed parameters or status codes.`,
    `- [Kubernetes resources](#${SECTION.kubernetes}): ${plural(n.kindsAdded, 'kind')} added, ${n.kindsRemoved} removed${fields ? `; ${fields}` : ''}.`,
    `- [Helm chart values](#${SECTION.helm}): ${helm}.`,
    `- [MCP clients](#${SECTION.clients}): ${plural(n.clientsAdded, 'client')} added, ${n.clientsRemoved} removed, ${n.clientsDeprecated} deprecated.`,
    `- [Fixed known issues](#${SECTION.issues}): ${plural(n.issuesFixed, 'issue')} fixed${issues ? ` (${issues})` : ''}.`,
    '',
  ];
}

function renderCli(c: CliChanges, o: RenderOptions): string[] {
  const {older, newer} = o;
  const out = [
    heading(2, 'CLI', SECTION.cli),
    '',
    `Commands link to their page in the CLI reference of ToolHive ${newer.release}. A command that ${newer.release} no longer has is named without a link.`,
    '',
    heading(3, 'Renamed commands', 'renamed-commands'),
    '',
  ];
  if (c.renamed.length === 0) out.push(`No command of ${older.release} was renamed.`, '');
  else
    out.push(
      `${newer.release} still accepts the old name of each of these commands, as an alias of the new one.`,
      '',
      ...table(
        [`${older.release}`, `${newer.release}`],
        c.renamed.map((r) => [code(r.from), commandLink(r.to)]),
      ),
    );
  out.push(heading(3, 'Commands added', 'commands-added'), '');
  if (c.added.length === 0) out.push(`${newer.release} adds no command.`, '');
  else
    out.push(
      `${newer.release} has ${plural(c.added.length, 'command')} that ${older.release} does not have.`,
      '',
      ...table(
        ['Command', 'What it does'],
        c.added.map((cmd) => [commandLink(cmd.path), cell(cmd.summary)]),
      ),
    );
  out.push(heading(3, 'Commands removed', 'commands-removed'), '');
  if (c.removed.length === 0) out.push(`Every command of ${older.release} is still there.`, '');
  else
    out.push(
      `${newer.release} no longer has ${c.removed.length === 1 ? 'this command' : `these ${c.removed.length} commands`}. Remove ${c.removed.length === 1 ? 'it' : 'them'} from your scripts.`,
      '',
      ...table(
        ['Command', `What it did in ${older.release}`],
        c.removed.map((cmd) => [code(cmd.path), cell(cmd.summary)]),
      ),
    );
  out.push(heading(3, 'Deprecated commands', 'deprecated-commands'), '');
  if (c.deprecated.length === 0) out.push(`${newer.release} marks no command deprecated.`, '');
  else
    out.push(
      `${newer.release} marks ${c.deprecated.length === 1 ? 'this command' : 'these commands'} deprecated: avoid ${c.deprecated.length === 1 ? 'it' : 'them'} in new scripts.`,
      '',
      ...table(
        ['Command', 'What to use instead'],
        c.deprecated.map((cmd) => [commandLink(cmd.path), cell(cmd.deprecated!)]),
      ),
    );
  const withAdded = c.flags.filter((f) => f.added.length > 0);
  const withRemoved = c.flags.filter((f) => f.removed.length > 0);
  const changes = c.flags.flatMap((f) => f.changed.map((ch) => ({command: f.command, ...ch})));
  const was = (f: {command: string; was?: string}) =>
    f.was ? `${commandLink(f.command)} (was ${code(f.was)})` : commandLink(f.command);
  out.push(
    heading(3, 'Flags added', 'flags-added'),
    '',
    `These are the flags that commands of both releases gained; the flags of new commands are on their pages.`,
    '',
  );
  if (withAdded.length === 0) out.push('No command gained a flag.', '');
  else
    out.push(
      ...table(
        ['Command', 'New flags'],
        withAdded.map((f) => [was(f), flagList(f.added.map((x) => x.name))]),
      ),
    );
  out.push(heading(3, 'Flags removed', 'flags-removed'), '');
  if (withRemoved.length === 0) out.push(`No command lost a flag of ${older.release}.`, '');
  else
    out.push(
      `Remove these flags from your scripts: ${newer.release} does not define them.`,
      '',
      ...table(
        ['Command', 'Removed flags'],
        withRemoved.map((f) => [was(f), flagList(f.removed.map((x) => x.name))]),
      ),
    );
  out.push(heading(3, 'Flags changed', 'flags-changed'), '');
  if (changes.length === 0) out.push('No flag changed its type, default or short form.', '');
  else
    out.push(
      `A changed default changes what a command does when you leave the flag out.`,
      '',
      ...table(
        ['Command', 'Flag', 'What changed', older.release, newer.release],
        changes.map((ch) => [
          commandLink(ch.command),
          code(`--${ch.flag}`),
          ch.what === 'shorthand' ? 'Short form' : ch.what === 'type' ? 'Type' : 'Default',
          ch.before === null ? 'none' : code(ch.what === 'shorthand' ? `-${ch.before}` : ch.before),
          ch.after === null ? 'none' : code(ch.what === 'shorthand' ? `-${ch.after}` : ch.after),
        ]),
      ),
    );
  return out;
}

function paramText(p: ApiParameter): string {
  return `${code(p.name)} (${p.in}, ${cell(p.type)}, ${p.required ? 'required' : 'optional'})`;
}

/** What changed in one parameter, in words. */
export function parameterChangeText(ch: ParameterChange): string {
  const {before: a, after: b} = ch;
  const parts: string[] = [];
  if (a.type !== b.type) parts.push(`type ${cell(a.type)} before, ${cell(b.type)} now`);
  if (a.required !== b.required) parts.push(b.required ? 'now required' : 'now optional');
  if (a.values && !b.values) parts.push('any value now');
  else if (!a.values && b.values) parts.push(`now one of ${b.values.map(code).join(', ')}`);
  else if (a.values && b.values) {
    const added = b.values.filter((v) => !a.values!.includes(v));
    const removed = a.values.filter((v) => !b.values!.includes(v));
    if (added.length > 0) parts.push(`values added: ${added.map(code).join(', ')}`);
    if (removed.length > 0) parts.push(`values removed: ${removed.map(code).join(', ')}`);
  }
  return `${code(ch.name)} (${ch.in}): ${parts.join('; ')}.`;
}

function renderApi(c: ApiChanges, o: RenderOptions): string[] {
  const {older, newer} = o;
  const out = [
    heading(2, 'API server', SECTION.api),
    '',
    `The API server is the REST API that \`thv serve\` starts. Operations are matched by method and path; the [API reference](/toolhive/reference/api) describes each one of ${newer.release}.`,
    '',
    heading(3, 'Operations added', 'operations-added'),
    '',
  ];
  if (c.added.length === 0) out.push(`${newer.release} adds no operation.`, '');
  else
    out.push(
      `${newer.release} has ${plural(c.added.length, 'operation')} that ${older.release} does not have.`,
      '',
      ...table(
        ['Method', 'Path', 'Operation ID', 'What it does'],
        c.added.map((op) => [op.method, code(op.path), code(op.operationId), cell(op.summary)]),
      ),
    );
  out.push(heading(3, 'Operations removed', 'operations-removed'), '');
  if (c.removed.length === 0)
    out.push(
      `Every operation of ${older.release} is still there, at the same method and path.`,
      '',
    );
  else
    out.push(
      `${newer.release} no longer answers ${c.removed.length === 1 ? 'this operation' : 'these operations'}. Update clients that call ${c.removed.length === 1 ? 'it' : 'them'}.`,
      '',
      ...table(
        ['Method', 'Path', 'Operation ID', `What it did in ${older.release}`],
        c.removed.map((op) => [op.method, code(op.path), code(op.operationId), cell(op.summary)]),
      ),
    );
  out.push(heading(3, 'Operations changed', 'operations-changed'), '');
  if (c.changed.length === 0)
    out.push('No operation of both releases changed its parameters or status codes.', '');
  else {
    const codes = (list: string[]) => list.map((s) => code(s)).join(', ');
    out.push(
      `These operations of both releases take other parameters, or the API descriptions of the two releases list other status codes for them.`,
      '',
      ...table(
        ['Method', 'Path', 'Parameters', 'Status codes'],
        c.changed.map((op) => {
          const params = [
            op.parametersAdded.length > 0
              ? `Added: ${op.parametersAdded.map(paramText).join(', ')}.`
              : '',
            op.parametersRemoved.length > 0
              ? `Removed: ${op.parametersRemoved.map(paramText).join(', ')}.`
              : '',
            ...op.parametersChanged.map(parameterChangeText),
          ].filter(Boolean);
          const statuses = [
            op.statusAdded.length > 0 ? `Added: ${codes(op.statusAdded)}.` : '',
            op.statusRemoved.length > 0 ? `Removed: ${codes(op.statusRemoved)}.` : '',
          ].filter(Boolean);
          return [
            op.method,
            code(op.path),
            params.join(' ') || 'Unchanged.',
            statuses.join(' ') || 'Unchanged.',
          ];
        }),
      ),
    );
  }
  return out;
}

function versionsText(v: KindVersions | undefined): string {
  if (!v) return 'Not in this release';
  return v.served
    .map((name) => {
      const notes = [
        ...(name === v.stored ? ['stored'] : []),
        ...(v.deprecated.includes(name) ? ['deprecated'] : []),
      ];
      return `${code(name)}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
    })
    .join(', ');
}

function kindName(kind: string, inNewer: boolean, o: RenderOptions): string {
  return inNewer && o.kindPages
    ? `[${code(kind)}](/toolhive/reference/crds/${pageSlug(kind)})`
    : code(kind);
}

function renderKindFields(k: KindFieldChanges, o: RenderOptions): string[] {
  const {older, newer} = o;
  const slug = pageSlug(k.kind);
  const below = (n: number) => (n > 0 ? `, with ${plural(n, 'field')} below it` : '');
  const out = [
    heading(3, `${code(k.kind)} spec fields`, `${slug}-spec-fields`),
    '',
    `This compares the schema of the stored version of each release: ${code(k.olderVersion)} in ${older.release} and ${code(k.newerVersion)} in ${newer.release}.${k.newerVersionsShareSchema ? ` Every version that ${newer.release} serves has that same schema, so the lists hold for manifests of any served \`apiVersion\`.` : ''} A field is listed where it was added or removed as a whole; the fields below it are counted.`,
    '',
    heading(4, `Fields added to ${code(k.kind)}`, `${slug}-fields-added`),
    '',
  ];
  if (k.added.length === 0) out.push('No field was added.', '');
  else
    out.push(
      ...table(
        ['Field', 'Type'],
        k.added.map((f) => [code(f.path), `${cell(f.type)}${below(f.below)}`]),
      ),
    );
  out.push(heading(4, `Fields removed from ${code(k.kind)}`, `${slug}-fields-removed`), '');
  if (k.removed.length === 0) out.push('No field was removed.', '');
  else
    out.push(
      `The API server of ${newer.release} does not know these fields, and \`kubectl apply\` rejects a manifest that still sets one. Where ToolHive's source named a replacement when it deprecated a field, the table gives it, with the source lines that say so.`,
      '',
      ...table(
        ['Field', 'Use instead'],
        k.removed.map((f) => [
          `${code(f.path)}${below(f.below)}`,
          f.successor
            ? `${code(f.successor.successor)} ([ToolHive ${f.successor.source.ref}](${sourceUrl({
                repo: f.successor.source.repo as 'stacklok/toolhive',
                ref: f.successor.source.ref,
                path: f.successor.source.path,
                lines: f.successor.source.lines,
              })}))`
            : 'None named',
        ]),
      ),
    );
  out.push(heading(4, `Fields changed in ${code(k.kind)}`, `${slug}-fields-changed`), '');
  if (k.changed.length === 0)
    out.push(
      'No field of both releases changed its type, default, allowed values or whether it is required.',
      '',
    );
  else
    out.push(
      ...table(
        ['Field', 'What changed', older.release, newer.release],
        k.changed.map((ch) => [
          code(ch.path),
          ch.what.charAt(0).toUpperCase() + ch.what.slice(1),
          ch.what === 'default'
            ? ch.before === 'none'
              ? 'none'
              : code(ch.before)
            : cell(ch.before),
          ch.what === 'default' ? (ch.after === 'none' ? 'none' : code(ch.after)) : cell(ch.after),
        ]),
      ),
    );
  return out;
}

function renderCrds(c: CrdChanges, o: RenderOptions): string[] {
  const {older, newer} = o;
  const out = [
    heading(2, 'Kubernetes resources', SECTION.kubernetes),
    '',
    `These are the custom resources of the \`toolhive-operator-crds\` chart: ${older.charts.crds} for ${older.release} and ${newer.charts.crds} for ${newer.release}.`,
    '',
    heading(3, 'Resource kinds and API versions', 'resource-kinds'),
    '',
    `${c.added.length === 0 ? `${newer.release} adds no kind` : `${newer.release} adds ${plural(c.added.length, 'kind')}`}${c.removed.length === 0 ? ' and removes none' : ` and removes ${c.removed.length}`}. The table lists the API versions that the API server serves for each kind; a manifest's \`apiVersion\` must name one of them. The stored version is the one the API server keeps objects in, and kubectl prints a warning when you use a deprecated one.`,
    '',
    ...table(
      ['Kind', older.release, newer.release],
      c.kinds.map((k) => [
        kindName(k.kind, !!k.newer, o),
        versionsText(k.older),
        versionsText(k.newer),
      ]),
    ),
  ];
  for (const k of c.fields) out.push(...renderKindFields(k, o));
  return out;
}

function defaultCell(h: {default?: unknown; inValues: boolean}): string {
  return h.inValues ? shown(h.default) : 'not in `values.yaml`';
}

function changeText(ch: DefaultChange): string {
  const types = (t: string[]) => (t.length > 0 ? t.join(' or ') : 'any');
  const parts: string[] = [];
  if (JSON.stringify([...ch.typesBefore].sort()) !== JSON.stringify([...ch.typesAfter].sort()))
    parts.push(`Type ${types(ch.typesBefore)} before, ${types(ch.typesAfter)} now.`);
  if (ch.inside.length > 0) {
    for (const i of ch.inside) {
      if (!('before' in i)) parts.push(`${code(i.path)} added: ${shown(i.after)}.`);
      else if (!('after' in i)) parts.push(`${code(i.path)} removed (was ${shown(i.before)}).`);
      else parts.push(`${code(i.path)}: ${shown(i.before)} before, ${shown(i.after)} now.`);
    }
  } else parts.push(`${shown(ch.before)} before, ${shown(ch.after)} now.`);
  return parts.join(' ');
}

function renderHelm(charts: HelmChanges[]): string[] {
  const out = [
    heading(2, 'Helm chart values', SECTION.helm),
    '',
    `This section compares, chart by chart, the keys you can set with \`--set\` or a values file. A key that only holds other keys (such as \`operator\`) is not listed itself. A key marked "not in \`values.yaml\`" is one the chart's templates read but its \`values.yaml\` does not set.`,
    '',
  ];
  for (const h of charts) {
    out.push(
      heading(3, `${code(h.chart)} chart`, `${h.chart}-values`),
      '',
      `From chart ${h.olderVersion} to ${h.newerVersion}: ${plural(h.added.length, 'key')} added, ${h.removed.length} removed, ${h.changed.length} with a new default or type.`,
      '',
    );
    if (h.added.length > 0)
      out.push(
        `Keys added to ${code(h.chart)}:`,
        '',
        ...table(
          ['Key', 'Type', 'Default'],
          h.added.map((v) => [code(v.key), v.types.join(' or ') || 'any', defaultCell(v)]),
        ),
      );
    if (h.removed.length > 0)
      out.push(
        `Keys removed from ${code(h.chart)}, which the chart no longer reads:`,
        '',
        ...table(
          ['Key', `Default in chart ${h.olderVersion}`],
          h.removed.map((v) => [code(v.key), defaultCell(v)]),
        ),
      );
    if (h.changed.length > 0)
      out.push(
        `Keys of ${code(h.chart)} with a new default or type. If you relied on the old default, set the key yourself:`,
        '',
        ...table(
          ['Key', 'What changed'],
          h.changed.map((ch) => [code(ch.key), changeText(ch)]),
        ),
      );
  }
  return out;
}

function renderClients(c: ClientChanges, o: RenderOptions): string[] {
  const {older, newer} = o;
  const name = (x: {id: string; name: string}) => `${cell(x.name)} (${code(x.id)})`;
  const out = [
    heading(2, 'MCP clients', SECTION.clients),
    '',
    `These are the MCP clients whose configuration ToolHive can update so that they use its servers. The [client compatibility reference](/toolhive/reference/client-compatibility) lists each client of ${newer.release} with its configuration file.`,
    '',
  ];
  const list = (items: {id: string; name: string}[]) => items.map(name).join(', ');
  out.push(
    c.added.length > 0
      ? `- Added in ${newer.release}: ${list(c.added)}.`
      : `- ${newer.release} adds no client.`,
    c.removed.length > 0
      ? `- Removed: ${list(c.removed)}. ToolHive ${newer.release} no longer updates their configuration.`
      : `- ${newer.release} removes no client.`,
    c.deprecated.length > 0
      ? `- Deprecated in ${newer.release}: ${list(c.deprecated)}. ToolHive still configures ${c.deprecated.length === 1 ? 'it' : 'them'}, and warns.`
      : `- ${newer.release} deprecates no client of ${older.release}.`,
    '',
  );
  if (c.configPaths.length > 0)
    out.push(
      `These clients of both releases have their configuration file somewhere else in ${newer.release}:`,
      '',
      ...table(
        ['Client', 'OS', older.release, newer.release],
        c.configPaths.map((p) => [name(p), p.os, code(p.before), code(p.after)]),
      ),
    );
  return out;
}

const PRODUCT_TITLE: Record<Product, string> = {
  ToolHive: 'ToolHive',
  'ToolHive UI': 'ToolHive UI',
  'toolhive-operator chart': '`toolhive-operator` chart',
  'toolhive-operator-crds chart': '`toolhive-operator-crds` chart',
};

function productTitle(p: Product): string {
  return PRODUCT_TITLE[p];
}

function renderIssues(fixed: FixedIssues[], still: KnownIssue[], o: RenderOptions): string[] {
  const out = [
    heading(2, 'Fixed known issues', SECTION.issues),
    '',
    `These entries of the [known issues](/toolhive/reference/known-issues) list were fixed by a release later than the one the ${o.older.label} docs describe, up to and including the one the ${o.newer.label} docs describe. Each product (ToolHive, the UI, each chart) is compared with its own releases.`,
    '',
  ];
  const slug = (p: Product) =>
    `fixed-${p
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/-$/, '')}`;
  for (const f of fixed) {
    // "Fixed in ToolHive", not "ToolHive": a heading that is only the
    // product's name would seem to answer every question that names it.
    const where = f.product.endsWith('chart') ? 'the ' : '';
    out.push(heading(3, `Fixed in ${where}${productTitle(f.product)}`, slug(f.product)), '');
    const range = `${productTitle(f.product)} ${f.older} and ${f.newer}`;
    if (f.issues.length === 0) {
      out.push(`No entry was fixed between ${range}.`, '');
      continue;
    }
    out.push(
      `${plural(f.issues.length, 'entry', 'entries')} fixed between ${range}:`,
      '',
      ...table(
        ['Issue', 'Fixed in', 'Affects'],
        f.issues.map((i) => [
          `[${cell(i.title)}](${entryUrl(i.id)})`,
          releaseName(i.fixedIn!).replace(/^.* /, ''),
          i.surfaces.map((s) => SURFACE_NAME[s]).join(', '),
        ]),
      ),
    );
  }
  if (still.length > 0)
    out.push(
      `${plural(still.length, 'entry', 'entries')} of the list ${still.length === 1 ? 'is' : 'are'} still present in the releases of the ${o.newer.label} docs; the [known issues](/toolhive/reference/known-issues) page has each one with its workaround.`,
      '',
    );
  return out;
}

const SURFACE_NAME: Record<string, string> = {
  cli: 'CLI',
  ui: 'UI',
  kubernetes: 'Kubernetes',
  api: 'API server',
};

export function renderPage(c: ReleaseChanges, o: RenderOptions): string {
  const {older, newer} = o;
  const releases: [string, string, string][] = [
    ['ToolHive (CLI, API server, operator)', older.release, newer.release],
    ['ToolHive UI', older.uiRelease, newer.uiRelease],
    ['`toolhive-operator` chart', older.charts.operator, newer.charts.operator],
    ['`toolhive-operator-crds` chart', older.charts.crds, newer.charts.crds],
  ];
  const lines = [
    '---',
    `title: Changes from ToolHive ${older.release} to ${newer.release}`,
    `sidebar_label: ${older.release} to ${newer.release}`,
    `description: What changed from ToolHive ${older.release} to ${newer.release} in the CLI, the API server, the Kubernetes resources, the Helm charts, the MCP clients and known issues.`,
    '---',
    '',
    '{/*Generated by scripts/release-changes/generate.ts from the release data. Do not edit.*/}',
    '',
    `Upgrading from ToolHive ${older.release}? This page lists what changed between the releases that the ${older.label} and ${newer.label} docs describe. Start with what was removed, renamed or given a new default: those are the changes that can break your scripts, manifests and clients.`,
    '',
    ...table(
      ['Product', `${older.label} docs`, `${newer.label} docs`],
      releases.map(([p, a, b]) => [p, a, b]),
    ),
    'The lists come from the same data as the reference pages: the command trees, the API descriptions, the resource definitions, the chart values, the client data and the known issues list.',
    '',
    ...renderSummary(c),
    ...renderCli(c.cli, o),
    ...renderApi(c.api, o),
    ...renderCrds(c.crds, o),
    ...renderHelm(c.helm),
    ...renderClients(c.clients, o),
    ...renderIssues(c.fixed, c.stillPresent, o),
  ];
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
