import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import type {LoadedContent as PagesContent} from '@docusaurus/plugin-content-pages';
import {applyTrailingSlash} from '@docusaurus/utils-common';
import type {SidebarItem} from '../search/index-builder/sections';
import {API_DOC_ID_PREFIX} from '../api-reference/components/registry';
import {API_INFO_DOC_ID} from '../api-reference/sidebar';
import {mdxToMarkdown} from './mdx';
import {operationMarkdown, operations, overviewMarkdown, parseOpenApi} from './openapi';
import {
  LLMS_FULL_TXT,
  LLMS_TXT,
  llmsFullTxt,
  llmsTxt,
  type Twin,
  type TwinSection,
} from './llms-txt';
import {twinPath} from './twin-path';
import {DOCS_VERSIONS} from '../../docs-versions';

export {LLMS_FULL_TXT, LLMS_TXT, type Twin, type TwinSection} from './llms-txt';

/**
 * Markdown twins, llms.txt and llms-full.txt.
 *
 * After the build, every page gets a Markdown twin at its route plus `.md`
 * (./twin-path.ts), written from its source rather than its HTML: docs and
 * MDX pages through ./mdx.ts, API reference pages from the OpenAPI
 * description (./openapi.ts), the landing page from its content module.
 * `llms.txt` lists the twins in sidebar order, one section per top-level
 * sidebar category (llmstxt.org format); `llms-full.txt` holds them all.
 */
export interface MarkdownTwinsOptions {
  /** The one-paragraph summary of llms.txt and llms-full.txt. */
  summary: string;
  /**
   * Paragraphs after the summary of llms.txt and llms-full.txt (Markdown,
   * no headings), such as where else the docs can be read.
   */
  details?: string[];
  /** Heading of llms.txt (default: the site title). */
  title?: string;
  /** Doc id prefix of the generated API reference (default: plugins/api-reference's). */
  apiDocPrefix?: string;
  /** Doc id of the API overview page (default: plugins/api-reference's). */
  apiInfoDocId?: string;
  /**
   * Per docs version (by its name): the label that names it, and the
   * sentence after the summary that says which release it describes.
   */
  versions?: Record<string, {label: string; summary: string}>;
  /** Writes the landing page's Markdown (below its title and description). */
  home?: {title: string; description: string; markdown: (siteUrl: string) => string};
}

interface DocEntry {
  id: string;
  /** The docs version's name ('current', '0.2.8'...). */
  version: string;
  route: string;
  title: string;
  description: string;
  /** Site-relative source path. */
  source: string;
  /** The category this doc's sidebar entry sits in, for doc card lists. */
  cards?: string[];
}

/** A twin's text: the title as `#`, its description, then the content. */
export function twinText(title: string, description: string, body: string): string {
  // A body that opens with its own `#` title keeps it.
  const own = /^# .*\n?/.exec(body);
  const heading = own ? own[0].trim() : `# ${title}`;
  const rest = own ? body.slice(own[0].length).trim() : body;
  const desc = description && !rest.includes(description) ? [description, ''] : [];
  return `${[heading, '', ...desc, rest].join('\n').trim()}\n`;
}

