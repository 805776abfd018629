import {useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';

/**
 * A Markdown table that joins the keyboard tab order only while it overflows
 * its column (tables scroll sideways on small screens), so keyboard users can
 * scroll it too. Tables that fit add no extra tab stop.
 */
export default function ScrollableTable(props: ComponentProps<'table'>): ReactNode {
  const ref = useRef<HTMLTableElement>(null);
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    const table = ref.current;
    if (!table) return undefined;
    const update = () => setScrollable(table.scrollWidth > table.clientWidth + 1);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(table);
    return () => observer.disconnect();
  }, []);
  return <table ref={ref} tabIndex={scrollable ? 0 : undefined} {...props} />;
}
