// The local search engine and the Algolia-compatible client that DocSearch's
// modal and the theme's search page call: ranking, typo and prefix matching,
// the response contract, highlighting, snippets, and hostile input.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {SearchEngine, commandArguments, queryShape, queryTerms} from '../client/engine';
import {createLocalSearchClient, RetryError, type SearchResponse} from '../client/client';
import {packRecords, unpackRecords, type PageRecords} from '../client/records';

const PAGES: PageRecords[] = [
  {
    path: '/toolhive/guides-cli/network-isolation',
    lvl0: 'ToolHive CLI',
    lvl1: 'Network isolation',
    records: [
      {level: 1, text: 'Network isolation', parent: -1},
      {
        level: 0,
        text: 'With network isolation, ToolHive puts the server on a private container network and lets traffic out only through a filtering egress proxy that enforces the permission profile.',
        parent: 0,
      },
      {level: 2, text: 'Before you start', parent: 0, anchor: 'before-you-start'},
      {
        level: 0,
        text: 'Install the CLI with Docker or Podman as the container runtime; network isolation needs one that supports internal networks, which Docker and Podman both do.',
        parent: 2,
      },
      {level: 2, text: 'Troubleshooting', parent: 0, anchor: 'troubleshooting'},
      {level: 3, text: 'Helper containers are left over', parent: 4, anchor: 'helper-containers'},
      {level: 0, text: 'Remove them with <code>docker rm</code> & friends.', parent: 5},
    ],
  },
  cliPage(
    '/toolhive/reference/cli/thv_run',
    'thv run',
    'Start an MCP server in a container behind a proxy.',
    [
      [
        '--transport',
        'flag-transport',
        'string · Transport that the MCP server itself uses: stdio, sse or streamable-http.',
      ],
      [
        '--isolate-network',
        'flag-isolate-network',
        'bool · Place the container on its own internal network.',
      ],
    ],
  ),
  {
    path: '/toolhive/guides-cli/secrets-management',
    lvl0: 'ToolHive CLI',
    lvl1: 'Secrets management',
    records: [
      {level: 1, text: 'Secrets management', parent: -1},
      {
        level: 0,
        text: 'Keep API tokens out of plain-text files with a secrets provider.',
        parent: 0,
      },
      {level: 2, text: 'Use 1Password', parent: 0, anchor: 'use-1password'},
      {
        level: 0,
        text: 'The 1password provider reads secrets through a service account token.',
        parent: 2,
      },
      {
        level: 2,
        text: 'Reset the keyring password',
        parent: 0,
        anchor: 'reset-the-keyring-password',
      },
      {
        level: 0,
        text: 'one two three four five six seven eight nine ten eleven twelve keyring thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty',
        parent: 4,
      },
    ],
  },
];

/** A CLI reference page: its title, an optional lead, and a Flags section of flag rows. */
function cliPage(
  path: string,
  title: string,
  lead: string | null,
  flags: [text: string, anchor: string, content: string][],
): PageRecords {
  const records: PageRecords['records'] = [{level: 1, text: title, parent: -1}];
  if (lead) records.push({level: 0, text: lead, parent: 0});
  const section = records.length;
  records.push({level: 2, text: 'Flags', parent: 0, anchor: 'flags'});
  for (const [text, anchor, content] of flags)
    records.push({level: 3, text, parent: section, anchor, content});
  return {path, lvl0: 'Reference', lvl1: title, records};
}

const records = unpackRecords(packRecords(PAGES));
const engine = new SearchEngine(records);
const client = createLocalSearchClient({
  engine: async () => engine,
  origin: () => 'https://docs.example',
});

const top = (query: string) => engine.search(query).hits.map((h) => h.record.url);

async function ask(query: string, params: Record<string, unknown> = {}): Promise<SearchResponse> {
  const {results} = await client.search({requests: [{indexName: 'toolhive', query, ...params}]});
  assert.equal(results.length, 1);
  return results[0]!;
}

test('the fast index build equals MiniSearch.addAll', () => {
  const slow = SearchEngine.viaAddAll(records);
  // The whole index (terms, postings, field lengths, document table) ...
  const internals = (e: SearchEngine) => JSON.stringify((e as unknown as {mini: object}).mini);
  assert.equal(internals(engine), internals(slow));
  // The words of the index and their record counts, too.
  const words = (e: SearchEngine) => [
    ...(e as unknown as {vocabulary: {counts: Map<string, number>}}).vocabulary.counts,
  ];
  assert.deepEqual(words(engine).sort(), words(slow).sort());
  // ... and therefore the results and their scores.
  for (const q of [
    'network isolation',
    'thv run transport',
    'secrts',
    'keyr',
    '1password',
    'docker rm',
  ]) {
    const a = engine.search(q).hits.map((h) => `${h.record.objectID} ${h.score.toFixed(6)}`);
    const b = slow.search(q).hits.map((h) => `${h.record.objectID} ${h.score.toFixed(6)}`);
    assert.deepEqual(a, b, q);
  }
});

test('headings rank above body text with the same words', () => {
  assert.equal(top('network isolation')[0], '/toolhive/guides-cli/network-isolation');
  assert.equal(engine.search('network isolation').hits[0]!.record.type, 'lvl1');
  assert.equal(
    top('keyring password')[0],
    '/toolhive/guides-cli/secrets-management#reset-the-keyring-password',
  );
});

test('records that hold every word come first, counting the headings above a record', () => {
  assert.equal(top('thv run transport')[0], '/toolhive/reference/cli/thv_run#flag-transport');
  // Only the network isolation page has both words; thv run's page has "proxy".
  assert.deepEqual(top('private proxy'), [
    '/toolhive/guides-cli/network-isolation',
    '/toolhive/reference/cli/thv_run',
  ]);
  assert.equal(
    top('isolate network flag')[0],
    '/toolhive/reference/cli/thv_run#flag-isolate-network',
  );
});

test("a section counts the words of its page's title and lead", () => {
  // "Troubleshooting" holds neither word, its page is about both.
  const hits = engine.search('egress troubleshooting').hits.map((h) => h.record.url);
  assert.equal(hits[0], '/toolhive/guides-cli/network-isolation#troubleshooting');
});

test('a section holds the words its heading and paragraphs hold between them', () => {
  const sections = new SearchEngine(
    unpackRecords(
      packRecords([
        page('/manage', 'Manage servers', [
          [
            'List your servers',
            'The command prints a table.',
            'Stopped ones are left out; only running ones show.',
          ],
        ]),
        page('/logs', 'Follow logs', [
          ['Watch a server', 'Follow what a server prints while it is running.'],
        ]),
      ]),
    ),
  );
  const urls = sections.search('table of running servers').hits.map((h) => h.record.url);
  // No record holds all three words. "List your servers" holds them between
  // its heading and two paragraphs; "Watch a server" holds two in one.
  assert.ok(
    urls.indexOf('/manage#list-your-servers') < urls.indexOf('/logs#watch-a-server'),
    urls.join(' '),
  );
  assert.equal(new Set(urls).size, urls.length);
});

