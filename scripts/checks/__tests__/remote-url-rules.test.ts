/**
 * The `spec.remoteUrl` rules of data/releases/v0.44.0/crd/limits.yaml against
 * what the ToolHive v0.44.0 operator does with the URL (ValidateRemoteURL in
 * cmd/thv-operator/pkg/validation/url_validation.go): Go's url.Parse and
 * URL.Hostname() pick the host, net.ParseIP (netip.ParseAddr since Go 1.22)
 * decides whether it is an IP address, IPv4-mapped IPv6 addresses count as
 * IPv4, and anything that is not an address is compared, in lower case, with
 * the blocked names and their subdomains.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {findRepoRoot} from '../lib/code-blocks';
import {evaluateRule} from '../lib/cel';
import {loadLimits, type KindRule} from '../lib/crd-release';

const limits = loadLimits(path.join(findRepoRoot(), 'data/releases/v0.44.0/crd/limits.yaml'));
const KINDS = ['MCPRemoteProxy', 'MCPServerEntry'] as const;
const rulesOf = (kind: string): KindRule[] =>
  (limits.kinds[kind]?.rules ?? []).filter((r) => r.field === 'spec.remoteUrl');

type Verdict = 'allowed' | 'blocked' | 'no host' | 'colon';

/** What the rules say about a URL: the first rule it breaks, or allowed. */
function verdict(url: string, kind: string = KINDS[0]): Verdict {
  const broken = rulesOf(kind).find((r) => evaluateRule(r.rule, {spec: {remoteUrl: url}}) !== true);
  if (!broken) return 'allowed';
  if (broken.message.startsWith('the URL must name a host')) return 'no host';
  if (broken.message.includes('colon')) return 'colon';
  return 'blocked';
}

test('both kinds that take a remote URL check it with the same rules', () => {
  const [proxy, entry] = KINDS.map((k) => rulesOf(k).map((r) => [r.rule, r.message]));
  assert.equal(proxy.length, 3);
  assert.deepEqual(proxy, entry);
});

test('the cases the v0.44.0 review named: mapped IPv4, spelled-out loopback, zero-padded IPv4', () => {
  // Go blocks these two: ::ffff:127.0.0.1 becomes 127.0.0.1, and
  // 0:0:0:0:0:0:0:1 is ::1.
  assert.equal(verdict('https://[::ffff:127.0.0.1]/'), 'blocked');
  assert.equal(verdict('https://[0:0:0:0:0:0:0:1]/'), 'blocked');
  // net.ParseIP refuses leading zeros, so Go treats this as a host name,
  // which no blocked name matches.
  assert.equal(verdict('https://127.000.000.001/'), 'allowed');
});

/**
 * Hosts with the verdict of ValidateRemoteURL, each checked against the
 * function built with Go (with netip's four-digit limit on IPv6 groups).
 */
