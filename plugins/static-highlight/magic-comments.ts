/**
 * The code a fenced block shows once the theme has read its magic comments.
 *
 * The theme's code block (`createCodeBlockMetadata` in
 * @docusaurus/theme-common's codeBlockUtils) drops the last line break and
 * every line that is only a magic comment (`// highlight-next-line`,
 * `# error-start` and the like, in the comment syntax of the block's
 * language) before it draws the code, and gives the lines they mark the
 * comment's class name. It does so in the page, from the block's own text; the
 * build has to tokenize the code that remains (./remark.ts), and does it here
 * with the same rules: the same comment syntaxes per language, the same
 * whole-line match, and no parsing at all when the info string holds a line
 * range (`{2-4}`). The module itself cannot run in Node.js (it is browser
 * code with JSX and bundler aliases), and pre-rendering compares every
 * block's tokens with the code that module produced (./Highlight.server.tsx),
 * so any difference between the two stops the build.
 */

/** One entry of the site's `themeConfig.prism.magicComments`. */
export interface MagicCommentConfig {
  className: string;
  line?: string;
  block?: {start: string; end: string};
}

/** The theme's default, used when the site sets none. */
export const DEFAULT_MAGIC_COMMENTS: MagicCommentConfig[] = [
  {
    className: 'theme-code-block-highlighted-line',
    line: 'highlight-next-line',
    block: {start: 'highlight-start', end: 'highlight-end'},
  },
];

type CommentStyle = {start: string; end: string};

// The comment syntaxes the theme recognises, as regular expression sources.
const COMMENT_STYLES: Record<string, CommentStyle> = {
  js: {start: '\\/\\/', end: ''},
  jsBlock: {start: '\\/\\*', end: '\\*\\/'},
  jsx: {start: '\\{\\s*\\/\\*', end: '\\*\\/\\s*\\}'},
  bash: {start: '#', end: ''},
  html: {start: '<!--', end: '-->'},
  lua: {start: '--', end: ''},
  wasm: {start: '\\;\\;', end: ''},
  tex: {start: '%', end: ''},
  vb: {start: "['‘’]", end: ''},
  vbnet: {start: "(?:_\\s*)?['‘’]", end: ''},
  rem: {start: '[Rr][Ee][Mm]\\b', end: ''},
  f90: {start: '!', end: ''},
  ml: {start: '\\(\\*', end: '\\*\\)'},
  cobol: {start: '\\*>', end: ''},
};

const POPULAR = ['js', 'jsBlock', 'jsx', 'bash', 'html'];

// The comment syntaxes the theme looks for in each language; others: POPULAR.
const STYLES_BY_LANGUAGE: Record<string, string[]> = {
  js: ['js', 'jsBlock'],
  javascript: ['js', 'jsBlock'],
  ts: ['js', 'jsBlock'],
  typescript: ['js', 'jsBlock'],
  jsx: ['js', 'jsBlock', 'jsx'],
  tsx: ['js', 'jsBlock', 'jsx'],
  html: ['js', 'jsBlock', 'html'],
  python: ['bash'],
  py: ['bash'],
  bash: ['bash'],
  markdown: ['html', 'jsx', 'bash'],
  md: ['html', 'jsx', 'bash'],
  tex: ['tex'],
  latex: ['tex'],
  matlab: ['tex'],
  lua: ['lua'],
  haskell: ['lua'],
  sql: ['lua', 'jsBlock'],
  wasm: ['wasm'],
  vb: ['vb', 'rem'],
  vba: ['vb', 'rem'],
  'visual-basic': ['vb', 'rem'],
  vbnet: ['vbnet', 'rem'],
  batch: ['rem'],
  basic: ['rem', 'f90'],
  fsharp: ['js', 'ml'],
  ocaml: ['ml'],
  sml: ['ml'],
  fortran: ['f90'],
  cobol: ['cobol'],
};

/** A line that holds only one of the directives, in the language's comments. */
export function directivePattern(language: string, magicComments: MagicCommentConfig[]): RegExp {
  const directives = magicComments
    .flatMap((d) => [d.line, d.block?.start, d.block?.end])
    .filter(Boolean)
    .join('|');
  const styles = Object.hasOwn(STYLES_BY_LANGUAGE, language)
    ? STYLES_BY_LANGUAGE[language]!
    : POPULAR;
  const alternatives = styles
    .map((name) => {
      const {start, end} = COMMENT_STYLES[name]!;
      return `(?:${start}\\s*(${directives})\\s*${end})`;
    })
    .join('|');
  return new RegExp(`^\\s*(?:${alternatives})\\s*$`);
}

/**
 * The code the theme draws for a fenced block: `code` as written, `language`
 * lower case (as the theme resolves it), `metastring` the rest of the info
 * string.
 */
export function displayedCode(
  code: string,
  {
    language,
    metastring,
    magicComments,
  }: {language: string; metastring?: string | null; magicComments: MagicCommentConfig[]},
): string {
  const text = code.replace(/\r?\n$/, '');
  // A line range in the info string: the theme reads no magic comments.
  if (metastring && /\{[\d,-]+\}/.test(metastring)) return text;
  const pattern = directivePattern(language, magicComments);
  return text
    .split(/\r?\n/)
    .filter((line) => !pattern.test(line))
    .join('\n');
}
