/**
 * DocSearch's modal stays out of every page's JavaScript because the theme's
 * search bar imports only DocSearch 4's small entry points on the page and
 * loads the modal with a dynamic import. These tests fail when an upgrade of
 * @docusaurus/theme-search-algolia or @docsearch/react changes either side.
 * (plugins/search/__tests__/search.spec.ts checks the same in the built site.)
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {test} from 'node:test';

const require = createRequire(import.meta.url);

// The package's exports hide package.json; its main module sits in lib/.
const themeLib = path.dirname(require.resolve('@docusaurus/theme-search-algolia'));

/** Every import of a DocSearch entry point in the theme's browser code (theme/, client/). */
function themeImports(): {file: string; request: string; dynamic: boolean}[] {
  const found = [];
  for (const file of fs.readdirSync(themeLib, {recursive: true, encoding: 'utf8'})) {
    if (!file.endsWith('.js') || !/^(theme|client)[\\/]/.test(file)) continue;
    const source = fs.readFileSync(path.join(themeLib, file), 'utf8');
    for (const m of source.matchAll(
      /\b(import\(|from |require\()\s*['"](@docsearch\/[^'"]+)['"]/g,
    )) {
      found.push({file, request: m[2]!, dynamic: m[1] === 'import('});
    }
  }
  return found;
}

/** The installed file an entry point resolves to, and the modules it imports. */
function entry(request: string): {file: string; imports: string[]} {
  const file = require.resolve(request);
  const source = fs.readFileSync(file, 'utf8');
  const imports = [...source.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']/g)]
    .map((m) => m[1] ?? m[2]!)
    .filter(Boolean);
  return {file, imports};
}

test('the modal and its styles are the only DocSearch modules the theme imports lazily', () => {
  const imports = themeImports();
  const lazy = new Set(imports.filter((i) => i.dynamic).map((i) => i.request));
  assert.deepEqual([...lazy].sort(), ['@docsearch/react/modal', '@docsearch/react/style']);
  const pageSide = imports.filter((i) => !i.dynamic);
  assert.ok(pageSide.length >= 3, JSON.stringify(imports));
  for (const i of pageSide) {
    assert.ok(!lazy.has(i.request), `${i.file} imports ${i.request} on every page`);
  }
});

test("the page-side entry points hold none of the modal's code", () => {
  const modal = entry('@docsearch/react/modal');
  const modalSize = fs.statSync(modal.file).size;
  const pageSide = new Set(
    themeImports()
      .filter((i) => !i.dynamic)
      .map((i) => i.request),
  );
  for (const request of pageSide) {
    const {file, imports} = entry(request);
    assert.notEqual(file, modal.file, request);
    const source = fs.readFileSync(file, 'utf8');
    assert.doesNotMatch(source, /DocSearch-Modal|DocSearch-Hits/, `${request} draws the modal`);
    // Each imports React and, at most, DocSearch's core hooks.
    for (const dependency of imports) {
      assert.match(dependency, /^(react|@docsearch\/core(\/[\w-]+)?)$/, `${request} imports it`);
    }
    assert.ok(fs.statSync(file).size * 20 < modalSize, `${request} is small next to the modal`);
  }
});
