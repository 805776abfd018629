// The local search index: DocSearch records from rendered HTML (the build),
// from Markdown (the development server), sidebar sections (lvl0), and the
// compact index file that carries them to the browser.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {AllContent} from '@docusaurus/types';
import {recordsFromHtml} from '../index-builder/html';
import {leadOnlyRoutes, withLeadOnly} from '../index-builder';
import {recordsFromMarkdown} from '../index-builder/source';
import {docsWithSections, DEFAULT_SECTION} from '../index-builder/sections';
import {packRecords, unpackRecords, type DocSearchRecord} from '../client/records';

// Shaped like Docusaurus's minified output: optional end tags left out,
// heading links with a zero-width space, chrome around the article.
const DOC_PAGE = `<!doctype html><html><head><title>Run MCP servers | ToolHive</title></head><body>
<nav class=navbar><a href=/>Home</a></nav>
<div id=__docusaurus_skipToContent_fallback class=main-wrapper><aside><nav aria-label="Docs sidebar"><ul><li><a href=/x>Sidebar link</a></ul></nav></aside>
<main><article><nav class=theme-doc-breadcrumbs><ul><li>ToolHive CLI</ul></nav>
<div class="theme-doc-markdown markdown"><header><h1>Run MCP servers</h1></header>
<p>Intro with <code>&lt;server-name></code> and a <a href=/y>link</a>.
<div class="theme-admonition alert"><div class=admonitionHeading>note</div><div><p>Watch out for ports.</div></div>
<h2 class=anchor id=choose-a-transport>Choose a transport<a href=#choose-a-transport class=hash-link>&#8203;</a></h2>
<ul><li>First item<li>Second item<ul><li>Nested item</ul></ul>
<div class=theme-code-block><pre><code>thv run fetch</code></pre></div>
<div class=tabs-container><ul role=tablist><li>macOS<li>Windows</ul><div role=tabpanel><p>Tab text.</div></div>
<h3 class=anchor id=stdio>stdio<a href=#stdio class=hash-link>&#8203;</a></h3>
<p>Text under stdio.
<h2 class=anchor id=flags>Flags<a href=#flags class=hash-link>&#8203;</a></h2>
<table><thead><tr><th>Flag<th>Type<th>Description<tbody>
<tr><td><span id=flag-transport></span><a href=#flag-transport><code>--transport</code></a><td>string<td>How the server talks.
<tr><td><span id=flag-env></span><a href=#flag-env><code>--env</code></a>, <code>-e</code><td>stringArray<td>Set a variable.
</table>
<p>After the table.
<table><thead><tr><th>Resource<th>Kind<tbody><tr><td>fetch-dns<td>dnsmasq container</table>
</div><footer class=theme-doc-footer><a>Edit this page</a></footer></article></main></div>
<footer class=footer>Copyright</footer></body></html>`;

function byText(records: DocSearchRecord[], text: string): DocSearchRecord {
  const found = records.find(
    (r) => r.content?.includes(text) || Object.values(r.hierarchy).includes(text),
  );
  assert.ok(found, `no record with "${text}"`);
  return found;
}

