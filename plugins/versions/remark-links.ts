/**
 * Remark plugin for docs pages: a link to a `/toolhive/...` route points to
 * that page in the linking page's own version. Pages, generated references and
 * known-issue entries write routes as the root version serves them
 * (`/toolhive/guides-cli/install`); in a version served under a path of its
 * own, this prefixes them (`/next/toolhive/guides-cli/install`). Markdown
 * links, link definitions and the `to` and `href` of JSX elements are
 * rewritten; file links (`./install.mdx`) are resolved by the framework
 * within the version already.
 *
 * A page that still describes an earlier release (front matter `release:`,
 * see ./page-release.ts) links to the reference pages of that release: its
 * commands, flags and fields are the ones those pages list.
 *
 * The Markdown twins (plugins/markdown-twins) rewrite their links the same
 * way, with versionLinks.
 */
import type {Root} from 'mdast';
import {visit} from 'unist-util-visit';
import {ROOT_VERSION, versionOfRelease, versionPath} from '../../docs-versions';
import {pageRelease, versionOfFile} from './page-release';

export interface Options {
  /** The version served at the site root in this build (docusaurus.config.ts). */
  root?: string;
}

const ROUTE = /^\/toolhive(?=[/#?]|$)/;
// Reference pages of a release; the pages of changes between releases are
// the newer version's own.
const REFERENCE = /^\/toolhive\/reference(?=[/#?]|$)(?!\/changes(?:[/#?]|$))/;

/**
 * The function that turns a route written in the page at `file` into the
 * address of that page in the right version, or null when the file is in no
 * docs version.
 */
export function versionLinks(
  file: string,
  frontMatter: {release?: unknown} = {},
  root: string = ROOT_VERSION,
): ((url: string) => string) | null {
  const version = versionOfFile(file);
  if (!version) return null;
  const prefix = versionPath(version.name, root);
  const described = pageRelease(file, frontMatter);
  const referencePrefix =
    described && described !== version.release
      ? versionPath(versionOfRelease(described).name, root)
      : prefix;
  return (url) =>
    REFERENCE.test(url) ? `${referencePrefix}${url}` : ROUTE.test(url) ? `${prefix}${url}` : url;
}

/** Rewrites the links, link definitions and JSX `to`/`href` of a tree. */
export function rewriteLinks(tree: Root, fix: (url: string) => string): void {
  visit(tree, (node) => {
    if (node.type === 'link' || node.type === 'definition') {
      node.url = fix(node.url);
      return;
    }
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      for (const attr of node.attributes) {
        if (
          attr.type === 'mdxJsxAttribute' &&
          (attr.name === 'to' || attr.name === 'href') &&
          typeof attr.value === 'string'
        ) {
          attr.value = fix(attr.value);
        }
      }
    }
  });
}

export default function remarkVersionLinks(options: Options = {}) {
  return (tree: Root, file: {path?: string; data?: {frontMatter?: {release?: unknown}}}): void => {
    if (!file.path) return;
    const fix = versionLinks(file.path, file.data?.frontMatter ?? {}, options.root ?? ROOT_VERSION);
    if (fix) rewriteLinks(tree, fix);
  };
}