test('without a record that has every word, records with some of them are returned', () => {
  assert.ok(
    top('podman zzzzqqq').includes('/toolhive/guides-cli/network-isolation#before-you-start'),
  );
  assert.deepEqual(top('transport keyring').sort(), [
    '/toolhive/guides-cli/secrets-management#reset-the-keyring-password',
    '/toolhive/reference/cli/thv_run#flag-transport',
  ]);
});

test('one hit per URL: the best record of each page section', () => {
  for (const q of ['network isolation', 'keyring', 'secrets', 'proxy']) {
    const urls = top(q);
    assert.equal(new Set(urls).size, urls.length, q);
  }
  // The heading and the text under it share a URL; the heading stands for both.
  const keyring = engine.search('keyring password').hits;
  assert.equal(keyring[0]!.record.type, 'lvl2');
  assert.equal(
    keyring.filter((h) => h.record.url.endsWith('#reset-the-keyring-password')).length,
    1,
  );
});

test('words find guides first, a command or flag finds the reference', () => {
  assert.equal(queryShape('what is network isolation'), 'words');
  assert.equal(queryShape('isolate network'), 'words');
  assert.equal(queryShape('thv run --isolate-network'), 'code');
  assert.equal(queryShape('--isolate-network'), 'code');
  assert.equal(queryShape('thv secret set'), 'code');
  assert.equal(queryShape('spec.targetPort'), 'code');
  assert.equal(queryShape('thv: command not found'), 'words');
  // The same words, asked both ways.
  assert.equal(top('isolate network')[0], '/toolhive/guides-cli/network-isolation');
  assert.equal(top('--isolate-network')[0], '/toolhive/reference/cli/thv_run#flag-isolate-network');
  assert.equal(
    top('thv run --isolate-network')[0],
    '/toolhive/reference/cli/thv_run#flag-isolate-network',
  );
});

test('words are compared by their stems', () => {
  assert.deepEqual(queryTerms('isolating networks'), queryTerms('isolation network'));
  assert.equal(top('isolating networks')[0], '/toolhive/guides-cli/network-isolation');
  // A word typed past its stem, or with a typo at its end, still finds it.
  assert.equal(top('isolati')[0], '/toolhive/guides-cli/network-isolation');
  // A negated contraction is "not".
  assert.deepEqual(queryTerms("isn't"), queryTerms('not'));
});

test('a name the index splits into words finds the record that holds it as written', () => {
  const named = new SearchEngine(
    unpackRecords(
      packRecords([
        page('/secrets', 'Secrets password', [
          ['Reset the secrets password', 'ToolHive asks for the secrets password again.'],
        ]),
        page('/env', 'Settings', [
          ['Environment variables', 'TOOLHIVE_SECRETS_PASSWORD is set by ToolHive itself.'],
        ]),
      ]),
    ),
  );
  const urls = (q: string) => named.search(q).hits.map((h) => h.record.url);
  assert.equal(urls('TOOLHIVE_SECRETS_PASSWORD')[0], '/env#environment-variables');
  // In words, the page about them comes first.
  assert.equal(urls('secrets password')[0], '/secrets');
});

test("a question's section counts the words of its answer's first paragraph as its subject", () => {
  const faq = new SearchEngine(
    unpackRecords(
      packRecords([
        page('/faq', 'Frequently asked questions', [
          [
            'Which operating systems does ToolHive run on?',
            'The CLI is built for Linux, macOS and Windows.',
          ],
          ['Where are the logs?', 'In the state folder.'],
        ]),
        page('/install', 'Install the CLI', [
          ['Operating system packages', 'Homebrew and WinGet packages.'],
          ['Supported systems', 'Every system the release builds for.'],
        ]),
      ]),
    ),
  );
  // The question holds "operating systems", its answer "Windows": the whole
  // section is about all three words, more than a heading with two of them.
  assert.equal(
    faq.search('supported operating systems windows').hits[0]!.record.url,
    '/faq#which-operating-systems-does-toolhive-run-on',
  );
});

test('a word the index holds as typed does not find its first part', () => {
  const stems = new SearchEngine(
    unpackRecords(
      packRecords([
        page('/api', 'API server', [['Explore the API', 'Serve the OpenAPI description.']]),
        page('/files', 'Files', [['Open a file', 'Any open port can reach it.']]),
      ]),
    ),
  );
  const urls = (q: string) => stems.search(q).hits.map((h) => h.record.url);
  // Not "open", the first part of "openapi"; "isolati" above still finds "isol".
  assert.deepEqual(urls('openapi'), ['/api#explore-the-api']);
});

test('the last word matches as a prefix, other words from 4 letters', () => {
  assert.equal(top('secr')[0], '/toolhive/guides-cli/secrets-management');
  assert.equal(top('secr manag')[0], '/toolhive/guides-cli/secrets-management');
  assert.equal(top('trans')[0], '/toolhive/reference/cli/thv_run#flag-transport');
});

test('typos are tolerated: one from 4 letters, two from 8', () => {
  assert.equal(top('secrts')[0], '/toolhive/guides-cli/secrets-management');
  assert.equal(top('isolaton')[0], '/toolhive/guides-cli/network-isolation');
  assert.equal(top('netwrok isolaiton')[0], '/toolhive/guides-cli/network-isolation');
  assert.deepEqual(top('qqqqqqq'), []);
});

test('stop words and punctuation are ignored', () => {
  assert.deepEqual(queryTerms('How do I use the --transport flag?'), ['us', 'transport', 'flag']);
  assert.deepEqual(queryTerms('thv_run: 1Password!'), ['thv', 'run', '1password']);
  assert.deepEqual(queryTerms('log every tool call, set up'), ['log', 'tool', 'call', 'set']);
});

/** A page of one title and its sections, each a heading with a line of text. */
/** A guide page: per section, its heading and one record per paragraph. */
function page(
  path: string,
  title: string,
  sections: [heading: string, ...paragraphs: string[]][],
): PageRecords {
  const records: PageRecords['records'] = [{level: 1, text: title, parent: -1}];
  for (const [heading, ...paragraphs] of sections) {
    const at = records.length;
    const anchor = heading
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    records.push({level: 2, text: heading, parent: 0, anchor});
    for (const text of paragraphs) records.push({level: 0, text, parent: at});
  }
  return {path, lvl0: 'Guides', lvl1: title, records};
}

