/**
 * Wraps @theme-original/Mermaid (@docusaurus/theme-mermaid).
 * Reason for wrapping: the theme's MDXComponents, which every docs page
 * loads, imports this component for the `mermaid` element. The site's pages
 * never use that element (plugins/diagrams turns every `mermaid` block into
 * its own components), and the one caller, plugins/diagrams/ThemeDiagram.tsx,
 * renders it in the browser only, near the viewport. So the original and
 * Mermaid's loader load with the first such diagram, not with every page.
 */
import {lazy, Suspense, type ReactNode} from 'react';
import type {Props} from '@theme/Mermaid';

const Original = lazy(() => import('@theme-original/Mermaid'));

export default function Mermaid(props: Props): ReactNode {
  return (
    <Suspense fallback={null}>
      <Original {...props} />
    </Suspense>
  );
}
