// Markdown twins (plugins/markdown-twins): the MDX conversion on small
// inputs, then the built twins, llms.txt and llms-full.txt (run after
// `npm run build`, as npm test does).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {DOCS_VERSIONS, versionPath} from '../../../docs-versions';
import fs from 'node:fs';
import path from 'node:path';
import {mdxToMarkdown, type ConvertContext} from '../mdx';
import {llmsTxt, parseLlmsTxt, type Twin} from '../llms-txt';
import {routeOfTwinPath, twinPath} from '../twin-path';

const root = path.resolve(import.meta.dirname, '../../..');
const build = path.join(root, 'build');
const SITE = 'https://docs.stacklok.com';

const ctx: ConvertContext = {
  siteUrl: SITE,
  siteDir: root,
  route: '/toolhive/guides-cli/page',
  routeOfSource: (p) =>
    ({'docs/toolhive/guides-cli/install.mdx': '/toolhive/guides-cli/install'})[p],
};
const convert = (mdx: string) =>
  mdxToMarkdown(mdx, path.join(root, 'docs/toolhive/guides-cli/page.mdx'), ctx);

test('imports, exports, comments and JSX wrappers leave no trace', () => {
  const md = convert(
    [
      '---',
      'title: T',
      '---',
      "import Tabs from '@theme/Tabs';",
      'export const x = 1;',
      '',
      '{/* a comment */}',
      '',
      '<div className="x">',
      '',
      'Kept text.',
      '',
      '</div>',
    ].join('\n'),
  );
  assert.equal(md, 'Kept text.');
});

test('tabs become one labelled section per tab', () => {
  const md = convert(
    [
      '<Tabs groupId="os">',
      '<TabItem value="mac" label="macOS">',
      '',
      'Use brew.',
      '',
      '</TabItem>',
      '<TabItem value="linux" label="Linux">',
      '',
      'Use apt.',
      '',
      '</TabItem>',
      '</Tabs>',
    ].join('\n'),
  );
  assert.equal(md, '**macOS**\n\nUse brew.\n\n**Linux**\n\nUse apt.');
});

test('admonitions become blockquotes that keep their label and title', () => {
  assert.equal(convert(':::warning\n\nCareful.\n\n:::'), '> **Warning**\n>\n> Careful.');
  assert.equal(
    convert(':::note[Windows paths]\n\nUse `\\\\`.\n\n:::'),
    '> **Note: Windows paths**\n>\n> Use `\\\\`.',
  );
});

test('a known issue becomes its admonition, for the release the page describes', () => {
  // Entries of data/known-issues.yaml: one still present in ToolHive v0.44.0,
  // one fixed in ToolHive UI v0.5.0 that the v0.2.8 docs describe in UI 0.4.0.
  const present = '<KnownIssue id="cli-containers-restart-without-proxy" />';
  const fixed = '<KnownIssue id="ui-cline-no-transport-type" />';
  const md = convert(present);
  assert.match(md, /^> \*\*Danger: Known issue: After a restart of the machine, /);
  assert.match(md, /\n> \*\*Workaround:\*\* /);
  // The entry's link goes to the known issues page of the page's version.
  assert.ok(
    md.endsWith(
      'still present in ToolHive v0.44.0, the newest release checked. [Source and details]' +
        `(${SITE}${versionPath('current')}/toolhive/reference/known-issues#cli-containers-restart-without-proxy)`,
    ),
    md,
  );
  // docs/ describes v0.44.0, which UI v0.39.4 belongs to: the fixed entry stops the build.
  assert.throws(
    () => convert(`\n\n${fixed}`),
    /^Error: docs\/toolhive\/guides-cli\/page\.mdx:3: .*does not affect ToolHive v0\.44\.0 and ToolHive UI v0\.39\.4, .*fixed in ToolHive UI v0\.5\.0/,
  );
  // A page that still describes v0.2.8, in docs/ or in its own version's folder, shows it;
  // in docs/ after a note that says which release the page describes.
  const old = convert(`---\ntitle: T\nrelease: v0.2.8\n---\n\n${fixed}`);
  assert.match(old, /^> \*\*Info: This page still describes ToolHive v0\.2\.8\*\*\n/);
  assert.match(old, /\n\n> \*\*Warning: Known issue: Older UI releases /);
  assert.match(old, /Fixed in ToolHive UI v0\.5\.0\./);
  assert.equal(
    mdxToMarkdown(fixed, path.join(root, 'versioned_docs/version-0.2.8/toolhive/x.mdx'), ctx),
    old.slice(old.indexOf('> **Warning')),
  );
});

