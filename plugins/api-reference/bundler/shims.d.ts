// Module declarations for the API reference runtime.

/** A stylesheet compiled on its own and emitted as a file: the import is its URL. */
declare module '*.scss?asset' {
  const url: string;
  export default url;
}

declare module 'process/browser' {
  const process: Record<string, unknown>;
  export default process;
}

/** The API theme's loading placeholder (docusaurus-theme-openapi-docs). */
declare module '@theme/SkeletonLoader' {
  import type {ReactNode} from 'react';
  export default function SkeletonLoader(props: {size?: 'sm' | 'md' | 'lg'}): ReactNode;
}

/** crypto-js's SHA-1 on its own (crypto-js 4): a word array with toString(). */
declare module 'crypto-js/sha1' {
  export default function SHA1(message: string): {toString(): string};
}
