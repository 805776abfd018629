/**
 * The site's Prism grammars, each list in one place, and the one function
 * that loads grammars into a Prism instance.
 *
 * - `DOCS_LANGUAGES`: the grammars of the docs' code blocks.
 *   docusaurus.config.ts passes them as `prism.additionalLanguages` (the
 *   theme loads them into the pre-rendering bundle's Prism) and to
 *   plugins/static-highlight, which highlights the blocks with them at build
 *   time, so no docs page loads Prism.
 * - `API_SAMPLE_GRAMMARS`: the grammars of the API reference's request
 *   samples (curl in Bash, JavaScript and Node.js, Python, Go, PowerShell;
 *   JSON bodies and responses), which API pages load in the browser
 *   (plugins/api-reference/components/prism-sample-languages.ts).
 *   `API_SAMPLE_LANGUAGES` names the languages they answer to, which the API
 *   descriptions' fenced code is highlighted in.
 *
 * `loadPrismGrammars` loads both: the docs' grammars into the build's Prism
 * (plugins/static-highlight/tokenize.ts), the samples' into the API pages'.
 * Only the pre-rendering bundle loads grammars another way, through the
 * theme's own loader for `prism.additionalLanguages`.
 *
 * Runs in Node.js and in the browser bundles: no Node.js imports here.
 */

/** Grammars of the docs' code blocks (`prism.additionalLanguages`). */
export const DOCS_LANGUAGES = [
  'bash',
  'json',
  'yaml',
  'powershell',
  'docker',
  'promql',
  'python',
] as const;

/**
 * Grammars of the API reference's request samples, in loading order: a
 * grammar after the one it extends (`clike` before `javascript` and `go`).
 */
export const API_SAMPLE_GRAMMARS = [
  'bash',
  'json',
  'powershell',
  'clike',
  'javascript',
  'python',
  'go',
] as const;

/**
 * Names the request samples use that Prism's grammars do not register, and
 * the grammar each stands for: the Go samples are marked `golang`.
 */
export const API_SAMPLE_ALIASES: Readonly<Record<string, string>> = {golang: 'go'};

/**
 * The language names the API sample grammars answer to (their own names and
 * aliases, `clike` aside), the same in every bundle: the pre-rendering
 * bundle's Prism also has the docs' grammars, so the API descriptions ask
 * this list, not Prism, whether they can highlight a language.
 */
export const API_SAMPLE_LANGUAGES: readonly string[] = [
  'bash',
  'sh',
  'shell',
  'json',
  'powershell',
  'javascript',
  'js',
  'python',
  'py',
  'go',
  'golang',
];

/** What the loader needs of a Prism instance. */
export interface PrismLanguages {
  languages: Record<string, unknown>;
}

/**
 * Loads grammars into `prism`: `load()` runs the grammar modules
 * (`prismjs/components/prism-<name>`: static imports in the browser
 * bundles, `require` in Node.js). Such a module extends the global `Prism`,
 * so `prism` is mounted there while they run, as the theme does for
 * `prism.additionalLanguages`. Then adds `aliases`. See `checkGrammars`.
 */
export function loadPrismGrammars(
  prism: PrismLanguages,
  load: () => void,
  aliases: Readonly<Record<string, string>> = {},
): void {
  const g = globalThis as {Prism?: unknown};
  const before = g.Prism;
  g.Prism = prism;
  try {
    load();
  } finally {
    if (before === undefined) delete g.Prism;
    else g.Prism = before;
  }
  for (const alias in aliases) prism.languages[alias] ??= prism.languages[aliases[alias]!];
}

/**
 * Throws if one of the grammars `names` is missing from `prism`. The build
 * checks its grammars with it; the browser bundle's list is checked by
 * plugins/prism-slim/__tests__/prism-languages.test.ts instead.
 */
export function checkGrammars(prism: PrismLanguages, names: readonly string[]): void {
  for (const name of names) {
    if (!prism.languages[name]) throw new Error(`Prism has no "${name}" grammar`);
  }
}
