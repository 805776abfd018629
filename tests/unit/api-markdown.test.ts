/**
 * The API reference's Markdown (src/theme/Markdown): descriptions become HTML
 * with `marked`; text that needs the theme's own components goes to the
 * original component.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {markdownToHtml, needsOriginal} from '../../src/theme/Markdown';

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

test('admonitions and fenced code with a language go to the original component', () => {
  assert.equal(needsOriginal(':::note\nHello\n:::'), true);
  assert.equal(needsOriginal('Text\n\n```json\n{}\n```'), true);
  assert.equal(needsOriginal('  ~~~ yaml\na: 1\n~~~'), true);
  assert.equal(needsOriginal('Plain `code` and ::: in a sentence'), false);
  assert.equal(needsOriginal('```\nno language\n```'), false);
  assert.equal(needsOriginal(''), false);
});
