/**
 * llms.txt and llms-full.txt (llmstxt.org format): writing them from the
 * twins, and reading llms.txt back into its list of twins, as the MCP
 * endpoint does (plugins/mcp-server). No Docusaurus or Node imports here, so
 * a server function can load it without the build tooling.
 */
import {routeOfTwinPath, twinPath} from './twin-path';

export const LLMS_TXT = 'llms.txt';
export const LLMS_FULL_TXT = 'llms-full.txt';

export interface Twin {
  route: string;
  title: string;
  description: string;
  markdown: string;
}

export interface TwinSection {
  title: string;
  routes: string[];
}

/** The head of both files: title, summary, then paragraphs of details (no headings). */
function head(title: string, summary: string, details: string[]): string[] {
  const out = [`# ${title}`, '', `> ${summary}`];
  for (const paragraph of details) out.push('', paragraph);
  return out;
}

export function llmsTxt(
  title: string,
  summary: string,
  sections: TwinSection[],
  twins: Map<string, Twin>,
  siteUrl: string,
  details: string[] = [],
): string {
  const out = head(title, summary, details);
  for (const section of sections) {
    out.push('', `## ${section.title}`, '');
    for (const route of section.routes) {
      const twin = twins.get(route)!;
      const desc = twin.description ? `: ${twin.description.replace(/\s+/g, ' ')}` : '';
      out.push(`- [${twin.title}](${siteUrl}${twinPath(route)})${desc}`);
    }
  }
  return `${out.join('\n')}\n`;
}

export function llmsFullTxt(
  title: string,
  summary: string,
  sections: TwinSection[],
  twins: Map<string, Twin>,
  siteUrl: string,
  details: string[] = [],
): string {
  const out = [...head(title, summary, details), ''];
  for (const route of sections.flatMap((s) => s.routes)) {
    out.push('---', '', `Source: ${siteUrl}${twinPath(route)}`, '', twins.get(route)!.markdown);
  }
  return out.join('\n');
}

/** One entry of llms.txt: a twin with its title, description and section. */
export interface LlmsTxtEntry {
  route: string;
  /** The twin's absolute URL, as listed. */
  url: string;
  title: string;
  description: string;
  /** The `##` section the entry is listed under. */
  section: string;
}

/**
 * The twins llms.txt lists, in its order. Reads what `llmsTxt` writes:
 * `- [Title](<site URL><twin path>): description` under `## Section`
 * headings. A title may hold brackets; the link target is the first
 * `](http` after it. Lines of another shape are skipped.
 */
export function parseLlmsTxt(text: string): LlmsTxtEntry[] {
  const entries: LlmsTxtEntry[] = [];
  let section = '';
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) {
      section = line.slice(3).trim();
      continue;
    }
    if (!line.startsWith('- [')) continue;
    const close = line.search(/\]\(https?:\/\//);
    if (close < 0) continue;
    const end = line.indexOf(')', close);
    if (end < 0) continue;
    const url = line.slice(close + 2, end);
    let route: string | null = null;
    try {
      route = routeOfTwinPath(new URL(url).pathname);
    } catch {
      route = null;
    }
    if (route === null) continue;
    const rest = line.slice(end + 1);
    entries.push({
      route,
      url,
      title: line.slice(3, close),
      description: rest.startsWith(': ') ? rest.slice(2) : '',
      section,
    });
  }
  return entries;
}
