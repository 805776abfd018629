/**
 * The CLI reference part of the docs sidebar, built from data/releases/v0.2.8/cli/thv.yaml:
 * a tree that mirrors the command tree (thv → thv client → thv client
 * register). Group commands become categories linked to their own page.
 */
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

type SidebarItemConfig = Extract<SidebarsConfig[string], unknown[]>[number];
import {childrenOf, commandId, loadCliData, type CliCommand, type CliData} from './data';

const docId = (c: CliCommand) => `toolhive/reference/cli/${commandId(c.path)}`;

function item(data: CliData, c: CliCommand): SidebarItemConfig {
  const children = childrenOf(data, c.path);
  if (children.length === 0) return {type: 'doc', id: docId(c), label: c.path};
  return {
    type: 'category',
    label: c.path,
    link: {type: 'doc', id: docId(c)},
    collapsed: true,
    items: children.map((ch) => item(data, ch)),
  };
}

export function cliSidebar(data: CliData = loadCliData()): SidebarItemConfig {
  const root = data.commands.find((c) => c.path === 'thv')!;
  return item(data, root);
}
