/**
 * Wraps @theme/TabItem. Reason for overriding: a TabItem must come from the
 * same package as its Tabs (each pair has its own React context). See
 * ../Tabs: the framework's TabItem (`@theme-init/TabItem`) everywhere,
 * the docusaurus-theme-openapi-docs copy inside the API reference.
 */
import type {ReactNode} from 'react';
import FrameworkTabItem from '@theme-init/TabItem';
import type {Props} from '@theme/TabItem';
import {useTabsImplementation} from '../../components/TabsImplementation';

export default function TabItem(props: Props): ReactNode {
  const Implementation = useTabsImplementation()?.TabItem ?? FrameworkTabItem;
  return <Implementation {...props} />;
}
