/**
 * Wraps @theme-original/MDXComponents.
 * Reason for overriding: Markdown tables render with ScrollableTable, which
 * makes a table keyboard-scrollable when it overflows (axe rule
 * scrollable-region-focusable), and registers `MermaidDiagram`, which
 * plugins/mermaid-svg puts in place of the fenced `mermaid` blocks it draws.
 * Upstream components are spread in unchanged.
 */
import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';
import MermaidDiagram from '@site/plugins/mermaid-svg/MermaidDiagram';

export default {
  ...MDXComponents,
  table: ScrollableTable,
  MermaidDiagram,
};
