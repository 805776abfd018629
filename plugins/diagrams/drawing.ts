/**
 * Sizes and copies of a diagram's drawing (an inline SVG), for the diagram
 * figure (./Diagram.tsx). Browser only.
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

/**
 * Shows a drawing at its own size, never scaled down to the column (its text
 * would be drawn under 12 px): Mermaid's drawings are 100 % wide, capped at
 * their own width, so they would shrink with a narrow column.
 */
export function showAtOwnSize(svg: SVGSVGElement): void {
  const {width, height} = ownSize(svg);
  if (width <= 0 || height <= 0) return;
  svg.style.width = `${width}px`;
  svg.style.height = `${height}px`;
  svg.style.maxWidth = 'none';
}

/** Whether the drawing is wider than the box that shows it, which then scrolls. */
export function overflows(box: HTMLElement): boolean {
  return box.scrollWidth > box.clientWidth + 1;
}
