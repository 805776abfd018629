/**
 * The Kubernetes resources part of a version's sidebar: a category linked to
 * the index of the release's resource kinds, with one page per kind, in the
 * order of the generated index (scripts/crd-reference/release.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {releaseDataDir, type DocsVersion} from '../../docs-versions';

type SidebarItemConfig = Extract<SidebarsConfig[string], unknown[]>[number];

const siteRoot = path.resolve(__dirname, '..', '..');

export function crdSidebar(version: DocsVersion): SidebarItemConfig {
  const dir = path.join(siteRoot, releaseDataDir(version.release), 'crd');
  const kinds = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.crd.json'))
    .map((f) => f.replace(/\.crd\.json$/, ''))
    .sort();
  return {
    type: 'category',
    label: 'Kubernetes resources',
    link: {type: 'doc', id: 'toolhive/reference/crds/index'},
    collapsed: true,
    items: kinds.map((kind) => `toolhive/reference/crds/${kind}`),
  };
}