const wording = new SearchEngine(
  unpackRecords(
    packRecords([
      page('/install', 'Install the CLI', [
        ['Install with Homebrew', 'Run brew install to get the command line tool.'],
        ['Uninstall the CLI', 'Take the binary off your machine.'],
        ['Remove the CLI configuration', 'Your settings stay in place until you take them out.'],
      ]),
      page('/secrets', 'Secrets management', [
        ['Store a secret', 'Keep API tokens in the secrets provider.'],
        ['Where secrets are stored', 'The provider stores them encrypted.'],
        ['Store secrets from a script', 'Pipe each one to the store command.'],
      ]),
      page('/k8s', 'Kubernetes operator', [
        ['The MCPServer resource', 'The operator runs what this resource describes.'],
        ['Environment variables', 'Pass settings to the server container.'],
      ]),
      page('/faq', 'Questions', [
        ['What is ToolHive?', 'A way to run MCP servers safely.'],
        ['Connect a client', 'Point the client at the proxy.'],
        ["The client can't connect", 'Check the proxy port and the transport.'],
      ]),
      page('/tools', 'Tool filters', [['Hive mind', 'A tool that many hands built.']]),
    ]),
  ),
);
const first = (query: string) => wording.search(query).hits[0]?.record.url;

test("a reader's words find the docs' words for them", () => {
  // synonyms.ts: "setup" is installing, "creds" are secrets, "k8s" is Kubernetes.
  assert.equal(first('setup homebrew'), '/install#install-with-homebrew');
  assert.match(first('creds') ?? '', /^\/secrets/);
  assert.equal(first('k8s operator'), '/k8s');
  assert.equal(first('env vars'), '/k8s#environment-variables');
  // A heading with the reader's own word comes before one with a synonym.
  const urls = wording.search('uninstall cli').hits.map((h) => h.record.url);
  assert.equal(urls[0], '/install#uninstall-the-cli');
  assert.ok(urls.includes('/install#remove-the-cli-configuration'));
  assert.ok(
    urls.indexOf('/install#remove-the-cli-configuration') >
      urls.indexOf('/install#uninstall-the-cli'),
  );
});

test("a page's keywords find it, and its sections below their own words", () => {
  const withKeywords = (p: PageRecords, keywords: string[]): PageRecords => ({...p, keywords});
  const pages = [
    withKeywords(
      page('/vault', 'Secrets management', [
        ['Store a secret', 'Keep tokens in the provider.'],
        ['Rotate a secret', 'Replace a stored password with a new one.'],
      ]),
      ['api key', 'password'],
    ),
    page('/keys', 'Signing keys', [['Verify an image', 'Check the signature of an image.']]),
  ];
  const search = new SearchEngine(unpackRecords(packRecords(pages)));
  const urls = (q: string) => search.search(q).hits.map((h) => h.record.url);
  // No text of the page says "api key": its keywords do.
  assert.equal(urls('api key')[0], '/vault');
  // A section inherits its page's keywords, at less than its own words.
  assert.ok(urls('store api key').slice(0, 2).includes('/vault#store-a-secret'));
  const password = urls('password');
  assert.ok(password.indexOf('/vault#rotate-a-secret') >= 0);
  assert.ok(password.indexOf('/vault#rotate-a-secret') < password.indexOf('/vault#store-a-secret'));
  // Without the keywords, the page is not found by them.
  const bare = new SearchEngine(unpackRecords(packRecords([{...pages[0]!, keywords: undefined}])));
  assert.deepEqual(
    bare.search('api key').hits.filter((h) => h.record.url === '/vault'),
    [],
  );
  // The fast index build reads the keywords as MiniSearch.addAll does.
  const slow = SearchEngine.viaAddAll(search.records);
  const scores = (e: SearchEngine) =>
    e.search('api key password').hits.map((h) => `${h.record.objectID} ${h.score.toFixed(6)}`);
  assert.deepEqual(scores(search), scores(slow));
});

test('words typed apart find the word the docs write as one, and the other way', () => {
  assert.equal(first('what is tool hive'), '/faq#what-is-toolhive');
  assert.equal(first('mcp server resource'), '/k8s#the-mcpserver-resource');
  // "secret" is also a shorter stem of "secretstore"; "store" is found by the split.
  const split = wording.search('secretstore').hits[0]!;
  assert.equal(split.record.url, '/secrets#store-a-secret');
  assert.ok(split.matched.has('store'));
});

test('negations count as "not", however they are typed', () => {
  for (const q of ["can't", 'can’t', 'cannot', "doesn't", 'doesnt', "won't", 'no'])
    assert.deepEqual(queryTerms(q), ['not'], q);
  assert.deepEqual(queryTerms('can'), []);
  assert.equal(first("why can't my client connect"), '/faq#the-client-can-t-connect');
  assert.equal(first('connect a client'), '/faq#connect-a-client');
});

test('the client answers the lite client contract for DocSearch', async () => {
  const r = await ask('network isolation', {
    attributesToRetrieve: ['hierarchy.lvl0', 'content', 'type', 'url'],
    attributesToSnippet: ['hierarchy.lvl1:10', 'content:10'],
    snippetEllipsisText: '…',
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
    hitsPerPage: 20,
  });
  assert.equal(r.hitsPerPage, 20);
  assert.equal(r.page, 0);
  assert.ok(r.nbHits >= 2);
  assert.equal(r.nbPages, 1);
  assert.match(r.queryID, /^[0-9a-f]{32}$/);
  assert.equal(r.index, 'toolhive');
  const first = r.hits[0]!;
  assert.equal(first.url, 'https://docs.example/toolhive/guides-cli/network-isolation');
  assert.equal(first.type, 'lvl1');
  assert.equal(first.hierarchy.lvl0, 'ToolHive CLI');
  const hierarchy = first._highlightResult.hierarchy as Record<
    string,
    {value: string; matchLevel: string}
  >;
  assert.deepEqual(Object.keys(hierarchy), ['lvl0', 'lvl1'], 'only levels that exist, in order');
  assert.equal(hierarchy.lvl1!.value, '<mark>Network</mark> <mark>isolation</mark>');
  assert.equal(hierarchy.lvl1!.matchLevel, 'full');
  const content = r.hits.find((h) => h.type === 'content')!;
  const snippet = (content._snippetResult.content as {value: string}).value;
  assert.equal(
    snippet
      .replace(/<\/?mark>/g, '')
      .replace('…', '')
      .trim()
      .split(/\s+/).length,
    10,
  );
  assert.ok(snippet.includes('<mark>network</mark> <mark>isolation</mark>'));
  assert.ok(snippet.endsWith('…'));
});

test('snippets follow the requested length, around the matches', async () => {
  // Only the text under the heading holds both words, so it is the hit.
  const r = await ask('keyring thirteen', {
    attributesToSnippet: ['content:5'],
    highlightPreTag: '<b>',
    highlightPostTag: '</b>',
  });
  const long = r.hits.find((h) => h.content?.startsWith('one two'))!;
  assert.equal(
    (long._snippetResult.content as {value: string}).value,
    '…twelve <b>keyring</b> <b>thirteen</b> fourteen fifteen…',
  );
});

