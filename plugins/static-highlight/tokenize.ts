/**
 * Prism in Node.js, set up as the pages' Prism was: the core of
 * prism-react-renderer without its bundled grammars (see plugins/prism-slim)
 * plus the grammars listed in the site's `prism.additionalLanguages`
 * (`DOCS_LANGUAGES` of plugins/prism-slim/languages.ts), loaded the way the
 * theme loads them.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import type {ComponentType} from 'react';
import {slimPrismModule} from '../prism-slim';
import {checkGrammars, loadPrismGrammars} from '../prism-slim/languages';
import {tokenizeWith} from './make-tokens';
import type {PrismCore, Token} from './tokens';

export type {PrismCore};

/** Token lines for `code` in `language` (lower case), as the pages draw them. */
export type Tokenizer = (code: string, language: string) => Token[][];

const requireHere = createRequire(__filename);

/** What the slim module exports (see plugins/prism-slim). */
export interface SlimPrismModule {
  Prism: PrismCore;
  normalizeTokens: (tokens: unknown[]) => Token[][];
  Highlight: ComponentType<Record<string, unknown>>;
}

async function loadSlimPrism(): Promise<SlimPrismModule> {
  const packageModule = requireHere.resolve('prism-react-renderer').replace(/\.js$/, '.mjs');
  // Inside the project, so that the module's own imports (react, clsx) resolve.
  const dir = path.join(
    __dirname,
    '..',
    '..',
    'node_modules',
    '.cache',
    'toolhive-static-highlight',
  );
  fs.mkdirSync(dir, {recursive: true});
  const file = path.join(dir, 'prism-react-renderer.mjs');
  fs.writeFileSync(file, slimPrismModule(fs.readFileSync(packageModule, 'utf8')));
  return import(pathToFileURL(file).href);
}

/**
 * Loads Prism grammars (`prismjs/components/prism-<name>`) into `Prism`
 * with the site's one grammar loader (plugins/prism-slim/languages.ts),
 * running each module again if something loaded it before, onto another
 * Prism.
 */
export function loadGrammars(Prism: PrismCore, languages: readonly string[]): void {
  loadPrismGrammars(Prism, () => {
    for (const lang of languages) {
      const file = requireHere.resolve(`prismjs/components/prism-${lang}`);
      delete requireHere.cache[file];
      requireHere(file);
    }
  });
  checkGrammars(Prism, languages);
}

/**
 * The slim module with the site's grammars loaded into its Prism, and a
 * tokenizer over them.
 */
export async function loadSitePrism(
  additionalLanguages: readonly string[],
): Promise<{module: SlimPrismModule; tokenize: Tokenizer}> {
  const module = await loadSlimPrism();
  const {Prism, normalizeTokens} = module;
  loadGrammars(Prism, additionalLanguages);
  const tokenize: Tokenizer = (code, language) =>
    tokenizeWith(Prism, normalizeTokens, code, language);
  return {module, tokenize};
}

/** Prism with the site's grammars, ready to tokenize. */
export async function createTokenizer(additionalLanguages: readonly string[]): Promise<Tokenizer> {
  return (await loadSitePrism(additionalLanguages)).tokenize;
}
