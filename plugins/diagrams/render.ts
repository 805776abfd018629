/**
 * Turns the source of one Mermaid diagram into inline SVG and a text
 * alternative, with `beautiful-mermaid` (pure JavaScript: no browser, no
 * DOM). The SVG draws with CSS variables only (./styles.module.css sets them
 * for each colour mode), so one drawing serves both modes.
 *
 * It draws flowcharts, state, sequence, class and ER diagrams (not its xy
 * charts, whose colours the site does not set). It skips lines it does not
 * understand instead of failing, so every statement is checked: a line whose
 * removal leaves the diagram unchanged makes the diagram one it cannot draw
 * faithfully (DiagramError, with the line). Some of the renderer's limits
 * are checked too: a node keeps the label of its first mention, a subgraph
 * is only as wide as its contents, whatever its title, and some text is
 * drawn under 11 px. ./remark.ts leaves such a diagram, and any other kind,
 * to @docusaurus/theme-mermaid.
 */
import {createHash} from 'node:crypto';

type Library = typeof import('beautiful-mermaid');
type Graph = ReturnType<Library['parseMermaid']>;

let library: Promise<Library> | null = null;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const importEsm = require('./import-esm.cjs') as (specifier: string) => Promise<Library>;

/** Loads beautiful-mermaid (an ES module only, see ./import-esm.cjs) once. */
export function loadRenderer(): Promise<Library> {
  library ??= importEsm('beautiful-mermaid');
  return library;
}

/**
 * Why the renderer cannot draw a diagram faithfully; `line` counts from 1 at
 * the block's first line.
 */
export class DiagramError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

export interface Diagram {
  /** The drawing, ready to be inlined (presentational: aria-hidden). */
  svg: string;
  /** Accessible name: `accTitle`, else the kind of diagram and its nodes. */
  name: string;
  /**
   * Accessible description: `accDescr`, else one sentence per connection of
   * a flowchart, state or sequence diagram; '' for other kinds without one.
   */
  description: string;
}

/**
 * Room a subgraph title needs: its width at 12 px in the widest common UI
 * font (DejaVu Sans Bold, within 2 % on the site's titles), by character
 * class, plus the renderer's 12 px inset and 8 px to spare.
 */
