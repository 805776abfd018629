/**
 * Stands in for `algoliasearch/lite` in the theme's search page when the site
 * uses the local index (plugins/search points the page's import
 * here). The page creates a client with the configured app ID and key; the
 * local client needs neither.
 */
import {localSearchClient} from './localClient';

export function liteClient(_appId?: string, _apiKey?: string): typeof localSearchClient {
  return localSearchClient;
}
