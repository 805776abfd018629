/**
 * Every permission profile that a page describing ToolHive v0.44.0 shows (a
 * `json` code block titled `*profile.json`) must be one that v0.44.0 reads
 * and applies: the structure of
 * data/releases/v0.44.0/permissions/profile.schema.json, mount declarations
 * that parse and mount, and a complete `network.outbound` object
 * (scripts/checks/lib/permission-profile.ts).
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {pagesByRelease} from '../../scripts/checks/examples';
import {
  mountProblem,
  profileBlocks,
  profileProblems,
  type ProfileBlock,
} from '../../scripts/checks/lib/permission-profile';

const root = path.resolve(__dirname, '..', '..');

function v044Blocks(): ProfileBlock[] {
  const pages = pagesByRelease().get('v0.44.0') ?? [];
  return pages.flatMap(({file}) =>
    profileBlocks(path.relative(root, file), readFileSync(file, 'utf8')),
  );
}

test('the v0.44.0 pages show permission profiles, and v0.44.0 can apply each one', () => {
  const blocks = v044Blocks();
  // The CLI guides on permissions, filesystem access and network isolation
  // each show at least one profile; a drop means the titles changed.
  assert.ok(blocks.length >= 3, `only ${blocks.length} profile blocks found`);
  const failures: string[] = [];
  for (const b of blocks) {
    let doc: unknown;
    try {
      doc = JSON.parse(b.content);
    } catch (e) {
      failures.push(`${b.file}:${b.line} (${b.title}): not JSON: ${(e as Error).message}`);
      continue;
    }
    for (const p of profileProblems(root, doc))
      failures.push(`${b.file}:${b.line} (${b.title}): ${p}`);
  }
  assert.deepEqual(failures, []);
});

test('the built-in profiles of v0.44.0, as toolhive-core builds them, pass the check', () => {
  const builtin = (allowAll: boolean) => ({
    name: allowAll ? 'network' : 'none',
    read: [],
    write: [],
    network: {
      outbound: {insecure_allow_all: allowAll, allow_host: [], allow_port: []},
      inbound: {allow_host: []},
    },
    privileged: false,
  });
  assert.deepEqual(profileProblems(root, builtin(false)), []);
  assert.deepEqual(profileProblems(root, builtin(true)), []);
  assert.deepEqual(profileProblems(root, {}), []);
});

test('profiles that v0.44.0 ignores or fails on are reported', () => {
  const cases: [unknown, RegExp][] = [
    [{network: {outbound: {allow_hosts: ['a.example']}}}, /additional properties "allow_hosts"/],
    [{read: '/data'}, /\/read: must be array/],
    [{network: {outbound: {allow_port: ['443']}}}, /allow_port\/0: must be integer/],
    [{network: {outbound: {allow_port: [70000]}}}, /allow_port\/0: must be <= 65535/],
    [{privileged: 'yes'}, /\/privileged: must be boolean/],
    [{network: {mode: 'bridge'}}, /no "outbound" object/],
    [{read: ['/a:/b:/c']}, /more than one colon/],
    [{write: ['/tmp/$(id):/x']}, /backtick|\$ & ;/],
    [{read: ['volume://cache:/cache']}, /resource URI/],
    [{permissions: {}}, /additional properties "permissions"/],
  ];
  for (const [profile, expected] of cases) {
    const problems = profileProblems(root, profile);
    assert.ok(
      problems.some((p) => expected.test(p)),
      `${JSON.stringify(profile)}: expected ${expected}, got ${JSON.stringify(problems)}`,
    );
  }
});

test('mount declarations follow MountDeclaration.Parse of toolhive-core v0.0.38', () => {
  assert.equal(mountProblem('/home/me/docs'), null);
  assert.equal(mountProblem('/home/me/docs:/docs'), null);
  assert.equal(mountProblem('./notes:/notes'), null);
  assert.equal(mountProblem('C:\\Users\\me\\docs:/docs'), null);
  assert.match(mountProblem('C:\\a:D:\\b') ?? '', /more than two colons/);
  assert.match(mountProblem('/a:/b:ro') ?? '', /more than one colon/);
  assert.match(mountProblem('/a;rm:/b') ?? '', /\$ & ;/);
});

test('only json blocks titled as a profile file are read', () => {
  const page = [
    '```json title="docs-reader-profile.json"',
    '{"read": ["/a:/b"]}',
    '```',
    '```json title="registry.json"',
    '{"version": "1.0.0"}',
    '```',
    '```json',
    '{"servers": {}}',
    '```',
  ].join('\n');
  const blocks = profileBlocks('page.mdx', page);
  assert.deepEqual(
    blocks.map((b) => b.title),
    ['docs-reader-profile.json'],
  );
});
