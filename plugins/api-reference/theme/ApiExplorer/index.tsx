/**
 * Wraps @theme-init/ApiExplorer (docusaurus-theme-openapi-docs), the
 * request explorer in the right-hand column of an API operation page.
 * Reason for overriding: the explorer and its request and code-sample
 * builders are most of the API reference's JavaScript (about 160 KB gzip).
 * The theme renders it in the browser only, after the page has hydrated, so
 * loading it lazily changes nothing on screen (the theme's skeleton shows
 * meanwhile) but keeps it out of the chunks the page needs to render and
 * hydrate, and out of the prefetch when a reader hovers a link to an API page.
 * It loads once its column comes within 200 px of the viewport: at once
 * beside the text on a wide screen; on a phone, where it sits below the
 * operation's description, only when the reader scrolls towards it.
 */
import {lazy, Suspense, useRef, type ComponentProps, type ReactNode} from 'react';
import SkeletonLoader from '@theme/SkeletonLoader';
import {useNearViewport} from '@site/src/hooks/useNearViewport';

const OriginalApiExplorer = lazy(() => import('../../bundler/explorer'));

export default function ApiExplorer(props: ComponentProps<typeof OriginalApiExplorer>): ReactNode {
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot, 200);
  return (
    <div ref={slot} data-api-explorer={near ? 'loading' : 'waiting'}>
      {near ? (
        <Suspense fallback={<SkeletonLoader size="lg" />}>
          <OriginalApiExplorer {...props} />
        </Suspense>
      ) : (
        <SkeletonLoader size="lg" />
      )}
    </div>
  );
}
