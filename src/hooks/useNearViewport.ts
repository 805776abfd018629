import {useEffect, useState, type RefObject} from 'react';

/**
 * Becomes true, once and for good, when the element comes within `margin`
 * pixels (above or below) of the viewport. For deferring heavy work, such as
 * drawing a diagram or loading the API request explorer, until a reader is
 * about to see it. Server rendering and the first client render see false.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin: number): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      {rootMargin: `${margin}px 0px`},
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
