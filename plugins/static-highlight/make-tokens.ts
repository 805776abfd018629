/**
 * Making tokens: Prism's tokens for a block, as prism-react-renderer's
 * `useTokenize` makes them, and their text form (see ./tokens.ts). Apart
 * from ./tokens.ts, which every docs page bundles to read tokens (the
 * stand-in `Highlight`): only the build, pre-rendering and the API pages,
 * which load Prism, make them.
 */
import {plainTokens, type PrismCore, type Token} from './tokens';

/** The text form of token lines (see ./tokens.ts). */
export function encodeTokens(lines: Token[][]): string {
  const typeLists: string[] = [];
  const indexOf = new Map<string, number>();
  const encodedLines = lines.map((line) =>
    line
      .map((token) => {
        const key = token.types.join(' ');
        let index = indexOf.get(key);
        if (index === undefined) {
          index = typeLists.length;
          typeLists.push(key);
          indexOf.set(key, index);
        }
        return `${index}.${token.empty ? 0 : token.content.length}`;
      })
      .join(','),
  );
  return `${typeLists.join('|')}\n${encodedLines.join(';')}`;
}

/**
 * Token lines for `code` in `language` (lower case), as prism-react-renderer's
 * `useTokenize` makes them with this Prism and its `normalizeTokens`.
 */
export function tokenizeWith(
  Prism: PrismCore,
  normalizeTokens: (tokens: unknown[]) => Token[][],
  code: string,
  language: string,
): Token[][] {
  const grammar = Prism.languages[language];
  if (grammar === undefined) return plainTokens(code);
  const env: Record<string, unknown> = {code, grammar, language, tokens: []};
  Prism.hooks.run('before-tokenize', env);
  env.tokens = Prism.tokenize(env.code as string, env.grammar);
  Prism.hooks.run('after-tokenize', env);
  return normalizeTokens(env.tokens as unknown[]);
}
