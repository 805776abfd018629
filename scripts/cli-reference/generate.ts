/**
 * Generates one MDX page per thv command from a command tree file. By default
 * it reads data/releases/v0.2.8/cli/thv.yaml and writes docs/toolhive/reference/cli/, a build
 * output (gitignored) that prestart and prebuild regenerate; give another data
 * file and folder to generate the pages of another release. Edit the data
 * file, not the pages.
 *
 * Usage: tsx scripts/cli-reference/generate.ts [--data <thv.yaml>] [--out <folder>]
 */
import fs from 'node:fs';
import path from 'node:path';
import {DOCS_VERSIONS, type DocsVersion} from '../../docs-versions';
import {
  COMPONENT,
  loadKnownIssues,
  mentionsIn,
  type KnownIssue,
} from '../../plugins/known-issues/data';
import {mentionProblems, type Mention} from '../../plugins/known-issues/generate';
import {
  childrenOf,
  commandId,
  dataFile as defaultDataFile,
  loadCliData,
  parentPath,
  siteRoot,
  type CliCommand,
  type CliData,
  type CliFlag,
  type CliFlagGroup,
} from './data';

/** The folder that the site's CLI reference is generated into by default. */
export const outDir = path.join(siteRoot, 'docs', 'toolhive', 'reference', 'cli');

/** Makes a one-line Markdown table cell out of free text. */
function cell(text: string): string {
  return text
    .trim()
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|');
}