test('a fixed snippet length replaces the one in the request', async () => {
  let words = 10;
  const fixed = createLocalSearchClient({engine: async () => engine, snippetWords: () => words});
  const ask15 = async () => {
    const {results} = await fixed.search({
      requests: [
        {indexName: 'toolhive', query: 'keyring thirteen', attributesToSnippet: ['content:15']},
      ],
    });
    const long = results[0]!.hits.find((h) => h.content?.startsWith('one two'))!;
    return (long._snippetResult.content as {value: string}).value
      .replace(/<\/?em>|…/g, ' ')
      .trim()
      .split(/\s+/).length;
  };
  assert.equal(await ask15(), 10);
  words = 5;
  assert.equal(await ask15(), 5);
});

test('the search page helper shape: an array of requests with params', async () => {
  const {results} = await client.search([
    {indexName: 'toolhive', params: {query: 'network', hitsPerPage: 1, page: 1}},
    {indexName: 'toolhive', params: {query: 'network', hitsPerPage: 0, facets: ['language']}},
  ]);
  assert.equal(results.length, 2);
  assert.equal(results[0]!.hits.length, 1);
  assert.equal(results[0]!.page, 1);
  assert.equal(results[0]!.nbPages, results[0]!.nbHits);
  assert.deepEqual(results[1]!.hits, []);
  assert.deepEqual(results[1]!.facets, {});
  // Algolia's default highlight tag when none is asked for.
  assert.match(JSON.stringify(results[0]!.hits[0]!._highlightResult), /<em>/);
});

test('hit text is HTML-escaped; only highlight tags are markup', async () => {
  const r = await ask('docker', {highlightPreTag: '<mark>', highlightPostTag: '</mark>'});
  const hit = r.hits.find((h) => h.type === 'content')!;
  assert.equal(hit.content, 'Remove them with &lt;code&gt;docker rm&lt;/code&gt; &amp; friends.');
  assert.equal(
    (hit._snippetResult.content as {value: string}).value,
    'Remove them with &lt;code&gt;<mark>docker</mark> rm&lt;/code&gt; &amp; friends.',
  );
});

test('hostile and odd queries never throw', async () => {
  const queries = [
    '',
    '   ',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '.*+?^${}()|[]\\',
    '(((',
    '🙂 🚀 network',
    'ネットワーク',
    'x'.repeat(10_000),
    'network '.repeat(500),
    '\u0000\u200b\ud800',
  ];
  for (const q of queries) {
    const r = await ask(q);
    assert.ok(Array.isArray(r.hits), q.slice(0, 20));
    assert.ok(r.query.length <= 256);
    for (const h of r.hits)
      assert.ok(!JSON.stringify(h).includes('<script'), 'no markup from the query');
  }
  assert.deepEqual((await ask('<script>alert(1)</script>')).hits, []);
  assert.ok((await ask('🙂 🚀 network')).nbHits > 0);
});

test('an index that fails to load surfaces as RetryError, the name DocSearch checks', async () => {
  const failing = createLocalSearchClient({
    engine: async () => {
      throw new TypeError('Failed to fetch');
    },
  });
  await assert.rejects(
    failing.search({requests: [{indexName: 'toolhive', query: 'x'}]}),
    (error: Error) => {
      assert.ok(error instanceof RetryError);
      assert.equal(error.name, 'RetryError');
      return true;
    },
  );
});

/** A reference page whose lead is an API operation's endpoint line, as the build indexes it. */
function operation(slug: string, title: string, endpoint: string): PageRecords {
  return {
    path: `/api/${slug}`,
    lvl0: 'Reference',
    lvl1: title,
    records: [
      {level: 1, text: title, parent: -1},
      {level: 0, text: endpoint, parent: 0},
      {level: 0, text: `${title} of ToolHive's workloads.`, parent: 0},
    ],
  };
}

test('an API path finds its operation; a typed segment beats a parameter', () => {
  const api = new SearchEngine(
    unpackRecords(
      packRecords([
        operation('list-workloads', 'List workloads', 'GET /api/v1beta/workloads'),
        operation('create-workload', 'Create a workload', 'POST /api/v1beta/workloads'),
        operation('get-workload', 'Get a workload', 'GET /api/v1beta/workloads/:name'),
        operation('stop-workloads', 'Stop workloads', 'POST /api/v1beta/workloads/stop'),
        operation('stop-workload', 'Stop a workload', 'POST /api/v1beta/workloads/:name/stop'),
        operation(
          'delete-workloads',
          'Remove several workloads',
          'POST /api/v1beta/workloads/delete',
        ),
        operation('delete-workload', 'Remove a workload', 'DELETE /api/v1beta/workloads/:name'),
        page('/guide', 'Manage workloads', [
          ['Stop a workload', 'Send POST /api/v1beta/workloads/stop with the names.'],
        ]),
      ]),
    ),
  );
  const firstOf = (q: string) => api.search(q).hits[0]?.record.url;
  assert.equal(queryShape('/api/v1beta/workloads'), 'code');
  assert.equal(queryShape('GET /api/v1beta/workloads'), 'code');
  assert.equal(firstOf('GET /api/v1beta/workloads'), '/api/list-workloads');
  assert.equal(firstOf('post /api/v1beta/workloads'), '/api/create-workload');
  // A value where the path has a parameter, in either spelling.
  assert.equal(firstOf('/api/v1beta/workloads/fetch/stop'), '/api/stop-workload');
  assert.equal(firstOf('/api/v1beta/workloads/{name}/stop'), '/api/stop-workload');
  assert.equal(firstOf('/api/v1beta/workloads/github'), '/api/get-workload');
  // "stop" and "delete" are segments of /workloads/stop and /workloads/delete,
  // and also values of /workloads/:name.
  assert.equal(firstOf('/api/v1beta/workloads/stop'), '/api/stop-workloads');
  assert.equal(firstOf('/api/v1beta/workloads/delete'), '/api/delete-workloads');
  // A guide's paragraph that starts with a method is not an operation.
  assert.notEqual(firstOf('POST /api/v1beta/workloads/stop'), '/guide#stop-a-workload');
});

