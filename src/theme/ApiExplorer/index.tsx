/**
 * Wraps @theme-original/ApiExplorer (docusaurus-theme-openapi-docs), the
 * request explorer in the right-hand column of an API operation page.
 * Reason for overriding: the explorer and its request and code-sample
 * builders are most of the API reference's JavaScript. The theme renders it
 * in the browser only, after the page has hydrated, so loading it lazily
 * changes nothing on screen (the theme's skeleton shows meanwhile) but keeps
 * it out of the chunks the page needs to render and hydrate, and out of the
 * prefetch when a reader hovers a link to an API page.
 */
import {lazy, Suspense, type ComponentProps, type ReactNode} from 'react';
import SkeletonLoader from '@theme/SkeletonLoader';

const OriginalApiExplorer = lazy(() => import('@theme-original/ApiExplorer'));

export default function ApiExplorer(props: ComponentProps<typeof OriginalApiExplorer>): ReactNode {
  return (
    <Suspense fallback={<SkeletonLoader size="lg" />}>
      <OriginalApiExplorer {...props} />
    </Suspense>
  );
}
