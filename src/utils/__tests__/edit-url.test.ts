/**
 * "Edit this page": with DOCS_EDIT_URL set, every docs page (hand-written and
 * generated) links to a file that is committed in this repository; without
 * it, pages have no edit link.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {test} from 'node:test';
import fg from 'fast-glob';
import {editUrlOption, sourceFileOf} from '../editUrl';
import {DOCS_VERSIONS} from '../../../docs-versions';

const root = path.resolve(__dirname, '..', '..', '..');
const tracked = new Set(
  execFileSync('git', ['ls-files'], {cwd: root, encoding: 'utf8'}).split('\n').filter(Boolean),
);
// Files whose name starts with an underscore are partials, not pages.
const pagesOf = (dir: string) =>
  fg.sync('**/*.{md,mdx}', {cwd: path.join(root, dir), ignore: ['**/_*']}).sort();
const docPaths = pagesOf('docs');

test('every docs page, generated ones included, is checked', () => {
  assert.ok(docPaths.length >= 100, `found ${docPaths.length} pages; run npm run gen first`);
  assert.ok(
    docPaths.some((p) => p.startsWith('toolhive/reference/cli/')),
    'CLI reference',
  );
  assert.ok(
    docPaths.some((p) => p.startsWith('toolhive/reference/api/')),
    'API reference',
  );
});

test('every edit link of every version points at a committed file of this repository', () => {
  const base = 'https://example.test/docs/edit/main/';
  const editUrl = editUrlOption(base)!;
  for (const version of DOCS_VERSIONS) {
    const pages = pagesOf(version.docsDir);
    assert.ok(pages.length >= 100, `${version.docsDir}: ${pages.length} pages`);
    const missing = pages
      .map((docPath) => ({docPath, url: editUrl({docPath, versionDocsDirPath: version.docsDir})}))
      .filter(({url}) => !tracked.has(url.slice(base.length)));
    assert.deepEqual(missing, [], version.docsDir);
  }
});

test('generated pages link to the data they are generated from', () => {
  assert.equal(
    sourceFileOf('toolhive/reference/cli/thv_run.mdx'),
    'data/releases/v0.44.0/cli/thv.yaml',
  );
  assert.equal(
    sourceFileOf('toolhive/reference/cli/thv_run.mdx', 'versioned_docs/version-0.2.8'),
    'data/releases/v0.2.8/cli/thv.yaml',
  );
  assert.equal(
    sourceFileOf('toolhive/reference/api/list-workloads.api.mdx', 'versioned_docs/version-0.2.8'),
    'static/api-specs/v0.2.8/openapi.yaml',
  );
  assert.equal(
    sourceFileOf('toolhive/faq.mdx', 'versioned_docs/version-0.2.8'),
    'versioned_docs/version-0.2.8/toolhive/faq.mdx',
  );
  assert.equal(
    sourceFileOf('toolhive/reference/changes/v0.2.8-to-v0.44.0.mdx'),
    'scripts/release-changes/generate.ts',
  );
  assert.equal(sourceFileOf('toolhive/faq.mdx'), 'docs/toolhive/faq.mdx');
  assert.equal(
    editUrlOption('https://x.test/edit/main')!({docPath: 'toolhive/faq.mdx'}),
    'https://x.test/edit/main/docs/toolhive/faq.mdx',
  );
});

test('without a configured URL there are no edit links', () => {
  assert.equal(editUrlOption(undefined), undefined);
  assert.equal(editUrlOption(''), undefined);
});
