/**
 * Wraps @theme-original/Root, the component around every page that the
 * framework provides for site-wide providers.
 * Reason for overriding: the components of every page learn that they run in
 * the browser inside a React transition (see
 * src/components/BrowserInTransition.tsx), so the re-render that follows
 * hydration is done in slices instead of one long task.
 */
import type {ReactNode} from 'react';
import OriginalRoot from '@theme-original/Root';
import {BrowserInTransition} from '@site/src/components/BrowserInTransition';

export default function Root({children}: {children: ReactNode}): ReactNode {
  return (
    <BrowserInTransition>
      <OriginalRoot>{children}</OriginalRoot>
    </BrowserInTransition>
  );
}
