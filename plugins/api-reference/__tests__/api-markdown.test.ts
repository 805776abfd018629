/**
 * The API reference's Markdown (plugins/api-reference/components/markdown.ts,
 * drawn by plugins/api-reference/theme/Markdown): descriptions become HTML with `marked`;
 * admonitions and fenced code with a language become parts that the theme's
 * components draw.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {Prism} from 'prism-react-renderer';
import {codeTokens, markdownParts, markdownToHtml} from '../components/markdown';
import {decodeTokens} from '../../static-highlight/tokens';

test('descriptions become HTML: code, emphasis, links, lists and tables', () => {
  assert.equal(
    markdownToHtml('Run `thv serve` **first**, see [the guide](/toolhive/guides-cli/api-server).'),
    '<p>Run <code>thv serve</code> <strong>first</strong>, see ' +
      '<a href="/toolhive/guides-cli/api-server">the guide</a>.</p>\n',
  );
  assert.match(markdownToHtml('- stdio\n- sse\n'), /^<ul>\n<li>stdio<\/li>\n<li>sse<\/li>\n<\/ul>/);
  assert.match(markdownToHtml('| a | b |\n| - | - |\n| 1 | 2 |\n'), /<table>[\s\S]*<td>1<\/td>/);
});

test("the theme's qualifier lines keep their markup", () => {
  assert.equal(
    markdownToHtml('**Possible values:** [`sse`, `streamable-http`]'),
    '<p><strong>Possible values:</strong> [<code>sse</code>, <code>streamable-http</code>]</p>\n',
  );
});

test('inline HTML stays HTML, and text is escaped', () => {
  assert.equal(markdownToHtml('a <br/> b'), '<p>a <br/> b</p>\n');
  assert.equal(markdownToHtml('1 < 2 & 3'), '<p>1 &lt; 2 &amp; 3</p>\n');
});

test('plain descriptions are one HTML part', () => {
  const text = 'Run `thv serve`.\n\n```\nno language\n```\n\nPlain ::: in a sentence';
  assert.deepEqual(markdownParts(text), [{kind: 'html', html: markdownToHtml(text)}]);
  assert.deepEqual(markdownParts(''), []);
});

test('admonitions become parts with their type, title and content', () => {
  const parts = markdownParts(
    'Before.\n\n:::note\nStored in **plain** text.\n:::\n\n:::warning[Mind the port]\n\nA\n\nB\n\n:::\nAfter.',
  );
  assert.deepEqual(parts, [
    {kind: 'html', html: '<p>Before.</p>\n'},
    {
      kind: 'admonition',
      type: 'note',
      title: undefined,
      parts: [{kind: 'html', html: '<p>Stored in <strong>plain</strong> text.</p>\n'}],
    },
    {
      kind: 'admonition',
      type: 'warning',
      title: 'Mind the port',
      parts: [{kind: 'html', html: '<p>A</p>\n<p>B</p>\n'}],
    },
    {kind: 'html', html: '<p>After.</p>\n'},
  ]);
  // An admonition that is never closed stays text.
  assert.equal(markdownParts(':::tip\nno end')[0]!.kind, 'html');
});

test('fenced code with a language becomes a highlighted code part', () => {
  const parts = markdownParts('Example:\n\n```json\n{"LOG_LEVEL": "debug"}\n```\n');
  assert.equal(parts.length, 2);
  const code = parts[1]!;
  assert.ok(code.kind === 'code');
  assert.equal(code.language, 'json');
  assert.equal(code.code, '{"LOG_LEVEL": "debug"}');
  const tokens = decodeTokens(code.tokens, code.code);
  assert.ok(tokens, 'the tokens fit the code');
  assert.deepEqual(
    tokens[0]!.filter((t) => t.types.includes('property')).map((t) => t.content),
    ['"LOG_LEVEL"'],
  );
  // Code inside an admonition too.
  const nested = markdownParts(':::info\n```bash\nthv list\n```\n:::');
  assert.ok(nested[0]!.kind === 'admonition' && nested[0]!.parts[0]!.kind === 'code');
});

test('code in a language the API pages do not load is drawn as text', () => {
  // The pre-rendering Prism has the docs' grammars (YAML among them); the
  // browser's has only the request samples' ones.
  assert.ok(Prism.languages.yaml);
  const {language, tokens} = codeTokens('a: 1', 'yaml');
  assert.equal(language, 'text');
  assert.deepEqual(decodeTokens(tokens, 'a: 1'), [[{types: ['plain'], content: 'a: 1'}]]);
  assert.equal(codeTokens('thv list', 'bash').language, 'bash');
});
