import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {findRepoRoot} from '../lib/code-blocks';
import {
  DEFAULT_SCHEMA,
  WEBHOOK_TITLE,
  checkWebhookConfigs,
  configProblems,
  createWebhookSchemaValidator,
  parseConfig,
  parseGoDuration,
  parseRequestUri,
  webhookConfigBlocks,
  type Format,
} from '../webhook-config';

const root = findRepoRoot();
const validate = createWebhookSchemaValidator(path.join(root, DEFAULT_SCHEMA));
const problems = (text: string, format: Format = 'yaml') =>
  configProblems(validate, parseConfig(text, format), format);

/** A file `thv run --webhook-config` accepts at v0.44.0. */
const VALID = `validating:
  - name: guard
    url: https://hooks.example.com/validate
    failure_policy: fail
    timeout: 5s
    hmac_secret_ref: webhook-hmac
mutating:
  - name: defaults
    url: https://hooks.example.com/mutate
    failure_policy: ignore
`;

test('a valid file passes, and so does an empty one', () => {
  assert.deepEqual(problems(VALID), []);
  assert.deepEqual(problems(''), []);
  assert.deepEqual(problems('validating: []\n'), []);
});

test('unknown keys pass, as Go drops them; a misspelt required key fails as missing', () => {
  // The loader decodes without KnownFields or DisallowUnknownFields.
  assert.deepEqual(problems(VALID + 'extra: 1\n'), []);
  assert.deepEqual(problems(VALID.replace('timeout: 5s', 'timeout: 5s\n    retries: 3')), []);
  assert.deepEqual(problems(VALID.replace('failure_policy: fail', 'failurePolicy: fail')), [
    'validating[0].failure_policy: required',
  ]);
});

test('missing or empty required fields fail', () => {
  for (const field of ['name', 'url', 'failure_policy']) {
    const line = new RegExp(`\\n    ${field}: [^\\n]*`);
    const missing =
      `validating:\n  - hmac_secret_ref: s\n    name: a\n    url: https://h.example.com/v\n    failure_policy: fail\n`.replace(
        line,
        '',
      );
    assert.deepEqual(problems(missing), [`validating[0].${field}: required`], field);
  }
  assert.deepEqual(problems(VALID.replace('name: guard', 'name: ""')), [
    'validating[0].name: required (must not be empty)',
  ]);
  assert.deepEqual(problems(VALID.replace('name: guard', 'name:')), [
    'validating[0].name: required',
  ]);
});

test('wrong types fail', () => {
  assert.match(problems('validating: {name: a}\n').join('\n'), /validating: must be array,null/);
  assert.match(problems('- name: a\n').join('\n'), /<root>: must be object/);
  assert.match(
    problems(VALID.replace('name: guard', 'name: {first: a}')).join('\n'),
    /validating\[0\].name: must be string/,
  );
  assert.match(
    problems(VALID.replace('timeout: 5s', 'timeout: [5s]')).join('\n'),
    /timeout: must be string,integer/,
  );
  assert.match(
    problems(VALID.replace('timeout: 5s', 'tls_config:\n      insecure_skip_verify: "true"')).join(
      '\n',
    ),
    /insecure_skip_verify: must be boolean/,
  );
  // yaml.v3 writes any scalar into a string field, and takes YAML 1.1 booleans.
  assert.deepEqual(problems(VALID.replace('name: guard', 'name: 42')), []);
  assert.deepEqual(
    problems(VALID.replace('timeout: 5s', 'tls_config:\n      insecure_skip_verify: yes')),
    [],
  );
  // encoding/json is strict about types.
  assert.match(
    problems(
      '{"validating": [{"name": 42, "url": "https://h.example.com", "failure_policy": "fail"}]}',
      'json',
    ).join('\n'),
    /name: must be string/,
  );
});

test('failure_policy must be fail or ignore', () => {
  assert.deepEqual(problems(VALID.replace('failure_policy: fail', 'failure_policy: Fail')), [
    'validating[0].failure_policy: must be one of "fail", "ignore"',
  ]);
  assert.match(
    problems(VALID.replace('failure_policy: ignore', 'failure_policy: allow')).join('\n'),
    /mutating\[0\].failure_policy: must be one of/,
  );
});

test('the URL must parse as a request URI and use HTTPS unless insecure_skip_verify is set', () => {
  const http = VALID.replace(
    'https://hooks.example.com/validate',
    'http://127.0.0.1:9000/validate',
  );
  assert.match(problems(http).join('\n'), /validating\[0\].url: webhook URL must use HTTPS/);
  assert.deepEqual(
    problems(
      http.replace('timeout: 5s', 'timeout: 5s\n    tls_config:\n      insecure_skip_verify: true'),
    ),
    [],
  );
  assert.match(
    problems(
      VALID.replace('https://hooks.example.com/validate', 'hooks.example.com/validate'),
    ).join('\n'),
    /url: webhook URL is invalid: invalid URI for request/,
  );
  assert.match(
    problems(VALID.replace('hooks.example.com/validate', 'hooks.example.com:port/validate')).join(
      '\n',
    ),
    /url: webhook URL is invalid: invalid port/,
  );
  assert.deepEqual(parseRequestUri('HTTPS://h.example.com/x'), {scheme: 'https'});
  assert.deepEqual(parseRequestUri(':foo'), {error: 'missing protocol scheme'});
  assert.deepEqual(parseRequestUri('https://h.example.com/\u0001'), {
    error: 'invalid control character in URL',
  });
  assert.deepEqual(parseRequestUri('https://h.example.com/%zz'), {error: 'invalid URL escape'});
});

