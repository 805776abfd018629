/**
 * Highlighted code as data: the token lines that prism-react-renderer's
 * `normalizeTokens` makes from Prism's output, and a compact text form of
 * them that the Markdown pages carry (see ./remark.ts).
 *
 * The text form holds each token's types and length, not its text: the
 * reader's copy of the code is in the page already. It reads
 * `<types>\n<lines>`: the distinct type lists (`|` between lists, spaces
 * inside one), then the lines (`;` between them), each a list of
 * `<type list index>.<length>` (`,` between tokens). ./make-tokens.ts makes
 * it; every page that draws highlighted code reads it with this module.
 *
 * No DOM or Node APIs here: the build and the browser both use it.
 */

/** One token of a line, as prism-react-renderer renders it. */
export interface Token {
  types: string[];
  content: string;
  /** Set on the one token of an empty line (its content is then "\n"). */
  empty?: boolean;
}

/** The part of a Prism instance that tokenizing uses. */
export interface PrismCore {
  languages: Record<string, unknown>;
  tokenize(code: string, grammar: unknown): unknown[];
  hooks: {run(name: string, env: Record<string, unknown>): void};
}

const NEWLINE = /\r\n|\r|\n/;

/** What prism-react-renderer does to a line without text. */
function markEmptyLine(line: Token[]): void {
  if (line.length === 0) {
    line.push({types: ['plain'], content: '\n', empty: true});
  } else if (line.length === 1 && line[0]!.content === '') {
    line[0]!.content = '\n';
    line[0]!.empty = true;
  }
}

/** Token lines for code that no grammar highlights. */
export function plainTokens(code: string): Token[][] {
  return code.split(NEWLINE).map((text) => {
    const line: Token[] = [{types: ['plain'], content: text}];
    markEmptyLine(line);
    return line;
  });
}

/**
 * The token lines of `code` from their text form, or null when they do not
 * fit the code (other line count or lengths).
 */
export function decodeTokens(encoded: string, code: string): Token[][] | null {
  const split = encoded.indexOf('\n');
  if (split < 0) return null;
  const typeLists = encoded
    .slice(0, split)
    .split('|')
    .map((list) => list.split(' '));
  const encodedLines = encoded.slice(split + 1).split(';');
  const textLines = code.split(NEWLINE);
  if (encodedLines.length !== textLines.length) return null;
  const lines: Token[][] = [];
  for (let n = 0; n < textLines.length; n += 1) {
    const text = textLines[n]!;
    const line: Token[] = [];
    let at = 0;
    for (const pair of encodedLines[n] ? encodedLines[n]!.split(',') : []) {
      const dot = pair.indexOf('.');
      const types = typeLists[Number(pair.slice(0, dot))];
      const length = Number(pair.slice(dot + 1));
      if (!types || !(length >= 0)) return null;
      line.push({types, content: text.slice(at, at + length)});
      at += length;
    }
    if (at !== text.length) return null;
    markEmptyLine(line);
    lines.push(line);
  }
  return lines;
}

/** Whether two token lines render the same. */
export function sameTokens(a: Token[][], b: Token[][]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (line, n) =>
        line.length === b[n]!.length &&
        line.every((token, i) => {
          const other = b[n]![i]!;
          return (
            token.content === other.content &&
            !!token.empty === !!other.empty &&
            token.types.join(' ') === other.types.join(' ')
          );
        }),
    )
  );
}