const HOSTS: Array<[string, Verdict]> = [
  // Names: exact or as a suffix after a dot, in any case.
  ['localhost', 'blocked'],
  ['LocalHost', 'blocked'],
  ['a.b.localhost', 'blocked'],
  ['.localhost', 'blocked'],
  ['localhost.', 'allowed'],
  ['notlocalhost', 'allowed'],
  ['localhost.example.com', 'allowed'],
  ['kubernetes.default', 'blocked'],
  ['kubernetes.default.svc', 'blocked'],
  ['api.kubernetes.default.svc', 'blocked'],
  ['kubernetes.default.svc.other', 'allowed'],
  ['kubernetes', 'allowed'],
  ['my.ns.svc.cluster.local', 'blocked'],
  ['cluster.localx', 'allowed'],
  ['metadata.google.internal', 'blocked'],
  ['metadata.google', 'allowed'],
  // strings.ToLower turns the Kelvin sign into k and the dotted capital I
  // into i, raw or percent-encoded.
  ['\u212aubernetes.default', 'blocked'],
  ['%E2%84%AAubernetes.default.svc', 'blocked'],
  ['metadata.google.\u0130nternal', 'blocked'],
  ['metadata.google.%C4%B0nternal', 'blocked'],
  ['%c3%a9.localhost', 'blocked'],
  ['mcp.example.com', 'allowed'],
  ['127.0.0.1.nip.io', 'allowed'],
  // IPv4: the blocked ranges and their neighbours.
  ['0.0.0.0', 'blocked'],
  ['1.0.0.0', 'allowed'],
  ['10.255.255.255', 'blocked'],
  ['11.0.0.0', 'allowed'],
  ['127.1.2.3', 'blocked'],
  ['169.254.169.254', 'blocked'],
  ['169.255.0.0', 'allowed'],
  ['172.15.255.255', 'allowed'],
  ['172.16.0.0', 'blocked'],
  ['172.31.255.255', 'blocked'],
  ['172.32.0.0', 'allowed'],
  ['192.168.0.1', 'blocked'],
  ['192.169.0.1', 'allowed'],
  ['100.64.0.1', 'allowed'],
  // Not addresses for net.ParseIP, so names: leading zeros, other forms.
  ['010.0.0.1', 'allowed'],
  ['127.0.0.01', 'allowed'],
  ['127.1', 'allowed'],
  ['2130706433', 'allowed'],
  ['0x7f.0.0.1', 'allowed'],
  ['127.0.0.256', 'allowed'],
  // IPv6 in brackets.
  ['[::]', 'blocked'],
  ['[0::0]', 'blocked'],
  ['[::1]', 'blocked'],
  ['[::0001]', 'blocked'],
  ['[::0.0.0.1]', 'blocked'],
  ['[::2]', 'allowed'],
  ['[1::]', 'allowed'],
  ['[0:0:0:0:0:0:1:0]', 'allowed'],
  ['[fe80::1]', 'blocked'],
  ['[FEBF:FFFF::1]', 'blocked'],
  ['[fec0::1]', 'allowed'],
  ['[fe7f::1]', 'allowed'],
  ['[fc00::]', 'blocked'],
  ['[fdff:ffff::]', 'blocked'],
  ['[fbff::1]', 'allowed'],
  ['[fe00::]', 'allowed'],
  ['[2001:db8::1]', 'allowed'],
  ['[fe80:1:2:3:4:5:1.2.3.4]', 'blocked'],
  ['[fe80::1.2.3.4]', 'blocked'],
  // IPv4-mapped addresses count as their IPv4 address, in any spelling.
  ['[::ffff:10.1.2.3]', 'blocked'],
  ['[::ffff:8.8.8.8]', 'allowed'],
  ['[0:0:0:0:0:ffff:7f00:1]', 'blocked'],
  ['[::ffff:a9fe:1]', 'blocked'],
  ['[::ffff:a9ff:1]', 'allowed'],
  ['[::ffff:ac1f:1]', 'blocked'],
  ['[::ffff:ac20:1]', 'allowed'],
  ['[::ffff:c0a8:ff]', 'blocked'],
  ['[0:0:0:0:0:ffff::]', 'blocked'],
  ['[0:0:0:0:0:ffff::1]', 'blocked'],
  ['[0:0:0:0:0:ffff:7f00::]', 'blocked'],
  ['[::ffff:1.0.0.0]', 'allowed'],
  // IPv4-compatible and other embedded forms are IPv6 addresses.
  ['[::127.0.0.1]', 'allowed'],
  ['[64:ff9b::127.0.0.1]', 'allowed'],
  ['[0:0:0:0:1:ffff:7f00:1]', 'allowed'],
  ['[ffff::]', 'allowed'],
  // Not addresses for netip.ParseAddr: a zone, a group of five digits,
  // too many groups, a misplaced or malformed IPv4 part.
  ['[fe80::1%25eth0]', 'allowed'],
  ['[::1%25lo]', 'allowed'],
  ['[::00001]', 'allowed'],
  ['[0:0:0:0:0:0:0::1]', 'allowed'],
  ['[1:2:3:4:5:6::1.2.3.4]', 'allowed'],
  ['[::ffff:127.0.0.01]', 'allowed'],
  ['[fe80:1:2:3:4:5:6:1.2.3.4]', 'allowed'],
  // A name in brackets is still a name for the host check.
  ['[x.localhost]', 'blocked'],
  ['[fe80::1%25x.localhost]', 'blocked'],
];

