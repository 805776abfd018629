/**
 * Wraps @theme-original/MDXComponents.
 * Reason for overriding: Markdown tables render with ScrollableTable, which
 * makes a table keyboard-scrollable when it overflows (axe rule
 * scrollable-region-focusable). Upstream components are spread in unchanged.
 * (Diagrams are not registered here: plugins/diagrams imports its components
 * into the pages that have one, so other pages do not load them.)
 */
import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';

export default {
  ...MDXComponents,
  table: ScrollableTable,
};
