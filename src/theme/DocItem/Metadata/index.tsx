/**
 * Wraps @theme-original/DocItem/Metadata (@docusaurus/theme-classic), the
 * <head> tags of every docs page, API reference pages included.
 * Reason for wrapping: adds the link to the page's Markdown twin
 * (plugins/markdown-twins) and the page's structured data (JSON-LD: a
 * TechArticle and its BreadcrumbList, src/components/StructuredData).
 */
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Metadata from '@theme-original/DocItem/Metadata';
import type MetadataType from '@theme/DocItem/Metadata';
import type {WrapperProps} from '@docusaurus/types';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useDoc, useSidebarBreadcrumbs} from '@docusaurus/plugin-content-docs/client';
import {twinPath} from '@site/plugins/markdown-twins/twin-path';
import {JsonLd, docGraph} from '@site/src/components/StructuredData';

type Props = WrapperProps<typeof MetadataType>;

export default function MetadataWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  const breadcrumbs = useSidebarBreadcrumbs() ?? [];
  const {siteConfig} = useDocusaurusContext();
  const base = siteConfig.baseUrl.replace(/\/$/, '');
  return (
    <>
      <Metadata {...props} />
      <Head>
        <link
          rel="alternate"
          type="text/markdown"
          href={`${base}${twinPath(metadata.permalink)}`}
        />
      </Head>
      <JsonLd
        data={docGraph(siteConfig, {
          title: metadata.title,
          description: metadata.description,
          permalink: metadata.permalink,
          breadcrumbs: breadcrumbs.map((b) => ({label: b.label, href: b.href})),
        })}
      />
    </>
  );
}
