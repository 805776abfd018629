/**
 * A navbar link to a doc in the version the reader is in, like the theme's
 * `doc` item, but marked as the current page only on that page: the theme's
 * item counts every page of the same sidebar as its own, and this site has
 * one sidebar, so all the section links of the navbar's dropdown would claim
 * to be the current page. Outside the docs pages (the landing page, search)
 * it links to the version the reader chose last: with the docs at the site
 * root, the theme would take every such page for a page of the root version.
 */
import type {ReactNode} from 'react';
import {
  useActiveDocContext,
  useDocsPreferredVersion,
  useLayoutDoc,
} from '@docusaurus/plugin-content-docs/client';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import type {Props as DefaultProps} from '@theme/NavbarItem/DefaultNavbarItem';

export interface Props extends Omit<DefaultProps, 'to' | 'href'> {
  docId: string;
  label: string;
  docsPluginId?: string;
}

export default function DocLinkNavbarItem({
  docId,
  label,
  docsPluginId,
  ...props
}: Props): ReactNode {
  const {activeDoc} = useActiveDocContext(docsPluginId);
  const {preferredVersion} = useDocsPreferredVersion(docsPluginId);
  const layoutDoc = useLayoutDoc(docId, docsPluginId);
  const doc = (!activeDoc && preferredVersion?.docs.find((d) => d.id === docId)) || layoutDoc;
  if (!doc) return null;
  return (
    <DefaultNavbarItem
      {...props}
      exact
      label={label}
      to={doc.path}
      isActive={() => activeDoc?.path === doc.path}
    />
  );
}
