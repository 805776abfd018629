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
