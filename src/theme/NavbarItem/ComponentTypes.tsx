/**
 * Wraps @theme-original/NavbarItem/ComponentTypes.
 * Reason for overriding: register the `custom-iconLink` navbar item type used
 * for the GitHub, Discord and YouTube icon links. Upstream types are spread in
 * unchanged.
 */
import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import IconLinkNavbarItem from '@site/src/components/IconLinkNavbarItem';

export default {
  ...ComponentTypes,
  'custom-iconLink': IconLinkNavbarItem,
};