test('rendered HTML becomes title, heading and content records', () => {
  const page = recordsFromHtml(DOC_PAGE, {path: '/toolhive/run', lvl0: 'ToolHive CLI'});
  assert.ok(page);
  const records = unpackRecords(packRecords([page]));
  assert.equal(records[0]!.type, 'lvl1');
  assert.equal(records[0]!.hierarchy.lvl1, 'Run MCP servers');
  assert.equal(records[0]!.url, '/toolhive/run');

  const intro = byText(records, 'Intro with');
  assert.equal(intro.content, 'Intro with <server-name> and a link.');
  assert.equal(intro.type, 'content');
  assert.equal(intro.url, '/toolhive/run');
  assert.equal(byText(records, 'Watch out').content, 'Watch out for ports.');

  const heading = records.find(
    (r) => r.type === 'lvl2' && r.hierarchy.lvl2 === 'Choose a transport',
  );
  assert.ok(heading, 'the h2 without its zero-width hash link');
  assert.equal(heading.url, '/toolhive/run#choose-a-transport');
  assert.equal(heading.anchor, 'choose-a-transport');

  const item = byText(records, 'Second item');
  assert.equal(item.content, 'Second item', 'a list item without its nested list');
  assert.equal(item.url, '/toolhive/run#choose-a-transport');
  assert.equal(byText(records, 'Nested item').type, 'content');

  const under = byText(records, 'Text under stdio.');
  assert.equal(under.hierarchy.lvl2, 'Choose a transport');
  assert.equal(under.hierarchy.lvl3, 'stdio');
  assert.equal(under.url, '/toolhive/run#stdio');
  assert.equal(byText(records, 'Tab text.').type, 'content');

  const all = JSON.stringify(records);
  for (const left of [
    'thv run fetch',
    'macOS',
    'Sidebar link',
    'Edit this page',
    'Copyright',
    'note',
  ]) {
    assert.ok(!all.includes(`"${left}"`) && !all.includes(left + ' '), `"${left}" is not indexed`);
  }
  assert.ok(!all.includes('\u200b'));
  assert.equal(new Set(records.map((r) => r.objectID)).size, records.length, 'unique objectIDs');
  assert.ok(records.every((r) => r.hierarchy.lvl0 === 'ToolHive CLI'));
});

test('a diagram is not indexed: neither its drawing nor its text alternative', () => {
  // As plugins/diagrams/ThemeDiagram.tsx renders a diagram: the drawing (in the browser) in
  // a figure, the visually hidden description, the full-size button.
  const html = DOC_PAGE.replace(
    '<p>After the table.',
    '<div data-mermaid-diagram><figure role=img aria-label="Request path" aria-describedby=d>' +
      '<div data-mermaid-slot=light><div class="docusaurus-mermaid-container"><svg><g><text>Drawn label</text>' +
      '<foreignObject><div><span class=nodeLabel><p>HTML label</p></span></div></foreignObject></g></svg></div></div>' +
      '</figure><p id=d>The client calls the server.</p><button>View full size</button></div><p>After the table.',
  );
  const page = recordsFromHtml(html, {path: '/toolhive/run', lvl0: 'ToolHive CLI'});
  assert.ok(page);
  const records = unpackRecords(packRecords([page]));
  assert.equal(byText(records, 'After the table.').hierarchy.lvl2, 'Flags');
  const all = JSON.stringify(records);
  for (const left of ['Drawn label', 'HTML label', 'The client calls', 'View full size']) {
    assert.ok(!all.includes(left), `"${left}" is not indexed`);
  }
});

test('CLI flag rows become records of their own, linked by their anchor', () => {
  const page = recordsFromHtml(DOC_PAGE, {
    path: '/toolhive/reference/cli/thv_run',
    lvl0: 'Reference',
  });
  const records = unpackRecords(packRecords([page!]));
  const transport = records.find((r) => r.anchor === 'flag-transport');
  assert.ok(transport);
  assert.equal(transport.type, 'lvl3');
  assert.equal(transport.hierarchy.lvl2, 'Flags');
  assert.equal(transport.hierarchy.lvl3, '--transport');
  assert.equal(transport.content, 'string · How the server talks.');
  assert.equal(transport.url, '/toolhive/reference/cli/thv_run#flag-transport');
  assert.equal(records.find((r) => r.anchor === 'flag-env')?.hierarchy.lvl3, '--env, -e');

  // Text after the flag table still belongs to the Flags section.
  const after = byText(records, 'After the table.');
  assert.equal(after.hierarchy.lvl3, null);
  assert.equal(after.url, '/toolhive/reference/cli/thv_run#flags');
  // Ordinary table rows are content, and so is the header row, which names
  // what the rows are.
  assert.equal(byText(records, 'fetch-dns').content, 'fetch-dns · dnsmasq container');
  assert.equal(byText(records, 'Resource ·').content, 'Resource · Kind');
});

