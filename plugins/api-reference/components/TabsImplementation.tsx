/**
 * Which Tabs/TabItem pair renders `@theme/Tabs` and `@theme/TabItem`.
 *
 * docusaurus-theme-openapi-docs ships its own copies of Tabs and TabItem
 * (with their own React context) and its components nest them into each
 * other. Outside the API reference we keep the framework's Tabs, so the
 * wrappers in ../theme/Tabs and ../theme/TabItem read this context: the API
 * reference runtime (./ApiDocItem) provides the theme's pair, every other page
 * gets the default (`null`: use the framework's pair).
 */
import {createContext, useContext, type ComponentType} from 'react';

export interface TabsPair {
  // The two components take different props; the wrappers pass them through.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  Tabs: ComponentType<any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  TabItem: ComponentType<any>;
}

export const TabsImplementation = createContext<TabsPair | null>(null);

export function useTabsImplementation(): TabsPair | null {
  return useContext(TabsImplementation);
}
