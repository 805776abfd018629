import type {AllContent} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';

/** Section (lvl0) of pages that sit at the top level of a sidebar or in none. */
export const DEFAULT_SECTION = 'Documentation';

/** The part of a loaded sidebar item that the plugins read. */
export type SidebarItem = {
  type: string;
  id?: string;
  label?: string;
  items?: SidebarItem[];
  link?: {type: string; id?: string};
};

export interface DocInfo {
  permalink: string;
  title: string;
  /** Front matter `keywords`, as the page's meta tag carries them. */
  keywords: string[];
  /** Site-relative path of the source file, such as docs/toolhive/faq.mdx. */
  source: string;
  section: string;
  /** The docs version it belongs to (the framework's version name: `current`, `0.2.8`). */
  version: string;
}

/**
 * Every doc with the sidebar section it belongs to: the label of the
 * top-level category that holds it. A top-level doc that stands in for a
 * category without pages (sidebars.ts turns those into links that keep the
 * category label) takes that label; other top-level docs get
 * DEFAULT_SECTION.
 */
export function docsWithSections(allContent: AllContent): DocInfo[] {
  const docsPlugin = allContent['docusaurus-plugin-content-docs'] ?? {};
  const out: DocInfo[] = [];
  for (const content of Object.values(docsPlugin) as LoadedContent[]) {
    for (const version of content.loadedVersions) {
      const sectionOf = new Map<string, string>();
      const collect = (items: SidebarItem[], label: string) => {
        for (const item of items) {
          if (item.type === 'doc' || item.type === 'ref') sectionOf.set(item.id!, label);
          if (item.type === 'category') {
            if (item.link?.type === 'doc') sectionOf.set(item.link.id!, label);
            collect(item.items ?? [], label);
          }
        }
      };
      for (const sidebar of Object.values(version.sidebars) as SidebarItem[][]) {
        for (const item of sidebar) {
          const label =
            item.type === 'category' || ((item.type === 'doc' || item.type === 'ref') && item.label)
              ? item.label!
              : DEFAULT_SECTION;
          collect([item], label);
        }
      }
      for (const doc of version.docs) {
        out.push({
          permalink: doc.permalink,
          title: doc.title,
          keywords: doc.frontMatter.keywords ?? [],
          source: doc.source.replace(/^@site\//, ''),
          section: sectionOf.get(doc.id) ?? DEFAULT_SECTION,
          version: version.versionName,
        });
      }
    }
  }
  return out;
}

/** A docs version as the index builder needs it: its name and the path its pages are served under. */
export interface VersionInfo {
  name: string;
  /** The version's base path (`/`, `/next`, `/0.2.8`). */
  path: string;
}

/** The versions of the docs plugin, in the plugin's order (newest first). */
export function docsVersions(allContent: AllContent): VersionInfo[] {
  const docsPlugin = allContent['docusaurus-plugin-content-docs'] ?? {};
  return (Object.values(docsPlugin) as LoadedContent[]).flatMap((content) =>
    content.loadedVersions.map((v) => ({name: v.versionName, path: v.path})),
  );
}
