import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {findRepoRoot} from '../lib/code-blocks';
import {CelError, checkRule, evaluateRule, parseDuration} from '../lib/cel';
import {loadRelease} from '../lib/crd-release';

test('literals, fields, has() and the logical operators', () => {
  const self = {type: 'inline', inline: {policies: ['a']}, n: 3};
  assert.equal(
    evaluateRule("self.type == 'inline' ? has(self.inline) : !has(self.inline)", self),
    true,
  );
  assert.equal(
    evaluateRule("self.type == 'configMap' ? has(self.configMap) : !has(self.configMap)", self),
    true,
  );
  assert.equal(evaluateRule('has(self.configMap)', self), false);
  assert.equal(evaluateRule('self.n + 1 > 3 && self.n - 3 == 0', self), true);
  assert.equal(evaluateRule("'a' in self.inline.policies", self), true);
  assert.equal(evaluateRule("'type' in self", self), true);
  assert.equal(
    evaluateRule('size(self.inline.policies) == 1 && self.type.size() == 6', self),
    true,
  );
});

test('macros and string functions', () => {
  const self = {tools: [{name: 'a'}, {name: 'b', perUser: {}}], headers: {'X-A': '1'}};
  assert.equal(evaluateRule('self.tools.all(t, !has(t.perUser))', self), false);
  assert.equal(evaluateRule('self.tools.exists(t, has(t.perUser))', self), true);
  assert.equal(evaluateRule("self.headers.all(k, k.matches('^[A-Za-z-]+$'))", self), true);
  assert.equal(evaluateRule("!('x-a' in ['authorization'])", self), true);
  assert.equal(evaluateRule("'HTTP://x'.lowerAscii().startsWith('http://')", self), true);
  assert.equal(
    evaluateRule("duration('90s') >= duration('1m') && duration('1h30m') > duration('90m')", self),
    false,
  );
  assert.equal(parseDuration('1h30m'), 5400e9);
});

test('string escapes, \\u and \\U included, as in CEL', () => {
  assert.equal(evaluateRule("'a\\\\b\\'c\\x41'", {}), "a\\b'cA");
  assert.equal(
    evaluateRule(
      "'\\u212a' == '\u212a' && '\\U0001F600' == '\u{1F600}' && '\\U0001F600'.size() == 1",
      {},
    ),
    true,
  );
  assert.equal(evaluateRule("'\u212aubernetes'.matches('^(k|\\u212a)ubernetes$')", {}), true);
  assert.throws(() => evaluateRule("'\\u21'", {}), /bad escape/);
  assert.throws(() => evaluateRule("'\\q'", {}), /unsupported escape/);
});

test('&& and || are commutative about errors, as in CEL', () => {
  // Selecting a missing field is an error; the other side decides when it can.
  assert.equal(evaluateRule('self.missing == 1 || true', {}), true);
  assert.equal(evaluateRule('false && self.missing == 1', {}), false);
  assert.throws(() => evaluateRule('self.missing == 1', {}), CelError);
  assert.throws(() => evaluateRule('self.missing == 1 || false', {}), /no such key: missing/);
});

test('unsupported syntax and functions are refused, not passed', () => {
  assert.throws(() => checkRule('self.x.map(y, y)'), /unsupported function/);
  assert.throws(() => checkRule('self.x == 1.5'), /only decimal integers/);
  assert.throws(() => checkRule('self.x ==='), CelError);
  assert.throws(
    () => checkRule("timestamp('2020-01-01T00:00:00Z') > 0"),
    /unsupported function timestamp/,
  );
});

test('every CEL rule of the v0.44.0 CRDs is supported', () => {
  const release = loadRelease(path.join(findRepoRoot(), 'data/releases/v0.44.0/crd'));
  let rules = 0;
  const walk = (n: Record<string, unknown>) => {
    for (const r of (n['x-kubernetes-validations'] as {rule: string}[] | undefined) ?? []) {
      checkRule(r.rule);
      rules += 1;
    }
    for (const v of Object.values(n))
      if (Array.isArray(v))
        v.forEach((x) => x && typeof x === 'object' && walk(x as Record<string, unknown>));
      else if (v && typeof v === 'object') walk(v as Record<string, unknown>);
  };
  for (const e of release.kinds.values()) for (const v of e.versions) walk(v.schema);
  assert.ok(rules >= 80, `only ${rules} rules`);
});
