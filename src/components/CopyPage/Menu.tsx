/**
 * The "Copy page" menu (WAI-ARIA menu button pattern): opened from the
 * arrow button of ./index.tsx, it focuses its first (or last) item; Arrow
 * keys, Home and End move between items, Escape closes it and returns focus
 * to the button, Tab and a click outside close it. Loaded on first use.
 */
import {useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject} from 'react';
import styles from './styles.module.css';

interface Props {
  id: string;
  focus: 'first' | 'last';
  /** Site path of the page's Markdown twin. */
  twin: string;
  pageUrl: string;
  twinUrl: string;
  trigger: RefObject<HTMLButtonElement | null>;
  onClose: (refocus: boolean) => void;
}

export function prompt(pageUrl: string, twinUrl: string): string {
  return `Read ${twinUrl}, the Markdown version of the ToolHive documentation page ${pageUrl}, and answer my questions from it.`;
}

export default function Menu({
  id,
  focus,
  twin,
  pageUrl,
  twinUrl,
  trigger,
  onClose,
}: Props): ReactNode {
  const menu = useRef<HTMLDivElement>(null);
  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    const all = items();
    (focus === 'last' ? all.at(-1) : all[0])?.focus();
    const outside = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menu.current?.contains(t) && !trigger.current?.contains(t)) onClose(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [focus, trigger, onClose]);

  const onKeyDown = (e: KeyboardEvent) => {
    const all = items();
    const i = all.indexOf(document.activeElement as HTMLElement);
    const to = {
      ArrowDown: (i + 1) % all.length,
      ArrowUp: (i - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      all[to]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onClose(true);
    } else if (e.key === 'Tab') {
      onClose(false);
    } else if (e.key === ' ') {
      e.preventDefault();
      (document.activeElement as HTMLElement).click();
    }
  };

  const q = encodeURIComponent(prompt(pageUrl, twinUrl));
  const links = [
    {label: 'View as Markdown', href: twin},
    {label: 'Open in ChatGPT', href: `https://chatgpt.com/?q=${q}`},
    {label: 'Open in Claude', href: `https://claude.ai/new?q=${q}`},
  ];
  return (
    <div
      ref={menu}
      id={id}
      role="menu"
      aria-label="Page actions"
      className={styles.menu}
      onKeyDown={onKeyDown}
    >
      {links.map((l) => (
        <a
          key={l.label}
          role="menuitem"
          tabIndex={-1}
          href={l.href}
          target="_blank"
          rel="noopener noreferrer"
          className={styles.item}
          onClick={() => onClose(false)}
        >
          {l.label}
          <span className={styles.srOnly}> (opens in a new tab)</span>
        </a>
      ))}
    </div>
  );
}