/** The `thv run` reference with flag rows, and a guide that talks about `thv list`. */
const commands = new SearchEngine(
  unpackRecords(
    packRecords([
      cliPage('/cli/thv_run', 'thv run', 'Run an MCP server in a container.', [
        ['--env, -e', 'flag-env', 'Set a variable.'],
        ['--volume, -v', 'flag-volume', 'Mount a host path into the container.'],
        ['--thv-ca-bundle', 'flag-thv-ca-bundle', 'CA bundle for the thv run proxy.'],
      ]),
      cliPage('/cli/thv_list', 'thv list', 'List the servers.', [
        ['--server', 'flag-server', 'The server to show.'],
      ]),
      cliPage('/cli/thv_mcp_list', 'thv mcp list', null, [
        ['--server', 'flag-server', 'The URL of the MCP server whose tools to show.'],
      ]),
      {
        path: '/crd',
        lvl0: 'Reference',
        lvl1: 'MCPServer',
        records: [
          {level: 1, text: 'MCPServer', parent: -1},
          {level: 2, text: 'Fields', parent: 0, anchor: 'fields'},
          {level: 3, text: 'spec.permissionProfile', parent: 1, anchor: 'spec-pp'},
          {level: 0, text: 'The permission profile of the server.', parent: 2},
          {level: 4, text: 'spec.permissionProfile.type', parent: 2, anchor: 'spec-pp-type'},
          {level: 0, text: 'builtin or configmap: where the profile comes from.', parent: 4},
          {level: 4, text: 'spec.permissionProfile.name', parent: 2, anchor: 'spec-pp-name'},
          {level: 0, text: 'The name of the permission profile.', parent: 6},
        ],
      },
      page('/fs', 'Run the filesystem server', [
        ['Mount code projects', 'Run the filesystem server with your code projects mounted.'],
      ]),
      page('/manage', 'Manage servers', [
        ["thv list doesn't show a server", 'A server you just started may still be starting.'],
        ['Mount projects', 'Give the code folder to a server.'],
      ]),
    ]),
  ),
);
const firstCommand = (q: string) => commands.search(q).hits[0]?.record.url;

test('a flag or field row whose name is typed as it is comes first, short flags too', () => {
  // "-e" and "-v" are one letter: no word of the query, only a name.
  assert.deepEqual(queryTerms('thv run -e'), ['thv', 'run']);
  assert.equal(firstCommand('thv run -e'), '/cli/thv_run#flag-env');
  assert.equal(firstCommand('thv run -v'), '/cli/thv_run#flag-volume');
  assert.equal(firstCommand('thv run --env=API_KEY=secret'), '/cli/thv_run#flag-env');
  // The field itself before the fields below it.
  assert.equal(firstCommand('spec.permissionProfile'), '/crd#spec-pp');
  assert.equal(firstCommand('spec.permissionProfile.name'), '/crd#spec-pp-name');
});

test("a command line's arguments count for little, a question about a command does not", () => {
  const known = new Set(['thv run', 'thv list', 'thv mcp list']);
  const args = (q: string) => [...commandArguments(q, known)].sort();
  // The values of a pasted command line: after the longest known command, not flags.
  assert.deepEqual(args('thv run -v ~/code:/projects filesystem'), [
    'code',
    'filesystem',
    'project',
  ]);
  assert.deepEqual(args('thv run --env=API_KEY=x fetch'), ['api', 'fetch', 'kei']);
  assert.deepEqual(args('thv mcp list --server http://localhost:8080'), [
    '8080',
    'http',
    'localhost',
  ]);
  // No flag: the reader's own words about a command, not its arguments.
  assert.deepEqual(args("thv list doesn't show my server"), []);
  assert.deepEqual(args('how do i use -v'), []);
  // Pasted with its values, the flag comes first, not the words of the values.
  assert.equal(firstCommand('thv run -v ~/code:/projects filesystem'), '/cli/thv_run#flag-volume');
  assert.equal(
    firstCommand("thv list doesn't show my server"),
    '/manage#thv-list-doesn-t-show-a-server',
  );
});

test("phrases of up to four words and irregular verbs find the docs' words", () => {
  const search = new SearchEngine(
    unpackRecords(
      packRecords([
        page('/faq', 'Questions', [
          ['What can a server access by default?', 'Only what its permission profile allows.'],
          ['Does ToolHive send data?', 'No usage data leaves your machine.'],
          ['Reset the registry', 'Go back to the built-in registry.'],
        ]),
        page('/box', 'Boxes and data', [
          ['Pack the box', 'What a server can access inside the box.'],
          ['Data anywhere', 'Copy data anywhere you like.'],
        ]),
      ]),
    ),
  );
  const firstOf = (q: string) => search.search(q).hits[0]?.record.url;
  // synonyms.ts: "out of the box" is "default", "switch back" is "reset".
  assert.equal(
    firstOf('what can a server access out of the box'),
    '/faq#what-can-a-server-access-by-default',
  );
  assert.equal(firstOf('switch back registry'), '/faq#reset-the-registry');
  // "sent" is a form of "send", which stemming does not see.
  assert.equal(firstOf('is my data sent anywhere'), '/faq#does-toolhive-send-data');
});

test("a word finds the API's own word for it only in a query about the API", () => {
  const search = new SearchEngine(
    unpackRecords(
      packRecords([
        operation('stop-workload', 'Stop a workload', 'POST /api/v1beta/workloads/:name/stop'),
        operation('list-workloads', 'List workloads', 'GET /api/v1beta/workloads'),
        page('/api-server', 'Run the API server', [
          ['Start the server', 'Serve the API on a local port.'],
        ]),
        page('/manage', 'Manage servers', [['Stop a server', 'Stop it with thv stop.']]),
      ]),
    ),
  );
  const urls = (q: string) => search.search(q).hits.map((h) => h.record.url);
  // synonyms.ts: the API calls a server a workload.
  assert.equal(urls('stop a server through the api')[0], '/api/stop-workload');
  assert.equal(urls('list servers endpoint')[0], '/api/list-workloads');
  // Without the API in the query, "server" does not find "workload".
  const plain = search.search('stop a server').hits;
  assert.equal(plain[0]!.record.url, '/manage#stop-a-server');
  assert.ok(plain.every((h) => !h.matched.has('workload')));
});

test('a surface the query names steers to its pages: the cluster, the app, the CLI', () => {
  const search = new SearchEngine(
    unpackRecords(
      packRecords([
        page('/toolhive/guides-cli/secrets', 'Secrets management', [
          ['Pass a secret to a server', 'Pass a GitHub token to a server with the --secret flag.'],
        ]),
        page('/toolhive/guides-k8s/run', 'Run MCP servers in Kubernetes', [
          [
            'Run a server with a secret',
            'Keep the GitHub token in a Secret and pass it to the server in spec.secrets.',
          ],
        ]),
        page('/toolhive/guides-ui/secrets', 'Manage secrets in the ToolHive UI', [
          ['Add a secret', 'Click Add secret and paste the GitHub token.'],
        ]),
        page('/toolhive', 'ToolHive', [['Choose how to use ToolHive', 'Use the CLI or the UI.']]),
      ]),
    ),
  );
  const first = (q: string) => search.search(q).hits[0]?.record.url;
  // synonyms.ts, SURFACES: "cluster" names the operator's pages, which hold
  // the word whether or not their text says it; "app" names the UI's.
  assert.equal(
    first('pass a github token to a server in the cluster'),
    '/toolhive/guides-k8s/run#run-a-server-with-a-secret',
  );
  assert.equal(
    first('paste a github token in the app'),
    '/toolhive/guides-ui/secrets#add-a-secret',
  );
  // Without a surface, the page that shares most words.
  assert.equal(
    first('pass a github token to a server'),
    '/toolhive/guides-cli/secrets#pass-a-secret-to-a-server',
  );
  // A query of surface words only is about the surfaces themselves.
  assert.equal(first('cli or ui'), '/toolhive#choose-how-to-use-toolhive');
});