test('hosts get the verdict of ValidateRemoteURL, with or without user, port, path, query or fragment', () => {
  const wrong: string[] = [];
  for (const [host, want] of HOSTS) {
    for (const url of [
      `https://${host}`,
      `http://${host}:8080/mcp`,
      `https://user:secret@${host}/sse?x=1#top`,
      `https://${host}:/`,
      `https://a@b@${host}?q=@localhost`,
    ]) {
      for (const kind of KINDS) {
        const got = verdict(url, kind);
        if (got !== want) wrong.push(`${kind} ${url}: ${got}, want ${want}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

test('what comes after the host, and user information, never decides', () => {
  assert.equal(verdict('https://mcp.example.com/?next=http://localhost'), 'allowed');
  assert.equal(verdict('https://mcp.example.com#@10.0.0.1'), 'allowed');
  assert.equal(verdict('https://localhost@mcp.example.com/'), 'allowed');
  assert.equal(verdict('https://mcp.example.com@127.0.0.1/'), 'blocked');
  assert.equal(verdict('https://mcp.example.com/@localhost'), 'allowed');
});

test('a URL without a host, and colons outside brackets, are refused as Go refuses them', () => {
  for (const url of ['https://', 'https:///mcp', 'https://user@', 'https://user@/x', 'https://?q'])
    assert.equal(verdict(url), 'no host', url);
  // URL.Host is ":80" here, so the URL passes with an empty host name.
  assert.equal(verdict('https://:80/'), 'allowed');
  // Go 1.26's url.Parse (urlstrictcolons) refuses more than one colon in a
  // host outside brackets, blocked address or not.
  for (const url of [
    'https://::1/',
    'https://fe80::1/',
    'http://localhost:80:90/',
    'https://2001:db8::1:443/',
  ])
    assert.equal(verdict(url), 'colon', url);
  assert.equal(verdict('http://[::1]:80/'), 'blocked');
  assert.equal(verdict('http://mcp.example.com:8080/'), 'allowed');
});

/** The groups of a 16-byte address. */
const groupsOf = (b: number[]): number[] =>
  [0, 2, 4, 6, 8, 10, 12, 14].map((i) => b[i] * 256 + b[i + 1]);

/** Every text netip.ParseAddr reads as the address: each :: compression, padding, case, IPv4 tail. */
function spellings(bytes: number[]): string[] {
  const g = groupsOf(bytes);
  const out = new Set<string>();
  const hex = (x: number) => x.toString(16);
  for (const fmt of [
    hex,
    (x: number) => hex(x).padStart(4, '0'),
    (x: number) => hex(x).toUpperCase(),
  ]) {
    const f = g.map(fmt);
    out.add(f.join(':'));
    for (let i = 0; i < 8; i += 1)
      for (let j = i + 1; j <= 8; j += 1)
        if (g.slice(i, j).every((x) => x === 0))
          out.add(`${f.slice(0, i).join(':')}::${f.slice(j).join(':')}`);
    const v4 = bytes.slice(12).join('.');
    const h = f.slice(0, 6);
    out.add(`${h.join(':')}:${v4}`);
    for (let i = 0; i < 6; i += 1)
      for (let j = i + 1; j <= 6; j += 1)
        if (g.slice(i, j).every((x) => x === 0))
          out.add(
            `${h.slice(0, i).join(':')}::${h
              .slice(j)
              .map((x) => `${x}:`)
              .join('')}${v4}`,
          );
  }
  return [...out];
}

/** ValidateRemoteURL's verdict on an IPv6 address, from its bytes. */
function blockedAddress(b: number[]): boolean {
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) {
    const [a, c] = b.slice(12);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && c === 254) ||
      (a === 172 && c >= 16 && c <= 31) ||
      (a === 192 && c === 168)
    );
  }
  if (zero(0, 15) && b[15] <= 1) return true; // ::/128 and ::1/128
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0x80) return true; // fe80::/10
  return (b[0] & 0xfe) === 0xfc; // fc00::/7
}

test('every spelling of an IPv6 address gets the verdict of its value', () => {
  // A fixed pseudo-random sequence, so that a failure repeats.
  let seed = 44044;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const byte = () => Math.floor(next() * 256);
  const v4 = [
    [127, 0, 0, 1],
    [10, 9, 8, 7],
    [8, 8, 4, 4],
    [169, 254, 1, 1],
    [172, 20, 0, 1],
    [172, 32, 0, 1],
    [192, 168, 9, 9],
    [0, 0, 0, 9],
    [1, 2, 3, 4],
  ];
  const values: number[][] = [];
  for (let n = 0; n < 300; n += 1) {
    const b = Array.from({length: 16}, () => 0);
    const kind = n % 6;
    if (kind === 0) for (let i = 0; i < 16; i += 1) b[i] = byte();
    if (kind === 1 || kind === 2) {
      const firsts =
        kind === 1 ? [0xfe80, 0xfebf, 0xfec0, 0xfe7f] : [0xfc00, 0xfdff, 0xfe00, 0xfbff];
      const first = firsts[Math.floor(next() * firsts.length)];
      b[0] = first >> 8;
      b[1] = first & 0xff;
      for (let i = 16 - 2 * Math.floor(next() * 8); i < 16; i += 1) b[i] = byte();
    }
    if (kind === 3) {
      b[10] = 0xff;
      b[11] = 0xff;
      b.splice(12, 4, ...v4[Math.floor(next() * v4.length)]);
    }
    if (kind === 4) b[15] = Math.floor(next() * 3);
    if (kind === 5)
      for (let k = 0; k < 2; k += 1)
        b[2 * Math.floor(next() * 8) + Math.floor(next() * 2)] = byte();
    values.push(b);
  }
  const wrong: string[] = [];
  let checked = 0;
  for (const b of values) {
    const want: Verdict = blockedAddress(b) ? 'blocked' : 'allowed';
    for (const text of spellings(b)) {
      const got = verdict(`https://[${text}]:443/mcp`);
      checked += 1;
      if (got !== want) wrong.push(`[${text}]: ${got}, want ${want}`);
    }
  }
  assert.ok(checked > 3000, `${checked} spellings`);
  assert.deepEqual(wrong.slice(0, 20), []);
});
