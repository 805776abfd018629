/**
 * Remark plugin: replaces every `<KnownIssue id="..." />` of a docs page
 * with the admonition of that entry of data/known-issues.yaml (see
 * admonitionNode in ./data.ts), so the wording of a known issue lives in one
 * place and a page carries it as plain content: no component code, no data
 * in the page's JavaScript. Registered before the framework's own remark
 * plugins, whose admonition plugin then draws it like any `:::warning`.
 *
 * A page shows an entry only when it affects the release the page
 * describes (plugins/versions/page-release.ts: the page's version's release,
 * or its front matter's `release`), by the rule of ./versions.ts. An unknown
 * id, an entry that does not affect that release, or a `<KnownIssue>`
 * without an id or with children stops the build with the file and line.
 * The admonition's link to the entry is a route (/toolhive/...); the
 * version links plugin points it to the page's own version.
 */
import type {Root, RootContent} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import {admonitionNode, COMPONENT, dataFile, STATUS_CLASS} from './data';
import {issueForPage} from './versions';

export interface RemarkKnownIssuesOptions {
  /** The data file (default: data/known-issues.yaml). */
  file?: string;
}

export default function remarkKnownIssues(options: RemarkKnownIssuesOptions = {}) {
  const file = options.file ?? dataFile;
  return async (
    root: Root,
    vfile: {path?: string; data?: {frontMatter?: {release?: unknown}}},
  ): Promise<void> => {
    const {visit} = await import('unist-util-visit');
    visit(root, (node, index, parent) => {
      const jsx = node as unknown as MdxJsxFlowElement;
      if (
        (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') ||
        jsx.name !== COMPONENT
      ) {
        return;
      }
      const where = `${vfile.path ?? 'a page'}:${node.position?.start.line ?? '?'}`;
      if (node.type === 'mdxJsxTextElement' || !parent || index === undefined) {
        throw new Error(`${where}: <${COMPONENT}> must stand on its own line, as a block`);
      }
      const idAttr = jsx.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'id');
      if (!idAttr || typeof idAttr.value !== 'string' || jsx.attributes.length !== 1) {
        throw new Error(`${where}: <${COMPONENT}> takes exactly one attribute, id="..."`);
      }
      if (jsx.children.length > 0) {
        throw new Error(`${where}: <${COMPONENT}> has no children; its text is in the data file`);
      }
      let issue;
      try {
        issue = issueForPage(idAttr.value, vfile.path ?? '', vfile.data?.frontMatter, file);
      } catch (error) {
        throw new Error(`${where}: ${(error as Error).message}`);
      }
      parent.children[index] = admonitionNode(issue, {
        statusClass: STATUS_CLASS,
      }) as unknown as RootContent;
    });
  };
}
