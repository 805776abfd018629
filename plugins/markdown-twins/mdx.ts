/**
 * MDX source to plain Markdown, for a page's Markdown twin.
 *
 * The source is parsed the way Docusaurus reads it (MDX, GFM, directives for
 * admonitions) and the tree is rewritten so that only Markdown a model reads
 * well is left: imports, exports and expressions go; JSX components become
 * what they show (tabs a labelled section per tab, a screenshot an image
 * with its alt text, an imported MDX partial its own converted content);
 * admonitions become blockquotes that keep their label; links and images
 * become absolute URLs, relative `.mdx` links the target page's route.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {BlockContent, Link, Nodes, Paragraph, PhrasingContent, Root, RootContent} from 'mdast';
import type {MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement} from 'mdast-util-mdx-jsx';
import {toString} from 'mdast-util-to-string';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import {unified} from 'unified';
import {parse as parseYaml} from 'yaml';
import {admonitionNode, COMPONENT as KNOWN_ISSUE_COMPONENT} from '../known-issues/data';
import {issueForPage} from '../known-issues/versions';
import {versionLinks} from '../versions/remark-links';
import {releaseNotice} from '../versions/remark-release-notice';
import {pageRelease, versionOfFile} from '../versions/page-release';
import {screenshotPath, screenshotsFor} from '../../src/components/Screenshot/releases';

export interface ConvertContext {
  /** Absolute site URL without a trailing slash, such as https://docs.stacklok.com. */
  siteUrl: string;
  /** Absolute path of the site directory. */
  siteDir: string;
  /** The page's route, such as /toolhive/faq. */
  route: string;
  /** Route of the page built from a source file (site-relative path), if any. */
  routeOfSource: (sourcePath: string) => string | undefined;
  /** Markdown list items that stand in for `<DocCardList>` on this page. */
  docCards?: () => string;
  /** The docs version at the site root in this build (default: docs-versions.ts). */
  rootVersion?: string;
}

const ADMONITION_LABELS: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  caution: 'Caution',
  danger: 'Danger',
  important: 'Important',
};

const parser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective);
const printer = unified().use(remarkGfm, {tablePipeAlign: false}).use(remarkStringify, {
  bullet: '-',
  emphasis: '_',
  fences: true,
  rule: '-',
  listItemIndent: 'one',
});

/** The source without its front matter. */
export function stripFrontMatter(source: string): string {
  return source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
}

/** The source's front matter, parsed ({} without one). */
function frontMatterOf(source: string): Record<string, unknown> {
  const yaml = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(source)?.[1];
  return (yaml ? parseYaml(yaml) : null) ?? {};
}

/** Markdown of an mdast tree (GFM tables, fenced code, `-` bullets). */
export function stringify(tree: Root): string {
  return printer.stringify(tree).trim();
}

/** Converts an MDX file's text (front matter allowed) to Markdown. */
export function mdxToMarkdown(source: string, file: string, ctx: ConvertContext): string {
  return stringify(mdxToTree(source, file, ctx));
}

/** Converts an MDX file's text to an mdast tree holding only Markdown nodes. */
export function mdxToTree(source: string, file: string, ctx: ConvertContext): Root {
  const tree = parser.parse(stripFrontMatter(source)) as Root;
  // As the build does (plugins/versions): a page that still describes an
  // earlier release says so first, and routes point to the right version.
  const frontMatter = frontMatterOf(source);
  const version = versionOfFile(file);
  const described = version ? pageRelease(file, frontMatter) : null;
  if (version && described && described !== version.release) {
    const at = tree.children.findIndex((n) => n.type !== 'mdxjsEsm');
    tree.children.splice(
      at < 0 ? tree.children.length : at,
      0,
      releaseNotice(described, version.release),
    );
  }
  const fixRoute = versionLinks(file, frontMatter, ctx.rootVersion) ?? undefined;
  const partials = new Map<string, string>();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    // import Name from './_partial.mdx' : the partial is inlined where used.
    for (const m of node.value.matchAll(/import\s+(\w+)\s+from\s+['"]([^'"]+\.mdx?)['"]/g)) {
      const target = m[2]!.startsWith('@site/')
        ? path.join(ctx.siteDir, m[2]!.slice('@site/'.length))
        : path.resolve(path.dirname(file), m[2]!);
      partials.set(m[1]!, target);
    }
  }
  const children = convertChildren(tree.children, {
    ...ctx,
    file,
    frontMatter,
    partials,
    fixRoute,
    release: described ?? undefined,
  });
  return {type: 'root', children};
}

