import assert from 'node:assert/strict';
import fs from 'node:fs';
import {test} from 'node:test';
import {listFiles} from '../../../scripts/checks/lib/code-blocks';
import {diagramKind, readDiagram, THEME_VARIABLES, withSiteColours} from '../mermaid';

/** Every fenced `mermaid` block of the docs and pages: [file:line, source]. */
function diagrams(): [string, string][] {
  const found: [string, string][] = [];
  for (const file of listFiles(['docs', 'src/pages'], ['.md', '.mdx'])) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^```mermaid[^\n]*\n([\s\S]*?)\n```$/gm)) {
      found.push([`${file}:${text.slice(0, m.index).split('\n').length}`, m[1]!]);
    }
  }
  return found;
}

test('every diagram of the docs has a name and a description', () => {
  const blocks = diagrams();
  const docs = blocks.filter(([where]) => where.startsWith('docs'));
  assert.ok(docs.length >= 11, `found ${docs.length} diagrams in docs/`);
  for (const [where, source] of blocks) {
    assert.match(source, /^\s*accTitle\s*:/m, `${where}: accTitle`);
    assert.match(source, /^\s*accDescr\s*[:{]/m, `${where}: accDescr`);
    const {name, description} = readDiagram(source);
    assert.ok(name.length > 5, `${where}: name`);
    assert.ok((description ?? '').length > 20, `${where}: description`);
  }
});

test('accTitle and accDescr become the text alternative and leave the drawing', () => {
  const d = readDiagram(
    'flowchart TD\n  accTitle: Request path\n  accDescr {\n    The client\n    calls the server.\n  }\n  a[Client] --> b[Server]',
  );
  assert.equal(d.name, 'Request path');
  assert.equal(d.description, 'The client calls the server.');
  // No blank line left behind: a mind map cannot have one after its first line.
  assert.equal(d.source, 'flowchart TD\n  a[Client] --> b[Server]');

  const single = readDiagram('pie title Pets\n  accDescr: Dogs and cats.\n  "Dogs" : 3');
  assert.equal(single.description, 'Dogs and cats.');
  assert.equal(single.source, 'pie title Pets\n  "Dogs" : 3');
  assert.equal(readDiagram('mindmap\n  accDescr { One line. }\n  root').description, 'One line.');
});

test('without accTitle, the name is the front matter title, else the kind of diagram', () => {
  assert.equal(
    readDiagram('---\ntitle: "Data flow"\n---\nflowchart LR\n  a --> b').name,
    'Data flow',
  );
  assert.equal(readDiagram('%% comment\nsequenceDiagram\n  A->>B: hi').name, 'Sequence diagram');
  assert.equal(readDiagram('gitGraph\n  commit').name, 'Git graph');
  assert.equal(diagramKind('quadrantChart\n  title X'), 'Diagram');
  assert.equal(readDiagram('flowchart LR\n  a --> b').description, undefined);
});

/** The custom properties of a block of src/css/custom.css. */
function properties(selector: string): Map<string, string> {
  const css = fs.readFileSync('src/css/custom.css', 'utf8');
  const start = css.indexOf(`${selector} {`);
  assert.ok(start >= 0, selector);
  const block = css.slice(start, css.indexOf('\n}', start));
  return new Map([...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

test('both colour modes set every diagram colour, in a form Mermaid accepts', () => {
  for (const selector of [':root', "[data-theme='dark']"]) {
    const set = properties(selector);
    const dark = selector !== ':root';
    const themed = withSiteColours(
      'flowchart LR\n  a --> b',
      {theme: 'base', dark},
      (p) => set.get(p) ?? '',
    );
    const init = /^%%\{init: (.*)\}%%\n/.exec(themed);
    assert.ok(init, themed);
    // Mermaid reads a directive with its single quotes turned into double quotes.
    assert.doesNotMatch(init[1]!, /'/);
    const {theme, themeVariables} = JSON.parse(init[1]!) as {
      theme: string;
      themeVariables: Record<string, string | boolean>;
    };
    assert.equal(theme, 'base');
    assert.equal(themeVariables.darkMode, dark);
    for (const [variable, property] of Object.entries(THEME_VARIABLES)) {
      const value = themeVariables[variable];
      assert.ok(set.has(property), `${selector} sets ${property}`);
      // Mermaid empties a directive's theme variable with any other character.
      assert.match(String(value), /^[\d "#%(),.;A-Za-z]+$/, `${selector} ${variable}`);
    }
  }
});

test('the colours go after the front matter, which Mermaid reads only at the start', () => {
  const themed = withSiteColours(
    '---\ntitle: Flow\n---\nflowchart LR\n  a --> b',
    {theme: 'base', dark: false},
    (p) => (p === '--diagram-node' ? '#eee' : ''),
  );
  assert.equal(
    themed,
    '---\ntitle: Flow\n---\n%%{init: {"theme":"base","themeVariables":{"darkMode":false,"primaryColor":"#eee"}}}%%\nflowchart LR\n  a --> b',
  );
});
