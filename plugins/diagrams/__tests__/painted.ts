/**
 * What a diagram view paints on the screen, label by label: for the browser
 * tests of legibility (./diagrams.spec.ts).
 *
 * A view is an element that shows a drawing (the figure in the page, or the
 * image of the full-size view). Each label (an SVG `text`, or the HTML element
 * holding an HTML label's text) is brought into the window, and the part of
 * the view that the window shows is captured twice: as drawn, and with the
 * view's text made transparent. The pixels that differ are what the text
 * paints. A label's contrast is the WCAG ratio of the most distinct of its
 * pixels against the same pixel without the text: 1 when the text paints
 * nothing (no text, or text in the colour of the box behind it).
 */
import {PNG} from 'pngjs';
import type {Locator, Page} from '@playwright/test';

export interface PaintedLabel {
  text: string;
  /** Size on the screen: computed font size times the drawing's scale. */
  px: number;
  /** WCAG contrast of the label's most distinct pixel against the same pixel without text. */
  contrast: number;
}

export interface PaintedView {
  labels: PaintedLabel[];
  /** Pixels of the view that its text paints, over every capture. */
  changedPixels: number;
}

const HIDE_TEXT = `
[data-painted-view] text, [data-painted-view] tspan {
  fill: transparent !important; stroke: transparent !important;
}
[data-painted-view] foreignObject * {
  color: transparent !important; -webkit-text-fill-color: transparent !important;
}
[data-painted-view] * { transition: none !important; animation: none !important; }`;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Marks the view's labels (data-painted-label) and returns their text and size. */
function markLabels(view: Locator): Promise<{text: string; px: number}[]> {
  return view.evaluate((root) => {
    root.setAttribute('data-painted-view', '');
    const scale = (el: Element) => {
      const m = (el as SVGGraphicsElement).getScreenCTM?.();
      return m ? Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) : 1;
    };
    const labels = new Map<Element, string>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const content = node.textContent?.trim();
      const parent = node.parentElement;
      if (!content || !parent || !parent.closest('svg') || parent.closest('title, desc, style')) {
        continue;
      }
      const label = parent.closest('text') ?? parent;
      const box = label.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(label).visibility === 'hidden') {
        continue;
      }
      labels.set(label, `${labels.get(label) ?? ''} ${content}`.trim());
    }
    return [...labels].map(([label, text], i) => {
      label.setAttribute('data-painted-label', String(i));
      const graphic = label.closest('foreignObject') ?? label;
      const px = parseFloat(getComputedStyle(label).fontSize) * scale(graphic);
      return {text, px: Math.round(px * 10) / 10};
    });
  });
}

/** The boxes of the marked labels, and the part of the view the window shows. */
function layout(page: Page): Promise<{labels: (Box | null)[]; visible: Box | null}> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-painted-view]')!;
    const clip = (box: DOMRect, into: {l: number; t: number; r: number; b: number}) => ({
      l: Math.max(box.left, into.l),
      t: Math.max(box.top, into.t),
      r: Math.min(box.right, into.r),
      b: Math.min(box.bottom, into.b),
    });
    // The window, narrowed by every scrolling box around the view.
    let area = {l: 0, t: 0, r: innerWidth, b: innerHeight};
    for (let el: Element | null = root; el; el = el.parentElement) {
      const style = getComputedStyle(el);
      if (el === root || /auto|scroll|hidden/.test(style.overflowX + style.overflowY)) {
        area = clip(el.getBoundingClientRect(), area);
      }
    }
    // Outside a dialog, the page's sticky navbar covers the top of the window.
    const navbar = document.querySelector('.navbar');
    if (
      !root.closest('dialog') &&
      navbar &&
      /sticky|fixed/.test(getComputedStyle(navbar).position)
    ) {
      area.t = Math.max(area.t, navbar.getBoundingClientRect().bottom);
    }
    const toBox = (a: {l: number; t: number; r: number; b: number}) =>
      a.r - a.l >= 1 && a.b - a.t >= 1
        ? {x: a.l, y: a.t, width: a.r - a.l, height: a.b - a.t}
        : null;
    const labels = [...root.querySelectorAll('[data-painted-label]')]
      .sort(
        (a, b) =>
          Number(a.getAttribute('data-painted-label')) -
          Number(b.getAttribute('data-painted-label')),
      )
      .map((el) => {
        const box = el.getBoundingClientRect();
        const inside =
          box.left >= area.l - 0.5 &&
          box.right <= area.r + 0.5 &&
          box.top >= area.t - 0.5 &&
          box.bottom <= area.b + 0.5;
        return inside ? toBox({l: box.left, t: box.top, r: box.right, b: box.bottom}) : null;
      });
    return {labels, visible: toBox(area)};
  });
}

