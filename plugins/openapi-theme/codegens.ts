import fs from 'node:fs';
import path from 'node:path';

export interface Codegen {
  /** Language key as the explorer's `languageTabs` name it (lower case). */
  language: string;
  /** Folder of the generator under postman-code-generators/codegens. */
  folder: string;
}

/**
 * The generators postman-code-generators registers, read from its language
 * table (lib/assets/languages.js): each entry names its `lang` and requires
 * `../../codegens/<folder>/index.js`.
 */
export function parseCodegens(languagesJs: string): Codegen[] {
  const codegens: Codegen[] = [];
  const entry =
    /'lang':\s*'([^']+)'[\s\S]*?require\('\.\.\/\.\.\/codegens\/([^/']+)\/index\.js'\)/g;
  for (const match of languagesJs.matchAll(entry)) {
    codegens.push({language: match[1]!.trim().toLowerCase(), folder: match[2]!});
  }
  return codegens;
}

/** Folders of the generators for languages the explorer does not show. */
export function unusedCodegenFolders(codegens: Codegen[], languages: string[]): string[] {
  const shown = new Set(languages.map((l) => l.toLowerCase()));
  return codegens.filter((c) => !shown.has(c.language)).map((c) => c.folder);
}

/** The language table of the installed postman-code-generators. */
export function installedCodegens(themeDir: string): Codegen[] {
  const pkg = require.resolve('postman-code-generators/package.json', {paths: [themeDir]});
  const table = path.join(path.dirname(pkg), 'lib/assets/languages.js');
  return parseCodegens(fs.readFileSync(table, 'utf8'));
}
