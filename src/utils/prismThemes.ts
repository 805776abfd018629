import type {PrismTheme} from 'prism-react-renderer';

/**
 * Code block themes in the ToolHive palette. Every token colour meets WCAG AA
 * contrast (4.5:1) on its background, which the axe checks in the browser
 * tests enforce. Token groups follow Prism's token names.
 */
type Palette = Record<
  | 'plain'
  | 'comment'
  | 'keyword'
  | 'string'
  | 'func'
  | 'number'
  | 'variable'
  | 'property'
  | 'deleted',
  string
>;

function makeTheme(bg: string, c: Palette): PrismTheme {
  return {
    plain: {color: c.plain, backgroundColor: bg},
    styles: [
      {
        types: ['comment', 'prolog', 'doctype', 'cdata', 'shebang'],
        style: {color: c.comment, fontStyle: 'italic'},
      },
      {types: ['punctuation', 'operator', 'entity'], style: {color: c.plain}},
      {
        types: ['keyword', 'atrule', 'rule', 'builtin', 'important', 'instruction', 'control'],
        style: {color: c.keyword},
      },
      {
        types: ['string', 'char', 'attr-value', 'url', 'regex', 'template-string'],
        style: {color: c.string},
      },
      {types: ['function', 'class-name', 'function-name'], style: {color: c.func}},
      {types: ['number', 'boolean', 'constant', 'symbol', 'unit'], style: {color: c.number}},
      {types: ['variable', 'parameter', 'environment', 'assign-left'], style: {color: c.variable}},
      {
        types: ['property', 'tag', 'selector', 'attr-name', 'key', 'label', 'namespace'],
        style: {color: c.property},
      },
      {types: ['inserted'], style: {color: c.property}},
      {types: ['deleted'], style: {color: c.deleted}},
      {types: ['bold'], style: {fontWeight: 'bold'}},
      {types: ['italic'], style: {fontStyle: 'italic'}},
    ],
  };
}

export const prismLight = makeTheme('#f6f8fa', {
  plain: '#1f2328',
  comment: '#57606a',
  keyword: '#2809a5',
  string: '#0a3069',
  func: '#6639ba',
  number: '#0550ae',
  variable: '#953800',
  property: '#116329',
  deleted: '#82071e',
});

export const prismDark = makeTheme('#161b22', {
  plain: '#e6edf3',
  comment: '#9ba6b3',
  keyword: '#ff9b94',
  string: '#a5d6ff',
  func: '#d2a8ff',
  number: '#79c0ff',
  variable: '#ffa657',
  property: '#7ee787',
  deleted: '#ffaba8',
});
