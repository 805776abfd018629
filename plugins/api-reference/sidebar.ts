/**
 * The API reference part of the docs sidebar: a category linked to the
 * API overview page, with one sub-category per OpenAPI tag and one item per
 * operation. The items come from the sidebar slice that
 * docusaurus-plugin-openapi-docs writes next to the generated pages
 * (docs/toolhive/reference/api/sidebar.ts, created by `npm run gen:api`).
 *
 * The slice is loaded with require() rather than imported, so type checks and
 * linting work on a checkout where the pages have not been generated yet.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

type SidebarItemConfig = Extract<SidebarsConfig[string], unknown[]>[number];

export const API_OUTPUT_DIR = 'docs/toolhive/reference/api';
/** The overview page, generated from the spec's `info` (its route is /toolhive/reference/api). */
export const API_INFO_DOC_ID = 'toolhive/reference/api/toolhive-api';

export function apiSidebar(
  siteDir: string = path.resolve(__dirname, '../..'),
  outputDir: string = API_OUTPUT_DIR,
): SidebarItemConfig {
  const slicePath = path.join(siteDir, outputDir, 'sidebar.ts');
  if (!fs.existsSync(slicePath)) {
    throw new Error(`${slicePath} is missing: run "npm run gen:api" to generate the API reference`);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const raw = (require(slicePath) as {default: SidebarItemConfig[]}).default;
  // In a versioned docs folder the generator writes ids with the folder's
  // name (version-0.2.8/toolhive/...); a version's doc ids have none.
  const unversioned = (item: SidebarItemConfig): SidebarItemConfig => {
    if (typeof item !== 'object' || item === null) return item;
    const copy = {...item} as SidebarItemConfig & {id?: string; items?: SidebarItemConfig[]};
    if (typeof copy.id === 'string') copy.id = copy.id.replace(/^version-[^/]+\//, '');
    if (Array.isArray(copy.items)) copy.items = copy.items.map(unversioned);
    return copy;
  };
  const slice = raw.map(unversioned);
  return {
    type: 'category',
    label: 'API reference',
    link: {type: 'doc', id: API_INFO_DOC_ID},
    collapsed: true,
    // The overview page is the category's own link, so it is not listed twice.
    items: slice.filter(
      (item) => !(typeof item === 'object' && 'id' in item && item.id === API_INFO_DOC_ID),
    ),
  };
}
