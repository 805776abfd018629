import fs from 'node:fs';
import path from 'node:path';

/**
 * Every stand-in that a local plugin puts in place of another package's
 * module, and the guards that stop the build when one no longer fits.
 *
 * A stand-in is written for one version of the package it replaces and for
 * the way that version is imported. The guards make a change of either loud:
 * - at build start, `checkStandIn` compares the installed version of the
 *   package with `version` (and, where set, the export names of the replaced
 *   module with `exports`) and throws on a difference;
 * - at the end of each compilation, `StandInGuard` counts the imports that
 *   reach the stand-in's file in the module graph (so a build restored from
 *   the persistent cache counts them too) and fails the compilation if there
 *   are none: the replacement matched nothing and the original is back.
 * plugins/__tests__/stand-ins.test.ts reads `absent` and fails if the browser bundle
 * still holds code of a replaced module.
 *
 * To update a package: read what its new version changed in the replaced
 * module, adjust the stand-in, then its `version` here.
 */
export interface StandIn {
  /** The plugin that installs it (its folder under plugins/). */
  plugin: string;
  /** What it replaces, for messages. */
  replaces: string;
  /** The package whose module it replaces, and the version it was written for. */
  package: string;
  version: string;
  /** The package that depends on `package`, where that is not the site itself. */
  from?: string;
  /** The replaced module (path inside `package`) and its export names. */
  exports?: {module: string; names: string[]};
  /**
   * Strings or patterns that only the replaced code holds (each must occur in
   * `package`'s files): the built JavaScript must not contain them.
   */
  absent: (string | RegExp)[];
  /** Why `absent` is empty: no string tells the replaced code apart. */
  noBundleString?: string;
  /** `absent` holds for the entry scripts only (other chunks keep the package). */
  entryOnly?: boolean;
  /** Installed only in builds without Algolia credentials. */
  localSearchOnly?: boolean;
}

const THEME_OPENAPI = 'docusaurus-theme-openapi-docs';

