/**
 * The ToolHive UI screenshots of each documented release: their sizes
 * (data/releases/<release>/ui/screenshots.json, written by
 * scripts/ui-screenshots/capture.ts) and where the images are
 * (static/img/guides-ui/<UI release>/<name>-{light,dark}.webp). A page shows
 * the screenshots of the UI release its ToolHive release goes with
 * (docs-versions.ts).
 */
import {DOCS_VERSIONS} from '../../../docs-versions';
import v028 from '../../../data/releases/v0.2.8/ui/screenshots.json';
import v0440 from '../../../data/releases/v0.44.0/ui/screenshots.json';

type Sizes = Record<string, {width: number; height: number}>;

/** Screenshot sizes by ToolHive release. */
export const SCREENSHOTS: Record<string, Sizes> = {
  'v0.2.8': v028,
  'v0.44.0': v0440,
};

/** The UI release whose screens a page describing `release` shows, and its screenshots. */
export function screenshotsFor(release: string): {uiRelease: string; sizes: Sizes} {
  const version = DOCS_VERSIONS.find((v) => v.release === release);
  const sizes = SCREENSHOTS[release];
  if (!version || !sizes) {
    throw new Error(
      `no ToolHive UI screenshots for ToolHive ${release} (data/releases/${release}/ui/screenshots.json)`,
    );
  }
  return {uiRelease: version.uiRelease, sizes};
}

/** The path of a screenshot image under static/. */
export const screenshotPath = (uiRelease: string, name: string, mode: 'light' | 'dark'): string =>
  `/img/guides-ui/${uiRelease}/${name}-${mode}.webp`;
