import type {ReactNode} from 'react';
import ThemedImage from '@theme/ThemedImage';
import useBaseUrl from '@docusaurus/useBaseUrl';
import screenshots from '@site/data/releases/v0.2.8/ui/screenshots.json';
import styles from './styles.module.css';

export type ScreenshotName = keyof typeof screenshots;

export interface Props {
  /** A key of data/releases/v0.2.8/ui/screenshots.json; the images are static/img/guides-ui/<name>-{light,dark}.webp. */
  readonly name: ScreenshotName;
  /** What the image shows, for screen readers and when the image does not load. */
  readonly alt: string;
  /** Load at once (for an image in the first screen of a page) instead of lazily. */
  readonly eager?: boolean;
  /** Optional caption shown under the image. */
  readonly caption?: ReactNode;
}

const sizes: Record<string, {width: number; height: number}> = screenshots;

/**
 * A screenshot of the ToolHive UI in the reader's color mode: the light and
 * the dark capture of the same screen, with their pixel size set so the page
 * does not shift while the image loads.
 */
export default function Screenshot({name, alt, eager = false, caption}: Props): ReactNode {
  const light = useBaseUrl(`/img/guides-ui/${name}-light.webp`);
  const dark = useBaseUrl(`/img/guides-ui/${name}-dark.webp`);
  const size = Object.hasOwn(sizes, name) ? sizes[name] : undefined;
  if (!size) {
    throw new Error(
      `<Screenshot name="${String(name)}">: unknown screenshot; known names: ` +
        `${Object.keys(sizes).join(', ')} (data/releases/v0.2.8/ui/screenshots.json)`,
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
