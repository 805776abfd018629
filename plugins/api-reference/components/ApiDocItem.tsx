/**
 * The API reference runtime: renders a generated API page with the
 * docusaurus-theme-openapi-docs item component (`@theme-init/ApiItem`,
 * which includes the request explorer) and its stylesheet.
 *
 * Only the generated pages under docs/toolhive/reference/api import this
 * module (see ./registry), so its code, the explorer and their dependencies
 * end up in chunks that no other page loads.
 */
// Must stay the first import: defines `process` for the theme's code.
import '../bundler/node-globals';
// Grammars of the explorer's code samples, registered before any renders.
import './prism-sample-languages';
import type {ReactNode} from 'react';
import OpenApiItem from '@theme-init/ApiItem';
// The theme's own Tabs and TabItem. `@theme-init/Tabs` is the framework's
// (the first theme to provide it) and `@theme/Tabs` and
// `@theme-original/Tabs` are ../theme/Tabs, so they are imported from the
// theme's folder, the one its plugin's getThemePath() names.
import OpenApiTabs from 'docusaurus-theme-openapi-docs/lib/theme/Tabs';
import OpenApiTabItem from 'docusaurus-theme-openapi-docs/lib/theme/TabItem';
import type {Props} from '@theme/DocItem';
// The theme's styles plus our colours, compiled to a standalone stylesheet
// (see the `?asset` rule in plugins/api-reference) and linked from API pages
// only, instead of joining the site-wide CSS bundle.
import stylesheetUrl from './api-theme.scss?asset';
import {registerApiDocItem} from './registry';
import {TabsImplementation, type TabsPair} from './TabsImplementation';
import {useAccessibilityFixes} from './useAccessibilityFixes';

const openApiTabs: TabsPair = {Tabs: OpenApiTabs, TabItem: OpenApiTabItem};

export default function ApiDocItem(props: Props): ReactNode {
  useAccessibilityFixes();
  return (
    <>
      {/* In the page body, ahead of the content it styles, rather than in
          <head> through Helmet: Helmet dropped and re-added the tag while the
          page hydrated, and the styles blinking off and on shifted the whole
          layout twice (CLS 0.9 on a phone). A body stylesheet still blocks
          the content after it until loaded, and leaves with the page. */}
      <link rel="stylesheet" href={stylesheetUrl} />
      <TabsImplementation.Provider value={openApiTabs}>
        <OpenApiItem {...props} />
      </TabsImplementation.Provider>
    </>
  );
}

registerApiDocItem(ApiDocItem);
