/**
 * Remark plugin, run before the framework's own (beforeDefaultRemarkPlugins):
 * replaces each fenced `mermaid` block that the build-time renderer draws
 * faithfully with `<MermaidDiagram>` (./MermaidDiagram.tsx, registered in
 * src/theme/MDXComponents), carrying the diagram drawn as SVG and its text
 * alternative (./render.ts); pages with only such diagrams load no diagram
 * code. Any other block (another kind, a line the renderer would drop) stays
 * a code block, which @docusaurus/theme-mermaid draws in the browser.
 */
import type {Code, Root} from 'mdast';
import {DiagramError, diagramId, renderDiagram, type Diagram} from './render';

/** Pages compile twice (browser and server bundles); draw each diagram once. */
const drawn = new Map<string, Promise<Diagram>>();

export default function remarkMermaidSvg() {
  return async (root: Root, file: {path?: string}): Promise<void> => {
    const {visit} = await import('unist-util-visit');
    const blocks: {node: Code; index: number; parent: {children: unknown[]}}[] = [];
    visit(root, 'code', (node: Code, index, parent) => {
      if (node.lang === 'mermaid' && parent && index !== undefined) {
        blocks.push({node, index, parent: parent as {children: unknown[]}});
      }
    });
    const seen = new Map<string, number>();
    for (const {node, index, parent} of blocks) {
      const base = diagramId(node.value);
      const repeat = (seen.get(base) ?? 0) + 1;
      seen.set(base, repeat);
      const id = repeat > 1 ? `${base}-${repeat}` : base;
      const key = `${id}\n${node.value}`;
      if (!drawn.has(key)) drawn.set(key, renderDiagram(node.value, id));
      let diagram: Diagram;
      try {
        diagram = await drawn.get(key)!;
      } catch (error) {
        if (!(error instanceof DiagramError)) throw error;
        // Left to the theme. The block's first line is its ``` fence.
        if (process.env.MERMAID_SVG_VERBOSE) {
          const line = (node.position?.start.line ?? 0) + error.line;
          console.info(`[mermaid-svg] ${file.path}:${line} left to the theme: ${error.message}`);
        }
        continue;
      }
      parent.children[index] = {
        type: 'mdxJsxFlowElement',
        name: 'MermaidDiagram',
        attributes: [
          {type: 'mdxJsxAttribute', name: 'id', value: id},
          {type: 'mdxJsxAttribute', name: 'name', value: diagram.name},
          ...(diagram.description
            ? [{type: 'mdxJsxAttribute', name: 'description', value: diagram.description}]
            : []),
          {type: 'mdxJsxAttribute', name: 'svg', value: diagram.svg},
        ],
        children: [],
      };
    }
  };
}
