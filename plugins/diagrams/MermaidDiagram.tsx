/**
 * A Mermaid diagram drawn at build time (./remark.ts puts it in the page, with
 * an import of this module): the SVG inline, in the site's diagram figure
 * (./Diagram.tsx), which gives it its name and description and, when the
 * column is too narrow, a full-size view.
 */
import type {ReactNode} from 'react';
import Diagram from './Diagram';
import styles from './MermaidDiagram.module.css';

export interface Props {
  id: string;
  name: string;
  /** Absent when the source has no accDescr and none can be derived. */
  description?: string;
  svg: string;
}

export default function MermaidDiagram({name, description, svg}: Props): ReactNode {
  return (
    <Diagram name={name} description={description}>
      <div className={styles.drawing} dangerouslySetInnerHTML={{__html: svg}} />
    </Diagram>
  );
}
