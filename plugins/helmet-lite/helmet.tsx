/**
 * Stands in for react-helmet-async in the browser bundle (see ./index.ts).
 * `<Head>` (`@docusaurus/Head`) renders `Helmet`; the pre-rendered pages come
 * from the real package, and in the browser this module keeps the document
 * head as the package would: the same merge of every mounted `Helmet` (the
 * innermost wins), written to the DOM in the same way.
 *
 * What it keeps of the package's rules:
 * - the title of the innermost `Helmet` that sets one;
 * - `<html>`, `<body>` and `<title>` attributes merged in mount order;
 * - `meta`, `link`, `script`, `noscript` and `style` tags, deduplicated by
 *   their primary attribute (meta: name, charset, http-equiv, property,
 *   itemprop; link: rel for canonical links, else href; script: src or
 *   content; noscript: content; style: CSS text), the innermost winning; a
 *   tag without one is dropped;
 * - `base`: the innermost one with an href;
 * - tags it writes carry `data-rh="true"`; an equal tag already in the head
 *   (as pre-rendered) stays, others are replaced;
 * - changes are written in the next animation frame.
 * Not kept: `titleTemplate`, `defaultTitle`, `onChangeClientState`, `defer`,
 * `encodeSpecialCharacters`, `prioritizeSeoTags`; Docusaurus uses none.
 */
import {Children, isValidElement, useLayoutEffect, useState, type ReactNode} from 'react';

type Attributes = Record<string, unknown>;

interface HeadProps {
  title?: string;
  titleAttributes?: Attributes;
  htmlAttributes?: Attributes;
  bodyAttributes?: Attributes;
  tags: Record<string, Attributes[]>;
}

const TAG_TYPES = ['base', 'link', 'meta', 'noscript', 'script', 'style'];
const PRIMARY_ATTRIBUTES: Record<string, string[]> = {
  link: ['rel', 'href'],
  meta: ['name', 'charset', 'http-equiv', 'property', 'itemprop'],
  noscript: ['innerHTML'],
  script: ['src', 'innerHTML'],
  style: ['cssText'],
};
/** React prop names that differ from their HTML attribute. */
const HTML_NAMES: Record<string, string> = {
  accessKey: 'accesskey',
  charSet: 'charset',
  className: 'class',
  contentEditable: 'contenteditable',
  contextMenu: 'contextmenu',
  httpEquiv: 'http-equiv',
  itemProp: 'itemprop',
  tabIndex: 'tabindex',
};

function toHeadProps(children: ReactNode, into: HeadProps = {tags: {}}): HeadProps {
  Children.forEach(children, (child) => {
    if (!isValidElement<Record<string, unknown>>(child)) return;
    const {children: nested, ...props} = child.props;
    if (typeof child.type !== 'string') {
      // A fragment: its children count as this Helmet's.
      toHeadProps(nested as ReactNode, into);
      return;
    }
    const attributes: Attributes = {};
    for (const [key, value] of Object.entries(props)) attributes[HTML_NAMES[key] ?? key] = value;
    const text = Array.isArray(nested) ? nested.join('') : (nested as string | undefined);
    switch (child.type) {
      case 'title':
        into.title = text;
        into.titleAttributes = attributes;
        break;
      case 'html':
        into.htmlAttributes = attributes;
        break;
      case 'body':
        into.bodyAttributes = attributes;
        break;
      default:
        if (text) attributes[child.type === 'style' ? 'cssText' : 'innerHTML'] = text;
        (into.tags[child.type] ??= []).push(attributes);
    }
  });
  return into;
}