/** Linear light of each 8-bit channel value (sRGB). */
const LINEAR = Array.from({length: 256}, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

/** Relative luminance of the pixel at byte offset `at` of an RGBA buffer. */
const luminance = (data: Buffer, at: number) =>
  0.2126 * LINEAR[data[at]!]! + 0.7152 * LINEAR[data[at + 1]!]! + 0.0722 * LINEAR[data[at + 2]!]!;

/** Paints of the view's labels; see the module comment. */
export async function paintedLabels(page: Page, view: Locator): Promise<PaintedView> {
  await page.evaluate(() => {
    document.querySelector('[data-painted-view]')?.removeAttribute('data-painted-view');
    for (const el of document.querySelectorAll('[data-painted-label]')) {
      el.removeAttribute('data-painted-label');
    }
  });
  const marked = await markLabels(view);
  const result: (PaintedLabel | null)[] = marked.map(() => null);
  let changedPixels = 0;
  // Each round captures every label the window shows in full, then brings
  // the first label not yet measured into the window.
  for (let round = 0; round < marked.length && result.includes(null); round += 1) {
    const {labels, visible} = await layout(page);
    const todo = labels.map((box, i) => (box && !result[i] ? i : -1)).filter((i) => i >= 0);
    if (visible && todo.length > 0) {
      const clip = {
        x: Math.floor(visible.x),
        y: Math.floor(visible.y),
        width: Math.ceil(visible.width),
        height: Math.ceil(visible.height),
      };
      const drawn = PNG.sync.read(await page.screenshot({clip, animations: 'disabled'}));
      const style = await page.addStyleTag({content: HIDE_TEXT});
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      const bare = PNG.sync.read(await page.screenshot({clip, animations: 'disabled'}));
      await style.evaluate((el) => (el as Element).remove());
      // The contrast of every pixel the text changes; 1 where it changes nothing.
      const contrast = new Float32Array(drawn.width * drawn.height).fill(1);
      for (let p = 0, at = 0; p < contrast.length; p += 1, at += 4) {
        const a = drawn.data;
        const b = bare.data;
        if (a[at] === b[at] && a[at + 1] === b[at + 1] && a[at + 2] === b[at + 2]) continue;
        changedPixels += 1;
        const [hi, lo] = [luminance(a, at), luminance(b, at)].sort((x, y) => y - x);
        contrast[p] = (hi! + 0.05) / (lo! + 0.05);
      }
      for (const i of todo) {
        const box = labels[i]!;
        let best = 1;
        const x0 = Math.max(0, Math.floor(box.x) - clip.x);
        const y0 = Math.max(0, Math.floor(box.y) - clip.y);
        const x1 = Math.min(drawn.width, Math.ceil(box.x + box.width) - clip.x);
        const y1 = Math.min(drawn.height, Math.ceil(box.y + box.height) - clip.y);
        for (let y = y0; y < y1; y += 1) {
          for (let x = x0; x < x1; x += 1) best = Math.max(best, contrast[y * drawn.width + x]!);
        }
        result[i] = {...marked[i]!, contrast: Math.round(best * 100) / 100};
      }
    }
    const next = result.indexOf(null);
    if (next < 0) break;
    await view
      .locator(`[data-painted-label="${next}"]`)
      .evaluate((el) => el.scrollIntoView({block: 'center', inline: 'center'}));
  }
  const missing = marked.filter((_, i) => !result[i]).map((m) => m.text);
  if (missing.length > 0)
    throw new Error(`labels never shown in the window: ${missing.join(', ')}`);
  return {labels: result as PaintedLabel[], changedPixels};
}
