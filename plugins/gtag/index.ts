import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export interface GtagOptions {
  /** Google tag measurement ID, such as G-XXXXXXX. */
  trackingId: string;
}

/**
 * Google tag (gtag.js) with IP anonymisation and no inline script, so the
 * Content-Security-Policy in vercel.json needs no 'unsafe-inline' or per-ID
 * hash. The config only adds this plugin to production deploys.
 */
export default function pluginGtag(_context: LoadContext, options: GtagOptions): Plugin {
  const {trackingId} = options;
  if (!/^[A-Z0-9-]+$/i.test(trackingId)) {
    throw new Error(`plugins/gtag: invalid trackingId "${trackingId}"`);
  }
  return {
    name: 'toolhive-gtag',
    getClientModules() {
      return [path.join(__dirname, 'client.ts')];
    },
    contentLoaded({actions}) {
      actions.setGlobalData({trackingId});
    },
    injectHtmlTags() {
      return {
        headTags: [
          {
            tagName: 'script',
            attributes: {
              async: true,
              src: `https://www.googletagmanager.com/gtag/js?id=${trackingId}`,
            },
          },
        ],
      };
    },
  };
}
