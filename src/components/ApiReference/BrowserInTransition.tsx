/**
 * Gives the API theme's components the framework's "we are in the browser"
 * signal (`useIsBrowser`, `<BrowserOnly>`) in a React transition.
 *
 * docusaurus-theme-openapi-docs draws parameters, schemas, response tabs and
 * examples only in the browser: the pre-rendered page holds skeletons, and
 * the framework's browser context turns true once the page has hydrated.
 * That one update built every schema of an operation page in a single task
 * of several hundred milliseconds on a phone, blocking input. Providing the
 * same context again, with a value that turns true inside `startTransition`,
 * lets React build that tree in short slices and yield to the reader between
 * them. Before the switch the theme shows its skeletons, as it does before
 * hydration.
 */
import {startTransition, useEffect, useState, type ReactNode} from 'react';
// The context behind useIsBrowser and BrowserOnly (no public export).
import {Context as BrowserContext} from '@docusaurus/core/lib/client/browserContext';

export function BrowserInTransition({children}: {children: ReactNode}): ReactNode {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => startTransition(() => setIsBrowser(true)), []);
  return <BrowserContext.Provider value={isBrowser}>{children}</BrowserContext.Provider>;
}
