import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  handlerName,
  imports,
  joinPath,
  jsonNames,
  listFuncs,
  parseRoutes,
  queryParams,
  responseHeaders,
  statusCodes,
  stringConst,
  stripComments,
  typeDecls,
  urlParams,
} from '../go-source';
import {refsOf, typeOf} from '../extract';

const ROUTER = `package v1

// WidgetRouter has a comment with a brace { that must not count.
func WidgetRouter(svc Service) http.Handler {
	routes := WidgetRoutes{svc: svc}
	r := chi.NewRouter()
	r.Get("/", apierrors.ErrorHandler(routes.listWidgets))
	r.With(stdTimeout).Post("/{name}/spin", apierrors.ErrorHandler(routes.spinWidget))
	r.Route("/{name}/parts", func(r chi.Router) {
		r.Get("/", routes.listParts)
		r.Delete("/{part}", deletePart)
	})
	if admin {
		r.Route("/admin", func(r chi.Router) {
			r.Post("/reset", routes.reset)
		})
	}
	return r
}

func (s *WidgetRoutes) listWidgets(w http.ResponseWriter, r *http.Request) error {
	color := r.URL.Query().Get("color") // "shade" in a comment is not a parameter
	if color == "" {
		return httperr.WithCode(errors.New("color is required"), http.StatusBadRequest)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Widget-Count", "3")
	w.Header().Set(discovery.NonceHeader, nonce)
	return s.helper(chi.URLParam(r, "name"))
}

func (s *WidgetRoutes) helper(name string) (string, error) {
	return "", httperr.WithCode(errors.New("gone"), http.StatusNotFound)
}
`;

test('stripComments blanks comments but keeps strings and line numbers', () => {
  const out = stripComments('a := "// not a comment" // gone\n/* x\ny */ b');
  assert.equal(out.split('\n').length, 3);
  assert.match(out, /"\/\/ not a comment"/);
  assert.doesNotMatch(out, /gone/);
  assert.match(out, /\bb$/);
});

test('listFuncs finds functions and methods with their receivers and lines', () => {
  const funcs = listFuncs(ROUTER);
  assert.deepEqual(
    funcs.map((f) => [f.receiver ?? '', f.name, f.line]),
    [
      ['', 'WidgetRouter', 4],
      ['WidgetRoutes', 'listWidgets', 21],
      ['WidgetRoutes', 'helper', 32],
    ],
  );
});

test('parseRoutes reads chi registrations and nested r.Route prefixes', () => {
  const body = listFuncs(ROUTER).find((f) => f.name === 'WidgetRouter')!.body;
  assert.deepEqual(parseRoutes(body), [
    {method: 'GET', pattern: '/{name}/parts/', handler: 'listParts'},
    {method: 'DELETE', pattern: '/{name}/parts/{part}', handler: 'deletePart'},
    {method: 'POST', pattern: '/admin/reset', handler: 'reset'},
    {method: 'GET', pattern: '/', handler: 'listWidgets'},
    {method: 'POST', pattern: '/{name}/spin', handler: 'spinWidget'},
  ]);
});

test('parseRoutes refuses chi calls it cannot read', () => {
  assert.throws(() => parseRoutes('r.Mount("/x", other)'), /does not read/);
});

test('handlerName unwraps error-handler adapters', () => {
  assert.equal(handlerName('apierrors.ErrorHandler(routes.listClients)'), 'listClients');
  assert.equal(handlerName('routes.getHealthcheck'), 'getHealthcheck');
  assert.equal(handlerName('ServeOpenAPI'), 'ServeOpenAPI');
});

test('joinPath joins mount points and patterns the way chi serves them', () => {
  assert.equal(joinPath('/api/v1beta/clients', '/'), '/api/v1beta/clients');
  assert.equal(joinPath('/api/', '/openapi.json'), '/api/openapi.json');
  assert.equal(joinPath('/health', '/'), '/health');
  assert.equal(
    joinPath('/registry', '/{registryName}/v0.1/servers'),
    '/registry/{registryName}/v0.1/servers',
  );
});

test('a handler body yields its query parameters, codes, headers and path parameters', () => {
  const fn = listFuncs(ROUTER).find((f) => f.name === 'listWidgets')!;
  assert.deepEqual(queryParams(fn.body), ['color']);
  assert.deepEqual(statusCodes(fn.body), [400]);
  assert.deepEqual(responseHeaders(fn.body), ['X-Widget-Count', 'discovery.NonceHeader']);
  assert.deepEqual(urlParams(fn.body), ['name']);
  assert.throws(() => statusCodes('http.StatusTeapot'), /unknown status constant/);
});

test('imports and string constants are read from a file', () => {
  const src = `package x
import (
	"fmt"
	regtypes "github.com/stacklok/toolhive-core/registry/types"
	_ "embed"
)
const NonceHeader = "X-Toolhive-Nonce"`;
  assert.deepEqual(imports(src), {
    fmt: 'fmt',
    regtypes: 'github.com/stacklok/toolhive-core/registry/types',
  });
  assert.equal(stringConst(src, 'NonceHeader'), 'X-Toolhive-Nonce');
});

test('struct fields keep their JSON names, like encoding/json writes them', () => {
  const [decl, alias] = typeDecls(`package x
type Config struct {
	// Name is documented.
	Name string \`json:"name"\`
	Port int \`json:"port,omitempty" yaml:"port"\`
	Issuer string
	Profile *permissions.Profile \`json:"permission_profile" swaggerignore:"true"\`
	Deployer rt.Deployer \`json:"-"\`
	hidden bool
	Base
	Nested struct {
		A string \`json:"a"\`
	} \`json:"nested"\`
}
type Other = skills.Other`);
  assert.equal(decl.kind, 'struct');
  assert.equal(alias.kind, 'alias');
  assert.equal(alias.target, 'skills.Other');
  const {names, embedded} = jsonNames(decl.fields);
  assert.deepEqual(Object.keys(names), ['name', 'port', 'Issuer', 'permission_profile', 'nested']);
  assert.equal(names.port.omitempty, true);
  assert.deepEqual(
    embedded.map((f) => f.type),
    ['Base'],
  );
});

test('typeOf writes the compact types of generated schemas', () => {
  assert.equal(typeOf({type: 'string'}), 'string');
  assert.equal(typeOf({$ref: '#/components/schemas/core.Workload'}), 'ref:core.Workload');
  assert.equal(typeOf({allOf: [{$ref: '#/components/schemas/X'}]}), 'ref:X');
  assert.equal(typeOf({oneOf: [{type: 'object'}, {$ref: '#/components/schemas/Y'}]}), 'ref:Y');
  assert.equal(typeOf({type: 'array', items: {$ref: '#/components/schemas/Z'}}), 'array<ref:Z>');
  assert.equal(typeOf({type: 'object', additionalProperties: {type: 'integer'}}), 'map<integer>');
  assert.equal(typeOf({type: 'object'}), 'object');
  assert.equal(typeOf(undefined), 'any');
  assert.deepEqual(refsOf('map<array<ref:A.B>>'), ['A.B']);
  assert.throws(() => typeOf({type: 'file'}), /unknown schema type/);
});
