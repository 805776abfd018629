import assert from 'node:assert/strict';
import fs from 'node:fs';
import {test} from 'node:test';
import type {Code, Root} from 'mdast';
import remarkMermaidSvg from '../remark';
import {DiagramError, renderDiagram, titleWidth} from '../render';
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

const stylesheet = fs.readFileSync('plugins/mermaid-svg/styles.module.css', 'utf8');
const defined = new Set([...stylesheet.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]));

/** Runs the remark plugin on a page holding one mermaid block at `line`. */
async function transform(source: string, line = 10): Promise<Root> {
  const code: Code = {
    type: 'code',
    lang: 'mermaid',
    value: source,
    position: {start: {line, column: 1}, end: {line: line + 5, column: 4}},
  };
  const root: Root = {type: 'root', children: [code]};
  await remarkMermaidSvg()(root, {path: 'docs/page.mdx'});
  return root;
}

test('every mermaid block of the docs renders to SVG at build time', async () => {
  const blocks = diagrams();
  assert.ok(blocks.length >= 13, `found ${blocks.length} diagrams`);
  const docs = blocks.filter(([where]) => where.startsWith('docs'));
  assert.ok(docs.length >= 11, `found ${docs.length} diagrams in docs/`);
  for (const [where, source] of blocks) {
    const diagram = await renderDiagram(source, 'd').catch((error: Error) => {
      assert.fail(`${where}: ${error.message}`);
    });
    assert.match(diagram.svg, /^<svg [^>]*viewBox="0 0 [\d.]+ [\d.]+"/, where);
    assert.doesNotMatch(
      diagram.svg,
      /<style|https?:\/\/(?!www\.w3\.org)/,
      `${where}: no stylesheet or URL`,
    );
    // Every label the source quotes is drawn.
    for (const [, label] of source.matchAll(/\["([^"<]+)"\]/g)) {
      assert.ok(diagram.svg.includes(`>${label}<`), `${where}: label ${label}`);
    }
    // Every colour the drawing uses is set by the stylesheet.
    for (const [, name] of diagram.svg.matchAll(/var\((--[\w-]+)/g)) {
      assert.ok(defined.has(name!), `${where}: ${name} is not set in styles.module.css`);
    }
    assert.ok(diagram.name.length > 10, `${where}: accessible name`);
    assert.ok(diagram.description.length > 10, `${where}: description`);
  }
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

test('a diagram whose parts cannot be read back takes its description from accDescr', async () => {
  const d = await renderDiagram(
    'classDiagram\n  accDescr: A duck is an animal.\n  Animal <|-- Duck',
    'x',
  );
  assert.equal(d.description, 'A duck is an animal.');
  assert.match(d.name, /^Class diagram/);
});

test('a sequence diagram is described message by message', async () => {
  const d = await renderDiagram(
    'sequenceDiagram\n  participant C as Client\n  participant S as Server\n  C->>S: request\n  S-->>C: reply',
    'x',
  );
  assert.equal(d.name, 'Sequence diagram: Client, Server');
  assert.equal(d.description, 'Client to Server: request. Server to Client: reply.');
});

test('the build stops at the file and line of a diagram the renderer cannot draw', async () => {
  // The fence is line 10 of the page, so the block's first line is line 11.
  const cases: [string, number, RegExp][] = [
    ['pie title Pets\n  "Dogs" : 3', 11, /Invalid mermaid header/],
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
    ['%%{init: {"theme": "forest"}}%%\nflowchart LR\n  a --> b', 11, /init/],
    ['classDiagram\n  Animal <|-- Duck', 11, /write one with accDescr/],
    ['', 11, /empty/],
  ];
  for (const [source, line, message] of cases) {
    await assert.rejects(transform(source), (error: Error) => {
      assert.ok(!(error instanceof DiagramError), 'a plain error with the place');
      assert.ok(
        error.message.includes(`docs/page.mdx:${line}:`),
        `${error.message} (line ${line})`,
      );
      assert.match(error.message, message);
      return true;
    });
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
