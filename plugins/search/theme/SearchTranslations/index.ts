/**
 * Replaces @theme/SearchTranslations (@docusaurus/theme-search-algolia).
 * Reason for overriding: the upstream module carries every DocSearch
 * string, DocSearch 3's and Ask AI's included, each with its translator
 * description, and the search bar puts it in the JavaScript of every page.
 * This one keeps the DocSearch 4 strings this site's search shows, under
 * the upstream translation ids, and says "No results for" when nothing
 * matches. Strings left out fall back to DocSearch's own English defaults;
 * there are no Ask AI strings (the site does not configure Ask AI).
 */
import {translate} from '@docusaurus/Translate';
import type Translations from '@theme/SearchTranslations';

const search = translate({id: 'theme.SearchBar.label', message: 'Search'});
const clear = translate({
  id: 'theme.SearchModal.searchBox.resetButtonTitle',
  message: 'Clear the query',
});
const close = translate({id: 'theme.SearchModal.footer.closeText', message: 'Close'});
const placeholder = translate({
  id: 'theme.SearchModal.searchBox.placeholderText',
  message: 'Search docs',
});

const translations: typeof Translations = {
  button: {buttonText: search, buttonAriaLabel: search},
  modal: {
    searchBox: {
      clearButtonAriaLabel: clear,
      closeButtonText: close,
      closeButtonAriaLabel: close,
      placeholderText: placeholder,
      searchInputLabel: search,
    },
    startScreen: {
      recentSearchesTitle: translate({
        id: 'theme.SearchModal.startScreen.recentSearchesTitle',
        message: 'Recent',
      }),
      saveRecentSearchButtonTitle: translate({
        id: 'theme.SearchModal.startScreen.saveRecentSearchButtonTitle',
        message: 'Save this search',
      }),
      removeRecentSearchButtonTitle: translate({
        id: 'theme.SearchModal.startScreen.removeRecentSearchButtonTitle',
        message: 'Remove this search from history',
      }),
      favoriteSearchesTitle: translate({
        id: 'theme.SearchModal.startScreen.favoriteSearchesTitle',
        message: 'Favorite',
      }),
      removeFavoriteSearchButtonTitle: translate({
        id: 'theme.SearchModal.startScreen.removeFavoriteSearchButtonTitle',
        message: 'Remove this search from favorites',
      }),
    },
    errorScreen: {
      titleText: translate({
        id: 'theme.SearchModal.errorScreen.titleText',
        message: 'Unable to fetch results',
      }),
      helpText: translate({
        id: 'theme.SearchModal.errorScreen.helpText',
        message: 'You might want to check your network connection.',
      }),
    },
    footer: {
      selectText: translate({id: 'theme.SearchModal.footer.selectText', message: 'Select'}),
      selectKeyAriaLabel: translate({
        id: 'theme.SearchModal.footer.selectKeyAriaLabel',
        message: 'Enter key',
      }),
      navigateText: translate({id: 'theme.SearchModal.footer.navigateText', message: 'Navigate'}),
      navigateUpKeyAriaLabel: translate({
        id: 'theme.SearchModal.footer.navigateUpKeyAriaLabel',
        message: 'Arrow up',
      }),
      navigateDownKeyAriaLabel: translate({
        id: 'theme.SearchModal.footer.navigateDownKeyAriaLabel',
        message: 'Arrow down',
      }),
      closeText: close,
      closeKeyAriaLabel: translate({
        id: 'theme.SearchModal.footer.closeKeyAriaLabel',
        message: 'Escape key',
      }),
    },
    noResultsScreen: {
      noResultsText: translate({
        id: 'theme.SearchModal.noResultsScreen.noResultsText',
        message: 'No results for',
      }),
      suggestedQueryText: translate({
        id: 'theme.SearchModal.noResultsScreen.suggestedQueryText',
        message: 'Try searching for',
      }),
    },
  },
  placeholder,
};

export default translations;
