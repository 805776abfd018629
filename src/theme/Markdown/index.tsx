/**
 * Wraps @theme-original/Markdown (docusaurus-theme-openapi-docs), which draws
 * the API reference's descriptions, qualifiers and example summaries.
 * Reason for overriding: the original parses Markdown in the browser with
 * react-markdown, remark-gfm and rehype-raw (an HTML parser), about 100 KB
 * gzip on every API operation page, and parses every description again while
 * the page hydrates: most of the long main-thread tasks of a schema-heavy
 * page. Here `marked` turns the text into HTML, the same on the server and in
 * the browser, so hydration adopts it as it is. Text that needs the original's
 * own extensions (`:::` admonitions, fenced code with a language, both drawn
 * with theme components) still goes to the original, loaded only then.
 */
import {lazy, Suspense, type ReactNode} from 'react';
import {Marked} from 'marked';

const Original = lazy(() => import('@theme-original/Markdown'));

const marked = new Marked({gfm: true, async: false});

/** Whether the text uses what the original draws with theme components: admonitions, code with a language. */
export function needsOriginal(text: string): boolean {
  return /^[ \t]*(?::::|(?:```|~~~)[ \t]*\w)/m.test(text);
}

/** The HTML for a description: GitHub-flavoured Markdown, inline HTML kept. */
export function markdownToHtml(text: string): string {
  return marked.parse(text) as string;
}

export default function Markdown({children}: {children?: ReactNode}): ReactNode {
  const text = typeof children === 'string' ? children : '';
  if (needsOriginal(text)) {
    return (
      <Suspense fallback={null}>
        <Original>{text}</Original>
      </Suspense>
    );
  }
  // `display: contents`: the wrapper takes no box, so the paragraphs and
  // lists sit in the layout exactly where the original put them.
  return (
    <div style={{display: 'contents'}} dangerouslySetInnerHTML={{__html: markdownToHtml(text)}} />
  );
}