test("an AI client's name finds the pages that connect clients before pages that mention it", () => {
  const search = new SearchEngine(
    unpackRecords(
      packRecords([
        page('/toolhive/guides-cli/client-configuration', 'Connect MCP clients to ToolHive', [
          ['Register a client', 'Register a client so that ToolHive adds your servers to it.'],
          [
            "The server doesn't appear in the client",
            'Check that the client is registered, then reload it.',
          ],
        ]),
        page('/toolhive/docs-for-ai-clients', 'Connect your AI client to these docs', [
          ['Windsurf', "Add the docs' server to Windsurf. Windsurf doesn't reload on its own."],
        ]),
      ]),
    ),
  );
  const first = (q: string) => search.search(q).hits[0]?.record.url;
  // synonyms.ts, SURFACES: a client's name steers to the client configuration pages.
  assert.equal(
    first("windsurf doesn't show my server"),
    '/toolhive/guides-cli/client-configuration#the-server-doesn-t-appear-in-the-client',
  );
  // A question about the docs' own server still finds the page about it.
  assert.equal(first('add the docs server to windsurf'), '/toolhive/docs-for-ai-clients#windsurf');
});

test("in a question about the API, the operation with the query's verb comes first", () => {
  const search = new SearchEngine(
    unpackRecords(
      packRecords([
        operation('create-group', 'Create a group', 'POST /api/v1beta/groups'),
        {
          ...operation('list-groups', 'List groups', 'GET /api/v1beta/groups'),
          records: [
            {level: 1, text: 'List groups', parent: -1},
            {level: 0, text: 'GET /api/v1beta/groups', parent: 0},
            {
              level: 0,
              text: 'Lists every group in one call; create a group with a POST.',
              parent: 0,
            },
          ],
        },
        operation('get-workload', 'Get a workload', 'GET /api/v1beta/workloads/:name'),
        operation(
          'export-workload',
          "Download a workload's run settings",
          'GET /api/v1beta/workloads/:name/export',
        ),
        page('/toolhive/guides-ui/groups', 'Groups in the UI', [
          ['Add a group', 'Click Add group.'],
        ]),
      ]),
    ),
  );
  const first = (q: string) => search.search(q).hits[0]?.record.url;
  // synonyms.ts: in an API question, "add" is the API's "create"; the
  // operation whose title or ID starts with the verb comes before its siblings.
  assert.equal(first('api to add a group'), '/api/create-group');
  assert.equal(first('api call that creates a group'), '/api/create-group');
  // The ID names the operation's verb when its title doesn't ("Download ...").
  assert.equal(first('api to export a server'), '/api/export-workload');
  // Without the API in the query, "add" is the reader's own word.
  assert.equal(first('add a group'), '/toolhive/guides-ui/groups#add-a-group');
});

test('a question that says it goes through the API finds the operation, not the guide on the API', () => {
  const search = new SearchEngine(
    unpackRecords(
      packRecords([
        operation('delete-workload', 'Delete a workload', 'DELETE /api/v1beta/workloads/:name'),
        operation('edit-workload', 'Edit a workload', 'POST /api/v1beta/workloads/:name/edit'),
        operation('list-workloads', 'List workloads', 'GET /api/v1beta/workloads'),
        page('/toolhive/guides-cli/api-server', 'Run the API server', [
          ['Secure the API server', 'Any process on your machine can call the REST API server.'],
        ]),
      ]),
    ),
  );
  const first = (q: string) => search.search(q).hits[0]?.record.url;
  // synonyms.ts, SURFACES: "rest api", "through the api" steer to the API's
  // operations; in an API question "remove" is the API's "delete" and
  // "change" its "edit".
  assert.equal(first('remove a server through the rest api'), '/api/delete-workload');
  assert.equal(first('change a server via the rest api'), '/api/edit-workload');
  // A question about the API server itself still finds its guide.
  assert.equal(
    first('secure the api server'),
    '/toolhive/guides-cli/api-server#secure-the-api-server',
  );
});

test("changing a thing's settings finds where the docs edit it", () => {
  const search = new SearchEngine(
    unpackRecords(
      packRecords([
        page('/toolhive/guides-cli/manage', 'Manage MCP servers', [
          ['Edit a server', 'Give the server new flags; ToolHive restarts it with them.'],
          ['Server settings', 'Each running server shows its settings in the table.'],
        ]),
      ]),
    ),
  );
  const first = (q: string) => search.search(q).hits[0]?.record.url;
  // synonyms.ts: "change" and "modify" are also the docs' "edit".
  for (const q of ['change a server', 'modify a running server'])
    assert.equal(first(q), '/toolhive/guides-cli/manage#edit-a-server', q);
});

test("a well-known product the docs don't name finds the docs' word for its kind", () => {
  const search = new SearchEngine(
    unpackRecords(
      packRecords([
        page('/toolhive/guides-cli/authentication', 'Authenticate clients with OIDC tokens', [
          ['Use your identity provider', 'Set the issuer of your identity provider.'],
        ]),
        page('/toolhive/guides-cli/telemetry', 'Collect telemetry', [
          ['Send telemetry to a hosted backend', 'Pass the endpoint and the API key header.'],
        ]),
        page('/toolhive/guides-ui/install', 'Install the UI', [
          ['Choose an installer', 'Pick the package for your system.'],
        ]),
      ]),
    ),
  );
  const first = (q: string) => search.search(q).hits[0]?.record.url;
  // synonyms.ts, PRODUCTS: Keycloak, Okta and Entra ID are identity providers.
  assert.match(first('keycloak') ?? '', /^\/toolhive\/guides-cli\/authentication/);
  assert.match(
    first('protect a server with okta') ?? '',
    /^\/toolhive\/guides-cli\/authentication/,
  );
  assert.equal(
    first('entra id as the identity provider'),
    '/toolhive/guides-cli/authentication#use-your-identity-provider',
  );
  // Datadog is a hosted observability backend.
  assert.equal(
    first('send traces to datadog'),
    '/toolhive/guides-cli/telemetry#send-telemetry-to-a-hosted-backend',
  );
  // So are Honeycomb and Grafana Cloud.
  for (const q of ['export traces to honeycomb', 'grafana cloud'])
    assert.equal(first(q), '/toolhive/guides-cli/telemetry#send-telemetry-to-a-hosted-backend', q);
});

