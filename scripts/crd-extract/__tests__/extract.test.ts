import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  extractChart,
  extractCrd,
  extractFileName,
  formatJson,
  stripHelm,
  structureOf,
  writeChartExtract,
} from '../extract';

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names:
    kind: Widget
    listKind: WidgetList
    plural: widgets
    singular: widget
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    subresources:
      status: {}
    additionalPrinterColumns:
    - jsonPath: .status.phase
      name: Phase
      type: string
      description: Upstream prose that must not be copied.
    schema:
      openAPIV3Schema:
        description: A widget, in upstream's words.
        type: object
        properties:
          spec:
            description: More upstream prose.
            type: object
            required: [size]
            properties:
              size:
                description: How big.
                type: integer
                format: int32
                minimum: 1
                default: 3
              quota:
                anyOf:
                - type: integer
                - type: string
                pattern: ^[0-9]+$
                x-kubernetes-int-or-string: true
              items:
                type: array
                items:
                  type: object
                  properties:
                    name: {type: string}
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [name]
              meta:
                type: object
`;

const SOURCE = {repository: 'example/widgets', tag: 'v1', path: 'crd.yaml'};

test('the extract keeps structure and drops every description', () => {
  const extract = extractCrd(CRD, SOURCE);
  assert.deepEqual(extract.resource, {
    group: 'example.com',
    kind: 'Widget',
    listKind: 'WidgetList',
    plural: 'widgets',
    singular: 'widget',
    shortNames: [],
    scope: 'Namespaced',
  });
  assert.deepEqual(extract.versions[0].printerColumns, [
    {name: 'Phase', type: 'string', jsonPath: '.status.phase'},
  ]);
  assert.deepEqual(extract.versions[0].subresources, ['status']);
  assert.deepEqual(extract.versions[0].schema, {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        required: ['size'],
        properties: {
          size: {type: 'integer', format: 'int32', default: 3, minimum: 1},
          quota: {
            pattern: '^[0-9]+$',
            'x-kubernetes-int-or-string': true,
            anyOf: [{type: 'integer'}, {type: 'string'}],
          },
          items: {
            type: 'array',
            'x-kubernetes-list-type': 'map',
            'x-kubernetes-list-map-keys': ['name'],
            items: {type: 'object', properties: {name: {type: 'string'}}},
          },
          meta: {type: 'object'},
        },
      },
    },
  });
  assert.doesNotMatch(JSON.stringify(extract), /upstream/i);
  assert.equal(extract.source, SOURCE);
});

test('an unknown schema keyword stops the extract', () => {
  assert.throws(
    () => structureOf({type: 'object', properties: {a: {type: 'string', 'x-new-thing': 1}}}),
    /\.a: unknown schema keyword "x-new-thing"/,
  );
  assert.throws(() => extractCrd('kind: ConfigMap\n', SOURCE), /not a CustomResourceDefinition/);
});

test('the output is formatted as Prettier formats data files', async () => {
  const text = await formatJson({a: [1, 2], b: {c: 'd'}}, 'data/releases/v0.2.8/crd/x.json');
  assert.equal(text, '{"a": [1, 2], "b": {"c": "d"}}\n');
});

test('Helm directives are removed from a chart template, and others stop the extract', () => {
  const template = [
    '{{- if .Values.crds.install }}',
    'apiVersion: apiextensions.k8s.io/v1',
    'metadata:',
    '  annotations:',
    '    {{- if .Values.crds.keep }}',
    '    helm.sh/resource-policy: keep',
    '    {{- end }}',
    'description: Uses {{ "{{" }}.params.x{{ "}}" }} templates.',
    '{{- end }}',
  ].join('\n');
  assert.equal(
    stripHelm(template),
    [
      'apiVersion: apiextensions.k8s.io/v1',
      'metadata:',
      '  annotations:',
      '    helm.sh/resource-policy: keep',
      'description: Uses {{.params.x}} templates.',
    ].join('\n'),
  );
  assert.throws(
    () => stripHelm('name: {{ .Release.Name }}\n', 'x.yaml'),
    /x\.yaml:1: a Helm directive/,
  );
  assert.equal(extractFileName('VirtualMCPServer'), 'virtualmcpserver.crd.json');
});

test('the extract keeps CEL rules and the deprecated flag, without their messages', () => {
  const crd = CRD.replace(
    '    served: true\n',
    '    served: true\n    deprecated: true\n    deprecationWarning: Upstream words.\n',
  ).replace(
    '            required: [size]\n',
    '            required: [size]\n            x-kubernetes-validations:\n            - rule: self.size > 0\n              message: Upstream words.\n',
  );
  const extract = extractCrd(crd, SOURCE);
  assert.equal(extract.versions[0].deprecated, true);
  const spec = (extract.versions[0].schema.properties as Record<string, Record<string, unknown>>)
    .spec;
  assert.deepEqual(spec['x-kubernetes-validations'], [{rule: 'self.size > 0'}]);
  assert.doesNotMatch(JSON.stringify(extract), /[Uu]pstream/);
});

test('every CRD of a chart at a tag is extracted, from files/crds or else from templates', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'crd-chart-'));
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args],
      {stdio: 'pipe'},
    );
  try {
    git('init', '-q');
    const chart = path.join(dir, 'deploy/charts/operator-crds');
    mkdirSync(path.join(chart, 'templates'), {recursive: true});
    writeFileSync(
      path.join(chart, 'templates/widgets.yaml'),
      `{{- if .Values.crds.install }}\n${CRD}{{- end }}\n`,
    );
    writeFileSync(path.join(chart, 'templates/NOTES.txt'), 'not a CRD');
    git('add', '.');
    git('commit', '-q', '-m', 'templates only');
    git('tag', 'old');
    mkdirSync(path.join(chart, 'files/crds'), {recursive: true});
    writeFileSync(path.join(chart, 'files/crds/widgets.yaml'), CRD);
    writeFileSync(
      path.join(chart, 'files/crds/gadgets.yaml'),
      CRD.replace(/Widget/g, 'Gadget').replace(/widget/g, 'gadget'),
    );
    git('add', '.');
    git('commit', '-q', '-m', 'plain files');
    git('tag', 'new');
    const gitDir = path.join(dir, '.git');

    const old = extractChart(gitDir, 'old');
    assert.equal(old.folder, 'deploy/charts/operator-crds/templates');
    assert.deepEqual(
      old.extracts.map((e) => e.resource.kind),
      ['Widget'],
    );

    const fresh = extractChart(gitDir, 'new');
    assert.equal(fresh.folder, 'deploy/charts/operator-crds/files/crds');
    assert.deepEqual(
      fresh.extracts.map((e) => e.resource.kind),
      ['Gadget', 'Widget'],
    );
    assert.equal(fresh.extracts[1].source.tag, 'new');

    const out = path.join(dir, 'release');
    mkdirSync(path.join(out, 'crd'), {recursive: true});
    writeFileSync(path.join(out, 'crd', 'removed.crd.json'), '{}');
    writeFileSync(path.join(out, 'crd', 'fields.yaml'), 'kept: true\n');
    await writeChartExtract(fresh, out);
    assert.deepEqual(readdirSync(path.join(out, 'crd')).sort(), [
      'fields.yaml',
      'gadget.crd.json',
      'widget.crd.json',
    ]);
    assert.equal(
      JSON.parse(readFileSync(path.join(out, 'crd', 'widget.crd.json'), 'utf8')).resource.kind,
      'Widget',
    );
    assert.throws(
      () => extractChart(gitDir, 'new', 'deploy/charts/none'),
      /no CustomResourceDefinition/,
    );
    assert.ok(existsSync(gitDir));
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
