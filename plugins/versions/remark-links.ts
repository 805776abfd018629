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
 */
import type {Root} from 'mdast';
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

export default function remarkVersionLinks(options: Options = {}) {
  return async (
    tree: Root,
    file: {path?: string; data?: {frontMatter?: {release?: unknown}}},
  ): Promise<void> => {
    const version = file.path ? versionOfFile(file.path) : null;
    if (!version) return;
    const root = options.root ?? ROOT_VERSION;
    const prefix = versionPath(version.name, root);
    const described = pageRelease(file.path!, file.data?.frontMatter ?? {});
    const referencePrefix =
      described && described !== version.release
        ? versionPath(versionOfRelease(described).name, root)
        : prefix;
    if (!prefix && !referencePrefix) return;
    const {visit} = await import('unist-util-visit');
    const fix = (url: string) =>
      REFERENCE.test(url) ? `${referencePrefix}${url}` : ROUTE.test(url) ? `${prefix}${url}` : url;
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
  };
}
