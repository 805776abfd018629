/**
 * Wraps @theme-init/ApiItem (docusaurus-theme-openapi-docs), the doc item
 * component of every docs page (`docItemComponent` in docusaurus.config.ts).
 * Reason for overriding: the original statically imports the request explorer
 * and its dependencies (several hundred kB of JavaScript), so every docs page
 * would download them. This wrapper renders the framework's DocItem for all
 * docs outside the API reference and hands API pages to the API runtime,
 * which only the generated API pages import (../../components/ApiDocItem).
 */
import type {ReactNode} from 'react';
import DocItem from '@theme/DocItem';
import type {Props} from '@theme/DocItem';
import {API_DOC_ID_PREFIX, getApiDocItem} from '../../components/registry';

export default function ApiItemWrapper(props: Props): ReactNode {
  const {id} = props.content.metadata;
  if (!id.startsWith(API_DOC_ID_PREFIX)) {
    return <DocItem {...props} />;
  }
  // getApiDocItem returns a component registered once at module load by the
  // API page chunk, not one created on each render.
  const ApiDocItem = getApiDocItem();
  if (!ApiDocItem) {
    throw new Error(
      `The API reference page "${id}" did not load the API runtime: its MDX must import ` +
        '@site/plugins/api-reference/components/ApiDocItem (plugins/api-reference/templates).',
    );
  }
  // eslint-disable-next-line react-hooks/static-components -- see above
  return <ApiDocItem {...props} />;
}
