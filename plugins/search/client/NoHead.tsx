/**
 * Renders nothing. Stands in for `@docusaurus/Head` in the theme's search bar
 * when search is local: the only thing the search bar puts in the head is a
 * preconnect hint to Algolia's servers, which the local index doesn't need.
 */
export default function NoHead(): null {
  return null;
}
