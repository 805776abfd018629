/**
 * A Mermaid diagram drawn at build time (./remark.ts): the SVG inline, in a
 * figure that assistive technology reads as one image with a name and a
 * description (the drawing itself is hidden from it). The description is a
 * visually hidden paragraph that aria-describedby points to.
 */
import type {ReactNode} from 'react';
import styles from './styles.module.css';

export interface Props {
  id: string;
  name: string;
  description: string;
  svg: string;
}

export default function MermaidDiagram({id, name, description, svg}: Props): ReactNode {
  return (
    <figure
      className={styles.diagram}
      role="img"
      aria-label={name}
      aria-describedby={`${id}-description`}
      data-mermaid-diagram={id}
    >
      <div className={styles.drawing} dangerouslySetInnerHTML={{__html: svg}} />
      <p id={`${id}-description`} className={styles.description}>
        {description}
      </p>
    </figure>
  );
}