interface State extends ConvertContext {
  file: string;
  /** Points a `/toolhive` route at the right docs version (plugins/versions). */
  fixRoute?: (url: string) => string;
  /** The ToolHive release the page describes, when it is in a docs version. */
  release?: string;
  /** The front matter of the file being converted (a partial's own, as the build reads it). */
  frontMatter: Record<string, unknown>;
  partials: Map<string, string>;
}

type Jsx = MdxJsxFlowElement | MdxJsxTextElement;

function attr(node: Jsx, name: string): string | undefined {
  const a = node.attributes.find(
    (x): x is MdxJsxAttribute => x.type === 'mdxJsxAttribute' && x.name === name,
  );
  if (!a || a.value == null) return undefined;
  if (typeof a.value === 'string') return a.value;
  return literal(a.value.value);
}

/** The value of a JavaScript string literal expression, or undefined. */
function literal(expression: string): string | undefined {
  const e = expression.trim();
  if (/^"(?:[^"\\]|\\.)*"$/.test(e)) return JSON.parse(e) as string;
  if (/^'(?:[^'\\]|\\.)*'$/.test(e)) {
    return JSON.parse(`"${e.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`) as string;
  }
  if (/^`[^`$\\]*`$/.test(e)) return e.slice(1, -1);
  return undefined;
}

function convertChildren(nodes: Nodes[], s: State): RootContent[] {
  return nodes.flatMap((n) => convert(n, s));
}

function paragraph(children: PhrasingContent[]): Paragraph {
  return {type: 'paragraph', children};
}

/** An absolute URL for a link or image target in a page's source. */
export function absoluteUrl(
  url: string,
  s: ConvertContext & {file?: string; fixRoute?: (url: string) => string},
): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('pathname:')) return url;
  const raw = url.replace(/^pathname:\/\//, '');
  const site = s.siteUrl;
  if (raw.startsWith('#')) return `${site}${s.route}${raw}`;
  if (raw.startsWith('@site/static/')) return `${site}/${raw.slice('@site/static/'.length)}`;
  if (raw.startsWith('/')) return `${site}${s.fixRoute ? s.fixRoute(raw) : raw}`;
  const hashAt = raw.search(/[?#]/);
  const target = hashAt < 0 ? raw : raw.slice(0, hashAt);
  const rest = hashAt < 0 ? '' : raw.slice(hashAt);
  if (s.file && /\.mdx?$/.test(target)) {
    const sourcePath = path
      .relative(s.siteDir, path.resolve(path.dirname(s.file), target))
      .split(path.sep)
      .join('/');
    const route = s.routeOfSource(sourcePath);
    if (!route) throw new Error(`${s.file}: link to ${url}, which is not a page`);
    return `${site}${route}${rest}`;
  }
  return new URL(raw, `${site}${s.route}`).href;
}

function convert(node: Nodes, s: State): RootContent[] {
  switch (node.type) {
    case 'mdxjsEsm':
      return [];
    case 'mdxFlowExpression':
    case 'mdxTextExpression': {
      const value = literal(node.value);
      if (value === undefined) return [];
      return node.type === 'mdxFlowExpression'
        ? [paragraph([{type: 'text', value}])]
        : [{type: 'text', value}];
    }
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      return convertJsx(node, s);
    case 'containerDirective': {
      const label = ADMONITION_LABELS[node.name];
      if (!label) return convertChildren(node.children, s);
      const [first, ...rest] = node.children;
      const titled =
        first?.type === 'paragraph' && (first.data as {directiveLabel?: boolean})?.directiveLabel;
      const title: PhrasingContent[] = titled
        ? [
            {type: 'text', value: `${label}: `},
            ...(convertChildren(first.children, s) as PhrasingContent[]),
          ]
        : [{type: 'text', value: label}];
      const body = convertChildren(titled ? rest : node.children, s) as BlockContent[];
      return [
        {type: 'blockquote', children: [paragraph([{type: 'strong', children: title}]), ...body]},
      ];
    }
    case 'leafDirective':
    case 'textDirective': {
      // Not an admonition: the text as written (a colon followed by a word).
      const text: PhrasingContent = {
        type: 'text',
        value: `${':'.repeat(node.type === 'leafDirective' ? 2 : 1)}${node.name}`,
      };
      const inner = convertChildren(node.children, s) as PhrasingContent[];
      return node.type === 'leafDirective' ? [paragraph([text, ...inner])] : [text, ...inner];
    }
    case 'heading': {
      const children = convertChildren(node.children, s) as PhrasingContent[];
      // Docusaurus's explicit heading ids: `## Title {#id}`.
      const last = children.at(-1);
      if (last?.type === 'text') last.value = last.value.replace(/\s*\{#[\w-]+\}\s*$/, '');
      return [{...node, children}];
    }
    case 'link':
      return [
        {
          ...node,
          url: absoluteUrl(node.url, s),
          children: convertChildren(node.children, s) as PhrasingContent[],
        },
      ];
    case 'image':
      return [{...node, url: absoluteUrl(node.url, s)}];
    case 'definition':
      return [{...node, url: absoluteUrl(node.url, s)}];
    case 'code':
      return [{type: 'code', lang: node.lang ?? null, meta: null, value: node.value}];
    case 'html':
      // HTML comments and the like carry nothing for a reader.
      return [];
    default:
      if ('children' in node) {
        return [{...node, children: convertChildren(node.children as Nodes[], s)} as RootContent];
      }
      return [node as RootContent];
  }
}

