/**
 * Stands in for prism-react-renderer's `Highlight` in the theme's code block
 * (`@theme/CodeBlock/Content`, see ./index.ts) in the browser. Instead of
 * running Prism on the reader's device, it draws the tokens that the build
 * computed (./remark.ts) and the page carries; Prism and its grammars stay
 * out of the page JavaScript.
 *
 * It renders what `Highlight` renders: the same render-prop arguments, and
 * line and token props with the same class names and theme styles. The
 * build checks every code block against Prism (./Highlight.server.tsx), so a
 * block without tokens here is one no grammar highlights, and it is drawn
 * as plain text, as `Highlight` would draw it.
 */
import {useContext, type CSSProperties, type ReactNode} from 'react';
import clsx from 'clsx';
import type {PrismTheme} from 'prism-react-renderer';
import {StaticTokensContext} from './context';
import {decodeTokens, plainTokens, type Token} from './tokens';

type StyleDict = Record<string, CSSProperties | undefined> & {
  root: CSSProperties;
  plain: CSSProperties;
};

interface LineInputProps {
  line?: Token[];
  className?: string;
  style?: CSSProperties;
  [key: string]: unknown;
}

interface TokenInputProps {
  token: Token;
  className?: string;
  style?: CSSProperties;
  [key: string]: unknown;
}

export interface RenderProps {
  tokens: Token[][];
  className: string;
  style: CSSProperties;
  getLineProps: (input: LineInputProps) => Record<string, unknown>;
  getTokenProps: (input: TokenInputProps) => Record<string, unknown>;
}

export interface HighlightProps {
  code: string;
  language: string;
  theme: PrismTheme;
  children: (props: RenderProps) => ReactNode;
}

/** The theme's styles by token type, for one language. */
function styleDict(theme: PrismTheme, language: string): StyleDict {
  const dict: Record<string, CSSProperties | undefined> = {};
  for (const {languages, types, style} of theme.styles) {
    if (languages && !languages.includes(language)) continue;
    for (const type of types) dict[type] = {...dict[type], ...(style as CSSProperties)};
  }
  return {
    ...dict,
    root: theme.plain as CSSProperties,
    plain: {...(theme.plain as CSSProperties), backgroundColor: undefined},
  };
}

function tokenStyle(dict: StyleDict, {types, empty}: Token): CSSProperties | undefined {
  if (types.length === 1 && types[0] === 'plain') {
    return empty ? {display: 'inline-block'} : undefined;
  }
  if (types.length === 1 && empty) return dict[types[0]!];
  return Object.assign(empty ? {display: 'inline-block'} : {}, ...types.map((t) => dict[t]));
}

/** Draws token lines as `Highlight` draws them. */
export function renderTokens(
  {language: languageProp, theme, children}: HighlightProps,
  tokens: Token[][],
): ReactNode {
  const language = languageProp.toLowerCase();
  const dict = styleDict(theme, language);
  return children({
    tokens,
    className: `prism-code language-${language}`,
    style: dict.root,
    getLineProps: ({className, style, line: _line, ...rest}) => {
      const output: Record<string, unknown> = {
        ...rest,
        className: clsx('token-line', className),
        style: dict.plain,
      };
      if (typeof style === 'object') output.style = {...dict.plain, ...style};
      return output;
    },
    getTokenProps: ({token, className, style, ...rest}) => {
      const output: Record<string, unknown> = {
        ...rest,
        className: clsx('token', ...token.types, className),
        children: token.content,
        style: tokenStyle(dict, token),
      };
      if (style != null) output.style = {...(output.style as CSSProperties), ...style};
      return output;
    },
  });
}

export function Highlight(props: HighlightProps): ReactNode {
  const encoded = useContext(StaticTokensContext);
  const tokens = (encoded !== undefined && decodeTokens(encoded, props.code)) || null;
  return renderTokens(props, tokens ?? plainTokens(props.code));
}
