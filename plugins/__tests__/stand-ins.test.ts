/**
 * plugins/stand-ins.ts: every stand-in for another package's module is
 * written for the installed version of that package, and the browser bundle
 * no longer holds the code it replaces (run "npm run build" first).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {
  checkStandIn,
  exportNames,
  STAND_INS,
  standInPackageDir,
  type StandIn,
  type StandInKey,
} from '../stand-ins';

const entries = Object.entries(STAND_INS) as [StandInKey, StandIn][];
const jsDir = path.resolve('build', 'assets', 'js');
const matches = (text: string, pattern: string | RegExp) =>
  typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);

/** The .js, .cjs and .mjs files below `dir`, node_modules included. */
function* packageFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* packageFiles(file);
    else if (/\.[cm]?js$/.test(entry.name)) yield file;
  }
}

test('each stand-in is written for the installed version of its package', () => {
  for (const [key] of entries) assert.doesNotThrow(() => checkStandIn(key), key);
});

test('each stand-in is checked and guarded by its plugin', () => {
  for (const [key, standIn] of entries) {
    const source = fs.readFileSync(path.join('plugins', standIn.plugin, 'index.ts'), 'utf8');
    assert.match(source, /checkStandIn\(/, standIn.plugin);
    assert.match(source, /StandInGuard|replaceImportIn\(/, standIn.plugin);
    assert.match(source, new RegExp(`\\b${key}\\b`), `${key} in plugins/${standIn.plugin}`);
  }
});

test('each stand-in names what the bundle must lose, or why nothing can tell', () => {
  for (const [key, standIn] of entries) {
    assert.ok(
      standIn.absent.length > 0 !== Boolean(standIn.noBundleString),
      `${key}: either absent strings or noBundleString`,
    );
  }
});

test("each string the bundle must lose is in the replaced package's code", () => {
  for (const [key, standIn] of entries) {
    const dir = standInPackageDir(standIn);
    for (const pattern of standIn.absent) {
      let found = false;
      for (const file of packageFiles(dir)) {
        if (matches(fs.readFileSync(file, 'utf8'), pattern)) {
          found = true;
          break;
        }
      }
      assert.ok(found, `${key}: ${String(pattern)} is not in ${standIn.package}`);
    }
  }
});

test('the built JavaScript holds none of the replaced code', () => {
  assert.ok(fs.existsSync(jsDir), 'run "npm run build" before the unit tests');
  const localSearch = fs.existsSync(path.resolve('build', 'search-index.json'));
  const files = fs.readdirSync(jsDir).filter((f) => f.endsWith('.js'));
  const entryFiles = files.filter((f) => /^(main|runtime~main)\.[0-9a-f]+\.js$/.test(f));
  assert.equal(entryFiles.length, 2, 'the entry scripts');
  const text = new Map(files.map((f) => [f, fs.readFileSync(path.join(jsDir, f), 'utf8')]));
  const found: string[] = [];
  for (const [key, standIn] of entries) {
    if (standIn.localSearchOnly && !localSearch) continue;
    for (const file of standIn.entryOnly ? entryFiles : files) {
      for (const pattern of standIn.absent) {
        if (matches(text.get(file)!, pattern)) found.push(`${key}: ${String(pattern)} in ${file}`);
      }
    }
  }
  assert.deepEqual(found, []);
});

test('export names are read from compiled modules', () => {
  const source = [
    'function supports() {}',
    'export default function prefetch(url) {}',
    'export const a = 1, b = 2;',
    'export async function load() {}',
    'export { x as y, z };',
  ].join('\n');
  assert.deepEqual(exportNames(source), ['a', 'default', 'load', 'y', 'z']);
  assert.deepEqual(exportNames("import x from 'y';\nx();\n"), []);
});
