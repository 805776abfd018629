/** The search bar of @docusaurus/theme-search-algolia, under plugins/search's alias. */
declare module '@theme-search-algolia/SearchBar' {
  import type {ComponentType} from 'react';

  const SearchBar: ComponentType;
  export default SearchBar;
}
