/**
 * Wraps `@theme-original/prism-include-languages` (@docusaurus/theme-classic),
 * which loads the grammars listed in `prism.additionalLanguages`. The wrapper
 * adds one alias: the API reference marks its Go request samples `golang`, a
 * name Prism's Go grammar does not register, so they would show unhighlighted.
 */
import type * as PrismNamespace from 'prismjs';
import includeLanguages from '@theme-original/prism-include-languages';

export default function prismIncludeLanguages(PrismObject: typeof PrismNamespace): void {
  includeLanguages(PrismObject);
  PrismObject.languages.golang ??= PrismObject.languages.go!;
}
