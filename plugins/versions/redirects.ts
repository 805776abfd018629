/**
 * Redirects that keep every URL of the site answering when the version at
 * the root changes (ROOT_VERSION in docs-versions.ts) to the current one: a
 * page of the old root version that the new one lacks redirects to its
 * successor where the new release has one, else to the same page under the
 * old version's path; and the current version's pages, written under /next/
 * until then, redirect to their place at the root.
 * Handed to @docusaurus/plugin-client-redirects, which writes an HTML
 * redirect file for each, so plain static hosts redirect too.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {DOCS_VERSIONS, versionPath, type DocsVersion} from '../../docs-versions';

const siteRoot = path.resolve(__dirname, '..', '..');

/**
 * Pages of v0.2.8 whose successor in v0.44.0 has another address. The keys
 * are v0.2.8's routes, the values the current version's.
 */
export const SUCCESSORS: Record<string, string> = {
  // `thv restart` is an alias of `thv start` in v0.44.0.
  '/toolhive/reference/cli/thv_restart': '/toolhive/reference/cli/thv_start',
  // The MCPServer reference is one of the Kubernetes resource pages.
  '/toolhive/reference/crd-spec': '/toolhive/reference/crds/mcpserver',
};

function frontMatter(file: string): {id?: string; slug?: string} {
  const fm = /^---\r?\n([\s\S]*?)\r?\n---/.exec(fs.readFileSync(file, 'utf8'))?.[1];
  return fm ? ((parse(fm) ?? {}) as {id?: string; slug?: string}) : {};
}

/**
 * The routes of a docs folder's pages, as the docs plugin gives them with
 * this site's settings (docs at the root, no trailing slash): the file's
 * folder and name, its front matter `id` in place of the name, `slug` in
 * place of both, and an index page at its folder's route. Files whose name
 * starts with `_` are partials, not pages.
 */
export function docRoutes(docsDir: string): Set<string> {
  const routes = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.mdx?$/.test(entry.name) && !entry.name.startsWith('_')) {
        const rel = path.relative(docsDir, full).split(path.sep).join('/');
        const folder = path.posix.dirname(rel);
        const fm = frontMatter(full);
        let route: string;
        if (fm.slug) {
          route = fm.slug.startsWith('/') ? fm.slug : `/${folder}/${fm.slug}`;
        } else {
          const name = fm.id ?? path.posix.basename(rel).replace(/\.mdx?$/, '');
          route = name === 'index' ? `/${folder}` : `/${folder}/${name}`;
        }
        routes.add(route.replace(/\/+$/, '') || '/');
      }
    }
  };
  walk(docsDir);
  return routes;
}

export interface VersionRedirects {
  /** Explicit redirects: old routes to their successors. */
  redirects: {from: string; to: string}[];
  /** For each built path: the old routes that redirect to it. */
  createRedirects: (existingPath: string) => string[] | undefined;
}

/**
 * The redirects a build with `root` at the site root needs, given the
 * routes of each version's docs folder: for every other version that was at
 * the root before (an older version, now under /<name>/), each of its routes
 * the root version lacks.
 */
export function versionRedirects(
  root: string,
  routesOf: (version: DocsVersion) => Set<string> = (v) =>
    docRoutes(path.join(siteRoot, v.docsDir)),
  versions: readonly DocsVersion[] = DOCS_VERSIONS,
): VersionRedirects {
  const rootVersion = versions.find((v) => v.name === root);
  if (!rootVersion || root !== 'current') return {redirects: [], createRedirects: () => undefined};
  const atRoot = routesOf(rootVersion);
  const redirects = Object.entries(SUCCESSORS)
    .filter(([from, to]) => !atRoot.has(from) && atRoot.has(to))
    .map(([from, to]) => ({from, to}));
  const taken = new Set(redirects.map((r) => r.from));
  const prefixes = versions
    .filter((v) => v.name !== root)
    .map((v) => ({prefix: versionPath(v.name, root), routes: routesOf(v)}));
  return {
    redirects,
    createRedirects(existingPath) {
      if (atRoot.has(existingPath)) return [`/next${existingPath}`];
      for (const {prefix, routes} of prefixes) {
        if (!existingPath.startsWith(`${prefix}/`)) continue;
        const old = existingPath.slice(prefix.length);
        if (routes.has(old) && !atRoot.has(old) && !taken.has(old)) return [old];
      }
      return undefined;
    },
  };
}
