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
import {useEffect, useRef, useState, type ReactNode} from 'react';
import OriginalMermaid from '@theme-original/Mermaid';
import type {Props} from '@theme/Mermaid';
import styles from './styles.module.css';

export default function Mermaid(props: Props): ReactNode {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = slot.current;
    if (!element || near) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      {rootMargin: '400px 0px'},
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return (
    <div ref={slot} className={styles.slot} data-mermaid-slot={near ? 'drawing' : 'waiting'}>
      {near && <OriginalMermaid {...props} />}
    </div>
  );
}