test('a page without a docs article uses its whole content area', () => {
  const html = `<html><body><nav>Menu</nav><div id=__docusaurus_skipToContent_fallback>
<header class=hero><h1>Simple and secure AI tools</h1><p>Tagline text.</header>
<main><h2>Choose how you run ToolHive</h2><section><h3>ToolHive CLI</h3><p>The thv command line.<p><a href=/a>Guides</a><a href=/b>Quickstart</a></section></main></div></body></html>`;
  const records = unpackRecords(packRecords([recordsFromHtml(html, {path: '/', lvl0: 'Home'})!]));
  assert.equal(records[0]!.hierarchy.lvl1, 'Simple and secure AI tools');
  assert.equal(byText(records, 'Tagline text.').type, 'content');
  assert.equal(byText(records, 'The thv command line.').hierarchy.lvl3, 'ToolHive CLI');
  assert.equal(byText(records, 'Guides').content, 'Guides Quickstart', 'adjacent links stay apart');
  assert.ok(!JSON.stringify(records).includes('Menu'));
});

test("a page's keywords travel on its title record, its description does not", () => {
  const head =
    '<meta name="description" content="Keep API tokens  out of files.">' +
    '<meta name="keywords" content="api key,password, credentials">';
  const html = DOC_PAGE.replace('<title>', `${head}<title>`);
  const page = recordsFromHtml(html, {path: '/toolhive/run', lvl0: 'ToolHive CLI'});
  assert.ok(page);
  const file = packRecords([page]);
  const records = unpackRecords(JSON.parse(JSON.stringify(file)) as typeof file);
  assert.ok(!JSON.stringify(file).includes('Keep API tokens'), 'the description is not indexed');
  assert.deepEqual(records[0]!.keywords, ['api key', 'password', 'credentials']);
  // Only the title record carries them; sections find them through their page.
  for (const r of records.slice(1)) {
    assert.equal(r.keywords, undefined, r.objectID);
  }
  // A page without the tags packs as before.
  const plain = recordsFromHtml(DOC_PAGE, {path: '/toolhive/run', lvl0: 'ToolHive CLI'})!;
  assert.equal(packRecords([plain]).pages[0]!.length, 3);
  assert.equal(unpackRecords(packRecords([plain]))[0]!.keywords, undefined);
  // The development server's records, from the loaded doc, carry the same.
  const md = recordsFromMarkdown('---\ntitle: T\n---\n\nText.\n', {
    path: '/t',
    lvl0: 'Docs',
    title: 'T',
    keywords: ['first', ' ', 'second'],
  });
  const [title] = unpackRecords(packRecords([md]));
  assert.deepEqual(title!.keywords, ['first', 'second']);
});

test("an API operation's method and path are its page's first body text", () => {
  // As the API theme renders an operation: the endpoint in a <pre> under the title.
  const html = `<html><body><main><article><div class="theme-doc-markdown markdown">
<div class="row theme-api-markdown"><div class="col col--7"><h1 class=openapi__heading>Stop a workload</h1>
<pre class=openapi__method-endpoint><span class="badge badge--primary">POST</span> <h2 class=openapi__method-endpoint-path>/api/v1beta/workloads/:name/stop</h2></pre>
<p>Stops the workload.
<div class=theme-code-block><pre><code>curl -X POST</code></pre></div>
</div></div></div></article></main></body></html>`;
  const page = recordsFromHtml(html, {
    path: '/toolhive/reference/api/stop-workload',
    lvl0: 'Reference',
  })!;
  assert.deepEqual(
    page.records.map((r) => [r.level, r.text]),
    [
      [1, 'Stop a workload'],
      [0, 'POST /api/v1beta/workloads/:name/stop'],
      [0, 'Stops the workload.'],
    ],
  );
  // The development server reads the same line from the generated MDX.
  const md = recordsFromMarkdown(
    [
      '---',
      'title: Stop a workload',
      '---',
      '',
      '<MethodEndpoint',
      '  method={"post"}',
      '  path={"/api/v1beta/workloads/:name/stop"}',
      '  context={"endpoint"}',
      '>',
      '',
      '</MethodEndpoint>',
      '',
      'Stops the workload.',
    ].join('\n'),
    {path: '/x', lvl0: 'Reference', title: 'Stop a workload'},
  );
  assert.deepEqual(
    md.records.map((r) => r.text),
    ['Stop a workload', 'POST /api/v1beta/workloads/:name/stop', 'Stops the workload.'],
  );
  // Both call the page what a reader calls it, which its text doesn't say.
  assert.deepEqual(page.keywords, ['API endpoint']);
  assert.deepEqual(md.keywords, ['API endpoint']);
});