export const STAND_INS = {
  nprogress: {
    plugin: 'progress-bar',
    replaces: "nprogress, the theme's route-change progress bar",
    package: 'nprogress',
    version: '0.2.0',
    from: '@docusaurus/theme-classic',
    absent: ['nprogress-custom-parent', 'MozTransform'],
  },
  prismReactRenderer: {
    plugin: 'prism-slim',
    replaces: "prism-react-renderer's module with its bundled grammars and themes",
    package: 'prism-react-renderer',
    version: '2.4.1',
    absent: [/languages\.objectivec\s*=/, /languages\.kotlin\s*=/, 'shadesOfPurple'],
  },
  prismHighlight: {
    plugin: 'static-highlight',
    replaces: "prism-react-renderer's Highlight in the theme's code block",
    package: 'prism-react-renderer',
    version: '2.4.1',
    // Prism's tokenizer hooks: only the API reference's chunks may hold Prism.
    absent: ['after-tokenize', 'before-tokenize'],
    entryOnly: true,
  },
  prismGrammars: {
    plugin: 'static-highlight',
    replaces: "the theme's client module that loads the docs' grammars into Prism",
    package: '@docusaurus/theme-classic',
    version: '3.10.2',
    exports: {module: 'lib/prism-include-languages.js', names: []},
    absent: [],
    noBundleString:
      'the module only calls the theme component that loads grammars; ' +
      "prismHighlight's strings show Prism in the entry scripts",
  },
  helmet: {
    plugin: 'helmet-lite',
    replaces: 'react-helmet-async behind @docusaurus/Head, in the browser bundle',
    package: 'react-helmet-async',
    version: '1.3.0',
    from: '@docusaurus/core',
    absent: ['helmetInstances', 'You may be attempting to nest'],
  },
  tslib: {
    plugin: 'tslib-slim',
    replaces: 'tslib in @docusaurus/utils-common (one helper of it)',
    package: 'tslib',
    version: '2.9.1',
    from: '@docusaurus/utils-common',
    absent: ['Private accessor was defined without a getter', 'Generator is already executing.'],
  },
  prefetch: {
    plugin: 'prefetch-lite',
    replaces: "@docusaurus/core's route prefetch helper (lib/client/prefetch.js)",
    package: '@docusaurus/core',
    version: '3.10.2',
    exports: {module: 'lib/client/prefetch.js', names: ['default']},
    absent: ['getElementsByName', 'withCredentials'],
  },
  algoliaLiteClient: {
    plugin: 'search',
    replaces: "the search page's Algolia client (algoliasearch/lite)",
    package: 'algoliasearch',
    version: '5.64.0',
    from: '@docusaurus/theme-search-algolia',
    absent: ['searchWithHTTPInfo', 'getRecommendationsWithHTTPInfo'],
    localSearchOnly: true,
  },
  searchBarHead: {
    plugin: 'search',
    replaces: '@docusaurus/Head in the search bar (its Algolia preconnect hint)',
    package: '@docusaurus/theme-search-algolia',
    version: '3.10.2',
    absent: [],
    noBundleString:
      'the search bar still holds the element it passes to Head; the guard counts the import',
    localSearchOnly: true,
  },
  postmanCollection: {
    plugin: 'api-reference',
    replaces: "postman-collection's entry point in the request explorer",
    package: 'postman-collection',
    version: '5.3.1',
    from: THEME_OPENAPI,
    absent: [],
    noBundleString: 'the stand-in re-exports most of the entry point, with its strings',
  },
  cryptoJs: {
    plugin: 'api-reference',
    replaces: 'crypto-js in the request explorer (SHA-1 only)',
    package: 'crypto-js',
    version: '4.2.0',
    from: THEME_OPENAPI,
    absent: [/\.RIPEMD160\s*=/, /\.TripleDES\s*=/],
  },
  pako: {
    plugin: 'api-reference',
    replaces: "pako's full build in the API pages (inflate only)",
    package: 'pako',
    version: '3.0.3',
    from: THEME_OPENAPI,
    absent: [],
    noBundleString: 'the inflate-only build shares its strings with the full build',
  },
  iconvLite: {
    plugin: 'api-reference',
    replaces: 'iconv-lite in the request explorer',
    package: 'iconv-lite',
    version: '0.6.3',
    from: 'postman-collection',
    absent: ['Encoding not recognized'],
  },
  faker: {
    plugin: 'api-reference',
    replaces: "the fake-data library's English locale in the request explorer",
    package: '@faker-js/faker',
    version: '5.5.3',
    from: 'postman-collection',
    absent: ['Abbott'],
  },
  sucrase: {
    plugin: 'api-reference',
    replaces: "react-live's JSX compiler (sucrase)",
    package: 'sucrase',
    version: '3.35.1',
    from: 'react-live',
    absent: ['isFlowEnabled', 'jsxPragma'],
  },
  codegens: {
    plugin: 'api-reference',
    replaces: 'the code generators of languages and variants without a tab',
    package: 'postman-code-generators',
    version: '2.1.1',
    from: THEME_OPENAPI,
    absent: ['#import <Foundation/Foundation.h>'],
  },
  chalk: {
    plugin: 'api-reference',
    replaces: "chalk in the API pages' example builder",
    package: 'chalk',
    version: '5.6.2',
    from: 'docusaurus-plugin-openapi-docs',
    absent: ['ansi256'],
  },
  lodash: {
    plugin: 'api-reference',
    replaces: 'the whole of lodash in postman-collection and the code generators',
    package: 'lodash',
    version: '4.18.1',
    from: 'postman-collection',
    absent: ['Invalid `variable` option'],
  },
} satisfies Record<string, StandIn>;

export type StandInKey = keyof typeof STAND_INS;

/** The folder of `pkg` as Node.js finds it from `fromDir` (exports maps aside). */
export function packageDir(pkg: string, fromDir: string = process.cwd()): string {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', pkg);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (path.dirname(dir) === dir) throw new Error(`${pkg} is not installed (from ${fromDir})`);
  }
}

/** The installed folder of a stand-in's package. */
export function standInPackageDir(standIn: StandIn, siteDir: string = process.cwd()): string {
  return packageDir(standIn.package, standIn.from ? packageDir(standIn.from, siteDir) : siteDir);
}

/** The names an ES module exports, read from its source (compiled output). */
export function exportNames(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(
    /^export\s+(?:(default)\b|(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)|\{([^}]*)\})/gm,
  )) {
    if (m[1]) names.add('default');
    if (m[2]) names.add(m[2]);
    for (const part of m[3]?.split(',') ?? []) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  return [...names].sort();
}

/**
 * Throws when the installed `pkg` (found from `fromDir`) is not `version`:
 * for a plugin that relies on a package's internals without a stand-in.
 */
