/**
 * "Copy page": a split button beside a docs page's title. The main button
 * copies the page's Markdown twin (plugins/markdown-twins) to the clipboard;
 * the arrow opens a menu (./Menu.tsx, loaded only when first wanted) to view
 * the twin, open the page in ChatGPT or Claude, or connect an AI client to
 * the docs' MCP endpoint (plugins/mcp-server). The twin is fetched only when
 * the reader copies it.
 */
import {
  lazy,
  Suspense,
  useCallback,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {twinPath} from '@site/plugins/markdown-twins/twin-path';
import {MCP_SETUP_PAGE, mcpEndpointUrl} from '@site/plugins/mcp-server/endpoint';
import styles from './styles.module.css';

const loadMenu = () => import('./Menu');
const Menu = lazy(loadMenu);

type CopyState = 'idle' | 'copying' | 'copied' | 'failed';

/** Copies the text at `url` to the clipboard, fetching it inside the gesture where browsers allow. */
async function copyFrom(url: string): Promise<void> {
  const text = fetch(url).then((r) => {
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    return r.text();
  });
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    const blob = text.then((t) => new Blob([t], {type: 'text/plain'}));
    await navigator.clipboard.write([new ClipboardItem({'text/plain': blob})]);
  } else {
    await navigator.clipboard.writeText(await text);
  }
}

const LABELS: Record<CopyState, string> = {
  idle: 'Copy page',
  copying: 'Copying…',
  copied: 'Copied',
  failed: 'Copy failed',
};

export default function CopyPage({route}: {route: string}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const [state, setState] = useState<CopyState>('idle');
  // What the last menu action did, for the status line.
  const [notice, setNotice] = useState<string | null>(null);
  // Where to focus when the menu opens: its first or last item.
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const twin = `${siteConfig.baseUrl.replace(/\/$/, '')}${twinPath(route)}`;

  const copy = () => {
    setState('copying');
    copyFrom(twin).then(
      () => {
        setState('copied');
        setTimeout(() => setState((s) => (s === 'copied' ? 'idle' : s)), 2000);
      },
      () => setState('failed'),
    );
  };
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  }, []);
  const mcpUrl = mcpEndpointUrl(siteConfig.url);
  const copyMcpUrl = () => {
    close(true);
    const say = (text: string) => {
      setState((s) => (s === 'failed' ? 'idle' : s));
      setNotice(text);
      setTimeout(() => setNotice((n) => (n === text ? null : n)), 5000);
    };
    navigator.clipboard.writeText(mcpUrl).then(
      () => say(`MCP server URL copied: ${mcpUrl}`),
      () => say(`The browser did not allow copying. The MCP server URL is ${mcpUrl}`),
    );
  };
  const showNotice = notice !== null && state !== 'copied' && state !== 'failed';
  const onTriggerKey = (e: KeyboardEvent) => {
    if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(e.key)) {
      e.preventDefault();
      setOpen(e.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  return (
    <div className={styles.copyPage}>
      <div className={styles.group} role="group" aria-label="Page actions">
        <button type="button" className={styles.main} onClick={copy} disabled={state === 'copying'}>
          <svg aria-hidden="true" viewBox="0 0 24 24" className={styles.icon}>
            {state === 'copied' ? (
              <path d="M5 12l5 5L20 7" />
            ) : (
              <path d="M8 8h11v12H8zM5 16V4h11" />
            )}
          </svg>
          {LABELS[state]}
        </button>
        <button
          ref={trigger}
          type="button"
          className={styles.toggle}
          aria-label="More page actions"
          aria-haspopup="menu"
          aria-expanded={open !== false}
          aria-controls={open ? menuId : undefined}
          onClick={() => (open ? close(false) : setOpen('first'))}
          onKeyDown={onTriggerKey}
          onPointerEnter={() => void loadMenu()}
          onFocus={() => void loadMenu()}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className={styles.icon}>
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
      </div>
      {open && (
        <Suspense fallback={null}>
          <Menu
            id={menuId}
            focus={open}
            twin={twin}
            pageUrl={`${siteConfig.url}${route}`}
            twinUrl={`${siteConfig.url}${twinPath(route)}`}
            mcpUrl={mcpUrl}
            setupPage={MCP_SETUP_PAGE}
            trigger={trigger}
            onClose={close}
            onCopyMcpUrl={copyMcpUrl}
          />
        </Suspense>
      )}
      <p
        className={state === 'failed' ? styles.error : showNotice ? styles.notice : styles.srOnly}
        role="status"
      >
        {state === 'copied' && 'Page copied as Markdown.'}
        {showNotice && notice}
        {state === 'failed' && (
          <>
            The browser did not allow copying.{' '}
            <a href={twin} target="_blank" rel="noopener noreferrer">
              View as Markdown
            </a>
          </>
        )}
      </p>
    </div>
  );
}
