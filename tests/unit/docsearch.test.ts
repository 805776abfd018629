/**
 * plugins/docsearch-split and plugins/docsearch-listbox work on DocSearch 3's
 * prebundled module and the theme's imports of it; these tests fail when an
 * upgrade of either package changes what they rely on.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {test} from 'node:test';
import * as acorn from 'acorn';
import {PAGE_ENTRIES, docSearchModule} from '../../plugins/docsearch-split/index';

const require = createRequire(import.meta.url);
const {markTopLevelCallsPure} = require('../../plugins/docsearch-split/pure-calls.cjs') as {
  markTopLevelCallsPure: (source: string) => string;
};
const {fixListIds} = require('../../plugins/docsearch-listbox/loader.cjs') as {
  fixListIds: (source: string) => string;
};

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

test("the theme's page-side DocSearch imports are the ones the split replaces", () => {
  const imports = themeImports();
  const pageSide = imports.filter((i) => !i.dynamic);
  assert.ok(pageSide.length >= 3, JSON.stringify(imports));
  for (const i of pageSide) {
    assert.match(i.request, PAGE_ENTRIES, `${i.file} imports ${i.request} on every page`);
  }
  // The modal comes through a dynamic import, which keeps the whole module.
  const modal = imports.find((i) => i.request === '@docsearch/react/modal');
  assert.equal(modal?.dynamic, true);
  assert.doesNotMatch('@docsearch/react/modal', PAGE_ENTRIES);
});

test('the installed DocSearch module exports what the page and the modal use', () => {
  const source = fs.readFileSync(docSearchModule(), 'utf8');
  const exported = /export\{([^}]*)\}\s*;?\s*$/.exec(source.trim())?.[1] ?? '';
  const names = exported.split(',').map((e) =>
    e
      .trim()
      .split(/\s+as\s+/)
      .pop(),
  );
  for (const name of [
    'DocSearchButton',
    'useDocSearchKeyboardEvents',
    'version',
    'DocSearchModal',
  ]) {
    assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
  }
});

test('each result list gets its source, and with it the id aria-controls names', () => {
  const source = fs.readFileSync(docSearchModule(), 'utf8');
  const fixed = fixListIds(source);
  assert.notEqual(fixed, source);
  assert.equal(fixed.split('getListProps({source:t.collection.source})').length - 1, 1);
  assert.equal(fixed.split('getListProps()').length - 1, 0);
  assert.equal(fixed.length - source.length, '{source:t.collection.source}'.length);
});

test('the listbox fix stops the build when the call is missing or not unique', () => {
  const call = 'e.createElement("ul",t.getListProps(),';
  assert.throws(() => fixListIds('function f(){}'), /found it 0 times/);
  assert.throws(() => fixListIds(`${call}1);${call}2);`), /found it 2 times/);
});

type Node = acorn.AnyNode;

/** The initial values of top-level variables that a call computes. */
function topLevelCalls(program: acorn.Program): acorn.CallExpression[] {
  return program.body.flatMap((node) =>
    node.type === 'VariableDeclaration'
      ? node.declarations.flatMap((d) => (d.init?.type === 'CallExpression' ? [d.init] : []))
      : [],
  );
}

test("the page copy's top-level calls only create values", () => {
  const source = fs.readFileSync(docSearchModule(), 'utf8');
  const program = acorn.parse(source, {ecmaVersion: 'latest', sourceType: 'module'});
  const react = program.body.find(
    (n): n is acorn.ImportDeclaration =>
      n.type === 'ImportDeclaration' && n.source.value === 'react',
  );
  const reactDefault = react?.specifiers.find((s) => s.type === 'ImportDefaultSpecifier')?.local
    .name;
  const declared = new Set(
    program.body.flatMap((n) => (n.type === 'FunctionDeclaration' && n.id ? [n.id.name] : [])),
  );
  const kind = (call: acorn.CallExpression): string => {
    const callee: Node = call.callee;
    if (callee.type === 'FunctionExpression') return 'function expression called at once';
    if (callee.type === 'Identifier' && callee.name === 'RegExp') return 'RegExp';
    if (callee.type === 'Identifier' && declared.has(callee.name)) {
      return 'function of the module';
    }
    if (
      callee.type === 'MemberExpression' &&
      callee.object.type === 'Identifier' &&
      callee.object.name === reactDefault &&
      callee.property.type === 'Identifier' &&
      ['forwardRef', 'memo'].includes(callee.property.name)
    ) {
      return `React.${callee.property.name}`;
    }
    if (
      callee.type === 'MemberExpression' &&
      callee.object.type === 'Literal' &&
      typeof callee.object.value === 'string' &&
      callee.property.type === 'Identifier' &&
      callee.property.name === 'concat'
    ) {
      return 'string concat';
    }
    return `unreviewed: ${source.slice(call.start, call.start + 80)}`;
  };
  const calls = topLevelCalls(program);
  const kinds = calls.map(kind);
  assert.deepEqual(
    kinds.filter((k) => k.startsWith('unreviewed')),
    [],
    'a top-level call that may have effects would be dropped from the page copy',
  );
  // The one call of a module function is the debounce of the insights events.
  const moduleCalls = calls.filter((c) => kind(c) === 'function of the module');
  assert.equal(moduleCalls.length, 1);
  assert.equal((moduleCalls[0]!.arguments[1] as acorn.Literal | undefined)?.value, 400);

  // Every one of them, and nothing else, gets the annotation.
  const marked = markTopLevelCallsPure(source);
  assert.equal(marked.split('/*#__PURE__*/').length - 1, calls.length);
  const markedCalls = topLevelCalls(
    acorn.parse(marked, {ecmaVersion: 'latest', sourceType: 'module'}),
  );
  for (const call of markedCalls) {
    assert.equal(marked.slice(call.start - 13, call.start), '/*#__PURE__*/');
  }
});