export default function pluginMarkdownTwins(
  context: LoadContext,
  options: MarkdownTwinsOptions,
): Plugin {
  const {siteDir, siteConfig} = context;
  const siteUrl = `${siteConfig.url.replace(/\/$/, '')}${context.baseUrl.replace(/\/$/, '')}`;
  const apiPrefix = options.apiDocPrefix ?? API_DOC_ID_PREFIX;
  const apiInfoId = options.apiInfoDocId ?? API_INFO_DOC_ID;
  const asRoute = (permalink: string) =>
    applyTrailingSlash(permalink, {
      trailingSlash: siteConfig.trailingSlash,
      baseUrl: context.baseUrl,
    });

  let docs: DocEntry[] = [];
  let mdxPages: {route: string; title: string; description: string; source: string}[] = [];
  /** Each built docs version's llms.txt sections, in sidebar order; the root version's first. */
  let versionSections: {name: string; path: string; isLast: boolean; sections: TwinSection[]}[] =
    [];

  return {
    name: 'toolhive-markdown-twins',

    allContentLoaded({allContent}) {
      const docsContent = Object.values(
        allContent['docusaurus-plugin-content-docs'] ?? {},
      ) as DocsContent[];
      const pagesContent = Object.values(
        allContent['docusaurus-plugin-content-pages'] ?? {},
      ) as PagesContent[];
      docs = [];
      versionSections = [];
      for (const content of docsContent) {
        for (const version of content.loadedVersions) {
          const routeOfId = new Map<string, string>();
          const sections: TwinSection[] = [];
          for (const doc of version.docs) {
            routeOfId.set(doc.id, asRoute(doc.permalink));
            docs.push({
              id: doc.id,
              version: version.versionName,
              route: asRoute(doc.permalink),
              title: doc.title,
              description: doc.frontMatter.description ? doc.description : '',
              source: doc.source.replace(/^@site\//, ''),
            });
          }
          const overview: string[] = [];
          const byId = new Map(
            docs.filter((d) => d.version === version.versionName).map((d) => [d.id, d]),
          );
          const walk = (items: SidebarItem[], into: string[]) => {
            for (const item of items) {
              if ((item.type === 'doc' || item.type === 'ref') && item.id) {
                into.push(routeOfId.get(item.id)!);
              } else if (item.type === 'category') {
                const own = item.link?.type === 'doc' ? byId.get(item.link.id!) : undefined;
                if (own) {
                  into.push(own.route);
                  own.cards = [];
                  walk(item.items ?? [], own.cards);
                  into.push(...own.cards);
                } else {
                  walk(item.items ?? [], into);
                }
              }
            }
          };
          for (const sidebar of Object.values(version.sidebars) as SidebarItem[][]) {
            for (const item of sidebar) {
              if (item.type === 'category') {
                const routes: string[] = [];
                walk([item], routes);
                sections.push({title: item.label!, routes});
              } else {
                walk([item], overview);
              }
            }
          }
          sections.unshift({title: 'Overview', routes: overview});
          versionSections.push({
            name: version.versionName,
            path: version.path.replace(/\/$/, ''),
            isLast: version.isLast,
            sections,
          });
        }
      }
      versionSections.sort((a, b) => Number(b.isLast) - Number(a.isLast));
      mdxPages = [];
      for (const pages of pagesContent) {
        for (const page of pages) {
          if (page.type !== 'mdx') continue;
          mdxPages.push({
            route: asRoute(page.permalink),
            title: page.title ?? page.frontMatter.title ?? '',
            description: page.description ?? '',
            source: page.source.replace(/^@site\//, ''),
          });
        }
      }
    },

    async postBuild({outDir}) {
      const routeOfSource = new Map(docs.map((d) => [d.source, d.route]));
      for (const p of mdxPages) routeOfSource.set(p.source, p.route);
      // Each version's API pages come from the OpenAPI description of its release.
      const specs = new Map<
        string,
        {
          spec: ReturnType<typeof parseOpenApi>;
          ops: Map<string, ReturnType<typeof operations>[number]>;
        }
      >();
      for (const version of DOCS_VERSIONS) {
        const file = path.join(siteDir, `static/api-specs/${version.release}/openapi.yaml`);
        const spec = parseOpenApi(await fs.readFile(file, 'utf8'));
        specs.set(version.name, {
          spec,
          ops: new Map(operations(spec).map((o) => [`${apiPrefix}${o.id}`, o])),
        });
      }
      const byRoute = new Map(docs.map((d) => [d.route, d]));
      const twins = new Map<string, Twin>();
      const cardList = (routes: string[]) =>
        routes
          .map((r) => byRoute.get(r)!)
          .map(
            (d) =>
              `- [${d.title}](${siteUrl}${d.route})${d.description ? `: ${d.description}` : ''}`,
          )
          .join('\n');

      const convert = async (route: string, source: string, cards?: string[]): Promise<string> => {
        const file = path.join(siteDir, source);
        return mdxToMarkdown(await fs.readFile(file, 'utf8'), file, {
          siteUrl,
          siteDir,
          route,
          routeOfSource: (p) => routeOfSource.get(p),
          rootVersion: versionSections.find((v) => v.isLast)?.name,
          docCards: cards ? () => cardList(cards) : undefined,
        });
      };

      for (const doc of docs) {
        let body: string;
        const {spec, ops} = specs.get(doc.version)!;
        if (doc.id === apiInfoId) {
          body = overviewMarkdown(spec, (tag) =>
            [...ops.entries()]
              .filter(([, o]) => ((o.op.tags as string[]) ?? []).includes(tag))
              .map(([id]) => docs.find((d) => d.id === id && d.version === doc.version))
              .filter((d): d is DocEntry => !!d)
              .map((d) => `- [${d.title}](${siteUrl}${d.route})`),
          );
        } else if (doc.id.startsWith(apiPrefix)) {
          const op = ops.get(doc.id);
          if (!op) throw new Error(`markdown-twins: no OpenAPI operation for ${doc.id}`);
          body = operationMarkdown(spec, op);
        } else {
          body = await convert(doc.route, doc.source, doc.cards);
        }
        twins.set(doc.route, {
          route: doc.route,
          title: doc.title,
          description: doc.description,
          markdown: twinText(doc.title, doc.description, body),
        });
      }
      for (const page of mdxPages) {
        twins.set(page.route, {
          ...page,
          markdown: twinText(page.title, page.description, await convert(page.route, page.source)),
        });
      }
      const first: string[] = [];
      if (options.home) {
        const home = options.home;
        const route = asRoute(context.baseUrl);
        twins.set(route, {
          route,
          title: home.title,
          description: home.description,
          markdown: twinText(home.title, home.description, home.markdown(siteUrl)),
        });
        first.push(route);
      }

      for (const twin of twins.values()) {
        const file = path.join(outDir, twinPath(twin.route));
        await fs.mkdir(path.dirname(file), {recursive: true});
        await fs.writeFile(file, twin.markdown);
      }

      // One llms.txt and llms-full.txt per docs version, at the version's
      // path (/llms.txt for the root version, /next/llms.txt ...). Pages
      // outside every sidebar (other than the landing page) close the root
      // version's list.
      const title = options.title ?? siteConfig.title;
      const listed = new Set([
        ...first,
        ...versionSections.flatMap((v) => v.sections.flatMap((s) => s.routes)),
      ]);
      const rest = [...twins.keys()].filter((r) => !listed.has(r)).sort();
      for (const version of versionSections) {
        const own = version.isLast
          ? version.sections.map((s, i) => (i === 0 ? {...s, routes: [...first, ...s.routes]} : s))
          : version.sections;
        const all: TwinSection[] = [...own];
        if (version.isLast && rest.length) all.push({title: 'Optional', routes: rest});
        const others = versionSections
          .filter((v) => v !== version)
          .map(
            (v) =>
              `${options.versions?.[v.name]?.label ?? v.name}: ${siteUrl}${v.path}/${LLMS_TXT}`,
          );
        const summary = [options.summary, options.versions?.[version.name]?.summary]
          .filter(Boolean)
          .join(' ');
        const details = [
          ...(options.details ?? []),
          ...(others.length ? [`The docs of other ToolHive releases: ${others.join('; ')}.`] : []),
        ];
        const dir = path.join(outDir, version.path);
        await fs.mkdir(dir, {recursive: true});
        await fs.writeFile(
          path.join(dir, LLMS_TXT),
          llmsTxt(title, summary, all, twins, siteUrl, details),
        );
        await fs.writeFile(
          path.join(dir, LLMS_FULL_TXT),
          llmsFullTxt(title, summary, all, twins, siteUrl, details),
        );
      }
      console.log(
        `[toolhive-markdown-twins] ${twins.size} Markdown twins, ${LLMS_TXT} and ${LLMS_FULL_TXT} of ${versionSections.length} versions written`,
      );
    },
  };
}
