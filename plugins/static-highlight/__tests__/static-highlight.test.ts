import assert from 'node:assert/strict';
import fs from 'node:fs';
import {test} from 'node:test';
import {createElement, type ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import type {Code, Root} from 'mdast';
import {StaticTokensContext} from '../context';
import {renderTokens, type RenderProps} from '../Highlight';
import {Highlight as CheckedHighlight} from '../Highlight.server';
import remarkStaticHighlight from '../remark';
import type {MagicCommentConfig} from '../magic-comments';
import config from '../../../docusaurus.config';
import {loadGrammars, loadSitePrism, type PrismCore} from '../tokenize';
import {decodeTokens, plainTokens, sameTokens} from '../tokens';
import {encodeTokens} from '../make-tokens';
import {prismDark, prismLight} from '../../../src/utils/prismThemes';
import {DOCS_LANGUAGES as LANGUAGES} from '../../prism-slim/languages';
import {listFiles} from '../../../scripts/checks/lib/code-blocks';

/** The site's magic comments, as docusaurus.config.ts sets them. */
const SITE_MAGIC_COMMENTS = (config.themeConfig as {prism: {magicComments: MagicCommentConfig[]}})
  .prism.magicComments;

/** Every fenced code block of the docs and pages: [language, code]. */
function fencedBlocks(): [string, string][] {
  const files = listFiles(['docs', 'src/pages'], ['.md', '.mdx']);
  const blocks: [string, string][] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^```([\w-]*)[^\n]*\n([\s\S]*?)\n```$/gm)) {
      if (m[1] !== 'mermaid') blocks.push([(m[1] || 'text').toLowerCase(), m[2]!]);
    }
  }
  return blocks;
}

/** Draws a block as the theme's code block does, through a render prop. */
function drawBlock({
  className,
  style,
  tokens,
  getLineProps,
  getTokenProps,
}: RenderProps): ReactNode {
  return createElement(
    'pre',
    {className, style},
    tokens.map((line, i) =>
      createElement(
        'div',
        {key: i, ...getLineProps({line, className: i === 1 ? 'highlighted' : undefined})},
        line.map((token, k) => createElement('span', {key: k, ...getTokenProps({token})})),
      ),
    ),
  );
}

test('the docs have code blocks in every grammar', () => {
  const languages = new Set(fencedBlocks().map(([language]) => language));
  for (const language of ['bash', 'json', 'yaml', 'powershell', 'dockerfile', 'promql', 'text']) {
    assert.ok(languages.has(language), `a ${language} block`);
  }
});

test('the tokens of every docs code block survive their text form', async () => {
  const {tokenize} = await loadSitePrism(LANGUAGES);
  let highlighted = 0;
  for (const [language, code] of fencedBlocks()) {
    const tokens = tokenize(code, language);
    if (tokens.flat().some((t) => t.types[0] !== 'plain')) highlighted += 1;
    const decoded = decodeTokens(encodeTokens(tokens), code);
    assert.ok(decoded && sameTokens(decoded, tokens), `${language}: ${code.slice(0, 40)}`);
  }
  assert.ok(highlighted > 100, `${highlighted} highlighted blocks`);
});

test('the stand-in draws what prism-react-renderer draws, in both themes', async () => {
  const {module, tokenize} = await loadSitePrism(LANGUAGES);
  for (const [language, code] of fencedBlocks()) {
    for (const theme of [prismLight, prismDark]) {
      const props = {code, language, theme, children: drawBlock};
      const real = renderToStaticMarkup(createElement(module.Highlight, props));
      const ours = renderToStaticMarkup(
        renderTokens(props, tokenize(code, language)) as React.ReactElement,
      );
      assert.equal(ours, real, `${language}: ${code.slice(0, 40)}`);
    }
  }
});

test('tokens do not fit other code', async () => {
  const {tokenize} = await loadSitePrism(LANGUAGES);
  const encoded = encodeTokens(tokenize('thv run fetch\nthv list', 'bash'));
  assert.ok(decodeTokens(encoded, 'thv run fetch\nthv list'));
  assert.equal(decodeTokens(encoded, 'thv run fetch'), null);
  assert.equal(decodeTokens(encoded, 'thv run fetches\nthv list'), null);
  assert.equal(decodeTokens('garbage', 'thv'), null);
});

test('empty lines and plain code come out as prism-react-renderer makes them', () => {
  const lines = plainTokens('a\n\nb');
  assert.deepEqual(lines[1], [{types: ['plain'], content: '\n', empty: true}]);
  assert.ok(sameTokens(decodeTokens(encodeTokens(lines), 'a\n\nb')!, lines));
});

test('the remark plugin tokenizes fenced blocks as the theme draws them', async () => {
  const block = (lang: string | null, value: string, meta?: string): Code => ({
    type: 'code',
    lang,
    meta,
    value,
  });
  const tree: Root = {
    type: 'root',
    children: [
      block('bash', 'thv run fetch'),
      block(null, 'plain text'),
      block('bash', '# highlight-next-line\nthv list\n# error-start\nthv rm\n# error-end'),
      block('bash', '# highlight-next-line\nthv list', '{2}'),
    ],
  };
  await remarkStaticHighlight({additionalLanguages: LANGUAGES, magicComments: SITE_MAGIC_COMMENTS})(
    tree,
  );
  const tokens = tree.children.map(
    (node) => (node.data as {hProperties?: Record<string, string>} | undefined)?.hProperties,
  );
  const {tokenize} = await loadSitePrism(LANGUAGES);
  assert.equal(tokens[0]?.['data-tokens'], encodeTokens(tokenize('thv run fetch', 'bash')));
  assert.equal(tokens[1]?.['data-tokens'], encodeTokens(plainTokens('plain text')));
  // The comment lines are gone, as the theme removes them before drawing.
  assert.equal(tokens[2]?.['data-tokens'], encodeTokens(tokenize('thv list\nthv rm', 'bash')));
  // With a line range the theme reads no magic comments, and keeps them.
  assert.equal(
    tokens[3]?.['data-tokens'],
    encodeTokens(tokenize('# highlight-next-line\nthv list', 'bash')),
  );
});

test('pre-rendering stops at a block whose tokens are missing or wrong', async () => {
  const {tokenize} = await loadSitePrism(LANGUAGES);
  // The pre-rendering bundle's Prism has the theme's grammars; here the
  // checking component gets the package itself, so load them into it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loadGrammars((require('prism-react-renderer') as {Prism: PrismCore}).Prism, LANGUAGES);
  const code = 'thv run --transport sse fetch';
  const render = (tokens: string | undefined) =>
    renderToStaticMarkup(
      createElement(
        StaticTokensContext.Provider,
        {value: tokens},
        createElement(CheckedHighlight, {
          code,
          language: 'bash',
          theme: prismDark,
          children: drawBlock,
        }),
      ),
    );
  assert.match(render(encodeTokens(tokenize(code, 'bash'))), /token parameter variable/);
  assert.throws(() => render(undefined), /has no build-time tokens/);
  assert.throws(() => render(encodeTokens(plainTokens(code))), /differ from Prism/);
});
