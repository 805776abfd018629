import fs from 'node:fs';
import path from 'node:path';

export interface Codegen {
  /** Language key as the explorer's `languageTabs` name it (lower case). */
  language: string;
  /** Variant key (lower case), for example `axios` for Node.js. */
  variant: string;
  /** Folder of the generator under postman-code-generators/codegens. */
  folder: string;
}

/** A language tab of the request explorer, as `themeConfig.languageTabs` lists it. */
export interface LanguageTab {
  language: string;
  /** The variant shown first. */
  variant?: string;
  /** The variants the tab offers; without it, all of the language's variants. */
  variants?: string[];
}

/**
 * The generators postman-code-generators registers, read from its language
 * table (lib/assets/languages.js): each entry names its `lang` and `variant`
 * and requires `../../codegens/<folder>/index.js`.
 */
export function parseCodegens(languagesJs: string): Codegen[] {
  const codegens: Codegen[] = [];
  const entry =
    /'lang':\s*'([^']+)',\s*'variant':\s*'([^']+)'[\s\S]*?require\('\.\.\/\.\.\/codegens\/([^/']+)\/index\.js'\)/g;
  for (const match of languagesJs.matchAll(entry)) {
    codegens.push({
      language: match[1]!.trim().toLowerCase(),
      variant: match[2]!.trim().toLowerCase(),
      folder: match[3]!,
    });
  }
  return codegens;
}

/** Folders of the generators whose language or variant the explorer does not show. */
export function unusedCodegenFolders(codegens: Codegen[], tabs: LanguageTab[]): string[] {
  const shown = new Map(
    tabs.map((t) => [t.language.toLowerCase(), t.variants?.map((v) => v.toLowerCase())]),
  );
  return codegens
    .filter((c) => {
      if (!shown.has(c.language)) return true;
      const variants = shown.get(c.language);
      return variants !== undefined && !variants.includes(c.variant);
    })
    .map((c) => c.folder);
}

/** The generators' languages that have no tab in the explorer. */
export function hiddenLanguages(codegens: Codegen[], tabs: LanguageTab[]): string[] {
  const shown = new Set(tabs.map((t) => t.language.toLowerCase()));
  return [...new Set(codegens.map((c) => c.language))].filter((l) => !shown.has(l));
}

/** The language table of the installed postman-code-generators. */
export function installedCodegens(themeDir: string): Codegen[] {
  const pkg = require.resolve('postman-code-generators/package.json', {paths: [themeDir]});
  const table = path.join(path.dirname(pkg), 'lib/assets/languages.js');
  return parseCodegens(fs.readFileSync(table, 'utf8'));
}
