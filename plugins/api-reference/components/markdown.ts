/**
 * The API reference's Markdown, as data: `marked` with the two extensions of
 * docusaurus-theme-openapi-docs' Markdown component (`:::type[title]`
 * admonitions, fenced code with a language), which ../theme/Markdown draws
 * with the theme's components. Fenced code gets code-block tokens from the
 * Prism grammars the API pages load for their request samples
 * (./prism-sample-languages.ts, which names them), in the text form of the build-time tokens
 * of the docs' code blocks (plugins/static-highlight); code in any other
 * language is drawn as text, the same in every bundle.
 */
import {Marked, type Token, type Tokens, type TokensList} from 'marked';
import {Prism, normalizeTokens} from 'prism-react-renderer';
import {SAMPLE_LANGUAGES} from './prism-sample-languages';
import type {PrismCore, Token as CodeToken} from '../../static-highlight/tokens';
import {encodeTokens, tokenizeWith} from '../../static-highlight/make-tokens';

/** An admonition token: `:::type[title]`, its content, `:::`. */
interface AdmonitionToken extends Tokens.Generic {
  type: 'admonition';
  kind: string;
  title?: string;
  tokens: Token[];
}

const ADMONITION =
  /^:::(\w+)(?:\[([^\]\n]*)\]|[ \t]+([^\n]*?))?[ \t]*\n([\s\S]*?)\n?^:::[ \t]*(?:\n+|$)/m;

const marked = new Marked({
  gfm: true,
  async: false,
  extensions: [
    {
      name: 'admonition',
      level: 'block',
      start: (src) => /^:::\w/m.exec(src)?.index,
      tokenizer(src): AdmonitionToken | undefined {
        const match = ADMONITION.exec(src);
        if (!match || match.index !== 0) return undefined;
        const title = (match[2] ?? match[3])?.trim();
        return {
          type: 'admonition',
          raw: match[0],
          kind: match[1]!.toLowerCase(),
          title: title || undefined,
          tokens: this.lexer.blockTokens(match[4]!, []),
        };
      },
    },
  ],
});

/** The HTML for Markdown tokens: GitHub-flavoured Markdown, inline HTML kept. */
function tokensToHtml(tokens: Token[], links: TokensList['links']): string {
  return marked.parser(Object.assign([...tokens], {links}) as TokensList);
}

/** The HTML for a description without admonitions or fenced code. */
export function markdownToHtml(text: string): string {
  return marked.parse(text) as string;
}

/** Code-block tokens for a fenced block, in the text form the code block reads. */
export function codeTokens(code: string, language: string): {language: string; tokens: string} {
  const known = SAMPLE_LANGUAGES.includes(language);
  const lang = known ? language : 'text';
  const lines: CodeToken[][] = tokenizeWith(
    Prism as unknown as PrismCore,
    normalizeTokens as unknown as (tokens: unknown[]) => CodeToken[][],
    code,
    lang,
  );
  return {language: lang, tokens: encodeTokens(lines)};
}

/** What a description is made of: HTML, admonitions and code blocks, in order. */
export type Part =
  | {kind: 'html'; html: string}
  | {kind: 'admonition'; type: string; title?: string; parts: Part[]}
  | {kind: 'code'; language: string; code: string; tokens: string};

function toParts(tokens: Token[], links: TokensList['links']): Part[] {
  const parts: Part[] = [];
  let run: Token[] = [];
  const flush = () => {
    if (run.length > 0) parts.push({kind: 'html', html: tokensToHtml(run, links)});
    run = [];
  };
  for (const token of tokens) {
    if (token.type === 'admonition') {
      flush();
      const {kind, title, tokens: inner} = token as AdmonitionToken;
      parts.push({kind: 'admonition', type: kind, title, parts: toParts(inner, links)});
    } else if (token.type === 'code' && (token as Tokens.Code).lang) {
      flush();
      const {text, lang} = token as Tokens.Code;
      const language = lang!.split(/\s/)[0]!.toLowerCase();
      parts.push({kind: 'code', code: text, ...codeTokens(text, language)});
    } else {
      run.push(token);
    }
  }
  flush();
  return parts;
}

/** The parts of a description's Markdown. */
export function markdownParts(text: string): Part[] {
  const tokens = marked.lexer(text);
  return toParts(tokens, tokens.links);
}
