/**
 * Wraps @theme-original/DocItem/Content (@docusaurus/theme-classic), the
 * title and body of every docs page, API reference pages included.
 * Reason for wrapping: puts the "Copy page" button (src/components/CopyPage)
 * beside the page title.
 */
import type {ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import CopyPage from '@site/src/components/CopyPage';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  return (
    <>
      <CopyPage route={metadata.permalink} />
      <Content {...props} />
    </>
  );
}