export function checkPackageVersion(
  who: string,
  pkg: string,
  version: string,
  fromDir: string = process.cwd(),
): void {
  const file = path.join(packageDir(pkg, fromDir), 'package.json');
  const installed = (JSON.parse(fs.readFileSync(file, 'utf8')) as {version: string}).version;
  if (installed !== version) {
    throw new Error(
      `${who} was written for ${pkg} ${version}, but ${installed} is installed. Check it ` +
        `against the new version, then update the version it records.`,
    );
  }
}

/**
 * Throws, with what to do, when a stand-in's package is not the version it
 * was written for or its replaced module exports other names.
 */
export function checkStandIn(key: StandInKey, siteDir: string = process.cwd()): void {
  const standIn: StandIn = STAND_INS[key];
  const dir = standInPackageDir(standIn, siteDir);
  const where = `plugins/${standIn.plugin} (stand-in for ${standIn.replaces})`;
  const installed = (
    JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  if (installed !== standIn.version) {
    throw new Error(
      `${where} was written for ${standIn.package} ${standIn.version}, but ${installed} is ` +
        `installed. Check the stand-in against the new version, then update ` +
        `STAND_INS.${key}.version in plugins/stand-ins.ts.`,
    );
  }
  if (standIn.exports) {
    const found = exportNames(fs.readFileSync(path.join(dir, standIn.exports.module), 'utf8'));
    const expected = [...standIn.exports.names].sort();
    if (found.join() !== expected.join()) {
      throw new Error(
        `${where}: ${standIn.package}/${standIn.exports.module} exports ` +
          `[${found.join(', ')}], not [${expected.join(', ')}] as the stand-in expects.`,
      );
    }
  }
}

/** A module of the bundle's module graph, as the guards read it. */
export interface GraphModule {
  resource?: string;
  originalSource?(): {source(): string | Buffer} | null;
}
interface GraphCompilation {
  errors: Error[];
  moduleGraph: {
    getIncomingConnections(m: GraphModule): Iterable<{originModule: GraphModule | null}>;
  };
  hooks: {finishModules: {tap(name: string, fn: (m: Iterable<GraphModule>) => void): void}};
}
interface GuardCompiler {
  webpack: {WebpackError: new (message: string) => Error};
  hooks: {thisCompilation: {tap(name: string, fn: (c: GraphCompilation) => void): void}};
}

/**
 * Adds a check to every compilation of `bundler` once its modules are
 * final (so a build restored from the persistent cache is checked too):
 * `check` returns an error message, which fails the compilation, or nothing.
 */
export function guardModules(
  bundler: unknown,
  name: string,
  check: (modules: Iterable<GraphModule>, compilation: GraphCompilation) => string | undefined,
): void {
  const compiler = bundler as GuardCompiler;
  compiler.hooks.thisCompilation.tap(name, (compilation) => {
    compilation.hooks.finishModules.tap(name, (modules) => {
      const error = check(modules, compilation);
      if (error) compilation.errors.push(new compiler.webpack.WebpackError(error));
    });
  });
}

/**
 * A bundler plugin that fails the compilation when no module imports `file`
 * (the stand-in) at its end, or, with `importer`, no module in a folder that
 * `importer` accepts.
 */
export class StandInGuard {
  constructor(
    readonly key: StandInKey | undefined,
    readonly file: string,
    readonly importer?: (folder: string) => boolean,
  ) {}

  apply(bundler: unknown): void {
    guardModules(bundler, `stand-in-guard:${this.key ?? this.file}`, (modules, compilation) => {
      let hits = 0;
      for (const module of modules) {
        if (module.resource !== this.file) continue;
        for (const {originModule} of compilation.moduleGraph.getIncomingConnections(module)) {
          const origin = originModule?.resource;
          if (origin && (!this.importer || this.importer(path.dirname(origin)))) hits += 1;
        }
      }
      if (hits > 0) return undefined;
      const standIn: StandIn | undefined = this.key && STAND_INS[this.key];
      const what = standIn
        ? `plugins/${standIn.plugin}: the stand-in for ${standIn.replaces}`
        : 'A module replacement';
      return (
        `${what} (${path.relative(process.cwd(), this.file)}) replaced no import in ` +
        `this build, so the original module is back: the package no longer imports it ` +
        `as the plugin expects. Fix the plugin's replacement, or remove the stand-in.`
      );
    });
  }
}
