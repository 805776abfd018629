/**
 * Wraps @theme-original/Root, the component around every page that the
 * framework provides for site-wide providers.
 * Reason for overriding: it gives every component the framework's "we are in
 * the browser" signal (`useIsBrowser`, `<BrowserOnly>`) in a React
 * transition.
 *
 * The framework's browser context turns true once the page has hydrated, in
 * an ordinary update that React renders in one go. Many components re-render
 * on it: every code block is drawn again (to use the reader's colour mode),
 * tabs, details and the colour-mode toggle update, and the API reference
 * draws its parameters, schemas and examples for the first time. On a page
 * with many code blocks or a large schema that one update blocked input for
 * hundreds of milliseconds on a phone. Providing the same context again, with
 * a value that turns true inside `startTransition`, lets React do that work
 * in short slices and answer the reader between them. Until then the
 * components show what the pre-rendered page showed.
 */
import {startTransition, useEffect, useState, type ReactNode} from 'react';
import OriginalRoot from '@theme-original/Root';
// The context behind useIsBrowser and BrowserOnly (no public export).
import {Context as BrowserContext} from '@docusaurus/core/lib/client/browserContext';

export default function Root({children}: {children: ReactNode}): ReactNode {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => startTransition(() => setIsBrowser(true)), []);
  return (
    <BrowserContext.Provider value={isBrowser}>
      <OriginalRoot>{children}</OriginalRoot>
    </BrowserContext.Provider>
  );
}
