/**
 * Wraps @theme-original/Mermaid (@docusaurus/theme-mermaid), which draws a
 * diagram in the browser after the page has loaded.
 * Reason for overriding: drawing means downloading Mermaid (over 200 KB gzip)
 * and laying the diagram out, work that blocks the main thread for a second
 * or more on a phone. The wrapper hands the diagram to the original component
 * only when it comes within 400 px of the viewport, so a reader who never
 * scrolls to a diagram never pays for it, and the page is interactive sooner.
 * Until then an empty slot of fixed height holds the diagram's place.
 */
import {useRef, type ReactNode} from 'react';
import OriginalMermaid from '@theme-original/Mermaid';
import type {Props} from '@theme/Mermaid';
import {useNearViewport} from '@site/src/hooks/useNearViewport';
import styles from './styles.module.css';

export default function Mermaid(props: Props): ReactNode {
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot, 400);
  return (
    <div ref={slot} className={styles.slot} data-mermaid-slot={near ? 'drawing' : 'waiting'}>
      {near && <OriginalMermaid {...props} />}
    </div>
  );
}
