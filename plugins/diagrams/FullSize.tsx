/**
 * The full-size view of a diagram (./Diagram.tsx loads it when a reader first
 * opens one): a modal dialog filling the window with a copy of what the
 * figure shows (./drawing.ts), scrolling both ways, under the diagram's name
 * and description. Escape or its Close button closes it.
 */
import {useEffect, useRef, type ReactNode} from 'react';
import {copyForFullSize} from './copy';
import styles from './Diagram.module.css';

export default function FullSize({
  id,
  name,
  description,
  source,
  onClose,
}: {
  id: string;
  name: string;
  description?: string;
  source: HTMLElement;
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
