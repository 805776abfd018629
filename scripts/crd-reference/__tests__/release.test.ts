import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {extractCodeBlocks, findRepoRoot} from '../../checks/lib/code-blocks';
import {loadRelease} from '../../checks/lib/crd-release';
import {checkMarkdownManifests} from '../../checks/lib/crd-yaml';
import {loadValidators} from '../../checks/crd-examples';
import {generateReference, renderPage} from '../generate';
import {kindFields} from '../fields';
import {allowedOf, anchorOf, pageSlug, renderRelease, templatesDirOf} from '../release';

const ROOT = findRepoRoot();
const DIR = path.join(ROOT, 'data/releases/v0.44.0/crd');
const release = loadRelease(DIR);
const {pages} = renderRelease(release);

test('one page per kind and an index page, with the front matter the site expects', () => {
  assert.equal(pages.size, 15);
  for (const kind of release.kinds.keys()) {
    const page = pages.get(`${pageSlug(kind)}.mdx`)!;
    assert.ok(page, kind);
    assert.match(
      page,
      new RegExp(`^---\\ntitle: ${kind} resource reference\\nsidebar_label: ${kind}\\n`),
    );
    const description = /^description: (.*)$/m.exec(page)![1];
    assert.ok(description.length < 160, `${kind}: description of ${description.length} characters`);
    assert.doesNotMatch(page, /\{\{\w+\}\}/, `${kind}: an unfilled placeholder`);
  }
  assert.match(pages.get('index.mdx')!, /^---\ntitle: ToolHive resources reference\n/);
});

test('every spec field is named with its anchor, type, required marker, default and bounds', () => {
  for (const [kind, e] of release.kinds) {
    const page = pages.get(`${pageSlug(kind)}.mdx`)!;
    const fields = kindFields(e).filter((f) => f.path.startsWith('spec.'));
    for (const f of fields) {
      const row = page
        .split('\n')
        .find(
          (l) =>
            l.startsWith(`| <Link id="${anchorOf(f.path)}"`) || l.startsWith(`| [\`${f.path}\`](`),
        );
      assert.ok(row, `${kind}: no row for ${f.path}`);
      assert.ok(
        row.includes(f.required ? '| **Required** |' : '| Optional |'),
        `${kind}: ${f.path} required marker`,
      );
      if (f.node.default !== undefined)
        assert.ok(
          row.includes(JSON.stringify(f.node.default).replace(/^"|"$/g, '')),
          `${kind}: ${f.path} default`,
        );
    }
    const required = fields.filter((f) => f.required).length;
    assert.equal((page.match(/\| \*\*Required\*\* \|/g) ?? []).length, required, kind);
  }
  const server = pages.get('mcpserver.mdx')!;
  const row = (p: string) => server.split('\n').find((l) => l.includes(`>\`${p}\`</Link>`))!;
  assert.match(row('spec.transport'), /\| `stdio` \| One of `stdio`, `streamable-http`, `sse` \|/);
  assert.match(row('spec.proxyPort'), /\| `8080` \| 1 to 65535 \|/);
  assert.match(row('spec.replicas'), /\| At least 0 \|/);
  assert.equal(
    allowedOf({type: 'string', pattern: '^a|b$', maxLength: 4}),
    'At most 4 characters; Matches `^a|b$`',
  );
});

test('status fields are listed in brief, and CEL rules and served versions are shown', () => {
  const vmcp = pages.get('virtualmcpserver.mdx')!;
  assert.match(
    vmcp,
    /<Link id="status-discoveredbackends-circuitbreakerstate"[^|]*\| string \| .* One of `closed`, `open`, `half-open`\. \|/,
  );
  assert.match(vmcp, /- `self\.type == 'oidc' \? has\(self\.oidcConfigRef\) : true`/);
  assert.match(vmcp, /\| Versions \| `v1beta1` \(stored\), `v1alpha1` \(served, deprecated\) \|/);
  const webhook = pages.get('mcpwebhookconfig.mdx')!;
  assert.match(
    webhook,
    /serves `MCPWebhookConfig` in one version, `v1alpha1`, which is also the version it stores/,
  );
  const index = pages.get('index.mdx')!;
  assert.match(
    index,
    /\| \[MCPRegistry\]\(\.\/mcpregistry\.mdx\) \| .* \| `v1beta1` \(stored, deprecated\), `v1alpha1` \(deprecated\) \|/,
  );
  assert.match(
    index,
    /\| \[VirtualMCPServer\]\(\.\/virtualmcpserver\.mdx\) \| `spec\.groupRef\.name` \| \[MCPGroup\]\(\.\/mcpgroup\.mdx\) \|/,
  );
});

test('each page shows one example manifest, valid for the release, at the stored version except MCPWebhookConfig', () => {
  const validators = loadValidators(ROOT, {releaseDir: DIR});
  for (const [kind, e] of release.kinds) {
    const page = pages.get(`${pageSlug(kind)}.mdx`)!;
    const manifests = extractCodeBlocks(page).filter((b) => /^kind:/m.test(b.content));
    assert.equal(manifests.length, 1, kind);
    const file = path.join(templatesDirOf('v0.44.0'), 'examples', `${pageSlug(kind)}.yaml`);
    assert.equal(manifests[0].content.trim(), fs.readFileSync(file, 'utf8').trim(), kind);
    const stored = e.versions.find((v) => v.storage)!.name;
    assert.match(
      manifests[0].content,
      new RegExp(`^apiVersion: toolhive\\.stacklok\\.dev/${stored}$`, 'm'),
      kind,
    );
    const r = checkMarkdownManifests(validators, page);
    assert.equal(r.manifests, 1, kind);
    assert.deepEqual(r.problems, [], kind);
  }
});

test('a field without a description stops the generator', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crd-fields-'));
  try {
    const yaml = fs
      .readFileSync(path.join(DIR, 'fields.yaml'), 'utf8')
      .replace(/^ {6}spec\.image: .*\n/m, '');
    fs.writeFileSync(path.join(dir, 'fields.yaml'), yaml);
    assert.throws(
      () => renderRelease(release, templatesDirOf('v0.44.0'), path.join(dir, 'fields.yaml')),
      /MCPServer: spec\.image has no description/,
    );
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('generateReference writes a release into any folder, and keeps the v0.2.8 page as it was', async () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'crd-pages-'));
  try {
    const files = await generateReference(DIR, path.join(out, 'crds'));
    assert.equal(files.length, 15);
    assert.ok(fs.existsSync(path.join(out, 'crds', 'index.mdx')));
    const legacy = await generateReference(
      path.join(ROOT, 'data/releases/v0.2.8/crd'),
      path.join(out, 'old'),
    );
    assert.deepEqual(legacy, [path.join(out, 'old', 'crd-spec.mdx')]);
    assert.equal(fs.readFileSync(legacy[0], 'utf8'), renderPage());
    await assert.rejects(
      generateReference(out, out),
      /neither fields\.yaml nor mcpserver\.schema\.json/,
    );
  } finally {
    fs.rmSync(out, {recursive: true, force: true});
  }
});