function code(text: string): string {
  const ticks = text.includes('`') ? '``' : '`';
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/** A fenced block whose fence is longer than any backtick run inside. */
function fence(lang: string, body: string, meta = ''): string {
  const longest = Math.max(2, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  return `${f}${lang}${meta ? ` ${meta}` : ''}\n${body.replace(/\n+$/, '')}\n${f}`;
}

function link(target: CliCommand | string): string {
  const p = typeof target === 'string' ? target : target.path;
  return `[${code(p)}](./${commandId(p)}.mdx)`;
}

export function flagAnchor(name: string): string {
  return `flag-${name}`;
}

function flagRow(f: CliFlag): string {
  const anchor = flagAnchor(f.name);
  // The framework's <Link id>: it registers the anchor, so that its
  // broken-anchor check sees links to it. (MDX leaves a literal <a> tag to
  // React, where no anchor is registered.)
  const names = [`<Link id="${anchor}" href="#${anchor}">${code(`--${f.name}`)}</Link>`];
  if (f.shorthand) names.push(code(`-${f.shorthand}`));
  const type = f.type === 'bool' ? 'bool' : f.type;
  const def = f.default === null ? '' : code(f.default);
  const required = f.required ? '**Required.** ' : '';
  const hidden = f.hidden ? '**Not shown by `--help`.** ' : '';
  return `| ${names.join(', ')} | ${type} | ${def} | ${required}${hidden}${cell(f.description)} |`;
}

function flagGroupLine(g: CliFlagGroup): string {
  // Plain code, not links: the framework doesn't register the anchors of the
  // table cells (raw JSX <a> skips its Link component), so it would report
  // links to them as broken.
  const names = g.flags.map((n) => code(`--${n}`));
  const list =
    names.length === 2
      ? `${names[0]} and ${names[1]}`
      : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  if (g.kind === 'mutuallyExclusive') return `- Use at most one of ${list}.`;
  if (g.kind === 'requiredTogether') return `- Use ${list} together or not at all.`;
  return `- Use at least one of ${list}.`;
}

const helpFlag = (c: CliCommand): CliFlag => ({
  name: 'help',
  shorthand: 'h',
  type: 'bool',
  default: null,
  required: false,
  description: `Shows help for ${code(c.path)} and exits.`,
});

function flagsTable(flags: CliFlag[]): string {
  return [
    '| Flag | Type | Default | Description |',
    '| --- | --- | --- | --- |',
    ...flags.map(flagRow),
  ].join('\n');
}

function frontMatter(c: CliCommand, position: number): string {
  const fields: Record<string, string | number> = {
    title: c.path,
    sidebar_label: c.path,
    sidebar_position: position,
    description: `${c.summary} Reference for the ${c.path} command of ToolHive.`.slice(0, 300),
  };
  return [
    '---',
    ...Object.entries(fields).map(([k, v]) => `${k}: ${JSON.stringify(v)}`),
    '---',
  ].join('\n');
}

/**
 * The MDX page of one command. `source` is the data file named in the page's
 * "generated from" comment, relative to the repository root.
 */
export function renderPage(
  data: CliData,
  c: CliCommand,
  position: number,
  source = 'data/releases/v0.2.8/cli/thv.yaml',
): string {
  const root = data.commands.find((x) => x.path === 'thv')!;
  const inherited = c.path === 'thv' ? [] : root.flags.filter((f) => f.persistent);
  const ownFlags = [...c.flags, helpFlag(c)];
  const children = childrenOf(data, c.path);
  const parent = parentPath(c.path);
  const out: string[] = [frontMatter(c, position), ''];

  out.push(
    `{/* Generated from ${source} by scripts/cli-reference/generate.ts. Do not edit. */}`,
    '',
    "import Link from '@docusaurus/Link';",
    '',
    c.summary,
    '',
  );
  if (c.deprecated) {
    out.push(
      ':::warning[Deprecated]',
      '',
      `${code(c.path)} is deprecated in ToolHive ${data.release}: it still runs, prints a deprecation notice and is left out of the help listings. ${c.deprecated.trim()}`,
      '',
      ':::',
      '',
    );
  }

  if (c.usage) {
    out.push('## Usage', '', fence('text', c.usage), '');
  } else {
    out.push(
      '## Usage',
      '',
      `${code(c.path)} groups related commands and does nothing on its own. Run one of its subcommands:`,
      '',
      fence('text', `${c.path} <command> [flags]`),
      '',
    );
  }
  if (c.aliases.length > 0) {
    out.push(
      `**Aliases:** ${c.aliases.map((a) => code([...c.path.split(' ').slice(0, -1), a].join(' '))).join(', ')}`,
      '',
    );
  }

  out.push('## Description', '', c.description.trim(), '');

  if (c.issues && c.issues.length > 0) {
    out.push('## Known issues', '');
    for (const id of c.issues) out.push(`<${COMPONENT} id="${id}" />`, '');
  }

  if (c.arguments.length > 0) {
    out.push(
      '## Arguments',
      '',
      '| Argument | Required | Description |',
      '| --- | --- | --- |',
      ...c.arguments.map(
        (a) =>
          `| ${code(a.name)}${a.variadic ? ' (one or more)' : ''} | ${a.required ? 'Yes' : 'No'} | ${cell(a.description)} |`,
      ),
      '',
    );
  }

  out.push('## Flags', '', flagsTable(ownFlags), '');
  if (c.flagGroups && c.flagGroups.length > 0) {
    out.push(
      'The command checks these flags together and stops with an error otherwise:',
      '',
      ...c.flagGroups.map(flagGroupLine),
      '',
    );
  }
  if (inherited.length > 0) {
    out.push(
      '### Inherited flags',
      '',
      `These flags come from ${link('thv')} and work with every command.`,
      '',
      flagsTable(inherited),
      '',
    );
  }

  if (c.examples.length > 0) {
    out.push('## Examples', '');
    for (const e of c.examples) {
      out.push(`${cell(e.title)}:`, '', fence('bash', e.command.trim()), '');
      if (e.output)
        out.push('The output is similar to the following:', '', fence('text', e.output), '');
    }
  }

  if (children.length > 0) {
    out.push(
      '## Subcommands',
      '',
      '| Command | Summary |',
      '| --- | --- |',
      ...children.map((ch) => `| ${link(ch)} | ${cell(ch.summary)} |`),
      '',
    );
  }

  const seeAlso: string[] = [];
  if (parent) seeAlso.push(`- ${link(parent)}: the parent command.`);
  for (const r of c.related) {
    const rel = data.commands.find((x) => x.path === r)!;
    seeAlso.push(`- ${link(rel)}: ${rel.summary}`);
  }
  if (seeAlso.length > 0) out.push('## See also', '', ...seeAlso, '');

  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

/** Where a version's CLI pages are, relative to its docs folder. */
export const PAGES_DIR = 'toolhive/reference/cli';

/**
 * The `<KnownIssue>` elements that the pages of a command tree carry (its
 * commands' `issues`), each with its page (relative to the docs folder of
 * the version), line, title and the release the page describes: the mentions
 * that the known issues plugin finds in the generated pages.
 */
export function issueMentions(data: CliData): Mention[] {
  const mentions: Mention[] = [];
  data.commands.forEach((c, i) => {
    if (!c.issues || c.issues.length === 0) return;
    for (const m of mentionsIn(renderPage(data, c, i + 1))) {
      mentions.push({
        ...m,
        file: `${PAGES_DIR}/${commandId(c.path)}.mdx`,
        title: c.path,
        release: data.release,
      });
    }
  });
  return mentions;
}

/**
 * The known issues that a command tree names but its pages may not show,
 * each as `page:line: why`: ids that data/known-issues.yaml lacks, and
 * entries that don't affect the release of the tree (the rule the build
 * applies to every page, plugins/known-issues).
 */
export function checkIssues(
  data: CliData,
  issues?: Map<string, KnownIssue>,
  versions: readonly DocsVersion[] = DOCS_VERSIONS,
): string[] {
  const mentions = issueMentions(data);
  if (mentions.length === 0) return [];
  return mentionProblems(mentions, issues ?? loadKnownIssues(), versions);
}

export interface GenerateOptions {
  /** The command tree file (default: data/releases/v0.2.8/cli/thv.yaml). */
  dataFile?: string;
  /** The folder to write the pages to; it is emptied first (default: docs/toolhive/reference/cli). */
  outDir?: string;
  /** Already loaded data, instead of reading `dataFile`. */
  data?: CliData;
}

/** Writes one page per command into the output folder and returns the number of pages. */
export function generate(options: GenerateOptions | CliData = {}): number {
  const opts: GenerateOptions = 'commands' in options ? {data: options} : options;
  const file = path.resolve(opts.dataFile ?? defaultDataFile);
  const data = opts.data ?? loadCliData(file);
  const problems = checkIssues(data);
  if (problems.length > 0) {
    throw new Error(
      `${path.relative(siteRoot, file)} names known issues its pages cannot show:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
  const dir = path.resolve(opts.outDir ?? outDir);
  const source = path.relative(siteRoot, file).split(path.sep).join('/');
  fs.rmSync(dir, {recursive: true, force: true});
  fs.mkdirSync(dir, {recursive: true});
  data.commands.forEach((c, i) => {
    fs.writeFileSync(
      path.join(dir, `${commandId(c.path)}.mdx`),
      renderPage(data, c, i + 1, source),
    );
  });
  return data.commands.length;
}

function main(argv: string[]): number {
  const opts: GenerateOptions = {};
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    const [flag, inline] = a.includes('=')
      ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
      : [a, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--data') opts.dataFile = value();
    else if (flag === '--out') opts.outDir = value();
    else if (flag === '-h' || flag === '--help') {
      console.log(
        'usage: tsx scripts/cli-reference/generate.ts [--data <thv.yaml>] [--out <folder>]',
      );
      return 0;
    } else {
      console.error(`cli-reference: unknown argument ${a}`);
      return 2;
    }
  }
  if (
    (opts.dataFile !== undefined && !opts.dataFile) ||
    (opts.outDir !== undefined && !opts.outDir)
  ) {
    console.error('cli-reference: --data and --out need a value');
    return 2;
  }
  const n = generate(opts);
  const dir = path.resolve(opts.outDir ?? outDir);
  console.log(`cli-reference: wrote ${n} pages to ${path.relative(process.cwd(), dir) || '.'}`);
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
