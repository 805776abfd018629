/**
 * What capture.ts needs to know about one ToolHive UI release: how to build
 * its renderer, the data its stubbed bridge and mocked API serve, and how to
 * walk to each screen. Each release the docs show has a folder next to this
 * file (`v0.5.0/`, `v0.39.4/`) with a `profile.ts` and the `browser-setup.js`
 * that the page loads in place of the renderer's own entry.
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import type {Page} from '@playwright/test';

export interface Screen {
  /** The image name: static/img/guides-ui/<UI release>/<name>-{light,dark}.webp. */
  name: string;
  /** Passed to browser-setup.js as `scenario` (default: 'default'). */
  scenario?: string;
  /** Skip the wait for the profile's first screen (error screens and the like). */
  skipReady?: boolean;
  /** Bring the page to the screen; the screenshot is taken afterwards. */
  go: (page: Page) => Promise<void>;
  /** Leave the pointer where go() left it (for menus that close on hover changes). */
  keepPointer?: boolean;
}

export interface ProfileContext {
  /** The studio work tree. */
  studio: string;
  /** The thv release the UI bundles (utils/constants.ts of the studio tree). */
  thvTag: string;
  /** A ToolHive git directory, for data a profile reads from thv's source. */
  toolhiveGit: string;
  /** An upstream-format registry file given with --registry-json, if any. */
  registryJson: string | null;
}

export interface Profile {
  uiRelease: string;
  /** The browser entry that replaces renderer/src/renderer.tsx. */
  setupFile: string;
  /** Build the renderer into outDir with the studio's own Vite and plugins. */
  build: (studio: string, outDir: string, setupFile: string) => Promise<void>;
  /** Data for browser-setup.js, as window.__UI_SHOTS__ (theme and scenario are added). */
  options: (ctx: ProfileContext) => Record<string, unknown>;
  /** Wait until the app shows its first screen (skipped for screens with skipReady). */
  ready: (page: Page) => Promise<void>;
  screens: Screen[];
}

/** The part of Vite's API used here (Vite comes from the studio tree). */
export interface ViteModule {
  build: (config: Record<string, unknown>) => Promise<unknown>;
}

/** Import a package as the studio tree resolves it. */
export function studioImporter(studio: string) {
  const req = createRequire(path.join(studio, 'package.json'));
  return {
    resolve: (id: string) => req.resolve(id),
    load: async <T>(id: string) =>
      (await import(pathToFileURL(req.resolve(id)).href)) as {default: T} & T,
  };
}

/**
 * The entry plugin: serves the setup file instead of the renderer's own
 * entry (`/src/renderer.tsx` in renderer/index.html).
 */
export function entryPlugin(setupRelPath: string) {
  return {
    name: 'ui-screenshots-entry',
    transformIndexHtml: {
      order: 'pre',
      handler: (html: string) => html.replace('/src/renderer.tsx', setupRelPath),
    },
  };
}

/** Wait for fonts and a short pause, so transitions end before the capture. */
export async function settle(page: Page, ms = 600): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(ms);
}
