/**
 * A diagram in a page: its drawing (the children: an SVG drawn at build time
 * by ./MermaidDiagram.tsx, or by Mermaid in the browser through
 * ./ThemeDiagram.tsx) in a figure that assistive technology reads as one
 * image with a name and a description.
 *
 * The drawing is shown at its own size, so its text is never drawn smaller
 * than the renderer drew it (12 px). When the column is narrower, the figure
 * scrolls sideways (and takes focus, so the keyboard scrolls it too), and a
 * button opens the full-size view: a modal dialog filling the window, with
 * a copy of what the figure shows, styled by the same rules, scrolling both
 * ways, under the same name and description. Escape or its Close button
 * closes it, and focus returns to the button that opened it.
 *
 * The description is a visually hidden paragraph that aria-describedby
 * points to.
 */
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {overflows, showAtOwnSize} from './drawing';
import styles from './Diagram.module.css';

// The full-size view's code loads when a reader first opens one.
const FullSize = lazy(() => import('./FullSize'));

export interface Props {
  /** Accessible name of the diagram. */
  name: string;
  /** Accessible description: what the diagram shows, in words. */
  description?: string;
  /** The drawing; an `svg` element once drawn. */
  children: ReactNode;
}

export default function Diagram({name, description, children}: Props): ReactNode {
  const id = useId();
  const figure = useRef<HTMLElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [wide, setWide] = useState(false);
  // The figure whose drawing is shown full size, while its view is open.
  const [open, setOpen] = useState<HTMLElement | null>(null);

  // A drawing of Mermaid's arrives after the first render (it draws in the
  // browser) and the column changes width with the window: check both.
  useEffect(() => {
    const element = figure.current;
    if (!element) return undefined;
    const update = () => {
      const svg = element.querySelector('svg');
      if (svg) showAtOwnSize(svg);
      setWide(overflows(element));
    };
    update();
    const resized = new ResizeObserver(update);
    resized.observe(element);
    const drawn = new MutationObserver(update);
    drawn.observe(element, {childList: true, subtree: true});
    return () => {
      resized.disconnect();
      drawn.disconnect();
    };
  }, []);

  const close = useCallback(() => {
    setOpen(null);
    opener.current?.focus();
  }, []);

  return (
    <div className={styles.diagram} data-mermaid-diagram="">
      <figure
        ref={figure}
        className={styles.drawing}
        role="img"
        aria-label={name}
        aria-describedby={description ? `${id}-description` : undefined}
        // Wider than the column: it scrolls, from the keyboard too.
        tabIndex={wide ? 0 : undefined}
      >
        {children}
      </figure>
      {description && (
        <p id={`${id}-description`} className={styles.description}>
          {description}
        </p>
      )}
      {wide && (
        <button
          ref={opener}
          type="button"
          className={styles.open}
          aria-label={`View full size: ${name}`}
          onClick={() => setOpen(figure.current)}
        >
          View full size
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <FullSize id={id} name={name} description={description} source={open} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
