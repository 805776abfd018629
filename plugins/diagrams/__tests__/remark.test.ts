import assert from 'node:assert/strict';
import fs from 'node:fs';
import {test} from 'node:test';
import type {Code, Root} from 'mdast';
import remarkDiagrams, {COMPONENTS} from '../remark';
import {renderDiagram, titleWidth} from '../render';
import {listFiles} from '../../../scripts/checks/lib/code-blocks';

/** Every fenced `mermaid` block of the docs and pages: [file:line, source]. */
function diagrams(): [string, string][] {
  const files = listFiles(['docs', 'src/pages'], ['.md', '.mdx']);
  const found: [string, string][] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^```mermaid[^\n]*\n([\s\S]*?)\n```$/gm)) {
      found.push([`${file}:${text.slice(0, m.index).split('\n').length}`, m[1]!]);
    }
  }
  return found;
}

const stylesheet = fs.readFileSync('plugins/diagrams/MermaidDiagram.module.css', 'utf8');
const defined = new Set([...stylesheet.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]));

/** A fenced mermaid block, as the Markdown parser gives it, with its fence at `line`. */
function codeNode(source: string, line = 10): Code {
  return {
    type: 'code',
    lang: 'mermaid',
    value: source,
    position: {
      start: {line, column: 1},
      end: {line: line + source.split('\n').length + 1, column: 4},
    },
  };
}

/**
 * Runs the remark plugin on a page holding one mermaid block at `line`;
 * returns the page without the imports the plugin adds (see the test of
 * imports below).
 */
async function transform(
  source: string,
  line = 10,
  path = 'docs/page.mdx',
  verbose = false,
): Promise<Root> {
  const root: Root = {type: 'root', children: [codeNode(source, line)]};
  await remarkDiagrams({verbose})(root, {path});
  return {...root, children: root.children.filter((n) => (n.type as string) !== 'mdxjsEsm')};
}

/** The element the plugin made of a block left to the theme, as it must be. */
function themeElement(source: string, line = 10) {
  return {
    type: 'mdxJsxFlowElement',
    name: 'ThemeDiagram',
    attributes: [{type: 'mdxJsxAttribute', name: 'value', value: source}],
    children: [],
    position: codeNode(source, line).position,
  };
}

/** The props of the MermaidDiagram element the plugin made of `node`, or null if it left the block. */
function drawnProps(node: unknown): Record<string, string> | null {
  const element = node as {
    type: string;
    name?: string;
    attributes?: {name: string; value: string}[];
  };
  if (element.type !== 'mdxJsxFlowElement' || element.name === 'ThemeDiagram') return null;
  assert.equal(element.name, 'MermaidDiagram');
  return Object.fromEntries(element.attributes!.map((a) => [a.name, a.value]));
}

