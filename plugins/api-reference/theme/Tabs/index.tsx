/**
 * Wraps @theme/Tabs. Reason for overriding: docusaurus-theme-openapi-docs
 * replaces Tabs with its own copy for every page. We keep the framework's
 * Tabs (`@theme-init/Tabs`) everywhere except in the API reference, whose
 * runtime provides the theme's copy through TabsImplementation.
 */
import type {ReactNode} from 'react';
import FrameworkTabs from '@theme-init/Tabs';
import type {Props} from '@theme/Tabs';
import {useTabsImplementation} from '../../components/TabsImplementation';

export default function Tabs(props: Props): ReactNode {
  const Implementation = useTabsImplementation()?.Tabs ?? FrameworkTabs;
  return <Implementation {...props} />;
}