function convertJsx(node: Jsx, s: State): RootContent[] {
  const name = node.name ?? '';
  const flow = node.type === 'mdxJsxFlowElement';
  const inner = () => convertChildren(node.children, s);
  const partial = s.partials.get(name);
  if (partial) {
    const source = fs.readFileSync(partial, 'utf8');
    return mdxToTree(source, partial, s).children;
  }
  switch (name) {
    case KNOWN_ISSUE_COMPONENT: {
      // The entry's admonition, as the page shows it (plugins/known-issues),
      // for the release the page describes: the build has already stopped
      // on an entry that does not affect it.
      const id = attr(node, 'id') ?? '';
      let issue;
      try {
        issue = issueForPage(id, s.file, s.frontMatter);
      } catch (error) {
        const line = node.position?.start.line ?? '?';
        throw new Error(`${path.relative(s.siteDir, s.file)}:${line}: ${(error as Error).message}`);
      }
      return convert(admonitionNode(issue) as unknown as Nodes, s);
    }
    case 'Tabs':
      return node.children.flatMap((child) => {
        if (child.type !== 'mdxJsxFlowElement' || child.name !== 'TabItem') {
          return convert(child, s);
        }
        const label = attr(child, 'label') ?? attr(child, 'value') ?? '';
        return [
          paragraph([{type: 'strong', children: [{type: 'text', value: label}]}]),
          ...convertChildren(child.children, s),
        ];
      });
    case 'Screenshot': {
      const image: PhrasingContent = {
        type: 'image',
        url: `${s.siteUrl}${screenshotPath(screenshotsFor(s.release ?? 'v0.2.8').uiRelease, attr(node, 'name') ?? '', 'light')}`,
        alt: attr(node, 'alt') ?? '',
      };
      return flow ? [paragraph([image])] : [image];
    }
    case 'img': {
      const image: PhrasingContent = {
        type: 'image',
        url: absoluteUrl(attr(node, 'src') ?? '', s),
        alt: attr(node, 'alt') ?? '',
      };
      return flow ? [paragraph([image])] : [image];
    }
    case 'a':
    case 'Link': {
      const href = attr(node, 'href') ?? attr(node, 'to');
      const children = inner() as PhrasingContent[];
      // A cell's own anchor (`<a id="x" href="#x">`) links the page to itself.
      if (!href || (href.startsWith('#') && href.slice(1) === attr(node, 'id'))) {
        return flow ? [paragraph(children)] : children;
      }
      const link: Link = {type: 'link', url: absoluteUrl(href, s), children};
      return flow ? [paragraph([link])] : [link];
    }
    case 'br':
      return [{type: 'break'}];
    case 'kbd':
    case 'code':
      return [{type: 'inlineCode', value: toString(node)}];
    case 'summary':
      return [paragraph([{type: 'strong', children: inner() as PhrasingContent[]}])];
    case 'DocCardList': {
      const list = s.docCards?.() ?? '';
      return list ? (parser.parse(list) as Root).children : [];
    }
    case 'Heading': {
      const depth = Number(/^h([1-6])$/.exec(attr(node, 'as') ?? '')?.[1] ?? 2);
      const text = attr(node, 'children');
      const children: PhrasingContent[] = text
        ? [{type: 'text', value: text}]
        : (inner() as PhrasingContent[]);
      return [{type: 'heading', depth: depth as 1, children}];
    }
    default: {
      // Anything else (a wrapper, a styled span): what it holds.
      const children = inner();
      const text = attr(node, 'children');
      if (children.length === 0 && text)
        return flow ? [paragraph([{type: 'text', value: text}])] : [{type: 'text', value: text}];
      return children;
    }
  }
}
