/**
 * Remark plugin: highlights every fenced code block of a Markdown page at
 * build time. Each block's `<code>` element gets a `data-tokens` property,
 * the Prism tokens of its code in the text form of ./tokens.ts, which
 * src/theme/CodeBlock hands to the stand-in `Highlight` (./Highlight.tsx).
 *
 * The code is tokenized as the theme will render it: the block's text, its
 * language from the info string (else `prism.defaultLanguage`, else `text`),
 * lower case. Docusaurus's magic comments (`highlight-next-line` and the
 * like) would change the text before it is drawn; a block that holds one
 * gets no tokens, and the build then stops at it (./Highlight.server.tsx).
 * Highlight lines with a range in the info string instead: ```bash {2}.
 */
import type {Code, Root} from 'mdast';
import {encodeTokens} from './tokens';
import {createTokenizer, type Tokenizer} from './tokenize';

export interface StaticHighlightOptions {
  /** The site's `prism.additionalLanguages`. */
  additionalLanguages: string[];
  /** The site's `prism.defaultLanguage`. */
  defaultLanguage?: string;
  /** Directive words of the site's magic comments (default: the theme's). */
  magicCommentWords?: string[];
}

const DEFAULT_MAGIC_COMMENT_WORDS = ['highlight-next-line', 'highlight-start', 'highlight-end'];

let tokenizer: Promise<Tokenizer> | null = null;

export default function remarkStaticHighlight(options: StaticHighlightOptions) {
  const words = options.magicCommentWords ?? DEFAULT_MAGIC_COMMENT_WORDS;
  return async (root: Root): Promise<void> => {
    const {visit} = await import('unist-util-visit');
    tokenizer ??= createTokenizer(options.additionalLanguages);
    const tokenize = await tokenizer;
    visit(root, 'code', (node: Code) => {
      if (!node.value || words.some((word) => node.value.includes(word))) return;
      const language = (node.lang ?? options.defaultLanguage ?? 'text').toLowerCase();
      node.data ??= {};
      const data = node.data as {hProperties?: Record<string, unknown>};
      data.hProperties = {
        ...data.hProperties,
        'data-tokens': encodeTokens(tokenize(node.value, language)),
      };
    });
  };
}
