/**
 * Generates one MDX page per thv command into docs/toolhive/reference/cli/
 * from data/cli/thv.yaml. The folder is a build output (gitignored); prestart
 * and prebuild run this script. Edit the data file, not the pages.
 *
 * Usage: tsx scripts/cli-reference/generate.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  childrenOf,
  commandId,
  loadCliData,
  parentPath,
  siteRoot,
  type CliCommand,
  type CliData,
  type CliFlag,
} from './data';

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
  // An <a id> (not a bare <span id>) so the framework registers the anchor
  // and its broken-anchor check sees links to it.
  const names = [`<a id="${anchor}" href="#${anchor}">${code(`--${f.name}`)}</a>`];
  if (f.shorthand) names.push(code(`-${f.shorthand}`));
  const type = f.type === 'bool' ? 'bool' : f.type;
  const def = f.default === null ? '' : code(f.default);
  const required = f.required ? '**Required.** ' : '';
  return `| ${names.join(', ')} | ${type} | ${def} | ${required}${cell(f.description)} |`;
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

export function renderPage(data: CliData, c: CliCommand, position: number): string {
  const root = data.commands.find((x) => x.path === 'thv')!;
  const inherited = c.path === 'thv' ? [] : root.flags.filter((f) => f.persistent);
  const ownFlags = [...c.flags, helpFlag(c)];
  const children = childrenOf(data, c.path);
  const parent = parentPath(c.path);
  const out: string[] = [frontMatter(c, position), ''];

  out.push(
    '{/* Generated from data/cli/thv.yaml by scripts/cli-reference/generate.ts. Do not edit. */}',
    '',
    c.summary,
    '',
  );

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

export function generate(data: CliData = loadCliData()): number {
  fs.rmSync(outDir, {recursive: true, force: true});
  fs.mkdirSync(outDir, {recursive: true});
  data.commands.forEach((c, i) => {
    fs.writeFileSync(path.join(outDir, `${commandId(c.path)}.mdx`), renderPage(data, c, i + 1));
  });
  return data.commands.length;
}

if (require.main === module) {
  const n = generate();
  console.log(`cli-reference: wrote ${n} pages to ${path.relative(siteRoot, outDir)}`);
}