/** The tags of one type that survive, innermost first in priority. */
function dedupedTags(type: string, instances: HeadProps[]): Attributes[] {
  const primaries = PRIMARY_ATTRIBUTES[type]!;
  const approved: Attributes[] = [];
  const seen: Record<string, Set<string>> = {};
  for (const instance of [...instances].reverse()) {
    const tags = instance.tags[type];
    if (!tags) continue;
    const instanceSeen: [string, string][] = [];
    const kept = tags.filter((tag) => {
      let primary: string | undefined;
      for (const key of Object.keys(tag)) {
        const lower = key.toLowerCase();
        if (
          primaries.includes(lower) &&
          !(primary === 'rel' && String(tag[primary]).toLowerCase() === 'canonical') &&
          !(lower === 'rel' && String(tag[lower]).toLowerCase() === 'stylesheet')
        ) {
          primary = lower;
        }
        if (primaries.includes(key) && (key === 'innerHTML' || key === 'cssText')) primary = key;
      }
      if (!primary || !tag[primary]) return false;
      const value = String(tag[primary]).toLowerCase();
      if (seen[primary]?.has(value)) return false;
      instanceSeen.push([primary, value]);
      return true;
    });
    for (const [primary, value] of instanceSeen) (seen[primary] ??= new Set()).add(value);
    approved.push(...kept.reverse());
  }
  return approved.reverse();
}

function updateAttributes(element: Element | undefined, attributes: Attributes): void {
  if (!element) return;
  const managed = element.getAttribute('data-rh')?.split(',') ?? [];
  const keys = Object.keys(attributes);
  for (const key of keys) {
    const value = String(attributes[key] || '');
    if (element.getAttribute(key) !== value) element.setAttribute(key, value);
  }
  const stale = managed.filter((key) => !keys.includes(key));
  for (const key of stale) element.removeAttribute(key);
  if (keys.length === 0) element.removeAttribute('data-rh');
  else if (element.getAttribute('data-rh') !== keys.join(',')) {
    element.setAttribute('data-rh', keys.join(','));
  }
}

function updateTags(type: string, tags: Attributes[]): void {
  const head = document.head;
  const old = [...head.querySelectorAll(`${type}[data-rh]`)];
  const added: Element[] = [];
  for (const tag of tags) {
    const element = document.createElement(type);
    for (const [key, value] of Object.entries(tag)) {
      if (key === 'innerHTML') element.innerHTML = String(value);
      else if (key === 'cssText') element.append(document.createTextNode(String(value)));
      else element.setAttribute(key, value === undefined ? '' : String(value));
    }
    element.setAttribute('data-rh', 'true');
    const same = old.findIndex((existing) => element.isEqualNode(existing));
    if (same >= 0) old.splice(same, 1);
    else added.push(element);
  }
  for (const element of old) element.remove();
  for (const element of added) head.append(element);
}

/** The last item that passes `test`. */
function last<T>(items: T[], test: (item: T) => boolean): T | undefined {
  for (let i = items.length - 1; i >= 0; i -= 1) if (test(items[i]!)) return items[i];
  return undefined;
}

function commit(instances: HeadProps[]): void {
  const merged = (key: 'htmlAttributes' | 'bodyAttributes' | 'titleAttributes') =>
    Object.assign({}, ...instances.map((i) => i[key] ?? {})) as Attributes;
  updateAttributes(document.body, merged('bodyAttributes'));
  updateAttributes(document.documentElement, merged('htmlAttributes'));
  const title = last(instances, (i) => 'title' in i)?.title;
  if (title !== undefined && document.title !== title) document.title = title;
  updateAttributes(document.getElementsByTagName('title')[0], merged('titleAttributes'));
  const base = last(instances, (i) => !!i.tags.base?.some((tag) => tag.href));
  updateTags('base', base ? [last(base.tags.base!, (tag) => !!tag.href)!] : []);
  for (const type of TAG_TYPES) if (type !== 'base') updateTags(type, dedupedTags(type, instances));
}

const mounted = new Map<number, HeadProps>();
let lastId = 0;
let frame = 0;

function schedule(): void {
  cancelAnimationFrame(frame);
  frame = requestAnimationFrame(() =>
    commit([...mounted.entries()].sort((a, b) => a[0] - b[0]).map(([, props]) => props)),
  );
}

export function Helmet({children}: {children?: ReactNode}): null {
  // Ids follow the order of first render, which is the order in the tree:
  // a later Helmet is an inner or later one, and wins.
  const [id] = useState(() => (lastId += 1));
  useLayoutEffect(() => {
    mounted.set(id, toHeadProps(children));
    schedule();
    return () => {
      mounted.delete(id);
      schedule();
    };
  }, [id, children]);
  return null;
}

export function HelmetProvider({children}: {children?: ReactNode}): ReactNode {
  return children;
}
