/**
 * Every package the project's code imports is declared in package.json, at
 * the version installed: none resolves only because npm hoisted it out of
 * another package's dependencies.
 *
 * The site's own code (docusaurus.config.ts, sidebars.ts, src/, plugins/) is
 * built into the pages, and the host's functions (api/) run it, so what it
 * imports at run time belongs in `dependencies`; scripts, tests (tests/ and any `__tests__` folder), tool
 * configs and type-only imports may use
 * `devDependencies` (a type-only import is also satisfied by `@types/<name>`).
 * Not packages: relative paths, Node.js built-ins, the bundler's aliases
 * (`@site/`, `@theme/`, `@theme-original/`, `@theme-init/`, `@generated/`,
 * the client modules `@docusaurus/core` provides as `@docusaurus/Link` and
 * the like, and the aliases our plugins define, in LOCAL_ALIASES), and
 * `require.resolve(name, {paths})` calls, which resolve a package from the
 * one that depends on it.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {isBuiltin} from 'node:module';
import path from 'node:path';
import {test} from 'node:test';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..', '..');

interface ImportSite {
  specifier: string;
  /** Only types are imported: nothing of it runs. */
  typeOnly: boolean;
}

/** The module specifiers a TypeScript or JavaScript source imports. */
export function importsOf(fileName: string, text: string): ImportSite[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: ImportSite[] = [];
  const add = (node: ts.Node | undefined, typeOnly: boolean) => {
    if (node && ts.isStringLiteralLike(node)) found.push({specifier: node.text, typeOnly});
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier, typeOnly);
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node)) {
      if (ts.isExternalModuleReference(node.moduleReference)) {
        add(node.moduleReference.expression, node.isTypeOnly);
      }
    } else if (ts.isImportTypeNode(node)) {
      if (ts.isLiteralTypeNode(node.argument)) add(node.argument.literal, true);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && /^require/.test(callee.text);
      // require.resolve('x'), and the same on a createRequire() function.
      const isResolve =
        ts.isPropertyAccessExpression(callee) &&
        callee.name.text === 'resolve' &&
        ts.isIdentifier(callee.expression) &&
        /^require/i.test(callee.expression.text);
      // require.resolve(x, {paths: [dir]}) finds x from another package.
      const fromElsewhere = isResolve && node.arguments.length > 1;
      if ((isImport || isRequire || isResolve) && !fromElsewhere) add(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The `import … from '…'` lines of an MDX file. */
function mdxImports(text: string): ImportSite[] {
  return [
    ...text.matchAll(/^import\s[^;]*?from\s+['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm),
  ].map((m) => ({specifier: (m[1] ?? m[2])!, typeOnly: false}));
}

/** The client modules of @docusaurus/core, imported as `@docusaurus/<Name>`. */
const CORE_CLIENT_MODULES = new Set(
  fs
    .readdirSync(path.join(ROOT, 'node_modules', '@docusaurus', 'core', 'lib', 'client', 'exports'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `@docusaurus/${f.slice(0, -3)}`),
);

/** Import aliases that our plugins define, and the plugin that does. */
const LOCAL_ALIASES: Record<string, string> = {
  '@theme-search-algolia/': 'plugins/search/index.ts',
};

/**
 * Files that another project builds, with its own packages: the ToolHive UI
 * screenshot tool's browser entry of each UI release runs in that release's
 * work tree (its Vite and its `msw`).
 */
const BUILT_ELSEWHERE = new Set(
  fs
    .readdirSync(path.join(ROOT, 'scripts/ui-screenshots'), {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && /^v\d/.test(entry.name))
    .map((entry) => `scripts/ui-screenshots/${entry.name}/browser-setup.js`),
);

/** The package a specifier names, or null for what is no package. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || isBuiltin(specifier)) return null;
  if (/^@(site|theme|theme-original|theme-init|generated)\//.test(specifier)) return null;
  if (Object.keys(LOCAL_ALIASES).some((alias) => specifier.startsWith(alias))) return null;
  if (CORE_CLIENT_MODULES.has(specifier)) return '@docusaurus/core';
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const SKIP_DIRS = new Set(['node_modules', 'build', '.docusaurus', 'test-results']);

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), {withFileTypes: true})) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) out.push(...filesUnder(rel));
    } else if (/\.(m|c)?[jt]sx?$|\.mdx$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(rel);
    }
  }
  return out;
}

/** Tests, wherever they live (tests/, or a feature's __tests__ folder). */
const isTest = (file: string) => /(^|[\\/])__tests__[\\/]/.test(file);
const SITE_FILES = [
  'docusaurus.config.ts',
  'sidebars.ts',
  ...filesUnder('src'),
  ...filesUnder('plugins'),
  ...filesUnder('api'),
].filter((file) => !isTest(file));
const TOOL_FILES = [
  ...filesUnder('scripts'),
  ...filesUnder('tests'),
  ...filesUnder('src').filter(isTest),
  ...filesUnder('plugins').filter(isTest),
  'playwright.config.ts',
  'eslint.config.mjs',
];

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

interface Use {
  name: string;
  file: string;
  specifier: string;
  typeOnly: boolean;
  site: boolean;
}

function uses(): Use[] {
  const all: Use[] = [];
  for (const [files, site] of [
    [SITE_FILES, true],
    [TOOL_FILES, false],
  ] as const) {
    for (const file of files) {
      if (BUILT_ELSEWHERE.has(file)) continue;
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      const sites = file.endsWith('.mdx') ? mdxImports(text) : importsOf(file, text);
      for (const {specifier, typeOnly} of sites) {
        const name = packageOf(specifier);
        if (name) all.push({name, file, specifier, typeOnly, site});
      }
    }
  }
  return all;
}

test('the scanner finds every kind of import', () => {
  const code = [
    "import a from 'pkg-a';",
    "import type {B} from '@scope/pkg-b/sub';",
    "import {type C} from 'pkg-c';",
    "export {d} from 'pkg-d';",
    "import 'pkg-e/style.css';",
    "const f = require('pkg-f');",
    "const g = await import('pkg-g');",
    "require.resolve('pkg-h/lib');",
    "requireHere.resolve('pkg-i');",
    "require.resolve('pkg-k/package.json', {paths: [dir]});",
    "type J = import('pkg-j').J;",
    "import fs from 'node:fs'; import x from './x'; import L from '@docusaurus/Link';",
  ].join('\n');
  const found = importsOf('x.ts', code).map(
    (s) => `${packageOf(s.specifier)}${s.typeOnly ? ' (types)' : ''}`,
  );
  assert.deepEqual(found, [
    'pkg-a',
    '@scope/pkg-b (types)',
    'pkg-c (types)',
    'pkg-d',
    'pkg-e',
    'pkg-f',
    'pkg-g',
    'pkg-h',
    'pkg-i',
    'pkg-j (types)',
    'null',
    'null',
    '@docusaurus/core',
  ]);
});

test('every imported package is declared in the right section', () => {
  // One line per package: the first file that shows the problem.
  const problems = new Map<string, string>();
  const report = (name: string, message: string) => {
    if (!problems.has(name)) problems.set(name, message);
  };
  const all = uses();
  assert.ok(all.length > 100, `${all.length} imports found`);
  for (const {name, file, specifier, typeOnly, site} of all) {
    const inDeps = name in pkg.dependencies;
    const inDev = name in pkg.devDependencies;
    if (typeOnly) {
      const types = `@types/${name.replace(/^@([^/]+)\//, '$1__')}`;
      if (!inDeps && !inDev && !(types in pkg.devDependencies) && !(types in pkg.dependencies)) {
        report(
          name,
          `${file}: types from "${specifier}": neither ${name} nor ${types} is declared`,
        );
      }
    } else if (site && !inDeps) {
      report(
        name,
        `${file}: "${specifier}" is part of the site's build; ${name} belongs in dependencies` +
          (inDev ? ' (it is in devDependencies)' : ''),
      );
    } else if (!site && !inDeps && !inDev) {
      report(name, `${file}: "${specifier}": ${name} is not declared`);
    }
  }
  // A type-only use seen first must not hide a run-time use of the same
  // package in the site: report the stricter finding.
  for (const {name, file, specifier, typeOnly, site} of all) {
    if (site && !typeOnly && !(name in pkg.dependencies)) {
      problems.set(
        name,
        `${file}: "${specifier}" is part of the site's build; ${name} belongs in dependencies`,
      );
    }
  }
  assert.ok(problems.size === 0, [...problems.values()].sort().join('\n'));
});

test('the local aliases are defined where the list says', () => {
  for (const [alias, file] of Object.entries(LOCAL_ALIASES)) {
    assert.ok(fs.readFileSync(path.join(ROOT, file), 'utf8').includes(`'${alias}`), alias);
  }
  for (const file of BUILT_ELSEWHERE) assert.ok(fs.existsSync(path.join(ROOT, file)), file);
});

test('every declared package is pinned to the version installed', () => {
  const problems: string[] = [];
  for (const [name, spec] of Object.entries({...pkg.dependencies, ...pkg.devDependencies})) {
    const manifest = path.join(ROOT, 'node_modules', name, 'package.json');
    const installed = fs.existsSync(manifest)
      ? (JSON.parse(fs.readFileSync(manifest, 'utf8')) as {version: string}).version
      : 'not installed';
    if (spec !== installed) problems.push(`${name}: declared ${spec}, installed ${installed}`);
  }
  assert.ok(problems.length === 0, problems.join('\n'));
});
