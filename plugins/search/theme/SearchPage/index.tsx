/**
 * Wraps the search page of @docusaurus/theme-search-algolia, imported as
 * `@theme-search-algolia/SearchPage` (the same alias as the search bar; see
 * plugins/search/index.ts).
 * Reason for overriding: with more than one docs version, the page shows a
 * version menu (a `<select>`) that has no accessible name and opens on the
 * newest version whatever the reader reads. This wrapper names the menu
 * ("Docs version searched") and, when the reader chose a docs version in
 * the navbar (the theme's preferred version, kept in local storage), opens
 * the menu on that version, so that the page searches the version they
 * read. Both act on the rendered menu through its public DOM: the theme
 * component takes no props for them.
 */
import React, {useEffect, useRef} from 'react';
import OriginalSearchPage from '@theme-search-algolia/SearchPage';
import {useStorageSlot} from '@docusaurus/theme-common';

/** The accessible name of the version menu. */
export const VERSION_MENU_NAME = 'Docs version searched';

export default function SearchPageWrapper(): React.JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  // The theme's preferred-version slot (what its version dropdown saves); the
  // page renders its own Layout, so the docs' context is not available here.
  const [preferredVersion] = useStorageSlot('docs-preferred-version-default');
  useEffect(() => {
    const select = ref.current?.querySelector('select');
    if (!select) return;
    select.setAttribute('aria-label', VERSION_MENU_NAME);
    const wanted = preferredVersion;
    if (wanted && select.value !== wanted && [...select.options].some((o) => o.value === wanted)) {
      select.value = wanted;
      // React's onChange of a <select> listens to the native change event.
      select.dispatchEvent(new Event('change', {bubbles: true}));
    }
  }, [preferredVersion]);
  return (
    <div ref={ref} style={{display: 'contents'}}>
      <OriginalSearchPage />
    </div>
  );
}
