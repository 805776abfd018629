/**
 * The stand-in `Highlight` (./Highlight.tsx) in the pre-rendering bundle:
 * draws the same tokens, after checking them against Prism itself, set up
 * as the pages' Prism was (the theme's grammars are loaded there). A code
 * block whose build-time tokens differ from Prism's (for example because the
 * build removed other magic-comment lines than the theme did), or that Prism
 * highlights but that has no tokens (code drawn outside Markdown), stops the
 * build: in the browser it would lose its colours.
 */
import {useContext, type ReactNode} from 'react';
import {Prism, normalizeTokens} from 'prism-react-renderer';
import {StaticTokensContext} from './context';
import {renderTokens, type HighlightProps} from './Highlight';
import {decodeTokens, plainTokens, sameTokens, type PrismCore, type Token} from './tokens';
import {tokenizeWith} from './make-tokens';

export function Highlight(props: HighlightProps): ReactNode {
  const encoded = useContext(StaticTokensContext);
  const language = props.language.toLowerCase();
  const tokens =
    encoded === undefined ? plainTokens(props.code) : decodeTokens(encoded, props.code);
  const expected = tokenizeWith(
    Prism as unknown as PrismCore,
    normalizeTokens as unknown as (tokens: unknown[]) => Token[][],
    props.code,
    language,
  );
  if (!tokens || !sameTokens(tokens, expected)) {
    const first = props.code.split('\n')[0]!.slice(0, 60);
    throw new Error(
      `static-highlight: the ${language} code block starting "${first}" ` +
        (encoded === undefined
          ? 'has no build-time tokens (it is not a fenced block of a Markdown page)'
          : 'has build-time tokens that differ from Prism (see plugins/static-highlight/magic-comments.ts)'),
    );
  }
  return renderTokens(props, tokens);
}
