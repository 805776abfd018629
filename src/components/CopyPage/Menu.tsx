/**
 * The "Copy page" menu (WAI-ARIA menu button pattern): opened from the
 * arrow button of ./index.tsx, it focuses its first (or last) item; Arrow
 * keys, Home and End move between items, Escape closes it and returns focus
 * to the button, Tab and a click outside close it. Loaded on first use.
 *
 * Its second group connects an AI client to the docs' MCP endpoint
 * (plugins/mcp-server): install links in the URL forms VS Code
 * (`vscode:mcp/install?<JSON>`, read by VS Code's MCP URL handler) and Cursor
 * (`cursor://anysphere.cursor-deeplink/mcp/install?name=&config=<base64 JSON>`,
 * Cursor's MCP install links) accept, the endpoint's URL to copy, and the
 * page with the setup of every other client.
 */
import {useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject} from 'react';
import Link from '@docusaurus/Link';
import {MCP_SERVER_NAME} from '@site/plugins/mcp-server/endpoint';
import styles from './styles.module.css';

interface Props {
  id: string;
  focus: 'first' | 'last';
  /** Site path of the page's Markdown twin. */
  twin: string;
  pageUrl: string;
  twinUrl: string;
  /** The docs' MCP endpoint. */
  mcpUrl: string;
  /** Site path of the page that sets up every client. */
  setupPage: string;
  trigger: RefObject<HTMLButtonElement | null>;
  onClose: (refocus: boolean) => void;
  /** Copies the endpoint's URL and reports it. */
  onCopyMcpUrl: () => void;
}

export function prompt(pageUrl: string, twinUrl: string): string {
  return `Read ${twinUrl}, the Markdown version of the ToolHive documentation page ${pageUrl}, and answer my questions from it.`;
}

/** VS Code's install link: its MCP URL handler reads a server's JSON, with its name, after `?`. */
export function vscodeInstallUrl(url: string): string {
  return `vscode:mcp/install?${encodeURIComponent(JSON.stringify({name: MCP_SERVER_NAME, type: 'http', url}))}`;
}

/** Cursor's install link: the server's name, and its configuration as base64 JSON. */
export function cursorInstallUrl(url: string): string {
  const config = btoa(JSON.stringify({url}));
  return `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(MCP_SERVER_NAME)}&config=${encodeURIComponent(config)}`;
}

export default function Menu({
  id,
  focus,
  twin,
  pageUrl,
  twinUrl,
  mcpUrl,
  setupPage,
  trigger,
  onClose,
  onCopyMcpUrl,
}: Props): ReactNode {
  const menu = useRef<HTMLDivElement>(null);
  const clientsLabel = useId();
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
      <div role="separator" className={styles.separator} />
      <div id={clientsLabel} role="presentation" className={styles.groupLabel}>
        Connect to your AI client
      </div>
      <div role="group" aria-labelledby={clientsLabel}>
        {/* The editor opens and asks before it adds the server. */}
        <a
          role="menuitem"
          tabIndex={-1}
          href={vscodeInstallUrl(mcpUrl)}
          className={styles.item}
          onClick={() => onClose(false)}
        >
          Add to VS Code
        </a>
        <a
          role="menuitem"
          tabIndex={-1}
          href={cursorInstallUrl(mcpUrl)}
          className={styles.item}
          onClick={() => onClose(false)}
        >
          Add to Cursor
        </a>
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={styles.item}
          onClick={onCopyMcpUrl}
        >
          Copy MCP server URL
        </button>
        <Link
          role="menuitem"
          tabIndex={-1}
          to={setupPage}
          className={styles.item}
          onClick={() => onClose(false)}
        >
          Other clients
        </Link>
      </div>
    </div>
  );
}
