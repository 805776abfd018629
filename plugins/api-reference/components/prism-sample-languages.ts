/**
 * Registers the grammars of the request explorer's code (curl in Bash,
 * JavaScript and Node.js, Python, Go, PowerShell; JSON bodies and responses)
 * on the Prism instance of the explorer's code blocks. The docs' own code
 * blocks arrive highlighted from the build (plugins/static-highlight), so no
 * other page loads Prism; the API runtime (./ApiDocItem) imports this module,
 * ahead of any sample. The Go samples are marked `golang`, a name Prism's Go
 * grammar does not register, so it gets that alias too.
 *
 * Prism's grammar modules extend the global `Prism`: mount the site's
 * instance there while they load, as the theme does for its own list.
 *
 * The API reference's Markdown (../theme/Markdown) highlights fenced code in
 * descriptions with these grammars too: `SAMPLE_LANGUAGES` names them.
 */
import {Prism} from 'prism-react-renderer';

const g = globalThis as {Prism?: unknown};
const before = g.Prism;
g.Prism = Prism;
/* eslint-disable @typescript-eslint/no-require-imports -- must run after the line above */
require('prismjs/components/prism-bash');
require('prismjs/components/prism-json');
require('prismjs/components/prism-powershell');
require('prismjs/components/prism-clike');
require('prismjs/components/prism-javascript');
require('prismjs/components/prism-python');
require('prismjs/components/prism-go');
/* eslint-enable @typescript-eslint/no-require-imports */
if (before === undefined) delete g.Prism;
else g.Prism = before;
Prism.languages.golang ??= Prism.languages.go!;

/** The language names these grammars answer to, the same in every bundle. */
export const SAMPLE_LANGUAGES: readonly string[] = [
  'bash',
  'sh',
  'shell',
  'json',
  'powershell',
  'javascript',
  'js',
  'python',
  'py',
  'go',
  'golang',
];
