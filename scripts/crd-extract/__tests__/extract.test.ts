import {test} from 'node:test';
import assert from 'node:assert/strict';
import {extractCrd, formatJson, structureOf} from '../extract';

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
  const text = await formatJson({a: [1, 2], b: {c: 'd'}}, 'data/crd/x.json');
  assert.equal(text, '{"a": [1, 2], "b": {"c": "d"}}\n');
});
