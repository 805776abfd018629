/**
 * What the site reads from, and adds to, the source of a Mermaid diagram
 * (the text of a fenced `mermaid` block): its text alternative, and the
 * site's colours for the colour mode. No DOM here, so Node tests run it.
 */

export interface Diagram {
  /** Accessible name: `accTitle`, else the diagram's `title`, else its kind ("Flowchart"). */
  name: string;
  /** Accessible description: `accDescr` (one line, or a `{ }` block joined into one line). */
  description?: string;
  /**
   * The source to draw: without its `accTitle` and `accDescr` statements,
   * which the page gives as the figure's text alternative instead, so they
   * work for every kind of diagram. (They leave no blank lines: a mind map
   * cannot have one after its first line.)
   */
  source: string;
}

/** Mermaid's front matter: a `---` block at the very start. */
const FRONT_MATTER = /^-{3}\s*[\n\r](.*?)[\n\r]-{3}\s*[\n\r]+/s;

/** The first word of a diagram, as Mermaid reads it, turned into words. */
const KINDS: Record<string, string> = {
  flowchart: 'Flowchart',
  graph: 'Flowchart',
  sequenceDiagram: 'Sequence diagram',
  stateDiagram: 'State diagram',
  'stateDiagram-v2': 'State diagram',
  classDiagram: 'Class diagram',
  'classDiagram-v2': 'Class diagram',
  erDiagram: 'Entity relationship diagram',
  gantt: 'Gantt chart',
  pie: 'Pie chart',
  timeline: 'Timeline',
  mindmap: 'Mind map',
  gitGraph: 'Git graph',
  journey: 'User journey',
};

/** The diagram's kind in words, from its first statement. */
export function diagramKind(source: string): string {
  const first = source
    .replace(FRONT_MATTER, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '' && !l.startsWith('%%'));
  const keyword = first?.split(/[\s:;]/)[0] ?? '';
  return KINDS[keyword] ?? 'Diagram';
}

/** Reads a diagram's text alternative and takes it out of the source to draw. */
export function readDiagram(source: string): Diagram {
  let name: string | undefined;
  let description: string | undefined;
  const lines: (string | null)[] = source.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const single = /^\s*(accTitle|accDescr)\s*:\s*(.*?)\s*$/.exec(lines[i]!);
    if (single) {
      if (single[1] === 'accTitle') name = single[2];
      else description = single[2];
      lines[i] = null;
      continue;
    }
    const block = /^\s*accDescr\s*\{(.*)$/.exec(lines[i]!);
    if (!block) continue;
    const text: string[] = [];
    let rest = block[1]!;
    lines[i] = null;
    while (!rest.includes('}') && i + 1 < lines.length) {
      text.push(rest);
      i += 1;
      rest = lines[i]!;
      lines[i] = null;
    }
    text.push(rest.split('}')[0]!);
    description = text
      .map((t) => t.trim())
      .filter(Boolean)
      .join(' ');
  }
  const title = FRONT_MATTER.exec(source)?.[1]?.match(/^title:\s*(.+?)\s*$/m)?.[1];
  return {
    name: name || title?.replace(/^(['"])(.*)\1$/, '$2') || diagramKind(source),
    description: description || undefined,
    source: lines.filter((l) => l !== null).join('\n'),
  };
}

/**
 * The site's diagram colours (custom properties of src/css/custom.css) and
 * the Mermaid theme variables they set. Mermaid's `base` theme derives the
 * rest (pie slices, git branches, timeline sections) from these.
 */
export const THEME_VARIABLES: Record<string, string> = {
  background: '--diagram-background',
  primaryColor: '--diagram-node',
  primaryBorderColor: '--diagram-node-border',
  primaryTextColor: '--diagram-text',
  secondaryColor: '--diagram-secondary',
  secondaryTextColor: '--diagram-text',
  tertiaryColor: '--diagram-group',
  tertiaryTextColor: '--diagram-text',
  clusterBkg: '--diagram-group',
  clusterBorder: '--diagram-group-border',
  textColor: '--diagram-text',
  titleColor: '--diagram-text',
  lineColor: '--diagram-line',
  edgeLabelBackground: '--diagram-background',
  noteBkgColor: '--diagram-note',
  noteBorderColor: '--diagram-note-border',
  noteTextColor: '--diagram-text',
  pieStrokeColor: '--diagram-line',
  pieOuterStrokeColor: '--diagram-line',
};

/**
 * The source with the site's colours for one colour mode, as a Mermaid
 * `%%{init}%%` directive after its front matter. The directive names the
 * theme too (the one themeConfig.mermaid gives the mode), so that Mermaid
 * derives the theme's other colours from these; its variables apply to this
 * diagram only and override any the diagram sets. `read` gives a custom
 * property's value ('' when unset).
 */
export function withSiteColours(
  source: string,
  {theme, dark}: {theme: string; dark: boolean},
  read: (property: string) => string,
): string {
  const themeVariables: Record<string, string | boolean> = {darkMode: dark};
  for (const [variable, property] of Object.entries(THEME_VARIABLES)) {
    const value = read(property).trim();
    if (value) themeVariables[variable] = value;
  }
  const directive = `%%{init: ${JSON.stringify({theme, themeVariables})}}%%\n`;
  const front = FRONT_MATTER.exec(source)?.[0] ?? '';
  return front + directive + source.slice(front.length);
}