test('a question that asks what something is finds the page that defines it first', () => {
  const search = new SearchEngine(
    unpackRecords(
      packRecords([
        page('/toolhive/guides-cli/run', 'Run MCP servers', [
          [
            'Set the ports',
            'The transport decides the port that the proxy opens; change it with --transport.',
          ],
        ]),
        page('/toolhive/concepts/primer', 'MCP primer', [
          [
            'How messages travel',
            'A transport carries the messages between a client and a server.',
          ],
        ]),
      ]),
    ),
  );
  const first = (q: string) => search.search(q).hits[0]?.record.url;
  // synonyms.ts, DEFINITION_PAGES: the concepts define the docs' terms.
  assert.equal(first('what is a transport'), '/toolhive/concepts/primer#how-messages-travel');
  assert.equal(first('change the transport'), '/toolhive/guides-cli/run#set-the-ports');
});

test("the API's operations answer questions that name the API", () => {
  const search = new SearchEngine(
    unpackRecords(
      packRecords([
        {
          ...operation('get-registry', 'Get a registry', 'GET /api/v1beta/registry/:name'),
          records: [
            {level: 1, text: 'Get a registry', parent: -1},
            {level: 0, text: 'GET /api/v1beta/registry/:name', parent: 0},
            {level: 0, text: 'Returns the registry with the servers in it.', parent: 0},
          ],
        },
        {
          path: '/toolhive/concepts/registry',
          lvl0: 'Concepts',
          lvl1: 'Registry criteria',
          records: [
            {level: 1, text: 'Registry criteria', parent: -1},
            {
              level: 0,
              text: 'How a server gets into the ToolHive registry, and who reviews it.',
              parent: 0,
            },
          ],
        },
      ]),
    ),
  );
  const first = (q: string) => search.search(q).hits[0]?.record.url;
  // A question in words that doesn't name the API...
  assert.equal(first('how does a server get into the registry'), '/toolhive/concepts/registry');
  // ... and one that does.
  assert.equal(first('api to get a registry'), '/api/get-registry');
});

test('editing something is, in the docs, updating or changing it', () => {
  const search = new SearchEngine(
    unpackRecords(
      packRecords([
        page('/toolhive/guides-ui/secrets', 'Manage secrets in the ToolHive UI', [
          ['Update a secret', 'Open the menu of the secret and enter the new value.'],
        ]),
        page('/toolhive/guides-ui/clients', 'Connect clients in the ToolHive UI', [
          ['What ToolHive writes', 'ToolHive edits the settings file of each client.'],
        ]),
      ]),
    ),
  );
  const first = (q: string) => search.search(q).hits[0]?.record.url;
  // synonyms.ts: "edit" and "modify" find "update" and "change".
  assert.equal(first('edit a secret in the ui'), '/toolhive/guides-ui/secrets#update-a-secret');
});

test("a page's best section takes its title record's place, unless the title holds every word", () => {
  const run = page('/run', 'Run MCP servers', [
    ['Run a server from a container image', 'Give the image name and tag to the run command.'],
    ['Run a server from a package', 'Give the package name with its protocol prefix.'],
    ['Stop a server', 'The stop command ends the container.'],
  ]);
  // The page's lead, before its first section.
  const lead = {level: 0, text: 'Start MCP servers from images with docker or podman.', parent: 0};
  const records = [
    run.records[0]!,
    lead,
    ...run.records.slice(1).map((r) => ({...r, parent: r.parent + 1})),
  ];
  const guide = new SearchEngine(
    unpackRecords(
      packRecords([
        {...run, records},
        page('/build', 'Build containers', [['Build an image', 'Package a server as an image.']]),
      ]),
    ),
  );
  const urls = (q: string) => guide.search(q).hits.map((h) => h.record.url);
  // The title record holds the page's lead too, and outscores the section
  // that answers; the section takes its place. The title record, which the
  // page's best section now stands for, comes after the page's sections.
  for (const q of ['run a docker image', 'mcp server from an image']) {
    const hits = urls(q);
    assert.equal(hits[0], '/run#run-a-server-from-a-container-image', `${q}: ${hits.join(' ')}`);
    const sections = hits.filter((u) => u.startsWith('/run#'));
    assert.ok(sections.length >= 2, `${q}: ${hits.join(' ')}`);
    for (const u of sections)
      assert.ok(hits.indexOf(u) < hits.indexOf('/run'), `${q}: ${hits.join(' ')}`);
  }
  // A query that the page's title holds whole finds the page itself...
  assert.equal(urls('run mcp servers')[0], '/run');
  // ...and so does one whose other word nothing holds (a typo past tolerance).
  assert.equal(urls('run mcp servers qqqqzzzz')[0], '/run');
});

test('a page entry under its own section moves below its sections; one whose page the query names stays first', () => {
  // The page's lead holds every word of the query; its sections hold fewer.
  const guide = new SearchEngine(
    unpackRecords(
      packRecords([
        {
          path: '/install',
          lvl0: 'Guides',
          lvl1: 'Install the CLI',
          records: [
            {level: 1, text: 'Install the CLI', parent: -1},
            {level: 0, text: 'Install thv on macOS, Linux or Windows.', parent: 0},
            {level: 2, text: 'Install on macOS', parent: 0, anchor: 'install-on-macos'},
            {level: 0, text: 'Use Homebrew to install thv on macOS.', parent: 2},
            {level: 2, text: 'Uninstall the CLI', parent: 0, anchor: 'uninstall-the-cli'},
            {level: 0, text: 'Remove the binary.', parent: 4},
          ],
        },
        operation(
          'get-workload-logs',
          "Read a workload's logs",
          'GET /api/v1beta/workloads/:name/logs',
        ),
      ]),
    ),
  );
  const urls = (q: string) => guide.search(q).hits.map((h) => h.record.url);
  // "macos" is a section's word: the section comes first, and the page entry
  // under it moves below the page's other section.
  const hits = urls('install thv on macos with homebrew');
  assert.equal(hits[0], '/install#install-on-macos', hits.join(' '));
  assert.ok(hits.indexOf('/install') > hits.indexOf('/install#uninstall-the-cli'), hits.join(' '));
  // A question the page's lead answers whole keeps the page first, not a weak section.
  assert.equal(urls('install the thv cli on windows')[0], '/install');
  // An API path names its operation's page.
  assert.equal(urls('GET /api/v1beta/workloads/{name}/logs')[0], '/api/get-workload-logs');
});