test('Markdown source gives the same kinds of records, with Docusaurus anchors', () => {
  const md = `---
title: Run MCP servers
---

import Tabs from '@theme/Tabs';

Intro with \`<server-name>\` and a [link](./other.mdx).

## Choose a transport

- First **item**
- Second item

\`\`\`bash
thv run fetch
\`\`\`

### The \`stdio\` transport {#stdio}

Text under
stdio.

## Flags

| Flag | Type | Description |
| --- | --- | --- |
| <span id="flag-transport"></span>[\`--transport\`](#flag-transport) | string | How the server talks. |
| plain | row | here |
`;
  const records = unpackRecords(
    packRecords([
      recordsFromMarkdown(md, {path: '/run', lvl0: 'ToolHive CLI', title: 'Run MCP servers'}),
    ]),
  );
  assert.equal(byText(records, 'Intro with').content, 'Intro with <server-name> and a link.');
  assert.equal(records.find((r) => r.type === 'lvl2')?.url, '/run#choose-a-transport');
  assert.equal(byText(records, 'First item').url, '/run#choose-a-transport');
  assert.equal(byText(records, 'Text under stdio.').url, '/run#stdio');
  assert.equal(byText(records, 'Text under stdio.').hierarchy.lvl3, 'The stdio transport');
  const flag = records.find((r) => r.anchor === 'flag-transport');
  assert.equal(flag?.hierarchy.lvl3, '--transport');
  assert.equal(flag?.content, 'string · How the server talks.');
  assert.equal(byText(records, 'plain').content, 'plain · row · here');
  assert.equal(byText(records, 'Flag ·').content, 'Flag · Type · Description');
  assert.ok(!JSON.stringify(records).includes('thv run fetch'));
  assert.ok(!JSON.stringify(records).includes('import'));
});

test('lvl0 is the top-level sidebar category of each doc', () => {
  const doc = (id: string) => ({
    id,
    permalink: `/${id}`,
    title: id,
    description: `About ${id}`,
    frontMatter: {},
    source: `@site/docs/${id}.mdx`,
  });
  const allContent = {
    'docusaurus-plugin-content-docs': {
      default: {
        loadedVersions: [
          {
            docs: ['home', 'cli/index', 'cli/install', 'ui/index', 'faq', 'orphan'].map(doc),
            sidebars: {
              main: [
                {type: 'doc', id: 'home'},
                {
                  type: 'category',
                  label: 'ToolHive CLI',
                  link: {type: 'doc', id: 'cli/index'},
                  items: [{type: 'doc', id: 'cli/install'}],
                },
                // An empty category, which Docusaurus turns into a labelled doc link.
                {type: 'doc', id: 'ui/index', label: 'ToolHive UI'},
                {type: 'doc', id: 'faq'},
              ],
            },
          },
        ],
      },
    },
  } as unknown as AllContent;
  const sections = Object.fromEntries(
    docsWithSections(allContent).map((d) => [d.permalink, d.section]),
  );
  assert.deepEqual(sections, {
    '/home': DEFAULT_SECTION,
    '/cli/index': 'ToolHive CLI',
    '/cli/install': 'ToolHive CLI',
    '/ui/index': 'ToolHive UI',
    '/faq': DEFAULT_SECTION,
    '/orphan': DEFAULT_SECTION,
  });
});

test('the index file rejects an unknown format', () => {
  assert.throws(() => unpackRecords({format: 2, pages: [], records: []} as never), /format/);
});

