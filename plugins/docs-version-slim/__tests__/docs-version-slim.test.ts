// plugins/docs-version-slim: the loader that empties the doc table of the
// docs version's route props, and the pattern that picks those files.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {DOCS_ROUTE_PROPS, hasEmptiedDocTable} from '../index';

const require = createRequire(import.meta.url);
const emptyDocTable = require('../loader.cjs') as (source: string) => string;

const versionProps = {
  version: {
    pluginId: 'default',
    version: 'current',
    docsSidebars: {toolhiveSidebar: [{type: 'link', label: 'FAQ', href: '/toolhive/faq'}]},
    docs: {
      'toolhive/faq': {
        id: 'toolhive/faq',
        title: 'FAQ',
        description: 'Answers to common questions.',
        sidebar: 'toolhiveSidebar',
      },
      'toolhive/index': {id: 'toolhive/index', title: 'ToolHive', sidebar: 'toolhiveSidebar'},
    },
  },
};

test('the doc table keeps one empty entry per doc, and the rest is unchanged', () => {
  const out = JSON.parse(emptyDocTable(JSON.stringify(versionProps))) as {
    version: Omit<typeof versionProps.version, 'docs'> & {docs: Record<string, object>};
  };
  assert.deepEqual(out.version.docs, {'toolhive/faq': {}, 'toolhive/index': {}});
  assert.deepEqual(out.version.docsSidebars, versionProps.version.docsSidebars);
  assert.equal(out.version.pluginId, 'default');
});

test('other props files pass through unchanged', () => {
  // A doc's own metadata keeps its description (it becomes the page's meta tag).
  const docMetadata = JSON.stringify({id: 'toolhive/faq', description: 'Answers.'});
  assert.equal(emptyDocTable(docMetadata), docMetadata);
  const tags = JSON.stringify({tags: [{label: 'cli', description: 'CLI pages'}]});
  assert.equal(emptyDocTable(tags), tags);
});

test('the rule matches the docs route props files and no others', () => {
  const generated = '/site/.docusaurus/docusaurus-plugin-content-docs/default/p/index-466.json';
  assert.match(generated, DOCS_ROUTE_PROPS);
  assert.match(generated.replaceAll('/', '\\'), DOCS_ROUTE_PROPS);
  assert.doesNotMatch(
    '/site/.docusaurus/docusaurus-plugin-content-docs/default/site-docs-toolhive-faq-mdx-1a2.json',
    DOCS_ROUTE_PROPS,
  );
  assert.doesNotMatch('/site/.docusaurus/globalData.json', DOCS_ROUTE_PROPS);
});

test('version props of another shape stop the build', () => {
  const withField = structuredClone(versionProps) as {version: {docs: Record<string, object>}};
  withField.version.docs['toolhive/faq'] = {id: 'toolhive/faq', image: 'faq.png'};
  assert.throws(() => emptyDocTable(JSON.stringify(withField)), /toolhive\/faq has fields .*image/);
  const noTable = {version: {...versionProps.version, docs: undefined}};
  assert.throws(() => emptyDocTable(JSON.stringify(noTable)), /no doc table/);
});

test('the guard tells an emptied doc table from a full one', () => {
  assert.ok(hasEmptiedDocTable(emptyDocTable(JSON.stringify(versionProps))));
  assert.ok(!hasEmptiedDocTable(JSON.stringify(versionProps)));
  assert.ok(!hasEmptiedDocTable(JSON.stringify({tags: []})));
});
