/**
 * Wraps @theme-original/DocItem/Metadata (@docusaurus/theme-classic), the
 * <head> tags of every docs page, API reference pages included.
 * Reason for wrapping: adds the link to the page's Markdown twin
 * (plugins/markdown-twins). (The page's structured data is written into the
 * built HTML by plugins/structured-data.)
 */
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Metadata from '@theme-original/DocItem/Metadata';
import type MetadataType from '@theme/DocItem/Metadata';
import type {WrapperProps} from '@docusaurus/types';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import {twinPath} from '@site/plugins/markdown-twins/twin-path';

type Props = WrapperProps<typeof MetadataType>;

export default function MetadataWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
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
    </>
  );
}
