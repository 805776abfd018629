/**
 * Remark plugin, run before the framework's own (beforeDefaultRemarkPlugins):
 * turns each fenced `mermaid` block into a diagram of the site.
 *
 * - A block the build-time renderer draws faithfully (./render.ts) becomes
 *   `<MermaidDiagram>` (./MermaidDiagram.tsx), carrying the drawing as SVG
 *   and its text alternative: no diagram code runs in the browser.
 * - Any other block (another kind, a line the renderer would drop) becomes
 *   `<ThemeDiagram>` (./ThemeDiagram.tsx), which has
 *   @docusaurus/theme-mermaid draw it in the browser.
 *
 * The page imports the components it uses, so only pages with a diagram load
 * the diagram figure (./Diagram.tsx); the components are not registered in
 * MDXComponents, which every docs page loads.
 */
import type {Code, Root, RootContent} from 'mdast';
import {DiagramError, diagramId, renderDiagram, type Diagram} from './render';

export interface Options {
  /** Print each block left to the theme, with its file, line and reason. */
  verbose?: boolean;
}

/** The components a page may use, and the modules they come from. */
export const COMPONENTS = {
  MermaidDiagram: '@site/plugins/diagrams/MermaidDiagram',
  ThemeDiagram: '@site/plugins/diagrams/ThemeDiagram',
} as const;
type ComponentName = keyof typeof COMPONENTS;

/** Pages compile twice (browser and server bundles); draw each diagram once. */
const drawn = new Map<string, Promise<Diagram>>();

const attribute = (name: string, value: string) => ({type: 'mdxJsxAttribute', name, value});

/** `import Name from 'module';` as an MDX ESM node, with the estree MDX compiles. */
function importNode(name: ComponentName): RootContent {
  const source = COMPONENTS[name];
  return {
    type: 'mdxjsEsm',
    value: `import ${name} from '${source}';`,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ImportDeclaration',
            specifiers: [{type: 'ImportDefaultSpecifier', local: {type: 'Identifier', name}}],
            source: {type: 'Literal', value: source, raw: `'${source}'`},
            attributes: [],
          },
        ],
      },
    },
  } as unknown as RootContent;
}

/** Names the page's own imports and exports declare (from their source text). */
function declaredNames(root: Root): Set<string> {
  const names = new Set<string>();
  for (const node of root.children) {
    if ((node.type as string) !== 'mdxjsEsm') continue;
    const value = (node as unknown as {value: string}).value;
    for (const m of value.matchAll(
      /\b(?:import|as|const|let|var|function)\s+\{?\s*([A-Za-z_$][\w$]*)/g,
    )) {
      names.add(m[1]!);
    }
  }
  return names;
}

export default function remarkDiagrams(options: Options = {}) {
  return async (root: Root, file: {path?: string}): Promise<void> => {
    const {visit} = await import('unist-util-visit');
    const blocks: {node: Code; index: number; parent: {children: unknown[]}}[] = [];
    visit(root, 'code', (node: Code, index, parent) => {
      if (node.lang === 'mermaid' && parent && index !== undefined) {
        blocks.push({node, index, parent: parent as {children: unknown[]}});
      }
    });
    if (blocks.length === 0) return;
    const used = new Set<ComponentName>();
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
        if (options.verbose) {
          const line = (node.position?.start.line ?? 0) + error.line;
          console.info(`[diagrams] ${file.path}:${line} left to the theme: ${error.message}`);
        }
        used.add('ThemeDiagram');
        parent.children[index] = {
          type: 'mdxJsxFlowElement',
          name: 'ThemeDiagram',
          attributes: [attribute('value', node.value)],
          children: [],
          position: node.position,
        };
        continue;
      }
      used.add('MermaidDiagram');
      parent.children[index] = {
        type: 'mdxJsxFlowElement',
        name: 'MermaidDiagram',
        attributes: [
          attribute('id', id),
          attribute('name', diagram.name),
          ...(diagram.description ? [attribute('description', diagram.description)] : []),
          attribute('svg', diagram.svg),
        ],
        children: [],
        position: node.position,
      };
    }
    const taken = declaredNames(root);
    for (const name of used) {
      if (taken.has(name)) {
        throw new Error(
          `${file.path}: the page declares ${name}, the name its diagrams need; rename the page's own`,
        );
      }
    }
    root.children.unshift(...[...used].sort().map(importNode));
  };
}
