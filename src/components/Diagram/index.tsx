/**
 * A diagram in a page: its drawing (the children: an SVG drawn at build time
 * by plugins/mermaid-svg, or by Mermaid in the browser) in a figure
 * that assistive technology reads as one image with a name and a
 * description, and, when the column is too narrow for the drawing, a button
 * that opens it full size.
 *
 * The description is a visually hidden paragraph that aria-describedby
 * points to. The full-size view is a modal dialog with a copy of the drawing
 * at its natural size, scrolling both ways, under the same name and
 * description; Escape or its Close button closes it and focus returns to the
 * button that opened it.
 */
import {useCallback, useEffect, useId, useRef, useState, type ReactNode} from 'react';
import {copyForFullSize, isScaledDown} from './drawing';
import styles from './styles.module.css';

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
  const [scaled, setScaled] = useState(false);
  // The drawing shown full size, while its view is open.
  const [open, setOpen] = useState<SVGSVGElement | null>(null);

  // A drawing of Mermaid's arrives after the first render (it draws in the
  // browser) and the column changes width with the window: check both.
  useEffect(() => {
    const element = figure.current;
    if (!element) return undefined;
    const update = () => setScaled(isScaledDown(element.querySelector('svg')));
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
      >
        {children}
      </figure>
      {description && (
        <p id={`${id}-description`} className={styles.description}>
          {description}
        </p>
      )}
      {scaled && (
        <button
          ref={opener}
          type="button"
          className={styles.open}
          aria-label={`View full size: ${name}`}
          onClick={() => setOpen(figure.current?.querySelector('svg') ?? null)}
        >
          View full size
        </button>
      )}
      {open && (
        <FullSize id={id} name={name} description={description} source={open} onClose={close} />
      )}
    </div>
  );
}

function FullSize({
  id,
  name,
  description,
  source,
  onClose,
}: {
  id: string;
  name: string;
  description?: string;
  source: SVGSVGElement;
  onClose: () => void;
}): ReactNode {
  const dialog = useRef<HTMLDialogElement>(null);
  const drawing = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element || !drawing.current) return;
    drawing.current.replaceChildren(copyForFullSize(source, `${id}-full`));
    element.showModal();
  }, [id, source]);
  return (
    // Escape closes a modal dialog by itself; both ways fire `close`, after
    // which the page is no longer inert and the opener can take focus.
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
    >
      <div className={styles.bar}>
        <p id={`${id}-title`} className={styles.title}>
          {name}
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => dialog.current?.close()}
        >
          Close
        </button>
      </div>
      {/* Scrolls both ways; focusable so that the keyboard scrolls it too. */}
      <div className={styles.scroller} tabIndex={0} role="group" aria-label="Diagram at full size">
        <div
          ref={drawing}
          className={styles.full}
          role="img"
          aria-label={name}
          aria-describedby={description ? `${id}-full-description` : undefined}
        />
        {description && (
          <p id={`${id}-full-description`} className={styles.description}>
            {description}
          </p>
        )}
      </div>
    </dialog>
  );
}
