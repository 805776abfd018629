/**
 * The build's reading of magic comments (plugins/static-highlight/
 * magic-comments.ts) against the theme's own: @docusaurus/theme-common's
 * codeBlockUtils module, which the page runs. That module is browser code
 * (JSX, a bundler alias in one import), so the test compiles it with
 * TypeScript and runs it with its one React helper import stubbed.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {test} from 'node:test';
import ts from 'typescript';
import config from '../../../docusaurus.config';
import {DEFAULT_MAGIC_COMMENTS, displayedCode, type MagicCommentConfig} from '../magic-comments';

type ParseLines = (
  code: string,
  params: {metastring?: string; magicComments: MagicCommentConfig[]; language: string},
) => {code: string; lineClassNames: Record<number, string[]>};

/** `parseLines` of the installed theme-common. */
function themeParseLines(): ParseLines {
  const file = path.join(
    path.dirname(require.resolve('@docusaurus/theme-common')),
    'utils',
    'codeBlockUtils.js',
  );
  const {outputText} = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      jsx: ts.JsxEmit.React,
      esModuleInterop: true,
    },
  });
  const requireThere = createRequire(file);
  const module = {exports: {} as {parseLines: ParseLines}};
  new Function('require', 'module', 'exports', outputText)(
    (id: string) => (id === './reactUtils' ? {ReactContextError: Error} : requireThere(id)),
    module,
    module.exports,
  );
  return module.exports.parseLines;
}

const SITE = (config.themeConfig as {prism: {magicComments: MagicCommentConfig[]}}).prism
  .magicComments;

const CASES: {code: string; language: string; metastring?: string}[] = [
  {code: 'thv list\n# highlight-next-line\nthv run fetch\n', language: 'bash'},
  {code: '# highlight-start\na\nb\n# highlight-end\nc', language: 'bash'},
  {code: '  #   error-next-line   \nthv rm fetch', language: 'bash'},
  {code: '# error-start\nx\n# error-end\n# highlight-next-line\ny', language: 'bash'},
  // Bash reads only # comments; other languages read every popular style.
  {code: '// highlight-next-line\nthv list', language: 'bash'},
  {code: '{\n  // highlight-next-line\n  "a": 1\n}', language: 'json'},
  {code: 'a: 1\n# highlight-next-line\nb: 2', language: 'yaml'},
  {code: '<!-- highlight-next-line -->\n/* error-next-line */\nx', language: 'text'},
  {code: '{/* highlight-start */}\nx\n{/* highlight-end */}', language: 'markdown'},
  {code: "' highlight-next-line\nREM error-next-line\nx", language: 'vb'},
  {code: '-- highlight-next-line\nselect 1', language: 'sql'},
  // A directive with code on its line, or an unknown word, stays.
  {code: 'thv list # highlight-next-line\n# highlight-this\nx', language: 'bash'},
  // A line range: no magic comments are read.
  {code: '# highlight-next-line\nthv list', language: 'bash', metastring: '{1} title="a"'},
  {code: '# highlight-next-line\nthv list', language: 'bash', metastring: 'title="{x}"'},
  {code: 'a\r\n# highlight-next-line\r\nb\r\n', language: 'bash'},
  {code: 'thv list\n\n', language: 'bash'},
];

test('the build removes the lines the theme removes', () => {
  const parseLines = themeParseLines();
  for (const magicComments of [SITE, DEFAULT_MAGIC_COMMENTS]) {
    for (const {code, language, metastring} of CASES) {
      assert.equal(
        displayedCode(code, {language, metastring, magicComments}),
        parseLines(code, {language, metastring, magicComments}).code,
        `${language} ${JSON.stringify(code)} ${metastring ?? ''}`,
      );
    }
  }
});

test('magic comments leave the block and mark the lines after them', () => {
  const parseLines = themeParseLines();
  const code = 'thv list\n# highlight-next-line\nthv run fetch\n# error-start\nthv rm\n# error-end';
  assert.equal(
    displayedCode(code, {language: 'bash', magicComments: SITE}),
    'thv list\nthv run fetch\nthv rm',
  );
  // The theme gives the marked lines (0-based, of the code drawn) the classes.
  assert.deepEqual(parseLines(code, {language: 'bash', magicComments: SITE}).lineClassNames, {
    1: ['theme-code-block-highlighted-line'],
    2: ['code-block-error-line'],
  });
});

test('the site keeps the theme highlight comment and adds an error one', () => {
  assert.deepEqual(SITE[0], DEFAULT_MAGIC_COMMENTS[0]);
  assert.ok(SITE.some((c) => c.line === 'error-next-line' && c.block?.start === 'error-start'));
});
