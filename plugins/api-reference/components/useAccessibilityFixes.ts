/**
 * Accessibility fixes for markup that docusaurus-theme-openapi-docs renders
 * and that a wrapper cannot reach (the elements sit deep inside the theme's
 * components). Each fix only adds an attribute; none changes what is shown.
 *
 * - Parameter and schema lists are <ul> elements whose items are <div>s:
 *   the items get role="listitem".
 * - The request explorer's authorization panel has an <h4> right after the
 *   page's <h2> sections: it is announced as level 3.
 * - The arrow buttons that scroll overflowing tab lists have no text: they
 *   get a label.
 * - Containers that scroll sideways (long paths, the request panel) become
 *   focusable, so keyboard users can scroll them.
 *
 * The fixes run after the page renders and again whenever the API components
 * add elements (the explorer renders in the browser only, tabs mount their
 * panels on demand), until the page unmounts.
 */
import {useEffect} from 'react';

type Fix = [selector: string, apply: (element: Element) => void];

const fixes: Fix[] = [
  [
    '.theme-api-markdown ul > :not(li, script, template, [role])',
    (el) => el.setAttribute('role', 'listitem'),
  ],
  [
    'h4.openapi-security__summary-header:not([aria-level])',
    (el) => el.setAttribute('aria-level', '3'),
  ],
  [
    'button.openapi-tabs__arrow.left:not([aria-label])',
    (el) => el.setAttribute('aria-label', 'Scroll tabs left'),
  ],
  [
    'button.openapi-tabs__arrow.right:not([aria-label])',
    (el) => el.setAttribute('aria-label', 'Scroll tabs right'),
  ],
  [
    ':is(.openapi-explorer__playground-container, .openapi__method-endpoint):not([tabindex])',
    (el) => el.setAttribute('tabindex', '0'),
  ],
];

function applyFixes(root: ParentNode): void {
  for (const [selector, apply] of fixes) {
    root.querySelectorAll(selector).forEach(apply);
  }
}

export function useAccessibilityFixes(): void {
  useEffect(() => {
    const root = document.querySelector('.theme-api-markdown')?.closest('main') ?? document.body;
    applyFixes(root);
    // Mutation records arrive as a microtask after each DOM change, before
    // any other task (a screen reader's, or a test's) can see the unfixed
    // elements. The fixes only set attributes, which the observer ignores.
    const observer = new MutationObserver(() => applyFixes(root));
    observer.observe(root, {childList: true, subtree: true});
    return () => observer.disconnect();
  }, []);
}
