import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {findRepoRoot} from '../lib/code-blocks';
import {checkMarkdownLabels, findBoldSpans, judgeBold, loadLabels} from '../ui-labels';
import {extractFromSource, isUiSource, normalizeLabel} from '../../ui-labels/extract';

const root = findRepoRoot();
const labels = loadLabels(path.join(root, 'data/releases/v0.2.8/ui/labels.json'));

test('labels.json is a sorted list of unique strings', () => {
  const list = JSON.parse(
    readFileSync(path.join(root, 'data/releases/v0.2.8/ui/labels.json'), 'utf8'),
  ) as string[];
  assert.ok(list.length > 100, `only ${list.length} labels`);
  assert.deepEqual(
    list,
    [...new Set(list)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
  );
});

test('labels.json holds labels known from the app (navigation, buttons, tray)', () => {
  for (const label of [
    'MCP Servers',
    'Registry',
    'Clients',
    'Secrets',
    'Playground',
    'Settings',
    'Install server',
    'Add server',
    'Add secret',
    'Network Isolation',
    'Enable outbound network filtering',
    'Quit ToolHive',
  ])
    assert.ok(labels.has(label), `labels.json lacks "${label}"`);
});

test('the check accepts a real label and a menu path of labels', () => {
  assert.equal(judgeBold('Install server', labels), null);
  assert.equal(judgeBold('Settings > Registry', labels), null);
  const r = checkMarkdownLabels('Click **Install server**, then\n**Add a\nsecret**.\n', labels);
  assert.deepEqual(r, {spans: 2, problems: []});
});

test('the check rejects a made-up label and a wrong case', () => {
  const r = checkMarkdownLabels('Intro.\n\nClick **Launch the rocket**.\n', labels);
  assert.equal(r.problems.length, 1);
  assert.equal(r.problems[0].line, 3);
  assert.match(r.problems[0].message, /"Launch the rocket" is not a UI label/);
  assert.match(judgeBold('Network isolation', labels) ?? '', /spelled "Network Isolation"/);
  assert.match(judgeBold('Settings > Flux capacitor', labels) ?? '', /"Flux capacitor"/);
});

test('bold in code blocks, inline code and front matter is ignored', () => {
  const text = [
    '---',
    'title: "**Not checked**"',
    '---',
    '',
    'Use `**also not**` here.',
    '',
    '```bash',
    'echo "**nor this**"',
    '```',
    '',
    '**Secrets**',
  ].join('\n');
  assert.deepEqual(findBoldSpans(text), [{text: 'Secrets', line: 11}]);
});

test('the extractor finds JSX text, label props, toasts and label maps', () => {
  const src = `
    const STATUS_LABEL_MAP = {running: 'Up and running'}
    export function X({open}: {open: boolean}) {
      toast.success('Saved it')
      return (
        <Dialog title="A title" className="p-4 text-sm">
          <Button aria-label="Close dialog">  Do   the thing </Button>
          {open ? 'Show less' : 'Show more'}
          <Input placeholder="e.g. my-server" />
        </Dialog>
      )
    }`;
  const found = extractFromSource('renderer/src/x.tsx', src);
  for (const s of [
    'Up and running',
    'Saved it',
    'A title',
    'Close dialog',
    'Do the thing',
    'Show less',
    'Show more',
    'e.g. my-server',
  ])
    assert.ok(found.includes(s), `missing ${s} in ${JSON.stringify(found)}`);
  assert.ok(!found.includes('p-4 text-sm'));
  assert.equal(normalizeLabel('some-identifier'), '');
  assert.ok(isUiSource('renderer/src/routes/clients.tsx'));
  assert.ok(!isUiSource('renderer/src/routes/__tests__/clients.test.tsx'));
  assert.ok(!isUiSource('renderer/src/common/mocks/handlers.ts'));
});
