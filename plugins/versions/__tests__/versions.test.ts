import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import type {Root} from 'mdast';
import {DOCS_VERSIONS, ROOT_VERSION, docsVersion, versionPath} from '../../../docs-versions';
import {pageRelease, versionOfFile} from '../page-release';
import remarkVersionLinks from '../remark-links';
import remarkReleaseNotice from '../remark-release-notice';
import {docRoutes, versionRedirects, SUCCESSORS} from '../redirects';
import {apiSidebar} from '../../api-reference/sidebar';
import {cliSidebar} from '../../../scripts/cli-reference/sidebar';
import {loadCliData, releaseDataFile} from '../../../scripts/cli-reference/data';

const siteRoot = path.resolve(__dirname, '..', '..', '..');
const current = docsVersion('current');
const old = docsVersion('0.2.8');

test('every version has its docs, its release data, its API description and its place in versions.json', () => {
  const names = JSON.parse(fs.readFileSync(path.join(siteRoot, 'versions.json'), 'utf8'));
  assert.deepEqual(
    names,
    DOCS_VERSIONS.filter((v) => v.name !== 'current').map((v) => v.name),
  );
  assert.ok(DOCS_VERSIONS.some((v) => v.name === ROOT_VERSION));
  for (const v of DOCS_VERSIONS) {
    assert.ok(fs.existsSync(path.join(siteRoot, v.docsDir, 'toolhive', 'index.mdx')), v.docsDir);
    for (const file of ['cli/thv.yaml', 'clients.yaml', 'crd', 'helm']) {
      assert.ok(
        fs.existsSync(path.join(siteRoot, 'data/releases', v.release, file)),
        `${v.release}/${file}`,
      );
    }
    assert.ok(fs.existsSync(path.join(siteRoot, 'static/api-specs', v.release, 'openapi.yaml')));
    if (v.name !== 'current') {
      assert.ok(
        fs.existsSync(path.join(siteRoot, `versioned_sidebars/version-${v.name}-sidebars.json`)),
      );
    }
  }
});

test('a file belongs to the version of its folder, and describes its release unless it says otherwise', () => {
  assert.equal(versionOfFile('docs/toolhive/faq.mdx')?.name, 'current');
  assert.equal(versionOfFile(`${old.docsDir}/toolhive/faq.mdx`)?.name, '0.2.8');
  assert.equal(versionOfFile('src/pages/index.tsx'), null);
  assert.equal(pageRelease('docs/toolhive/x.mdx'), current.release);
  assert.equal(pageRelease('docs/toolhive/x.mdx', {release: 'v0.2.8'}), 'v0.2.8');
  assert.throws(
    () => pageRelease('docs/toolhive/x.mdx', {release: 'v9.9.9'}),
    /no documented release/,
  );
});

test('the root version has no path; the current version is under /next, an older one under its name', () => {
  assert.equal(versionPath('0.2.8', '0.2.8'), '');
  assert.equal(versionPath('current', '0.2.8'), '/next');
  assert.equal(versionPath('current', 'current'), '');
  assert.equal(versionPath('0.2.8', 'current'), '/0.2.8');
});

/** Runs the links plugin on a page with the given links and returns their URLs. */
async function linksOf(file: string, release: string | undefined, root: string, urls: string[]) {
  const tree = {
    type: 'root',
    children: [
      {type: 'paragraph', children: urls.map((url) => ({type: 'link', url, children: []}))},
      {
        type: 'mdxJsxFlowElement',
        name: 'Link',
        attributes: [{type: 'mdxJsxAttribute', name: 'to', value: urls[0]}],
        children: [],
      },
    ],
  } as unknown as Root;
  await remarkVersionLinks({root})(tree, {
    path: file,
    data: {frontMatter: release ? {release} : {}},
  });
  const paragraph = tree.children[0] as unknown as {children: {url: string}[]};
  const jsx = tree.children[1] as unknown as {attributes: {value: string}[]};
  return {links: paragraph.children.map((l) => l.url), jsx: jsx.attributes[0]!.value};
}

test('links to /toolhive routes point to the page of the linking page’s own version', async () => {
  const urls = [
    '/toolhive/guides-cli/install#flags',
    '/toolhive',
    'https://example.com/toolhive',
    './x.mdx',
  ];
  const inCurrent = await linksOf('docs/toolhive/a.mdx', undefined, '0.2.8', urls);
  assert.deepEqual(inCurrent.links, [
    '/next/toolhive/guides-cli/install#flags',
    '/next/toolhive',
    'https://example.com/toolhive',
    './x.mdx',
  ]);
  assert.equal(inCurrent.jsx, '/next/toolhive/guides-cli/install#flags');
  const atRoot = await linksOf(`${old.docsDir}/toolhive/a.mdx`, undefined, '0.2.8', urls);
  assert.deepEqual(atRoot.links, urls);
  const afterFlip = await linksOf(`${old.docsDir}/toolhive/a.mdx`, undefined, 'current', urls);
  assert.equal(afterFlip.links[0], '/0.2.8/toolhive/guides-cli/install#flags');
});

test('a page that still describes an earlier release links to that release’s reference pages', async () => {
  const urls = ['/toolhive/reference/cli/thv_restart', '/toolhive/guides-cli/install'];
  const before = await linksOf('docs/toolhive/a.mdx', 'v0.2.8', '0.2.8', urls);
  assert.deepEqual(before.links, [
    '/toolhive/reference/cli/thv_restart',
    '/next/toolhive/guides-cli/install',
  ]);
  const after = await linksOf('docs/toolhive/a.mdx', 'v0.2.8', 'current', urls);
  assert.deepEqual(after.links, [
    '/0.2.8/toolhive/reference/cli/thv_restart',
    '/toolhive/guides-cli/install',
  ]);
});

