/**
 * The copy of a diagram that its full-size view shows (./FullSize.tsx).
 * Browser only.
 */
import {showAtOwnSize} from './drawing';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A copy of what the figure shows, for the full-size view: the drawing with
 * every element around it inside the figure, so that the rules that style the
 * drawing in the page (its colours for the colour mode are custom properties
 * set on a class of its wrapper) style the copy the same way. Ids in the
 * copy get `suffix`, and so do the references to them (the drawing's
 * stylesheet's `#id` selectors, `url(#id)` and `href="#id"`), so the copy
 * and the drawing in the page do not share ids. The copy is hidden from
 * assistive technology: the view names and describes it.
 */
export function copyForFullSize(figure: HTMLElement, suffix: string): DocumentFragment {
  const copy = document.createDocumentFragment();
  for (const child of figure.children) copy.append(child.cloneNode(true));
  const originals = [...figure.querySelectorAll('[id]')].map((el) => el.id).filter(Boolean);
  const all = [...copy.querySelectorAll('*')];
  if (originals.length > 0) {
    // Longest first, so that `a-1` is not read as `a` followed by `-1`.
    const pattern = new RegExp(
      `#(${originals
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join('|')})(?![\\w-])`,
      'g',
    );
    const rename = (text: string) => text.replace(pattern, (_m, id: string) => `#${id}-${suffix}`);
    for (const el of all) {
      if (el.id) el.id = `${el.id}-${suffix}`;
      for (const attr of [...el.attributes]) {
        if (attr.name !== 'id' && attr.value.includes('#')) attr.value = rename(attr.value);
      }
      if (el.localName === 'style' && el.textContent) el.textContent = rename(el.textContent);
    }
  }
  for (const svg of copy.querySelectorAll('svg')) {
    svg.removeAttribute('aria-labelledby');
    svg.removeAttribute('aria-describedby');
    svg.setAttribute('aria-hidden', 'true');
    showAtOwnSize(svg);
  }
  return copy;
}
