import {createContext} from 'react';

/**
 * The build-time tokens of the code block being drawn (the text form of
 * ./tokens.ts), provided by ./theme/CodeBlock from the block's
 * `data-tokens` property. Undefined for blocks that have none.
 */
export const StaticTokensContext = createContext<string | undefined>(undefined);
