/**
 * Hand-over point between the doc item wrapper (../theme/ApiItem, loaded on
 * every docs page) and the API reference runtime (./ApiDocItem, loaded only by
 * the generated API pages).
 *
 * Every generated page under docs/toolhive/reference/api imports ./ApiDocItem
 * (see plugins/api-reference/templates). Docusaurus loads a page's MDX module
 * before it renders the page, both when it pre-renders the site and in the
 * browser, so by the time the wrapper renders an API page the runtime has
 * registered itself here. Other pages never import it, and so never download
 * its code.
 */
import type {ComponentType} from 'react';
import type {Props} from '@theme/DocItem';

/** Doc ids of the generated API reference start with this prefix. */
export const API_DOC_ID_PREFIX = 'toolhive/reference/api/';

let apiDocItem: ComponentType<Props> | undefined;

export function registerApiDocItem(component: ComponentType<Props>): void {
  apiDocItem = component;
}

export function getApiDocItem(): ComponentType<Props> | undefined {
  return apiDocItem;
}
