import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {findRepoRoot, listFiles, relativePath} from '../../checks/lib/code-blocks';
import {parse} from 'yaml';
import {DOCS_VERSIONS} from '../../../docs-versions';
import {pageRelease} from '../../../plugins/versions/page-release';
import {
  SCREENSHOTS,
  screenshotPath,
  screenshotsFor,
} from '../../../src/components/Screenshot/releases';

const root = findRepoRoot();
const MAX_WIDTH = 1600;

/** Pixel size of a WebP file, read from its VP8, VP8L or VP8X chunk header. */
export function webpSize(buf: Buffer): {width: number; height: number} {
  if (buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WEBP')
    throw new Error('not a RIFF/WEBP file');
  const chunk = buf.toString('latin1', 12, 16);
  const data = 20;
  if (chunk === 'VP8X') {
    // 24-bit canvas width-1 and height-1 after 4 bytes of flags.
    return {width: 1 + buf.readUIntLE(data + 4, 3), height: 1 + buf.readUIntLE(data + 7, 3)};
  }
  if (chunk === 'VP8L') {
    if (buf[data] !== 0x2f) throw new Error('bad VP8L signature');
    const bits = buf.readUInt32LE(data + 1);
    return {width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff)};
  }
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height.
    if (buf[data + 3] !== 0x9d || buf[data + 4] !== 0x01 || buf[data + 5] !== 0x2a)
      throw new Error('bad VP8 start code');
    return {
      width: buf.readUInt16LE(data + 6) & 0x3fff,
      height: buf.readUInt16LE(data + 8) & 0x3fff,
    };
  }
  throw new Error(`unknown first chunk ${JSON.stringify(chunk)}`);
}

test('webpSize reads the three WebP header forms', () => {
  const riff = (chunk: string, payload: number[]) => {
    const body = Buffer.from([...Buffer.from(chunk, 'latin1'), 0, 0, 0, 0, ...payload]);
    return Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'), body]);
  };
  // VP8X: flags, then width-1 = 1599 (0x063f), height-1 = 999 (0x03e7).
  assert.deepEqual(webpSize(riff('VP8X', [0, 0, 0, 0, 0x3f, 0x06, 0, 0xe7, 0x03, 0])), {
    width: 1600,
    height: 1000,
  });
  // VP8L: signature, then 14 bits width-1 (9) and 14 bits height-1 (4).
  const bits = 9 | (4 << 14);
  assert.deepEqual(
    webpSize(riff('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, 0])),
    {width: 10, height: 5},
  );
  // VP8: frame tag, start code, width 320, height 200.
  assert.deepEqual(webpSize(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0x40, 0x01, 0xc8, 0x00])), {
    width: 320,
    height: 200,
  });
});

for (const [release, sizes] of Object.entries(SCREENSHOTS)) {
  const {uiRelease} = screenshotsFor(release);
  test(`data/releases/${release}/ui/screenshots.json lists screenshots`, () => {
    assert.ok(Object.keys(sizes).length > 0);
  });
  for (const [name, size] of Object.entries(sizes)) {
    test(`screenshot ${name} of ToolHive UI ${uiRelease}: light and dark WebP files match the recorded size`, () => {
      assert.match(name, /^[a-z0-9-]+$/);
      assert.ok(size.width <= MAX_WIDTH, `${name}: width ${size.width} > ${MAX_WIDTH}`);
      for (const theme of ['light', 'dark'] as const) {
        const file = path.join(root, 'static', screenshotPath(uiRelease, name, theme));
        assert.ok(existsSync(file), `missing ${relativePath(root, file)}`);
        const actual = webpSize(readFileSync(file));
        assert.deepEqual(
          actual,
          size,
          `${relativePath(root, file)}: pixel size differs from the JSON`,
        );
      }
    });
  }
}

/** Attributes of every <Screenshot ...> element in MDX text (the tag may span lines). */
export function screenshotUses(
  text: string,
): {line: number; attrs: Record<string, string | true>}[] {
  const uses: {line: number; attrs: Record<string, string | true>}[] = [];
  for (const m of text.matchAll(/<Screenshot\b((?:[^>"'{]|"[^"]*"|'[^']*'|\{[^}]*\})*)\/?>/g)) {
    const attrs: Record<string, string | true> = {};
    for (const a of m[1].matchAll(
      /([A-Za-z][\w-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|\{([^}]*)\}))?/g,
    ))
      attrs[a[1]] = a[2] ?? a[3] ?? (a[4] !== undefined ? `{${a[4]}}` : true);
    uses.push({line: text.slice(0, m.index).split('\n').length, attrs});
  }
  return uses;
}

test('screenshotUses parses multi-line tags', () => {
  const uses = screenshotUses('x\n<Screenshot\n  name="servers"\n  alt="The list"\n  eager\n/>\n');
  assert.deepEqual(uses, [{line: 2, attrs: {name: 'servers', alt: 'The list', eager: true}}]);
});

test('every <Screenshot> of every version names a screenshot of the page’s release and has alt text', () => {
  const problems: string[] = [];
  for (const version of DOCS_VERSIONS) {
    for (const file of listFiles([path.join(root, version.docsDir)], ['.mdx'])) {
      const rel = relativePath(root, file);
      const text = readFileSync(file, 'utf8');
      const fm = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
      const release = pageRelease(file, fm ? (parse(fm) as {release?: unknown}) : {});
      for (const {line, attrs} of screenshotUses(text)) {
        const sizes = SCREENSHOTS[release!];
        const name = attrs.name;
        if (!sizes) problems.push(`${rel}:${line}: no screenshots of ToolHive ${release}`);
        else if (typeof name !== 'string' || !Object.hasOwn(sizes, name))
          problems.push(
            `${rel}:${line}: unknown screenshot name ${JSON.stringify(name)} for ${release}`,
          );
        const alt = attrs.alt;
        if (typeof alt !== 'string' || alt.trim() === '')
          problems.push(`${rel}:${line}: <Screenshot> needs a non-empty alt="..." text`);
      }
    }
  }
  assert.deepEqual(problems, []);
});
