/**
 * Remark plugin for docs pages: a page whose front matter names a release
 * other than its version's (`release: v0.2.8` on a page of the current
 * version that has not been rewritten yet) opens with a note that says which
 * release it describes and links to what changed since. The note is content,
 * so the page's HTML, its search text and its Markdown twin all carry it.
 */
import type {Root, RootContent} from 'mdast';
import {DOCS_VERSIONS} from '../../docs-versions';
import {pageRelease, versionOfFile} from './page-release';

/** The route of the generated page of changes between two releases. */
export const changesRoute = (from: string, to: string): string =>
  `/toolhive/reference/changes/${from}-to-${to}`;

/** The note's mdast: an `info` admonition, drawn by the framework's admonition plugin. */
export function releaseNotice(described: string, versionRelease: string): RootContent {
  const text = (value: string) => ({type: 'text' as const, value});
  const code = (value: string) => ({type: 'inlineCode' as const, value});
  const hasChanges = DOCS_VERSIONS.some((v) => v.release === described);
  return {
    type: 'containerDirective',
    name: 'info',
    attributes: {},
    children: [
      {
        type: 'paragraph',
        data: {directiveLabel: true},
        children: [text(`This page still describes ToolHive ${described}`)],
      },
      {
        type: 'paragraph',
        children: [
          text(`It is being rewritten for ToolHive ${versionRelease}, the release of these docs. `),
          text('Its commands, fields, screens and known issues are those of '),
          code(described),
          text(', and some differ in '),
          code(versionRelease),
          text('.'),
          ...(hasChanges
            ? [
                text(' See '),
                {
                  type: 'link' as const,
                  url: changesRoute(described, versionRelease),
                  children: [text(`what changed from ${described} to ${versionRelease}`)],
                },
                text('.'),
              ]
            : []),
        ],
      },
    ],
  } as unknown as RootContent;
}

export default function remarkReleaseNotice() {
  return (tree: Root, file: {path?: string; data?: {frontMatter?: {release?: unknown}}}): void => {
    if (!file.path) return;
    const version = versionOfFile(file.path);
    if (!version) return;
    const described = pageRelease(file.path, file.data?.frontMatter ?? {});
    if (!described || described === version.release) return;
    // After the page's imports and exports, before its first content.
    const at = tree.children.findIndex((n) => (n.type as string) !== 'mdxjsEsm');
    tree.children.splice(
      at < 0 ? tree.children.length : at,
      0,
      releaseNotice(described, version.release),
    );
  };
}