/** What the drawing of a block must be: inline-ready SVG in the site's colours, every quoted label drawn. */
function assertDrawing(where: string, source: string, svg: string): void {
  assert.match(svg, /^<svg aria-hidden="true" [^>]*viewBox="0 0 [\d.]+ [\d.]+"/, where);
  assert.doesNotMatch(svg, /<style|https?:\/\/(?!www\.w3\.org)/, `${where}: no stylesheet or URL`);
  for (const [, label] of source.matchAll(/\["([^"<]+)"\]/g)) {
    assert.ok(svg.includes(`>${label}<`), `${where}: label ${label}`);
  }
  for (const [, name] of svg.matchAll(/var\((--[\w-]+)/g)) {
    assert.ok(defined.has(name!), `${where}: ${name} is not set in styles.module.css`);
  }
}

test('every mermaid block under docs/ is drawn well at build time or left to the theme', async (t) => {
  // Either is fine for a contributor: a block left to the theme loads Mermaid
  // (about 190 KB gzip) on its page, which the test reports but never refuses.
  const docs = diagrams().filter(([where]) => where.startsWith('docs'));
  assert.ok(docs.length >= 11, `found ${docs.length} diagrams in docs/`);
  const left: string[] = [];
  for (const [where, source] of docs) {
    const [file, line] = where.split(':');
    const root = await transform(source, Number(line), file);
    const props = drawnProps(root.children[0]);
    if (!props) {
      // Left to @docusaurus/theme-mermaid, as it was written.
      assert.deepEqual(root.children[0], themeElement(source, Number(line)), where);
      left.push(where);
      continue;
    }
    assertDrawing(where, source, props.svg!);
    assert.ok(props.name!.length > 10, `${where}: accessible name`);
    assert.ok((props.description ?? '').length > 10, `${where}: description`);
  }
  t.diagnostic(
    `${docs.length - left.length} of ${docs.length} docs diagrams drawn at build time` +
      (left.length ? `; left to the theme: ${left.join(', ')}` : ''),
  );
});

test('the pages draw at build time the kinds the renderer knows, and leave the others', async () => {
  // src/pages/theme-preview.mdx shows one diagram of each kind.
  const own = /^(flowchart|graph|sequenceDiagram|stateDiagram|classDiagram|erDiagram)\b/;
  const pages = diagrams().filter(([where]) => where.startsWith('src/pages'));
  const drawn = new Set<string>();
  const left = new Set<string>();
  for (const [where, source] of pages) {
    const header = source.trim().split('\n')[0]!.trim();
    const root = await transform(source);
    const props = drawnProps(root.children[0]);
    if (own.test(header)) {
      assert.ok(props, `${where}: ${header} is left to the theme`);
      assertDrawing(where, source, props.svg!);
      drawn.add(header.split(/\s/)[0]!);
    } else {
      assert.equal(props, null, `${where}: ${header} is drawn at build time`);
      left.add(header.split(/\s/)[0]!);
    }
  }
  assert.deepEqual([...drawn].sort(), [
    'classDiagram',
    'erDiagram',
    'flowchart',
    'sequenceDiagram',
    'stateDiagram-v2',
  ]);
  assert.deepEqual([...left].sort(), [
    'gantt',
    'gitGraph',
    'journey',
    'mindmap',
    'pie',
    'timeline',
  ]);
});

test('a block becomes a MermaidDiagram element with the drawing and its text alternative', async () => {
  const root = await transform('flowchart LR\n  a[Client] -->|calls| b[Server]');
  const element = root.children[0] as unknown as {
    type: string;
    name: string;
    attributes: {name: string; value: string}[];
  };
  assert.equal(element.type, 'mdxJsxFlowElement');
  assert.equal(element.name, 'MermaidDiagram');
  const props = Object.fromEntries(element.attributes.map((a) => [a.name, a.value]));
  assert.match(props.svg!, /^<svg aria-hidden="true"/);
  assert.equal(props.name, 'Flowchart: Client, Server');
  assert.equal(props.description, 'Client to Server: calls.');
  assert.match(props.id!, /^mermaid-[0-9a-f]{8}$/);
});

test('accTitle and accDescr name and describe the diagram, and are not drawn', async () => {
  const d = await renderDiagram(
    'flowchart LR\n  accTitle: Request path\n  accDescr {\n    The client\n    calls the server.\n  }\n  a[Client] --> b[Server]',
    'x',
  );
  assert.equal(d.name, 'Request path');
  assert.equal(d.description, 'The client calls the server.');
  assert.doesNotMatch(d.svg, /accTitle|accDescr|Request path/);
});

test('groups and both-way links are described; ids get the diagram prefix', async () => {
  const d = await renderDiagram(
    'flowchart LR\n  subgraph host[Host]\n    a[ToolHive proxy]\n  end\n  a <--> b[Server]',
    'pfx',
  );
  assert.equal(
    d.description,
    'Host contains ToolHive proxy. ToolHive proxy and Server, both ways.',
  );
  const ids = [...d.svg.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]!);
  assert.ok(ids.length > 0 && ids.every((id) => id.startsWith('pfx-')), ids.join());
  for (const [, ref] of d.svg.matchAll(/url\(#([^)]+)\)/g)) assert.ok(ids.includes(ref!), ref);
});

test('a diagram whose parts cannot be read back takes its description from accDescr, else has none', async () => {
  const d = await renderDiagram(
    'classDiagram\n  accDescr: A duck is an animal.\n  Animal <|-- Duck',
    'x',
  );
  assert.equal(d.description, 'A duck is an animal.');
  assert.match(d.name, /^Class diagram/);
  const root = await transform('erDiagram\n  CATALOG ||--o{ ENTRY : lists');
  const props = drawnProps(root.children[0]);
  assert.ok(props, 'drawn without accDescr');
  assert.equal(props.name, 'Entity relationship diagram');
  assert.equal('description' in props, false);
});

test("an entity's attributes and a class's members are drawn, their closing braces too", async () => {
  const er = await renderDiagram(
    'erDiagram\n  CATALOG ||--o{ ENTRY : lists\n  CATALOG {\n    string name\n  }',
    'x',
  );
  assert.match(er.svg, />name</);
  const cls = await renderDiagram('classDiagram\n  class Proxy {\n    +int port\n  }', 'x');
  assert.match(cls.svg, /port/);
});

test('a sequence diagram is described message by message', async () => {
  const d = await renderDiagram(
    'sequenceDiagram\n  participant C as Client\n  participant S as Server\n  C->>S: request\n  S-->>C: reply',
    'x',
  );
  assert.equal(d.name, 'Sequence diagram: Client, Server');
  assert.equal(d.description, 'Client to Server: request. Server to Client: reply.');
});

test('a block the renderer cannot draw faithfully is left to the theme as written', async () => {
  // The fence is line 10 of the page, so the block's first line is line 11.
  const cases: [string, number, RegExp][] = [
    ['gantt\n  title Plan\n  Write :2025-06-02, 3d', 11, /Invalid mermaid header: "gantt"/],
    ['pie title Pets\n  "Dogs" : 3', 11, /Invalid mermaid header/],
    ['xychart-beta\n  x-axis [a, b]\n  bar [1, 2]', 11, /charts are left to the theme/],
    ['flowchart LR\n  a --> b\n  a -> c', 13, /"a -> c" changes nothing/],
    ['flowchart LR\n  a --> b\n  click a "https://example.com"', 13, /does not understand "click"/],
    ['flowchart LR\n  a --> b\n  a --x c', 13, /changes nothing/],
    ['flowchart LR\n  a-->b', 12, /put spaces around arrows/],
    ['flowchart LR\n  a --> b\n  a[Client] --> c', 13, /first appears earlier without a label/],
    [
      'flowchart LR\n  subgraph g[A title far wider than the one node inside]\n    a\n  end',
      12,
      /wider than its subgraph/,
    ],
    ['erDiagram\n  A ||--o{ B : has\n  A {\n    string id PK\n  }', 11, /text at 9 px/],
    ['classDiagram\n  class A {\n    <<interface>>\n    +run()\n  }', 11, /text at 10 px/],
    ['%%{init: {"theme": "forest"}}%%\nflowchart LR\n  a --> b', 11, /init/],
    ['flowchart LR\n  accDescr {\n  a --> b', 13, /accDescr \{ has no closing \}/],
    ['', 11, /empty/],
  ];
  const info = console.info;
  const logged: string[] = [];
  console.info = (...args: unknown[]) => void logged.push(args.join(' '));
  try {
    for (const [source, line, message] of cases) {
      for (const verbose of [false, true]) {
        logged.length = 0;
        const root = await transform(source, 10, 'docs/page.mdx', verbose);
        // The source as written, which @docusaurus/theme-mermaid draws in the browser.
        assert.deepEqual(root.children, [themeElement(source)], source);
        if (!verbose) {
          assert.deepEqual(logged, [], `${source}: silent unless asked`);
          continue;
        }
        assert.equal(logged.length, 1, source);
        assert.ok(
          logged[0]!.startsWith(`[diagrams] docs/page.mdx:${line} left to the theme: `),
          `${logged[0]} (line ${line})`,
        );
        assert.match(logged[0]!, message);
      }
    }
  } finally {
    console.info = info;
  }
});

test('the subgraph title estimate is within 5 % of DejaVu Sans Bold at 12 px', () => {
  // Widths measured in Chromium (getComputedTextLength) with DejaVu Sans Bold.
  const measured: [string, number][] = [
    ['Container runtime or Kubernetes', 224.3],
    ['toolhive-fetch-internal: no route out', 246.1],
    ['kind cluster: namespace toolhive-system', 278.1],
    ['ToolHive proxy on 127.0.0.1', 188.7],
    ['Your machine', 91.5],
  ];
  for (const [title, width] of measured) {
    const estimate = titleWidth(title) - 20;
    assert.ok(Math.abs(estimate - width) / width < 0.05, `${title}: ${estimate} vs ${width}`);
  }
});

test('a page imports the diagram components it uses, once each, and no others', async () => {
  const imports = (root: Root) =>
    root.children
      .filter((n) => (n.type as string) === 'mdxjsEsm')
      .map((n) => (n as unknown as {value: string}).value);
  const drawnAtBuild = 'flowchart LR\n  a[Client] --> b[Server]';
  const leftToTheme = 'pie title Pets\n  "Dogs" : 3';
  const page = (...sources: string[]): Root => ({
    type: 'root',
    children: sources.map((s, i) => codeNode(s, 10 * (i + 1))),
  });

  const none: Root = {type: 'root', children: [{type: 'paragraph', children: []}]};
  await remarkDiagrams()(none, {path: 'docs/a.mdx'});
  assert.deepEqual(imports(none), []);

  const both = page(drawnAtBuild, leftToTheme, drawnAtBuild, leftToTheme);
  await remarkDiagrams()(both, {path: 'docs/b.mdx'});
  assert.deepEqual(imports(both), [
    `import MermaidDiagram from '${COMPONENTS.MermaidDiagram}';`,
    `import ThemeDiagram from '${COMPONENTS.ThemeDiagram}';`,
  ]);
  // Each import carries the program MDX compiles.
  const esm = both.children[0] as unknown as {data: {estree: {body: {source: {value: string}}[]}}};
  assert.equal(esm.data.estree.body[0]!.source.value, COMPONENTS.MermaidDiagram);

  const onlyTheme = page(leftToTheme);
  await remarkDiagrams()(onlyTheme, {path: 'docs/c.mdx'});
  assert.deepEqual(imports(onlyTheme), [`import ThemeDiagram from '${COMPONENTS.ThemeDiagram}';`]);

  // A page's own import of the same name is an error, not a silent clash.
  const clash = page(drawnAtBuild);
  clash.children.unshift({
    type: 'mdxjsEsm',
    value: "import MermaidDiagram from './mine';",
  } as unknown as Root['children'][number]);
  await assert.rejects(
    remarkDiagrams()(clash, {path: 'docs/d.mdx'}),
    /docs\/d\.mdx: the page declares MermaidDiagram/,
  );
});