test('a page that still describes an earlier release opens with a note that says so, after its imports', () => {
  const tree = {
    type: 'root',
    children: [
      {type: 'mdxjsEsm', value: "import X from './x';"},
      {type: 'paragraph', children: [{type: 'text', value: 'Body'}]},
    ],
  } as unknown as Root;
  remarkReleaseNotice()(tree, {
    path: 'docs/toolhive/a.mdx',
    data: {frontMatter: {release: 'v0.2.8'}},
  });
  const note = tree.children[1] as unknown as {
    type: string;
    name: string;
    children: {children: {value?: string; url?: string}[]}[];
  };
  assert.equal(note.type, 'containerDirective');
  assert.equal(note.name, 'info');
  assert.equal(note.children[0]!.children[0]!.value, 'This page still describes ToolHive v0.2.8');
  assert.ok(
    note.children[1]!.children.some(
      (c) => c.url === '/toolhive/reference/changes/v0.2.8-to-v0.44.0',
    ),
  );
  const plain = {type: 'root', children: [{type: 'paragraph', children: []}]} as unknown as Root;
  remarkReleaseNotice()(plain, {path: 'docs/toolhive/a.mdx', data: {frontMatter: {}}});
  remarkReleaseNotice()(plain, {path: `${old.docsDir}/toolhive/a.mdx`, data: {frontMatter: {}}});
  assert.equal(plain.children.length, 1);
});

test('after the flip, every address of the old root answers: the page, its successor or its old version', () => {
  const routes = new Map<string, Set<string>>([
    [
      'current',
      new Set([
        '/toolhive',
        '/toolhive/reference/cli/thv_start',
        '/toolhive/reference/crds/mcpserver',
      ]),
    ],
    [
      '0.2.8',
      new Set([
        '/toolhive',
        '/toolhive/reference/cli/thv_restart',
        '/toolhive/reference/cli/thv_mcp_serve',
        '/toolhive/reference/crd-spec',
      ]),
    ],
  ]);
  const r = versionRedirects('current', (v) => routes.get(v.name)!);
  assert.deepEqual(r.redirects, [
    {from: '/toolhive/reference/cli/thv_restart', to: '/toolhive/reference/cli/thv_start'},
    {from: '/toolhive/reference/crd-spec', to: '/toolhive/reference/crds/mcpserver'},
  ]);
  assert.deepEqual(r.createRedirects('/0.2.8/toolhive/reference/cli/thv_mcp_serve'), [
    '/toolhive/reference/cli/thv_mcp_serve',
  ]);
  assert.equal(r.createRedirects('/0.2.8/toolhive'), undefined);
  assert.equal(r.createRedirects('/0.2.8/toolhive/reference/cli/thv_restart'), undefined);
  assert.deepEqual(r.createRedirects('/toolhive/reference/cli/thv_start'), [
    '/next/toolhive/reference/cli/thv_start',
  ]);
  // Before the flip, nothing moves.
  const before = versionRedirects('0.2.8', (v) => routes.get(v.name)!);
  assert.deepEqual(before.redirects, []);
  assert.equal(before.createRedirects('/toolhive/reference/cli/thv_mcp_serve'), undefined);
});

test('with the real docs, the flip leaves no address of today without an answer', () => {
  const now = docRoutes(path.join(siteRoot, old.docsDir));
  const next = docRoutes(path.join(siteRoot, current.docsDir));
  assert.ok(now.size > 140 && next.size > 200, `${now.size} and ${next.size} routes`);
  const r = versionRedirects('current');
  const redirected = new Set([
    ...r.redirects.map((x) => x.from),
    ...[...now].flatMap((route) => r.createRedirects(`/0.2.8${route}`) ?? []),
  ]);
  const lost = [...now].filter((route) => !next.has(route) && !redirected.has(route));
  assert.deepEqual(lost, []);
  for (const [from, to] of Object.entries(SUCCESSORS)) {
    assert.ok(now.has(from), `${from} is a page of v0.2.8`);
    assert.ok(next.has(to), `${to} is a page of v0.44.0`);
  }
});

test('the routes computed from the docs folders are the routes the build has', (t) => {
  const sitemap = path.join(siteRoot, 'build', 'sitemap.xml');
  if (!fs.existsSync(sitemap)) {
    assert.fail('build/sitemap.xml is missing: run npm run build before the unit tests');
  }
  const built = new Set(
    [...fs.readFileSync(sitemap, 'utf8').matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map(
      (m) => m[1]!.replace(/\/$/, '') || '/',
    ),
  );
  for (const v of DOCS_VERSIONS) {
    const prefix = versionPath(v.name);
    const missing = [...docRoutes(path.join(siteRoot, v.docsDir))]
      .map((r) => `${prefix}${r === '/' ? '' : r}`)
      .filter((r) => !built.has(r));
    assert.deepEqual(missing, [], v.name);
  }
  t.diagnostic(`${built.size} routes in the sitemap`);
});

test('the sidebar of v0.2.8 lists the reference pages its generators write', () => {
  const snapshot = JSON.parse(
    fs.readFileSync(path.join(siteRoot, 'versioned_sidebars/version-0.2.8-sidebars.json'), 'utf8'),
  ) as {toolhiveSidebar: {type?: string; label?: string; items?: {label?: string}[]}[]};
  const reference = snapshot.toolhiveSidebar.find((i) => i.label === 'Reference')!;
  const cli = reference.items!.find((i) => i.label === 'thv');
  const api = reference.items!.find((i) => i.label === 'API reference');
  assert.deepEqual(cli, cliSidebar(loadCliData(releaseDataFile(old.release))));
  assert.deepEqual(api, apiSidebar(siteRoot, `${old.docsDir}/toolhive/reference/api`));
});
