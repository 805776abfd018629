/**
 * A Mermaid diagram that the build does not draw (./remark.ts puts it in the
 * page, with an import of this module, for kinds the build-time renderer
 * does not know and lines it would not draw faithfully): drawn in the
 * browser by @docusaurus/theme-mermaid's own component (`@theme/Mermaid`).
 * - Drawing means loading Mermaid (about 200 KB gzip, more per kind of
 *   diagram) and laying the diagram out, which blocks a phone's main thread
 *   for a while. The theme's component is rendered only when the diagram
 *   comes within 400 px of the viewport; until then an empty slot holds its
 *   place.
 * - The page's HTML already holds the diagram's text alternative, its
 *   `accTitle` and `accDescr` (taken out of what Mermaid draws, so they work
 *   for every kind of diagram), through ./Diagram.tsx, which also offers a
 *   full-size view when the column is too narrow for the drawing.
 * - The theme config gives Mermaid a theme name per colour mode, not
 *   colours: the theme's component gets the diagram with the site's diagram
 *   colours for the current mode (custom properties of src/css/custom.css),
 *   so a change of mode redraws it in the other colours.
 */
import {useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import OriginalMermaid from '@theme/Mermaid';
import type {Props} from '@theme/Mermaid';
import {useColorMode} from '@docusaurus/theme-common';
import {useMermaidThemeConfig} from '@docusaurus/theme-mermaid/client';
import Diagram from './Diagram';
import {readDiagram, withSiteColours} from './mermaid';
import {useNearViewport} from '@site/src/hooks/useNearViewport';
import styles from './ThemeDiagram.module.css';

export default function ThemeDiagram({value}: Props): ReactNode {
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot, 400);
  const {colorMode} = useColorMode();
  const {theme} = useMermaidThemeConfig();
  const {name, description, source} = useMemo(() => readDiagram(value), [value]);
  // Read in the browser only, once the diagram is near: the custom
  // properties of the mode the page shows (the theme sets the attribute
  // they depend on before it changes colorMode).
  const themed = useMemo(() => {
    if (!near) return null;
    const style = getComputedStyle(document.documentElement);
    return withSiteColours(
      source,
      {theme: theme[colorMode], dark: colorMode === 'dark'},
      (property) => style.getPropertyValue(property),
    );
  }, [near, source, colorMode, theme]);
  // The mode of the drawing in the slot, once Mermaid has put one there:
  // a new drawing replaces the old one when the mode changes.
  const [drawn, setDrawn] = useState<string | null>(null);
  useEffect(() => {
    const element = slot.current;
    if (!element || !themed) return undefined;
    const before = element.querySelector('svg');
    const observer = new MutationObserver(() => {
      const svg = element.querySelector('svg');
      if (svg && svg !== before) {
        setDrawn(colorMode);
        observer.disconnect();
      }
    });
    observer.observe(element, {childList: true, subtree: true});
    return () => observer.disconnect();
  }, [themed, colorMode]);
  return (
    <Diagram name={name} description={description}>
      {/* data-mermaid-slot: waiting (not near yet), drawing, or the colour
          mode the drawing in it is in (light, dark). */}
      <div
        ref={slot}
        className={styles.slot}
        data-mermaid-slot={drawn ?? (themed ? 'drawing' : 'waiting')}
      >
        {themed && <OriginalMermaid value={themed} />}
      </div>
    </Diagram>
  );
}