export function titleWidth(title: string): number {
  const em = (c: string) =>
    /[iljtfrI1 .,:;'!|/-]/.test(c) ? 0.4 : /[mwMW]/.test(c) ? 1.05 : /[A-Z]/.test(c) ? 0.78 : 0.7;
  const width = (line: string) => [...line].reduce((sum, c) => sum + em(c) * 12, 0);
  return Math.max(...title.split('\n').map(width)) + 20;
}

const KINDS: [RegExp, string][] = [
  [/^(flowchart|graph)\b/, 'Flowchart'],
  [/^stateDiagram/, 'State diagram'],
  [/^sequenceDiagram/, 'Sequence diagram'],
  [/^classDiagram/, 'Class diagram'],
  [/^erDiagram/, 'Entity relationship diagram'],
];

/** Renders one diagram; throws DiagramError on anything it cannot draw faithfully. */
export async function renderDiagram(source: string, idPrefix: string): Promise<Diagram> {
  const lib = await loadRenderer();
  const lines = source.split('\n');
  const {title, description: given, drawn} = takeAccessibility(lines);
  const headerIndex = drawn.findIndex((l) => l.trim() !== '' && !l.trim().startsWith('%%'));
  if (headerIndex < 0) throw new DiagramError(1, 'the diagram is empty');
  const header = drawn[headerIndex]!.trim();
  if (/^xychart/.test(header)) {
    // Its series colours come from the renderer's own stylesheet, which
    // tidy() drops; the site sets no chart colours for it.
    throw new DiagramError(headerIndex + 1, 'charts are left to the theme, in the site colours');
  }
  const kind = KINDS.find(([re]) => re.test(header))?.[1] ?? 'Diagram';

  let svg: string;
  try {
    svg = lib.renderMermaidSVG(drawn.join('\n'), {transparent: true});
  } catch (error) {
    throw new DiagramError(headerIndex + 1, (error as Error).message);
  }

  // Shown at DRAWN_SCALE, text the renderer draws under 11 px (an entity's
  // key badges, a class's annotation) would read under 12 px.
  const smallest = Math.min(...[...svg.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1])));
  if (smallest < 11) {
    throw new DiagramError(
      headerIndex + 1,
      `the renderer draws some of this diagram's text at ${smallest} px, under 12 px at the site's scale`,
    );
  }

  const fingerprint = (text: string): string => {
    try {
      return stableJson(lib.parseMermaid(text));
    } catch {
      // Only flowcharts and state diagrams have a parser of their own.
      try {
        return lib.renderMermaidSVG(text, {transparent: true});
      } catch (error) {
        return `error: ${(error as Error).message}`;
      }
    }
  };
  const whole = fingerprint(drawn.join('\n'));
  drawn.forEach((line, i) => {
    const text = line.trim();
    if (text.startsWith('%%{')) {
      throw new DiagramError(
        i + 1,
        'the renderer ignores %%{init}%% directives; colours come from the site theme',
      );
    }
    // A lone `}` closes a block (an entity's attributes, a class's members)
    // that the renderer also reads to its end without it.
    if (i === headerIndex || text === '' || text === '}' || text.startsWith('%%')) return;
    const without = drawn.map((l, j) => (j === i ? '' : l)).join('\n');
    if (fingerprint(without) === whole) {
      throw new DiagramError(
        i + 1,
        `"${text}" changes nothing in the drawing: the renderer (beautiful-mermaid) ` +
          'does not understand it, or it repeats an earlier line',
      );
    }
  });

  let graph: Graph | null = null;
  try {
    graph = lib.parseMermaid(drawn.join('\n'));
  } catch {
    graph = null;
  }
  if (graph) checkNodes(graph, drawn);
  checkSubgraphTitles(svg, drawn);

  const parts = graph ? graphParts(graph) : readParts(svg);
  const labels = parts.nodes.filter((n) => n.label !== '').map((n) => n.label);
  // Class and ER diagrams without accDescr get none: their parts
  // are not read back from the SVG. (The theme's drawings get none either.)
  const description = given ?? describe(parts, graph);
  return {
    svg: tidy(svg, idPrefix),
    name: title ?? (labels.length ? `${kind}: ${labels.join(', ')}` : kind),
    description,
  };
}

/** Takes `accTitle` and `accDescr` (one line or a `{ }` block) out of the lines to draw, keeping line numbers. */
function takeAccessibility(lines: string[]): {
  title?: string;
  description?: string;
  drawn: string[];
} {
  const drawn = [...lines];
  let title: string | undefined;
  let description: string | undefined;
  for (let i = 0; i < drawn.length; i += 1) {
    const line = drawn[i]!;
    const single = /^\s*(accTitle|accDescr)\s*:\s*(.*?)\s*$/.exec(line);
    if (single) {
      if (single[1] === 'accTitle') title = single[2];
      else description = single[2];
      drawn[i] = '';
      continue;
    }
    if (/^\s*accDescr\s*\{\s*$/.test(line)) {
      const text: string[] = [];
      drawn[i] = '';
      for (i += 1; i < drawn.length && !/^\s*\}\s*$/.test(drawn[i]!); i += 1) {
        text.push(drawn[i]!.trim());
        drawn[i] = '';
      }
      if (i >= drawn.length) throw new DiagramError(lines.length, 'accDescr { has no closing }');
      drawn[i] = '';
      description = text.join(' ');
    }
  }
  return {title, description, drawn};
}

/** JSON with Maps as entry lists, for comparing parse results. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v instanceof Map ? [...v.entries()] : v));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Statements the renderer does not know and draws as a node of that name. */
const KEYWORDS = new Set([
  'click',
  'direction',
  'call',
  'href',
  'callback',
  'accTitle',
  'accDescr',
]);

