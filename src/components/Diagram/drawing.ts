/**
 * Sizes and copies of a diagram's drawing (an inline SVG), for the diagram
 * figure (./index.tsx). Browser only.
 */

/**
 * The drawing's own size: its width and height attributes where they are
 * lengths (a build-time drawing), else its viewBox (Mermaid draws at 1:1
 * with a width of 100 %).
 */
export function ownSize(svg: SVGSVGElement): {width: number; height: number} {
  const {width, height} = svg;
  const absolute: number[] = [SVGLength.SVG_LENGTHTYPE_NUMBER, SVGLength.SVG_LENGTHTYPE_PX];
  if (svg.hasAttribute('width') && absolute.includes(width.baseVal.unitType)) {
    return {width: width.baseVal.value, height: height.baseVal.value};
  }
  return {width: svg.viewBox.baseVal?.width ?? 0, height: svg.viewBox.baseVal?.height ?? 0};
}

export const naturalWidth = (svg: SVGSVGElement): number => ownSize(svg).width;

/** Whether the drawing is shown narrower than its own width (its text smaller). */
export function isScaledDown(svg: SVGSVGElement | null): boolean {
  if (!svg) return false;
  const natural = naturalWidth(svg);
  const shown = svg.getBoundingClientRect().width;
  return natural > 0 && shown > 0 && shown < natural - 0.5;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A copy of the drawing at its natural size, for the full-size view. Its
 * ids get `suffix`, and so do the references to them (its stylesheet's
 * `#id` selectors, `url(#id)` and `href="#id"`), so the copy and the
 * drawing in the page do not share ids.
 */
export function copyForFullSize(svg: SVGSVGElement, suffix: string): SVGSVGElement {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const ids = [svg, ...svg.querySelectorAll('[id]')].map((el) => el.id).filter(Boolean);
  if (ids.length > 0) {
    // Longest first, so that `a-1` is not read as `a` followed by `-1`.
    const pattern = new RegExp(
      `#(${ids
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join('|')})(?![\\w-])`,
      'g',
    );
    const rename = (text: string) => text.replace(pattern, (_m, id: string) => `#${id}-${suffix}`);
    for (const el of [copy, ...copy.querySelectorAll('*')]) {
      if (el.id) el.id = `${el.id}-${suffix}`;
      for (const attr of [...el.attributes]) {
        if (attr.name !== 'id' && attr.value.includes('#')) attr.value = rename(attr.value);
      }
      if (el.localName === 'style' && el.textContent) el.textContent = rename(el.textContent);
    }
  }
  const {width, height} = ownSize(svg);
  copy.removeAttribute('aria-labelledby');
  copy.removeAttribute('aria-describedby');
  copy.setAttribute('aria-hidden', 'true');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  copy.style.maxWidth = 'none';
  copy.style.width = `${width}px`;
  copy.style.height = `${height}px`;
  return copy;
}
