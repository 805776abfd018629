/**
 * Wraps @theme-original/NavbarItem/ComponentTypes.
 * Reason for overriding: register the `custom-iconLink` navbar item type used
 * for the GitHub, Discord and YouTube icon links, and `custom-docLink`, a doc
 * link in the reader's version that is the current page only on its own page.
 * Upstream types are spread in unchanged.
 */
import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import IconLinkNavbarItem from '@site/src/components/IconLinkNavbarItem';
import DocLinkNavbarItem from '@site/src/components/DocLinkNavbarItem';

export default {
  ...ComponentTypes,
  'custom-iconLink': IconLinkNavbarItem,
  'custom-docLink': DocLinkNavbarItem,
};