/**
 * Ways the renderer misreads valid Mermaid: statements it does not know
 * (`click a ...` draws a node "click"), an arrow without spaces around it
 * (`a-->b` becomes one node, `a--`), and a node written bare first and
 * labelled later (it keeps its bare name).
 */
function checkNodes(graph: Graph, lines: string[]): void {
  for (const node of graph.nodes.values()) {
    if (KEYWORDS.has(node.id)) {
      const at = lines.findIndex((l) => l.trim().startsWith(node.id));
      throw new DiagramError(
        at + 1,
        `the renderer (beautiful-mermaid) does not understand "${node.id}" here and would draw it as a node`,
      );
    }
    if (/--|-\.|==|[-.=]$/.test(node.id)) {
      const at = lines.findIndex((l) => l.includes(node.id));
      throw new DiagramError(
        at + 1,
        `the renderer reads "${node.id}" as a node name: put spaces around arrows (a --> b)`,
      );
    }
    if (node.label !== node.id) continue;
    const labelled = new RegExp(`(^|[\\s&|>;-])${escapeRegExp(node.id)}\\s*(\\[|\\(|\\{|@\\{)`);
    const at = lines.findIndex((l) => labelled.test(l));
    if (at >= 0) {
      throw new DiagramError(
        at + 1,
        `node "${node.id}" is labelled here but first appears earlier without a label, ` +
          'and the renderer keeps the first: give the label where the node first appears',
      );
    }
  }
}

/** The renderer sizes a subgraph by its contents only; a longer title would run out of its box. */
function checkSubgraphTitles(svg: string, lines: string[]): void {
  const groups = svg.matchAll(
    /<g class="subgraph" data-id="([^"]*)" data-label="([^"]*)">\s*<rect [^>]*?width="([\d.]+)"/g,
  );
  for (const [, id, label, width] of groups) {
    const title = decode(label!);
    if (titleWidth(title) <= Number(width)) continue;
    const at = lines.findIndex((l) =>
      new RegExp(`^\\s*subgraph\\s+${escapeRegExp(decode(id!))}\\b`).test(l),
    );
    throw new DiagramError(
      at + 1,
      `the title "${title}" is wider than its subgraph (${Math.round(Number(width))} px), ` +
        'which the renderer sizes by its contents only: shorten the title or widen the contents',
    );
  }
}

interface Parts {
  nodes: {id: string; label: string}[];
  edges: {from: string; to: string; label: string; both: boolean}[];
}

const oneLine = (text: string) => text.replace(/\s*(<br\s*\/?>|\n)\s*/gi, ' ').trim();

const nodeLabel = (shape: string | undefined, label: string) =>
  shape === 'state-start' ? 'start' : shape === 'state-end' ? 'end' : oneLine(label);

/** Nodes and connections of a flowchart or state diagram, in source order. */
function graphParts(graph: Graph): Parts {
  return {
    nodes: [...graph.nodes.values()].map((n) => ({id: n.id, label: nodeLabel(n.shape, n.label)})),
    edges: graph.edges.map((e) => ({
      from: e.source,
      to: e.target,
      label: oneLine(e.label ?? ''),
      both: e.hasArrowStart,
    })),
  };
}

/** Participants and messages of other diagrams, in drawing order, from the SVG's data attributes. */
function readParts(svg: string): Parts {
  const attrs = (tag: string) =>
    Object.fromEntries(
      [...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k!, decode(v!)]),
    );
  const nodes: Parts['nodes'] = [];
  const edges: Parts['edges'] = [];
  for (const [tag, , cls] of svg.matchAll(
    /<(g|polyline) class="(node|actor|edge|message)"[^>]*>/g,
  )) {
    const a = attrs(tag);
    if (cls === 'node' || cls === 'actor') {
      nodes.push({
        id: a['data-id'] ?? '',
        label: nodeLabel(a['data-shape'], a['data-label'] ?? ''),
      });
    } else {
      edges.push({
        from: a['data-from'] ?? '',
        to: a['data-to'] ?? '',
        label: oneLine(a['data-label'] ?? ''),
        both: a['data-arrow-start'] === 'true',
      });
    }
  }
  return {nodes, edges};
}

