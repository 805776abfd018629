/**
 * Wraps @theme-init/CodeBlock (theme-classic's code block; in a plugin's theme
 * `@theme-original/CodeBlock` would name this file).
 * Reason for overriding: fenced code blocks arrive highlighted from the build
 * (plugins/static-highlight): their `data-tokens` property holds the Prism
 * tokens of the code. This wrapper takes it off the props and provides it to
 * the stand-in `Highlight` that draws the block. Everything else passes
 * through unchanged.
 */
import type {ReactNode} from 'react';
import OriginalCodeBlock from '@theme-init/CodeBlock';
import type {Props} from '@theme/CodeBlock';
import {StaticTokensContext} from '../../context';

export default function CodeBlock({
  'data-tokens': tokens,
  ...props
}: Props & {'data-tokens'?: string}): ReactNode {
  return (
    <StaticTokensContext.Provider value={tokens}>
      <OriginalCodeBlock {...props} />
    </StaticTokensContext.Provider>
  );
}
