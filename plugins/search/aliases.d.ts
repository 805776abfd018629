/** The search bar of @docusaurus/theme-search-algolia, under plugins/search's alias. */
declare module '@theme-search-algolia/SearchBar' {
  import type {ComponentType} from 'react';

  const SearchBar: ComponentType;
  export default SearchBar;
}

/** The search page of @docusaurus/theme-search-algolia, under plugins/search's alias. */
declare module '@theme-search-algolia/SearchPage' {
  import type {ComponentType} from 'react';

  const SearchPage: ComponentType;
  export default SearchPage;
}