test('a lead-only page keeps its title and the text before its first heading', () => {
  const html = `<html><head><title>Known issues | ToolHive</title></head><body><article>
    <div class="theme-doc-markdown markdown"><h1>Known issues</h1><p>Every gap, listed.</p>
    <h2 id="cli">ToolHive CLI</h2><p>An entry's text.</p></div></article></body></html>`;
  const page = recordsFromHtml(html, {
    path: '/toolhive/reference/known-issues',
    lvl0: 'Reference',
  })!;
  assert.deepEqual(
    withLeadOnly(page).records.map((r) => r.text),
    ['Known issues', 'Every gap, listed.'],
  );
  assert.equal(page.records.length, 4);
});

test('a lead-only route applies to the page in every docs version', () => {
  assert.deepEqual(
    [...leadOnlyRoutes(['/toolhive/reference/known-issues'], '/', ['/', '/0.2.8/'])].sort(),
    ['/0.2.8/toolhive/reference/known-issues', '/toolhive/reference/known-issues'],
  );
  assert.deepEqual(
    [...leadOnlyRoutes(['/docs/toolhive/faq'], '/docs/', ['/docs/', '/docs/next/'])].sort(),
    ['/docs/next/toolhive/faq', '/docs/toolhive/faq'],
  );
});

test("a known issue's status line is left out of the index", () => {
  const html = `<html><head><title>Run | ToolHive</title></head><body><article>
    <div class="theme-doc-markdown markdown"><h1>Run</h1>
    <div class="theme-admonition"><p>The flag does nothing.</p>
    <p class="known-issue-status">Checked in ToolHive v0.2.8. <a href="/x">Source and details</a></p></div>
    </div></article></body></html>`;
  const texts = recordsFromHtml(html, {path: '/run', lvl0: 'CLI'})!.records.map((r) => r.text);
  assert.ok(texts.includes('The flag does nothing.'), texts.join(' | '));
  assert.ok(!texts.some((t) => t.includes('Checked in')), texts.join(' | '));
});

test("an admonition's own title is text of its section, its default title is not", () => {
  const html = `<html><head><title>Run | ToolHive</title></head><body><article>
    <div class="theme-doc-markdown markdown"><h1>Run</h1>
    <h2 class=anchor id=ports>Set ports<a href=#ports class=hash-link>&#8203;</a></h2>
    <div class="theme-admonition theme-admonition-danger alert"><div class=admonitionHeading_Gvgb><span class=admonitionIcon_Rf37><svg><path d="M0 0"/></svg></span>Known issue: The container port <code>bypasses</code> the proxy</div>
    <div class=admonitionContent_BuS1><p>Whoever reaches it skips the checks.</p></div></div>
    <div class="theme-admonition theme-admonition-warning alert"><div class=admonitionHeading_Gvgb><span class=admonitionIcon_Rf37><svg><path d="M0 0"/></svg></span>warning</div>
    <div class=admonitionContent_BuS1><p>Keep the default.</p></div></div>
    </div></article></body></html>`;
  const records = unpackRecords(packRecords([recordsFromHtml(html, {path: '/run', lvl0: 'CLI'})!]));
  const title = byText(records, 'Known issue: The container port bypasses the proxy');
  assert.equal(title.type, 'content');
  assert.equal(title.url, '/run#ports');
  assert.equal(byText(records, 'Whoever reaches it').url, '/run#ports');
  assert.equal(byText(records, 'Keep the default.').url, '/run#ports');
  assert.ok(!records.some((r) => r.content === 'warning'), 'the default title is not indexed');

  const md = `## Set ports\n\n:::danger[Known issue: the port is open]\n\nSkips the checks.\n\n:::\n\n:::tip\n\nA tip.\n\n:::\n`;
  const fromSource = unpackRecords(
    packRecords([recordsFromMarkdown(md, {path: '/run', lvl0: 'CLI', title: 'Run'})]),
  );
  assert.deepEqual(
    fromSource.filter((r) => r.type === 'content').map((r) => [r.content, r.url]),
    [
      ['Known issue: the port is open', '/run#set-ports'],
      ['Skips the checks.', '/run#set-ports'],
      ['A tip.', '/run#set-ports'],
    ],
  );
});
