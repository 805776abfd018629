/**
 * Maintainer tool: checks every source reference of data/known-issues.yaml
 * against local git copies of the upstream repositories, and prints the
 * lines each one points at, for a reader to confirm. Needs the repositories,
 * so it is not part of `npm test` (which has no network and no copies).
 *
 * Usage:
 *   tsx plugins/known-issues/verify-sources.ts --git-dir <stacklok/toolhive .git> \
 *     [--studio-git-dir <stacklok/toolhive-studio .git>] [--quiet]
 *
 * Exits 1 when a tag, a file or a line range does not exist.
 */
import {execFileSync} from 'node:child_process';
import {loadKnownIssues, sourceUrl} from './data';

function main(argv: string[]): number {
  const dirs: Record<string, string | undefined> = {};
  let quiet = false;
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--git-dir') dirs['stacklok/toolhive'] = argv[++i];
    else if (argv[i] === '--studio-git-dir') dirs['stacklok/toolhive-studio'] = argv[++i];
    else if (argv[i] === '--quiet') quiet = true;
    else {
      console.error(`unknown argument ${argv[i]}`);
      return 2;
    }
  }
  let problems = 0;
  for (const issue of loadKnownIssues().values()) {
    for (const s of issue.source) {
      const gitDir = dirs[s.repo];
      if (!gitDir) {
        console.log(`${issue.id}: skipped ${s.repo} (no git dir given)`);
        continue;
      }
      let text: string;
      try {
        text = execFileSync('git', ['--git-dir', gitDir, 'show', `${s.ref}:${s.path}`], {
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
      } catch {
        console.log(`${issue.id}: MISSING ${s.repo} ${s.ref}:${s.path}`);
        problems += 1;
        continue;
      }
      const lines = text.split('\n');
      const [from, to] = (s.lines ?? '').split('-').map(Number);
      if (from && (from > lines.length || (to ?? from) > lines.length || (to ?? from) < from)) {
        console.log(`${issue.id}: BAD LINES ${s.lines} in ${s.path} (${lines.length} lines)`);
        problems += 1;
        continue;
      }
      console.log(`${issue.id}: ok ${sourceUrl(s)}`);
      if (!quiet && from) {
        for (let n = from; n <= (to ?? from); n += 1) console.log(`  ${n}\t${lines[n - 1]}`);
      }
    }
  }
  console.log(`${problems} problem${problems === 1 ? '' : 's'}`);
  return problems > 0 ? 1 : 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
