import assert from 'node:assert/strict';
import fs from 'node:fs';
import {test} from 'node:test';
import {extractCodeBlocks, findRepoRoot} from '../../checks/lib/code-blocks';
import {loadValidators} from '../../checks/crd-examples';
import {checkMarkdownManifests} from '../../checks/lib/crd-yaml';
import {loadKnownIssues} from '../../../plugins/known-issues/data';
import {
  anchorFor,
  cell,
  checkNotes,
  collectFields,
  collectSections,
  constraints,
  fill,
  loadNotes,
  loadSchema,
  noteAnchor,
  renderPage,
  exampleFile,
  targetObject,
  type NotesData,
} from '../generate';

const schema = loadSchema();
const notes = loadNotes();
const page = renderPage(schema, notes);
const fields = collectFields(schema);

/** Every id="..." and {#...} anchor on the page. */
function anchors(text: string): string[] {
  return [
    ...[...text.matchAll(/<Link id="([^"]+)"/g)].map((m) => m[1]),
    ...[...text.matchAll(/\{#([a-z0-9-]+)\}/g)].map((m) => m[1]),
  ];
}

test('the page has the front matter the site expects', () => {
  assert.match(page, /^---\ntitle: MCPServer resource reference\n/);
  assert.match(page, /^description: .{50,200}$/m);
  assert.doesNotMatch(page, /\{\{\w+\}\}/, 'an unfilled placeholder');
});

test('every property path in the schema appears on the page with its anchor', () => {
  assert.ok(fields.length > 100, `only ${fields.length} fields`);
  const ids = new Set(anchors(page));
  for (const f of fields) {
    const target = targetObject(f);
    const anchor = anchorFor(target ?? f.path);
    assert.ok(ids.has(anchor), `${f.path}: no anchor #${anchor}`);
    assert.ok(page.includes(`\`${f.path}\``), `${f.path}: not named on the page`);
    if (target) {
      assert.ok(page.includes(`](#${anchor})`), `${f.path}: no link to its object`);
    } else {
      assert.ok(
        page.includes(`<Link id="${anchor}" to="#${anchor}">\`${f.path}\`</Link>`),
        `${f.path}: row without its anchor`,
      );
    }
  }
  for (const p of ['spec.image', 'spec.oidcConfig.inline.issuer', 'spec.podTemplateSpec']) {
    assert.ok(
      fields.some((f) => f.path === p),
      p,
    );
  }
});

test('anchors are unique and every in-page link has a target', () => {
  const list = anchors(page);
  const headings = [...page.matchAll(/^##+ ([^{\n]+)$/gm)].map((m) =>
    m[1]
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9 -]/g, '')
      .replace(/ /g, '-'),
  );
  const all = [...list, ...headings];
  assert.equal(new Set(all).size, all.length, 'duplicate anchor');
  for (const m of page.matchAll(/\]\(#([^)]+)\)/g)) {
    assert.ok(all.includes(m[1]), `link to missing #${m[1]}`);
  }
});

test('required fields are marked, optional ones are not', () => {
  const row = (p: string) =>
    page.split('\n').find((l) => l.includes(`\`${p}\`</Link>`) || l.startsWith(`| [\`${p}\`]`))!;
  for (const p of [
    'spec.image',
    'spec.env[].name',
    'spec.oidcConfig.inline.issuer',
    'metadata.name',
  ]) {
    assert.match(row(p), /\| \*\*Required\*\* \|/, p);
  }
  // The CRD doesn't require spec (only spec.image, once spec is there).
  for (const p of ['spec', 'spec.transport', 'spec.port', 'spec.tools']) {
    assert.match(row(p), /\| Optional \|/, p);
  }
  const required = fields.filter((f) => f.required).length;
  assert.equal(page.match(/\| \*\*Required\*\* \|/g)!.length, required);
});

test('defaults, allowed values and bounds come from the schema', () => {
  const row = (p: string) => page.split('\n').find((l) => l.includes(`>\`${p}\`</Link>`))!;
  assert.match(row('spec.transport'), /\| `stdio` \| One of `stdio`, `streamable-http`, `sse` \|/);
  assert.match(row('spec.port'), /\| `8080` \| 1 to 65535 \|/);
  assert.match(row('spec.authzConfig.inline.entitiesJson'), /\| `\[\]` \|/);
  assert.equal(constraints({type: 'array', minItems: 1}), 'At least 1 item');
  assert.equal(constraints({type: 'string', pattern: 'a|b'}), 'Matches `a|b`');
  assert.equal(
    cell('Matches `a|b` for <name> {x}'),
    'Matches `a\\|b` for &#60;name&#62; &#123;x&#125;',
  );
});

test('the example manifest validates against the CRD, the derived names and the schema', () => {
  const result = checkMarkdownManifests(loadValidators(findRepoRoot()), page);
  assert.equal(result.manifests, 1);
  assert.deepEqual(result.problems, []);
});

test('the page holds no manifest but the example, which the docs checks read from example.yaml', () => {
  const manifests = extractCodeBlocks(page).filter((b) =>
    /^kind:\s*MCPServer\s*$/m.test(b.content),
  );
  assert.equal(manifests.length, 1);
  assert.equal(manifests[0].content.trim(), fs.readFileSync(exampleFile, 'utf8').trim());
});

test('notes name existing fields and appear beside them', () => {
  const paths = new Set(fields.map((f) => f.path));
  for (const key of [
    'spec.resources',
    'spec.volumes',
    'spec.permissionProfile',
    'spec.permissionProfile.type',
    'spec.tools',
  ]) {
    assert.ok(notes.notes[key], `no note for ${key}`);
  }
  for (const [p] of Object.entries(notes.notes)) {
    assert.ok(paths.has(p), `note for unknown field ${p}`);
    assert.ok(page.includes(`{#${noteAnchor(p)}}`), `${p}: note section`);
    assert.ok(page.includes(`See [the note](#${noteAnchor(p)})`), `${p}: note beside the field`);
  }
  assert.throws(
    () =>
      renderPage(schema, {
        ...notes,
        notes: {...notes.notes, 'spec.nope': {title: 'Nope', issues: ['k8s-nope']}},
      }),
    /unknown field path "spec.nope"/,
  );
});

test('each note shows its known issues, and only issues that exist, once each', () => {
  const ids = new Set(loadKnownIssues().keys());
  for (const [p, n] of Object.entries(notes.notes)) {
    assert.ok(n.issues.length > 0, `${p}: no known issue`);
    const section = page.slice(page.indexOf(`{#${noteAnchor(p)}}`)).split('\n### ')[0];
    for (const id of n.issues) {
      assert.ok(ids.has(id), `${p}: unknown known issue ${id}`);
      assert.ok(section.includes(`<KnownIssue id="${id}" />`), `${p}: ${id} not in its note`);
    }
  }
  const all = Object.values(notes.notes).flatMap((n) => n.issues);
  assert.equal(new Set(all).size, all.length, 'a known issue named by two notes');
  const issueIds = new Set(['k8s-a', 'k8s-b']);
  const one = (issues: string[]): NotesData => ({
    release: notes.release,
    notes: {'spec.tools': {title: 'T', issues}},
  });
  assert.throws(() => checkNotes(one(['k8s-c']), fields, issueIds), /unknown known issue "k8s-c"/);
  assert.throws(() => checkNotes(one([]), fields, issueIds), /names no known issue/);
  assert.throws(
    () =>
      checkNotes(
        {
          release: notes.release,
          notes: {
            'spec.tools': {title: 'T', issues: ['k8s-a']},
            'spec.port': {title: 'P', issues: ['k8s-a']},
          },
        },
        fields,
        issueIds,
      ),
    /"k8s-a" is named by "spec.tools" and "spec.port"/,
  );
  assert.doesNotThrow(() => checkNotes(one(['k8s-a', 'k8s-b']), fields, issueIds));
});

test('objects and lists of objects get their own sections', () => {
  const sections = collectSections(schema).map((s) => s.path);
  for (const p of ['', 'spec', 'spec.oidcConfig.inline', 'spec.env[]', 'status.conditions[]']) {
    assert.ok(sections.includes(p), p);
  }
  assert.equal(anchorFor('spec.env[].name'), 'spec-env-name');
  assert.equal(anchorFor(''), 'mcpserver');
  assert.throws(() => fill('{{missing}}', {}), /no value for \{\{missing\}\}/);
});
