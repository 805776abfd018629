/**
 * Where a page's Markdown twin lives: the page's route plus `.md`
 * (`/toolhive/faq` → `/toolhive/faq.md`), and `/index.md` for the landing
 * page. Shared by the plugin that writes the twins and the page code that
 * links to them.
 */
export function twinPath(route: string): string {
  const clean = route.replace(/\/+$/, '');
  return clean === '' ? '/index.md' : `${clean}.md`;
}

/** The route whose twin is at `path` (the inverse of `twinPath`), or null for a path that is no twin's. */
export function routeOfTwinPath(path: string): string | null {
  if (!path.startsWith('/') || !path.endsWith('.md')) return null;
  if (path === '/index.md') return '/';
  const route = path.slice(0, -'.md'.length);
  return route === '' || route.endsWith('/') ? null : route;
}