test('links become absolute; .mdx links become the target route', () => {
  const md = convert(
    '[a](./install.mdx#step) [b](/toolhive/faq) [c](#here) [d](https://example.com/x) ' +
      '[e](pathname:///api-specs/v0.2.8/openapi.yaml)',
  );
  // A route points to the page in the linking page's version (plugins/versions).
  assert.equal(
    md,
    `[a](${SITE}/toolhive/guides-cli/install#step) [b](${SITE}${versionPath('current')}/toolhive/faq) ` +
      `[c](${SITE}/toolhive/guides-cli/page#here) [d](https://example.com/x) ` +
      `[e](${SITE}/api-specs/v0.2.8/openapi.yaml)`,
  );
  assert.throws(() => convert('[x](./missing.mdx)'), /not a page/);
});

test('code keeps its language, Mermaid stays a mermaid block, heading ids go', () => {
  const md = convert(
    '## Title \\{#custom}\n\n```bash title="x"\nthv list\n```\n\n```mermaid\nflowchart LR\n  a --> b\n```',
  );
  assert.equal(
    md,
    '## Title\n\n```bash\nthv list\n```\n\n```mermaid\nflowchart LR\n  a --> b\n```',
  );
});

test('a screenshot becomes an image with its alt text', () => {
  // The screens of the UI release that goes with the page's release (v0.2.8: UI v0.5.0).
  const file = path.join(root, 'versioned_docs/version-0.2.8/toolhive/guides-ui/page.mdx');
  assert.equal(
    mdxToMarkdown('<Screenshot name="servers" alt="The servers page" />', file, ctx),
    `![The servers page](${SITE}/img/guides-ui/v0.5.0/servers-light.webp)`,
  );
});

// ---------------------------------------------------------------------------
// The build's twins.

const sitemapPath = path.join(build, 'sitemap.xml');
const built = fs.existsSync(sitemapPath);
const routes = built
  ? [...fs.readFileSync(sitemapPath, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1]!).pathname,
    )
  : [];

