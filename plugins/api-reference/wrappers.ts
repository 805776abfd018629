import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * The API reference's theme components (./theme): wrappers of
 * docusaurus-theme-openapi-docs' ApiItem and ApiExplorer, its Markdown
 * replaced, and Tabs/TabItem that keep the framework's pair outside the API
 * reference. Each file says why at its top.
 *
 * A theme of its own, registered in docusaurus.config.ts right after
 * ./index.ts (the upstream theme), so that its components shadow the
 * upstream ones: in these files `@theme-init/<Name>` is the component of the
 * first theme that provides it (docusaurus-theme-openapi-docs for ApiItem and
 * ApiExplorer, the framework's theme-classic for Tabs and TabItem), which is
 * what each of them wraps. `@theme-original/<Name>` would be this theme's own
 * file.
 */
export default function pluginApiReferenceWrappers(): Plugin {
  return {
    name: 'toolhive-api-reference-wrappers',
    getThemePath() {
      return path.join(__dirname, 'theme');
    },
  };
}