test('timeouts: Go durations from 1s to 30s, zero for the default, no YAML integers', () => {
  assert.equal(parseGoDuration('1m30s'), 90e9);
  assert.equal(parseGoDuration('1.5s'), 1.5e9);
  assert.equal(parseGoDuration('0'), 0);
  assert.equal(parseGoDuration('5'), null);
  assert.equal(parseGoDuration(''), null);
  const at = (t: string, format: Format = 'yaml') =>
    format === 'yaml'
      ? problems(VALID.replace('timeout: 5s', `timeout: ${t}`))
      : problems(
          `{"validating": [{"name": "a", "url": "https://h.example.com", "failure_policy": "fail", "timeout": ${t}}]}`,
          'json',
        );
  assert.deepEqual(at('30s'), []);
  assert.deepEqual(at('0s'), []);
  assert.deepEqual(at('1s'), []);
  assert.match(at('500ms').join('\n'), /must be between 1s and 30s/);
  assert.match(at('-5s').join('\n'), /must be between 1s and 30s/);
  assert.match(at('1m').join('\n'), /exceeds the maximum of 30s/);
  assert.match(at('five').join('\n'), /invalid duration "five"/);
  assert.match(at('5').join('\n'), /can't decode the number 5 into a duration/);
  // JSON: a duration string or integer nanoseconds (Config.UnmarshalJSON).
  assert.deepEqual(at('"5s"', 'json'), []);
  assert.deepEqual(at('5000000000', 'json'), []);
  assert.deepEqual(at('null', 'json'), []);
  assert.match(at('5', 'json').join('\n'), /must be between 1s and 30s/);
  assert.match(at('1.5', 'json').join('\n'), /timeout: must be string,integer/);
});

test('client_cert_path and client_key_path go together', () => {
  const tls = (body: string) =>
    problems(VALID.replace('timeout: 5s', `timeout: 5s\n    tls_config:\n${body}`));
  assert.match(
    tls('      client_cert_path: /etc/tls/client.crt').join('\n'),
    /both client_cert_path and client_key_path must be provided/,
  );
  assert.deepEqual(
    tls('      client_cert_path: /etc/tls/client.crt\n      client_key_path: /etc/tls/client.key'),
    [],
  );
});

test('JSON keys match without regard to case, as encoding/json does', () => {
  assert.deepEqual(
    problems(
      '{"Validating": [{"Name": "a", "URL": "https://h.example.com", "Failure_Policy": "fail"}]}',
      'json',
    ),
    [],
  );
  // yaml.v3 matches exactly: Validating is an unknown key, dropped.
  assert.deepEqual(problems('Validating:\n  - url: https://h.example.com\n'), []);
});

test('titled blocks and heredocs that write webhook*.yaml are configurations', () => {
  assert.ok(WEBHOOK_TITLE.test('webhooks.yaml') && WEBHOOK_TITLE.test('config/webhook-prod.json'));
  assert.ok(!WEBHOOK_TITLE.test('fetch-webhook.yaml') && !WEBHOOK_TITLE.test('webhook.py'));
  const page = [
    '```yaml title="webhooks.yaml"',
    'validating: []',
    '```',
    '',
    '```bash',
    'cat > webhooks.yaml <<EOF',
    'validating:',
    '  - name: a',
    '    url: https://h.example.com',
    '    failure_policy: fail',
    '    hmac_secret_ref: $HOME/secret',
    'EOF',
    "cat <<'EOF' > other.yaml",
    'x: 1',
    'EOF',
    '```',
  ].join('\n');
  const blocks = webhookConfigBlocks(page);
  assert.equal(blocks.length, 2);
  assert.deepEqual(
    blocks.map((b) => [b.name, b.format, b.line]),
    [
      ['webhooks.yaml', 'yaml', 1],
      ['webhooks.yaml', 'yaml', 6],
    ],
  );
  assert.match(blocks[1].content, /hmac_secret_ref: \/home\/user\/secret/);
});

test('the check reports a bad block of a page with its line, and passes a good one', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'webhook-'));
  try {
    writeFileSync(
      path.join(dir, 'page.mdx'),
      [
        '# Page',
        '',
        '```yaml title="webhooks.yaml"',
        VALID.replace('failure_policy: ignore', 'failure_policy: skip'),
        '```',
        '',
        '```json title="webhooks.json"',
        '{"mutating": [{"name": "m", "url": "https://h.example.com", "failure_policy": "ignore"}]}',
        '```',
        '',
        '```yaml title="webhooks.yaml"',
        'validating: [',
        '```',
        '',
      ].join('\n'),
    );
    const report = checkWebhookConfigs({root, paths: [dir]});
    assert.equal(report.configs, 3);
    const broken = 3 + VALID.split('\n').length + 7;
    assert.deepEqual(
      report.problems.map((p) => [p.line, p.message.replace(/(YAML):[\s\S]*/, '$1')]),
      [
        [3, 'webhooks.yaml: mutating[0].failure_policy: must be one of "fail", "ignore"'],
        [broken, 'webhooks.yaml: failed to parse as YAML'],
      ],
    );
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('every webhook configuration in the docs is valid for thv run at v0.44.0', () => {
  const report = checkWebhookConfigs({root, paths: ['docs']});
  assert.ok(
    report.configs >= 2,
    `expected the webhook guide's two configurations, found ${report.configs}`,
  );
  assert.deepEqual(report.problems, []);
});
