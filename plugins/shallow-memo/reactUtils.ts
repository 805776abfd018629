/**
 * theme-common's `utils/reactUtils` with a `useShallowMemoObject` that
 * orders keys without `localeCompare` (see ./index.ts).
 */
import {useMemo} from 'react';

// The original module (theme-common's package exports do not list it; the
// name is an alias set in ./index.ts and, for types, in tsconfig.json).
export * from '@theme-common-original/reactUtils';

const byKey = (a: [string, unknown], b: [string, unknown]): number =>
  a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;

/**
 * The same object as on the previous render while its keys and values are
 * the same (values compared with Object.is), whatever the keys' order.
 */
export function useShallowMemoObject<O extends object>(obj: O): O {
  const deps = Object.entries(obj).sort(byKey);
  // The entries are the memo's dependencies.
  return useMemo(() => obj, deps.flat());
}
