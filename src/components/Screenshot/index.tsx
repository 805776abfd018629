import type {ReactNode} from 'react';
import ThemedImage from '@theme/ThemedImage';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useDoc, useDocsVersion} from '@docusaurus/plugin-content-docs/client';
import {DOCS_VERSIONS} from '@site/docs-versions';
import {screenshotPath, screenshotsFor} from './releases';
import styles from './styles.module.css';

export interface Props {
  /**
   * A screen of data/releases/<release>/ui/screenshots.json, for the release
   * the page describes (its front matter's `release`, else its version's).
   */
  readonly name: string;
  /** What the image shows, for screen readers and when the image does not load. */
  readonly alt: string;
  /** Load at once (for an image in the first screen of a page) instead of lazily. */
  readonly eager?: boolean;
  /** Optional caption shown under the image. */
  readonly caption?: ReactNode;
}

/**
 * A screenshot of the ToolHive UI in the reader's color mode: the light and
 * the dark capture of the same screen, with their pixel size set so the page
 * does not shift while the image loads.
 */
export default function Screenshot({name, alt, eager = false, caption}: Props): ReactNode {
  const {frontMatter} = useDoc();
  const version = useDocsVersion();
  const release =
    (frontMatter as {release?: string}).release ??
    DOCS_VERSIONS.find((v) => v.name === version.version)!.release;
  const {uiRelease, sizes} = screenshotsFor(release);
  const light = useBaseUrl(screenshotPath(uiRelease, name, 'light'));
  const dark = useBaseUrl(screenshotPath(uiRelease, name, 'dark'));
  const size = Object.hasOwn(sizes, name) ? sizes[name] : undefined;
  if (!size) {
    throw new Error(
      `<Screenshot name="${name}">: no screenshot of that name for ToolHive UI ${uiRelease}; ` +
        `known names: ${Object.keys(sizes).join(', ')} (data/releases/${release}/ui/screenshots.json)`,
    );
  }
  if (!alt || !alt.trim()) {
    throw new Error(`<Screenshot name="${name}">: the alt text is required`);
  }
  const image = (
    <ThemedImage
      className={styles.image}
      sources={{light, dark}}
      alt={alt}
      width={size.width}
      height={size.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'auto' : 'async'}
    />
  );
  if (!caption) return <p className={styles.screenshot}>{image}</p>;
  return (
    <figure className={styles.screenshot}>
      {image}
      <figcaption className={styles.caption}>{caption}</figcaption>
    </figure>
  );
}
