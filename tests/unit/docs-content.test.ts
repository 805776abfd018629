/**
 * Rules for the hand-written docs pages: front matter for search engines and
 * link previews, enough prose to be useful, and no placeholder text.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {execFileSync} from 'node:child_process';
import {parse} from 'yaml';

const root = path.resolve(__dirname, '..', '..');
// The hand-written pages of every docs version: the committed ones (generated
// references are gitignored build outputs), without partials.
const files = execFileSync('git', ['ls-files', '--', 'docs', 'versioned_docs'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.mdx?$/.test(f) && !path.basename(f).startsWith('_'))
  .sort();

function split(file: string): {meta: Record<string, unknown>; body: string} {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const m = /^---\n([\s\S]*?)\n---\n/.exec(text);
  assert.ok(m, `${file}: front matter is missing`);
  return {meta: parse(m[1]!) as Record<string, unknown>, body: text.slice(m[0].length)};
}

/** Words of prose: code blocks, imports, JSX tags and Markdown syntax removed. */
function withoutCode(body: string): string {
  return body.replace(/^\s*(```|~~~)[\s\S]*?^\s*\1\s*$/gm, ' ');
}

function proseWords(body: string): number {
  const prose = withoutCode(body)
    .replace(/^(import|export) .*$/gm, ' ')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[#>*_|`[\]-]/g, ' ');
  return prose.split(/\s+/).filter((w) => /[A-Za-z]/.test(w)).length;
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

test('there are hand-written docs to check', () => {
  assert.ok(files.length >= 25, `found ${files.length}`);
});

for (const file of files) {
  test(`${file} has keywords: the reader's words for the page`, () => {
    const {meta} = split(file);
    // The reader's words for the page, for the site search (STYLE-GUIDE.md).
    const {keywords} = meta;
    assert.ok(Array.isArray(keywords), 'keywords: a list of phrases');
    assert.ok(keywords.length >= 3 && keywords.length <= 8, `${keywords.length} keywords`);
    const titleWords = new Set(wordsOf(meta.title as string));
    for (const k of keywords) {
      assert.ok(typeof k === 'string' && k.trim() !== '', `keyword ${String(k)}`);
      const own = wordsOf(k);
      assert.ok(own.length >= 1 && own.length <= 5, `keyword "${k}": 1 to 5 words`);
      assert.ok(
        own.some((w) => !titleWords.has(w)),
        `keyword "${k}" only repeats the title`,
      );
    }
  });
}

for (const file of files) {
  test(`${file} has a title, a description and enough prose`, () => {
    const {meta, body} = split(file);
    assert.equal(typeof meta.title, 'string', 'title');
    assert.equal(typeof meta.description, 'string', 'description');
    const description = meta.description as string;
    assert.ok(
      description.length >= 50 && description.length <= 200,
      `description length ${description.length}`,
    );
    const isIndex = path.basename(file).startsWith('index.');
    const minimum = isIndex ? 150 : 400;
    const words = proseWords(body);
    assert.ok(words >= minimum, `${words} words of prose; at least ${minimum} expected`);
    assert.doesNotMatch(body, /\b(TODO|TBD|lorem ipsum|coming soon)\b/i, 'placeholder text');
    assert.doesNotMatch(
      withoutCode(body),
      /^# /m,
      'the title is the only h1; start the body at h2',
    );
  });
}
