/**
 * Overrides @theme/Markdown of docusaurus-theme-openapi-docs, which draws
 * the API reference's descriptions, qualifiers and example summaries
 * (a replacement: it never renders the original).
 * Reason for overriding: the original parses Markdown in the browser with
 * react-markdown, remark-gfm and rehype-raw (an HTML parser), about 100 KB
 * gzip on every API operation page, and parses every description again while
 * the page hydrates: most of the long main-thread tasks of a schema-heavy
 * page. Here `marked` turns the text into HTML, the same on the server and in
 * the browser, so hydration adopts it as it is. The original's two
 * extensions are drawn with the same theme components it uses:
 * - `:::note` to `:::danger` admonitions (with an optional `[title]`) with
 *   `@theme/Admonition`;
 * - fenced code with a language with `@theme/CodeBlock`, highlighted with the
 *   Prism grammars the API pages load for their request samples
 *   (../../components/prism-sample-languages.ts) and handed to
 *   the theme's code block as build-time tokens are on docs pages
 *   (plugins/static-highlight). Code in another language is drawn as text.
 * The original itself is never loaded. The parsing is in
 * ../../components/markdown.ts.
 */
import type {ReactNode} from 'react';
import Admonition from '@theme/Admonition';
import CodeBlock from '@theme/CodeBlock';
import {markdownParts, type Part} from '../../components/markdown';

function renderParts(parts: Part[]): ReactNode[] {
  return parts.map((part, i) => {
    switch (part.kind) {
      case 'admonition':
        return (
          // No `title` key without a title: the theme's default would be lost.
          <Admonition key={i} type={part.type} {...(part.title ? {title: part.title} : {})}>
            {renderParts(part.parts)}
          </Admonition>
        );
      case 'code':
        return (
          <CodeBlock key={i} language={part.language} data-tokens={part.tokens}>
            {part.code}
          </CodeBlock>
        );
      default:
        // `display: contents`: the wrapper takes no box, so the paragraphs
        // and lists sit in the layout exactly where the original put them.
        return (
          <div
            key={i}
            style={{display: 'contents'}}
            dangerouslySetInnerHTML={{__html: part.html}}
          />
        );
    }
  });
}

export default function Markdown({children}: {children?: ReactNode}): ReactNode {
  const text = typeof children === 'string' ? children : '';
  return <>{renderParts(markdownParts(text))}</>;
}