/** One sentence per subgraph and per connection, in the order the source gives them. */
function describe(parts: Parts, graph: Graph | null): string {
  const label = new Map(parts.nodes.map((n) => [n.id, n.label]));
  const name = (id: string) => label.get(id) || id;
  const sentences: string[] = [];
  const groups = (list: Graph['subgraphs']) => {
    for (const g of list) {
      const members = [...g.nodeIds.map(name), ...g.children.map((c) => c.label)];
      if (members.length) sentences.push(`${g.label} contains ${joinList(members)}.`);
      groups(g.children);
    }
  };
  if (graph) groups(graph.subgraphs);
  const connected = new Set<string>();
  for (const e of parts.edges) {
    connected.add(e.from).add(e.to);
    const link = e.both
      ? `${name(e.from)} and ${name(e.to)}, both ways`
      : `${name(e.from)} to ${name(e.to)}`;
    sentences.push(e.label ? `${link}: ${e.label}.` : `${link}.`);
  }
  for (const n of parts.nodes) if (!connected.has(n.id) && n.label) sentences.push(`${n.label}.`);
  return sentences.join(' ');
}

function joinList(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x([\da-f]+);/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, '&');
}

const NUMERIC =
  /\b(points|x|y|x1|y1|x2|y2|cx|cy|r|rx|ry|width|height|viewBox|d|dy|refX|refY)="([^"]*)"/g;

/**
 * Makes the renderer's SVG fit for inlining: drops its stylesheet (a web-font
 * import and rules for every `svg` and `text` of the page) and its inline
 * colours, which ./styles.module.css provides instead; shows it at
 * DRAWN_SCALE; gives its ids a per-diagram prefix; rounds coordinates to
 * 0.1 px; hides it from assistive technology (the figure around it carries
 * the text alternative).
 */
/**
 * The size a drawing is shown at, against the renderer's: its edge labels
 * are 11 px, and no diagram text may be under 12 px.
 */
export const DRAWN_SCALE = 12 / 11;

function tidy(svg: string, prefix: string): string {
  return (
    svg
      .replace(/^<svg ([^>]*)>/, (tag) =>
        tag.replace(
          /\b(width|height)="([\d.]+)"/g,
          (_m, name: string, value: string) =>
            `${name}="${Math.round(Number(value) * DRAWN_SCALE * 10) / 10}"`,
        ),
      )
      .replace(/<style>[\s\S]*?<\/style>\s*/, '')
      .replace(/^<svg ([^>]*?) style="[^"]*"/, '<svg $1')
      .replace(/^<svg /, '<svg aria-hidden="true" focusable="false" ')
      .replace(/\bid="([^"]+)"/g, `id="${prefix}-$1"`)
      .replace(/url\(#([^)]+)\)/g, `url(#${prefix}-$1)`)
      .replace(NUMERIC, (_m, name: string, value: string) => {
        const rounded = value.replace(/-?\d+\.\d{2,}/g, (n) =>
          String(Math.round(Number(n) * 10) / 10),
        );
        return `${name}="${rounded}"`;
      })
      // The renderer's data-* attributes (read above for the description) are
      // not drawn and nothing in the page reads them: leave them out of the
      // page's HTML and JavaScript.
      .replace(/ data-[\w-]+="[^"]*"/g, '')
      .replace(/>\s*\n\s*</g, '><')
      .trim()
  );
}

/** A stable id prefix for a diagram: its source's hash. */
export function diagramId(source: string): string {
  return `mermaid-${createHash('sha1').update(source).digest('hex').slice(0, 8)}`;
}
