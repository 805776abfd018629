/**
 * Which docs version a source file belongs to, and which ToolHive release a
 * page describes. A page describes its version's release, unless its front
 * matter names another with `release:`: a page of the current version that
 * has not been rewritten yet still describes the release it was written for,
 * says so to the reader, and is checked against that release's data.
 */
import path from 'node:path';
import {DOCS_VERSIONS, type DocsVersion} from '../../docs-versions';

const siteRoot = path.resolve(__dirname, '..', '..');

/** The docs version whose folder holds `file` (absolute, or relative to the site root). */
export function versionOfFile(file: string): DocsVersion | null {
  const rel = path.relative(siteRoot, path.resolve(siteRoot, file)).split(path.sep).join('/');
  return DOCS_VERSIONS.find((v) => rel === v.docsDir || rel.startsWith(`${v.docsDir}/`)) ?? null;
}

/** The release a page describes: its front matter's `release`, else its version's. */
export function pageRelease(file: string, frontMatter: {release?: unknown} = {}): string | null {
  const version = versionOfFile(file);
  if (typeof frontMatter.release === 'string') {
    if (!DOCS_VERSIONS.some((v) => v.release === frontMatter.release)) {
      throw new Error(
        `${file}: front matter release ${frontMatter.release} is no documented release`,
      );
    }
    return frontMatter.release;
  }
  return version?.release ?? null;
}
