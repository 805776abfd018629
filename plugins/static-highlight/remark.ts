/**
 * Remark plugin: highlights every fenced code block of a Markdown page at
 * build time. Each block's `<code>` element gets a `data-tokens` property,
 * the Prism tokens of its code in the text form of ./tokens.ts, which
 * ./theme/CodeBlock hands to the stand-in `Highlight` (./Highlight.tsx).
 *
 * The code is tokenized as the theme will draw it: its language from the
 * info string (else `prism.defaultLanguage`, else `text`), lower case, and
 * its text without the lines that are only magic comments
 * (`highlight-next-line` and the site's other `prism.magicComments`), which
 * the theme's code block removes before drawing (./magic-comments.ts). The
 * block keeps its text as written: the theme reads the magic comments, line
 * ranges, `title=` and `showLineNumbers` from it in the page, as always.
 */
import type {Code, Root} from 'mdast';
import {encodeTokens} from './make-tokens';
import {createTokenizer, type Tokenizer} from './tokenize';
import {DEFAULT_MAGIC_COMMENTS, displayedCode, type MagicCommentConfig} from './magic-comments';

export interface StaticHighlightOptions {
  /** The site's `prism.additionalLanguages`. */
  additionalLanguages: readonly string[];
  /** The site's `prism.defaultLanguage`. */
  defaultLanguage?: string;
  /** The site's `prism.magicComments` (default: the theme's). */
  magicComments?: MagicCommentConfig[];
}

let tokenizer: Promise<Tokenizer> | null = null;

export default function remarkStaticHighlight(options: StaticHighlightOptions) {
  const magicComments = options.magicComments ?? DEFAULT_MAGIC_COMMENTS;
  return async (root: Root): Promise<void> => {
    const {visit} = await import('unist-util-visit');
    tokenizer ??= createTokenizer(options.additionalLanguages);
    const tokenize = await tokenizer;
    visit(root, 'code', (node: Code) => {
      if (!node.value) return;
      const language = (node.lang ?? options.defaultLanguage ?? 'text').toLowerCase();
      const code = displayedCode(node.value, {language, metastring: node.meta, magicComments});
      node.data ??= {};
      const data = node.data as {hProperties?: Record<string, unknown>};
      data.hProperties = {
        ...data.hProperties,
        'data-tokens': encodeTokens(tokenize(code, language)),
      };
    });
  };
}