/** Lines of Markdown outside fenced code, with code spans removed. */
function prose(md: string): string[] {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of md.split('\n')) {
    const f = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (f && (!fence || f.startsWith(fence))) {
      fence = fence ? null : f;
      continue;
    }
    if (!fence) out.push(line.replace(/(`+)[\s\S]*?\1/g, ''));
  }
  return out;
}

const ESM =
  /^\s*(import\s.*\sfrom\s+['"]|import\s+['"]|export\s+(default|const|let|var|function|\{))/;
const JSX = /(?<!\\)<\/?[A-Za-z][\w.]*(\s[^>]*)?\/?>/;
const EXPRESSION = /(?<!\\)\{[^}\n]*\}/;

test('every sitemap page has a twin of clean Markdown', () => {
  assert.ok(built, 'build/sitemap.xml is missing: run "npm run build" first');
  assert.ok(routes.length > 50, `${routes.length} sitemap pages`);
  const problems: string[] = [];
  for (const route of routes) {
    const file = path.join(build, twinPath(route));
    if (!fs.existsSync(file)) {
      problems.push(`${route}: no twin`);
      continue;
    }
    const md = fs.readFileSync(file, 'utf8');
    if (!/^# \S/.test(md)) problems.push(`${route}: does not start with its title`);
    for (const line of prose(md)) {
      for (const [what, re] of [
        ['import/export', ESM],
        ['JSX tag', JSX],
        ['expression', EXPRESSION],
      ] as const) {
        if (re.test(line)) problems.push(`${route}: ${what} in "${line.slice(0, 100)}"`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('llms.txt follows the llmstxt.org format and every link is a twin', () => {
  // One llms.txt per docs version, at the version's path; between them they list every page.
  const files = DOCS_VERSIONS.map((v) => path.join(build, versionPath(v.name), 'llms.txt'));
  const links: string[] = [];
  for (const file of files) {
    const txt = fs.readFileSync(file, 'utf8');
    links.push(...checkLlmsTxt(txt));
  }
  const listed = new Set(links.map((u) => new URL(u).pathname));
  assert.deepEqual(
    routes.map(twinPath).filter((t) => !listed.has(t)),
    [],
  );
});

/** Checks one llms.txt and returns its links. */
function checkLlmsTxt(txt: string): string[] {
  // Title, summary, paragraphs without headings (where else to read the
  // docs), then the sections.
  assert.match(txt, /^# ToolHive\n\n> \S.+\n\n(?:[^#\n].*\n\n)*## /);
  const links = [...txt.matchAll(/^- \[[^\]]+\]\(([^)]+)\)(?:: .+)?$/gm)].map((m) => m[1]!);
  const items = txt.split('\n').filter((l) => l.startsWith('- '));
  assert.equal(links.length, items.length, 'every list item is `- [title](url): description`');
  for (const section of [
    'Tutorials',
    'ToolHive UI',
    'ToolHive CLI',
    'Kubernetes Operator',
    'Concepts',
    'Reference',
  ]) {
    assert.match(txt, new RegExp(`^## ${section}$`, 'm'));
  }
  const missing = links.filter((u) => {
    const url = new URL(u);
    return (
      url.origin !== SITE ||
      !url.pathname.endsWith('.md') ||
      !fs.existsSync(path.join(build, url.pathname))
    );
  });
  assert.deepEqual(missing, []);
  return links;
}

test('a twin path leads back to its route; other paths to none', () => {
  for (const route of ['/', '/toolhive', '/toolhive/faq', '/toolhive/reference/cli/thv_run'])
    assert.equal(routeOfTwinPath(twinPath(route)), route);
  for (const other of ['/toolhive/faq', '/toolhive/faq.html', 'toolhive.md', '/.md', '/a/.md'])
    assert.equal(routeOfTwinPath(other), null, other);
});

test('parseLlmsTxt reads back what llmsTxt writes', () => {
  const twins = new Map<string, Twin>([
    ['/', {route: '/', title: 'Home', description: 'The start.', markdown: ''}],
    [
      '/a/b',
      {route: '/a/b', title: 'Use [brackets] here', description: 'Has: a colon.', markdown: ''},
    ],
    ['/c', {route: '/c', title: 'No description', description: '', markdown: ''}],
  ]);
  const sections = [
    {title: 'Overview', routes: ['/', '/a/b']},
    {title: 'More', routes: ['/c']},
  ];
  const txt = llmsTxt('T', 'Summary.', sections, twins, SITE, ['A paragraph with [a link](/x).']);
  assert.deepEqual(parseLlmsTxt(txt), [
    {
      route: '/',
      url: `${SITE}/index.md`,
      title: 'Home',
      description: 'The start.',
      section: 'Overview',
    },
    {
      route: '/a/b',
      url: `${SITE}/a/b.md`,
      title: 'Use [brackets] here',
      description: 'Has: a colon.',
      section: 'Overview',
    },
    {route: '/c', url: `${SITE}/c.md`, title: 'No description', description: '', section: 'More'},
  ]);
});

test('llms-full.txt holds every twin, in the order of llms.txt', () => {
  const txt = fs.readFileSync(path.join(build, 'llms.txt'), 'utf8');
  const full = fs.readFileSync(path.join(build, 'llms-full.txt'), 'utf8');
  let at = 0;
  for (const m of txt.matchAll(/^- \[[^\]]+\]\(([^)]+)\)/gm)) {
    const twin = fs.readFileSync(path.join(build, new URL(m[1]!).pathname), 'utf8');
    const found = full.indexOf(`Source: ${m[1]}\n\n${twin}`, at);
    assert.ok(found >= at, `${m[1]} is missing or out of order in llms-full.txt`);
    at = found;
  }
});

test("every sitemap page's head names its twin", () => {
  assert.ok(built, 'build/sitemap.xml is missing: run "npm run build" first');
  const missing: string[] = [];
  for (const route of routes) {
    const rel = route === '/' ? 'index.html' : `${route.replace(/^\/+/, '')}.html`;
    const html = fs.readFileSync(path.join(build, rel), 'utf8');
    const hrefs = [...html.matchAll(/<link\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((l) => /\brel=["']?alternate\b/.test(l) && /\btype=["']?text\/markdown\b/.test(l))
      .map((l) => /\bhref=["']?([^"'\s>]+)/.exec(l)?.[1]?.replace(SITE, ''));
    const twin = `/${twinPath(route).replace(/^\/+/, '')}`;
    if (!hrefs.includes(twin)) missing.push(`${route}: ${JSON.stringify(hrefs)}`);
  }
  assert.deepEqual(missing, []);
});
