import fs from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Pages that any static file server can answer.
 *
 * With `trailingSlash: false` the build writes `toolhive/faq.html` beside a
 * `toolhive/` folder. A host with clean-URL rewrites (vercel.json,
 * `npm run serve`) answers `/toolhive/faq` from it, but a plain static server
 * (GitHub Pages, an S3 bucket, nginx's defaults, `python3 -m http.server`)
 * answers `/toolhive/` and `/toolhive/faq/` with a 404 or a directory listing.
 * After the build this plugin gives every route both files, `<route>.html` and
 * `<route>/index.html`, so each form of the URL finds the page. The client
 * module then gives the router the route's own path (no `.html`, no
 * `/index.html`, no trailing slash) before it reads the address.
 */
export function htmlFilesOf(outDir: string, route: string): {flat: string; nested: string} {
  const rel = route.replace(/^\/+|\/+$/g, '');
  return {flat: path.join(outDir, `${rel}.html`), nested: path.join(outDir, rel, 'index.html')};
}

export default function pluginStaticHost(): Plugin {
  return {
    name: 'toolhive-static-host',
    getClientModules() {
      return [path.join(__dirname, 'client.ts')];
    },
    async postBuild({outDir, routesPaths}) {
      let copies = 0;
      const routes = [...new Set(routesPaths)].filter((r) => r !== '/' && !r.endsWith('.html'));
      for (const route of routes) {
        const {flat, nested} = htmlFilesOf(outDir, route);
        const hasFlat = fs.existsSync(flat);
        const hasNested = fs.existsSync(nested);
        if (!hasFlat && !hasNested) {
          throw new Error(`plugins/static-host: no HTML file was built for ${route}`);
        }
        if (hasFlat && !hasNested) {
          fs.mkdirSync(path.dirname(nested), {recursive: true});
          fs.copyFileSync(flat, nested);
          copies += 1;
        } else if (hasNested && !hasFlat) {
          fs.copyFileSync(nested, flat);
          copies += 1;
        }
      }
      if (routes.length > 0 && copies === 0) {
        throw new Error('plugins/static-host: no page needed a second file; check trailingSlash');
      }
    },
  };
}