test('a question that compares two things finds the page that defines them first', () => {
  const search = new SearchEngine(
    unpackRecords(
      packRecords([
        page('/toolhive/guides-k8s/run', 'Run MCP servers in Kubernetes', [
          ['Choose the transport', 'Set spec.transport to stdio or sse.'],
        ]),
        page('/toolhive/concepts/primer', 'MCP primer', [
          ['Transports', 'A server speaks stdio or sse to its clients.'],
        ]),
      ]),
    ),
  );
  const first = (q: string) => search.search(q).hits[0]?.record.url;
  // "vs", "versus", "difference between", "compared to": like "what is", the concepts first.
  for (const q of [
    'stdio vs sse',
    'stdio versus sse',
    'difference between stdio and sse',
    'stdio or sse which is better',
  ])
    assert.equal(first(q), '/toolhive/concepts/primer#transports', q);
  // A task with the same words stays with the guide.
  assert.equal(
    first('set the transport to stdio or sse'),
    '/toolhive/guides-k8s/run#choose-the-transport',
  );
});

test('a verb with "again" finds the docs\' word that prefixes it with "re"', () => {
  const search = new SearchEngine(
    unpackRecords(
      packRecords([
        page('/manage', 'Manage MCP servers', [
          [
            'Stop a server',
            'The stop command ends a running server; a stopped server keeps its settings.',
          ],
          [
            'Restart a server',
            'The restart command brings the server back with the same settings.',
          ],
        ]),
      ]),
    ),
  );
  const first = (q: string) => search.search(q).hits[0]?.record.url;
  // "start ... again" is "restart", which holds both words.
  assert.equal(first('start a stopped server again'), '/manage#restart-a-server');
  // Without "again", "start" is only itself.
  assert.equal(first('a stopped server'), '/manage#stop-a-server');
});

test("the operator's resource kinds name the Kubernetes surface", () => {
  const search = new SearchEngine(
    unpackRecords(
      packRecords([
        page('/toolhive/guides-cli/manage', 'Manage MCP servers', [
          ['Remove a server', 'Delete a server: its container and its clean up of client entries.'],
        ]),
        page('/toolhive/guides-k8s/intro', 'The operator', [
          ['What happens on delete', 'Deleting the resource removes the pods it owns.'],
        ]),
      ]),
    ),
  );
  const first = (q: string) => search.search(q).hits[0]?.record.url;
  // synonyms.ts, SURFACES: MCPServer is a resource of the operator.
  assert.equal(
    first('what gets cleaned up when i delete an mcpserver'),
    '/toolhive/guides-k8s/intro#what-happens-on-delete',
  );
  assert.equal(
    first('what gets cleaned up when i delete a server'),
    '/toolhive/guides-cli/manage#remove-a-server',
  );
});

test('a reference section whose heading a query in words names whole is no mere reference', () => {
  const search = new SearchEngine(
    unpackRecords(
      packRecords([
        page('/toolhive/guides-cli/client-configuration', 'Connect clients', [
          [
            'Settings files',
            'ToolHive edits the settings file of each client, such as the Amp CLI.',
          ],
        ]),
        {
          ...page('/toolhive/reference/client-compatibility', 'Client compatibility', [
            ['Amp CLI', 'Its settings file is in the amp folder of your config folder.'],
          ]),
          lvl0: 'Reference',
        },
      ]),
    ),
  );
  const first = (q: string) => search.search(q).hits[0]?.record.url;
  // A query in words finds guides before the reference, but "Amp CLI" is a
  // name the query gives whole: the reference's section on it answers.
  assert.equal(
    first('amp cli config file location'),
    '/toolhive/reference/client-compatibility#amp-cli',
  );
  // Naming part of it leaves the reference a reference.
  assert.equal(
    first('amp config file location'),
    '/toolhive/guides-cli/client-configuration#settings-files',
  );
});

test('"own" is a word of the query, not a stop word', () => {
  const search = new SearchEngine(
    unpackRecords(
      packRecords([
        page('/audit', 'Audit logging', [
          ['Turn on audit logging', 'Audit events go to the server log by default.'],
          ['Write events to their own file', 'Give a file path to keep audit events in a file.'],
          ['Configuration file', 'The audit configuration file sets the log fields.'],
        ]),
      ]),
    ),
  );
  const first = (q: string) => search.search(q).hits[0]?.record.url;
  assert.equal(
    first('audit log in its own file instead of the server log'),
    '/audit#write-events-to-their-own-file',
  );
});

test("readers' words for flags, export and custom find the docs' words", () => {
  const search = new SearchEngine(
    unpackRecords(
      packRecords([
        page('/manage', 'Manage MCP servers', [
          ['Export and import a run configuration', 'Save the settings of a server to a file.'],
          ['List servers', 'See the settings of each running server.'],
        ]),
        page('/run', 'Run MCP servers', [
          ['Run a custom server', 'Give the image and its settings.'],
          ['Set the flags', 'The run command takes flags for ports and volumes.'],
          ['Run a server from the registry', 'Give the name of a registry image.'],
        ]),
      ]),
    ),
  );
  const first = (q: string) => search.search(q).hits[0]?.record.url;
  // synonyms.ts: "copy" is exporting and importing, "laptop" a machine, "own" custom, "options" flags.
  assert.equal(
    first('copy server settings to another laptop'),
    '/manage#export-and-import-a-run-configuration',
  );
  assert.equal(first('run my own image'), '/run#run-a-custom-server');
  assert.equal(first('run command options'), '/run#set-the-flags');
});

test("readers' words for installing an app, starting and moving around find the docs' words", () => {
  const search = new SearchEngine(
    unpackRecords(
      packRecords([
        page('/toolhive/guides-ui/install', 'Install ToolHive UI', [
          ['Install the app', 'Pick the installer for Windows, macOS or Linux.'],
          ['Start the app when you log in', 'Turn on the setting in the app.'],
          ['Release notes', 'Each release of the desktop app on Windows lists its changes.'],
        ]),
        page('/toolhive/guides-cli/terminal-ui', 'Terminal dashboard', [
          ['Move around', 'Arrow keys select a server; Tab changes the panel.'],
          ['Open the dashboard', 'Run thv tui in a terminal.'],
        ]),
      ]),
    ),
  );
  const first = (q: string) => search.search(q).hits[0]?.record.url;
  // synonyms.ts: downloading an app is installing it, launching is
  // starting, logging in is "log in", navigating is moving around.
  assert.equal(
    first('download the desktop app on windows'),
    '/toolhive/guides-ui/install#install-the-app',
  );
  assert.equal(
    first('launch the app automatically at login'),
    '/toolhive/guides-ui/install#start-the-app-when-you-log-in',
  );
  assert.equal(
    first('navigate the terminal dashboard with the keyboard'),
    '/toolhive/guides-cli/terminal-ui#move-around',
  );
});
