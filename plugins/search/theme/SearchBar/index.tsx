/**
 * Wraps the search bar of @docusaurus/theme-search-algolia (which renders
 * DocSearch's button and modal), imported as `@theme-search-algolia/SearchBar`:
 * from a plugin's theme, `@theme-original/SearchBar` would name this file and
 * `@theme-init/SearchBar` theme-classic's empty placeholder (see
 * plugins/search/index.ts).
 * Reason for overriding: one search UI with two backends. When the build has
 * no Algolia credentials, the search plugin runs in local mode (its global
 * data holds the index's URL) and this wrapper hands DocSearch the local
 * search client through its `transformSearchClient` prop; the client and the
 * index load only when the reader points at, focuses or opens search. Also
 * sets DocSearch colours that pass contrast in both modes (styles.module.css),
 * keeps queries to 64 characters in the modal and on the search page
 * (DocSearch 4 lets its input take 512 and has no option for it), and puts
 * the key caps the button shows into its accessible name (see
 * useButtonTranslations).
 *
 * The modal's error screen for an index that cannot be loaded is drawn by
 * plugins/search/client/localClient.ts (DocSearch 4.7 never shows its own).
 */
import React, {useCallback, useEffect, useMemo, type ComponentType} from 'react';
import OriginalSearchBar from '@theme-search-algolia/SearchBar';
import translations from '@theme/SearchTranslations';
import type {DocSearchProps} from '@docsearch/react';
import {usePluginData} from '@docusaurus/useGlobalData';
import {useContextualSearchFilters} from '@docusaurus/theme-common';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {startSearchWorker, versionOfTags} from '../../client/searchWorker';
import styles from './styles.module.css';

// Upstream declares no props, but passes the ones it gets on to DocSearch
// (they override themeConfig.algolia).
const SearchBar = OriginalSearchBar as unknown as ComponentType<Partial<DocSearchProps>>;
type TransformSearchClient = NonNullable<DocSearchProps['transformSearchClient']>;

// A separate chunk: MiniSearch and the client stay out of the initial page.
const loadLocalClient = () => import('../../client/localClient');

/** The longest query a reader can type or paste into a search field. */
export const QUERY_FIELD_LENGTH = 64;
/** The modal's input and the /search page's field. */
const QUERY_FIELDS = 'input.DocSearch-Input, form input[type="search"][name="q"]';

/**
 * Gives each search field a `maxLength` of QUERY_FIELD_LENGTH when it gets
 * focus, which it has before anyone types or pastes into it. React renders
 * DocSearch's `maxLength` (512) once, when the modal opens, and does not set
 * it again while the value it renders stays the same.
 */
function useQueryLengthLimit(): void {
  useEffect(() => {
    const limit = (target: EventTarget | Element | null) => {
      if (target instanceof HTMLInputElement && target.matches(QUERY_FIELDS)) {
        target.maxLength = QUERY_FIELD_LENGTH;
      }
    };
    // A field focused before the page was interactive.
    limit(document.activeElement);
    const onFocus = (event: FocusEvent) => limit(event.target);
    document.addEventListener('focusin', onFocus, true);
    return () => document.removeEventListener('focusin', onFocus, true);
  }, []);
}

/**
 * The button's strings, with an accessible name that holds all the text the
 * button shows: "Search" and, once the page is interactive, the key caps of
 * its shortcut ("Ctrl K", or "⌘ K" on Apple devices). A reader who speaks to
 * the computer says what they see (WCAG 2.5.3, Label in Name; axe's rule
 * label-content-name-mismatch). DocSearch names the button
 * `${buttonAriaLabel} (Control+k)` and shows the key caps only after it has
 * read the platform on mount; the name gains them once the page is
 * hydrated, with the same test of the platform.
 */
function useButtonTranslations(): typeof translations {
  const isBrowser = useIsBrowser();
  const keys = isBrowser
    ? /(Mac|iPhone|iPod|iPad)/i.test(navigator.platform)
      ? '⌘ K'
      : 'Ctrl K'
    : null;
  return useMemo(() => {
    const button = translations.button;
    if (!keys || !button?.buttonText) return translations;
    return {...translations, button: {...button, buttonAriaLabel: `${button.buttonText} ${keys}`}};
  }, [keys]);
}

/**
 * Starts the worker (which starts loading the index of the docs version the
 * reader is in) and loads the client.
 */
function preload(version: string | null): void {
  startSearchWorker(version);
  void loadLocalClient().then((m) => m.preloadSearchIndex(version));
}

/** Starts loading on the shortcuts that open the modal, while its code loads. */
function usePreloadOnShortcut(enabled: boolean, preload: () => void): void {
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as Partial<HTMLElement>;
      const typing =
        !!target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName ?? '');
      if (
        // Autofill sends keydown events without a key.
        (event.key?.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey)) ||
        (event.key === '/' && !typing)
      ) {
        preload();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [enabled, preload]);
}

export default function SearchBarWrapper(props: Partial<DocSearchProps>): React.JSX.Element {
  const isLocal = usePluginData('toolhive-search') !== undefined;
  // The version whose index the modal searches: the page's, as the
  // contextual search's facet filters name it (the preferred or root
  // version outside the docs).
  const version = versionOfTags(useContextualSearchFilters().tags);
  const preloadVersion = useCallback(() => preload(version), [version]);
  usePreloadOnShortcut(isLocal, preloadVersion);
  useQueryLengthLimit();
  const buttonTranslations = useButtonTranslations();

  // DocSearch builds an Algolia client for the modal and lets us replace it;
  // the local one answers `search` and never contacts Algolia.
  const transformSearchClient = useCallback<TransformSearchClient>(
    (client) => {
      preloadVersion();
      return {
        ...client,
        search: (async (input: Parameters<typeof client.search>[0]) =>
          (await loadLocalClient()).searchFromModal(
            input as never,
          )) as unknown as typeof client.search,
      };
    },
    [preloadVersion],
  );

  if (!isLocal) return <SearchBar translations={buttonTranslations} {...props} />;
  return (
    <span
      className={styles.searchBar}
      onMouseOver={preloadVersion}
      onFocus={preloadVersion}
      onTouchStart={preloadVersion}
    >
      <SearchBar
        translations={buttonTranslations}
        {...props}
        transformSearchClient={transformSearchClient}
      />
    </span>
  );
}
