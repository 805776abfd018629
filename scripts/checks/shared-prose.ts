/**
 * How much of a page's prose it shares with upstream text: the share of the
 * page's 8-word shingles (runs of 8 consecutive words, lowercased, code and
 * markup removed) that also occur in the Markdown files of ToolHive's own
 * `docs/` at a release tag. Prints one line per page and the highest share;
 * asserts nothing (a maintainer's measure: CI has no copy of the upstream
 * repository).
 *
 * Usage:
 *   tsx scripts/checks/shared-prose.ts [--git-dir DIR] [--tag TAG] [--over PCT] PATH...
 * Defaults: --git-dir /work/.mirror/stacklok+toolhive/repo, --tag v0.44.0.
 * PATH is a page or a folder of pages (md, mdx), or a data file whose prose
 * fields count as one page (yaml, json). --over prints only pages above it.
 */
import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {listFiles} from './lib/code-blocks';

const SIZE = 8;

/** The words of a text's prose: code blocks, inline code, front matter, JSX and link targets removed. */
export function proseWords(text: string): string[] {
  const prose = text
    .replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, ' ')
    .replace(/^\s*(```|~~~)[\s\S]*?^\s*\1\s*$/gm, ' ')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/^(import|export) .*$/gm, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\]\([^)]*\)/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
  return prose.toLowerCase().match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? [];
}

export function shingles(words: string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + SIZE <= words.length; i += 1) out.add(words.slice(i, i + SIZE).join(' '));
  return out;
}

/** The shingles of every Markdown file under `docs/` of the repository at `tag`. */
export function upstreamShingles(gitDir: string, tag: string): Set<string> {
  const git = (args: string[], input?: string) =>
    execFileSync('git', [`--git-dir=${gitDir}`, ...args], {
      encoding: 'utf8',
      input,
      maxBuffer: 512 * 1024 * 1024,
    });
  const files = git(['ls-tree', '-r', '--name-only', tag, '--', 'docs'])
    .split('\n')
    .filter((f) => /\.mdx?$/.test(f));
  const out = new Set<string>();
  const batch = git(['cat-file', '--batch'], files.map((f) => `${tag}:${f}\n`).join(''));
  // Objects are "<sha> blob <size>\n<content>\n"; the content is searched as a whole.
  for (const s of shingles(proseWords(batch))) out.add(s);
  return out;
}

/** The share (0 to 1) of a text's shingles that `upstream` has, and how many it has. */
export function sharedShare(text: string, upstream: Set<string>): {share: number; total: number} {
  const own = shingles(proseWords(text));
  let shared = 0;
  for (const s of own) if (upstream.has(s)) shared += 1;
  return {share: own.size ? shared / own.size : 0, total: own.size};
}

function main(argv: string[]): number {
  let gitDir = '/work/.mirror/stacklok+toolhive/repo';
  let tag = 'v0.44.0';
  let over = 0;
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--git-dir') gitDir = argv[++i]!;
    else if (argv[i] === '--tag') tag = argv[++i]!;
    else if (argv[i] === '--over') over = Number(argv[++i]) / 100;
    else paths.push(argv[i]!);
  }
  if (paths.length === 0) {
    console.error(
      'usage: tsx scripts/checks/shared-prose.ts [--git-dir DIR] [--tag TAG] [--over PCT] PATH...',
    );
    return 2;
  }
  const upstream = upstreamShingles(gitDir, tag);
  const files = listFiles(
    paths.map((p) => path.resolve(p)),
    ['.md', '.mdx', '.yaml', '.yml', '.json'],
  );
  let worst = {file: '', share: 0};
  for (const file of files) {
    const {share, total} = sharedShare(readFileSync(file, 'utf8'), upstream);
    if (share > worst.share) worst = {file, share};
    if (share >= over) {
      console.log(
        `${(share * 100).toFixed(2)} %  ${path.relative(process.cwd(), file)} (${total} shingles)`,
      );
    }
  }
  console.log(
    `shared prose: ${files.length} files against docs/ of ${tag}; highest ${(worst.share * 100).toFixed(2)} %` +
      (worst.file ? ` (${path.relative(process.cwd(), worst.file)})` : ''),
  );
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
