/**
 * Structured data (schema.org JSON-LD) from what the site configuration
 * already holds: on docs pages a TechArticle about ToolHive (the theme's
 * DocBreadcrumbs adds the BreadcrumbList of the sidebar path), on the landing
 * page the WebSite with its search action and the Organization behind it
 * (from the footer logo and the navbar's social links).
 */
import type {DocusaurusConfig} from '@docusaurus/types';

export type Json = Record<string, unknown>;

interface ThemeConfigLike {
  footer?: {logo?: {alt?: string; href?: string; src?: string}};
  navbar?: {items?: {type?: string; href?: string}[]};
}

const SCHEMA = 'https://schema.org';

function siteUrl(site: DocusaurusConfig): string {
  return `${site.url}${site.baseUrl}`.replace(/\/$/, '');
}

function organization(site: DocusaurusConfig): Json {
  const {footer, navbar} = site.themeConfig as ThemeConfigLike;
  const logo = footer?.logo;
  return {
    '@type': 'Organization',
    name: logo?.alt ?? site.organizationName,
    ...(logo?.href && {url: logo.href}),
    ...(logo?.src && {logo: `${siteUrl(site)}/${logo.src.replace(/^\//, '')}`}),
    sameAs: (navbar?.items ?? [])
      .filter((i) => i.type === 'custom-iconLink' && i.href)
      .map((i) => i.href),
  };
}

/** The product the docs are about. */
function product(site: DocusaurusConfig): Json {
  return {
    '@type': 'SoftwareApplication',
    name: 'ToolHive',
    applicationCategory: 'DeveloperApplication',
    operatingSystem: 'macOS, Windows, Linux',
    url: siteUrl(site),
  };
}

export function docArticle(
  site: DocusaurusConfig,
  doc: {title: string; description: string; permalink: string},
): Json {
  return {
    '@context': SCHEMA,
    '@type': 'TechArticle',
    headline: doc.title,
    description: doc.description,
    // The page's canonical URL: without the trailing slash of an index page's permalink.
    url: `${site.url}${doc.permalink.replace(/(.)\/$/, '$1')}`,
    inLanguage: site.i18n.defaultLocale,
    about: product(site),
    publisher: organization(site),
  };
}

export function homeGraph(site: DocusaurusConfig): Json {
  const root = siteUrl(site);
  return {
    '@context': SCHEMA,
    '@graph': [
      {
        '@type': 'WebSite',
        name: site.title,
        url: `${root}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: {
            '@type': 'EntryPoint',
            urlTemplate: `${root}/search?q={search_term_string}`,
          },
          'query-input': 'required name=search_term_string',
        },
        publisher: organization(site),
      },
      organization(site),
    ],
  };
}

/**
 * A JSON-LD block for the page head; `<` is escaped so the data cannot end
 * the element. `<script type="application/ld+json">` is data, not script:
 * browsers do not run it, so the Content-Security-Policy needs no hash for it.
 */
export function jsonLdTag(data: Json): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}
