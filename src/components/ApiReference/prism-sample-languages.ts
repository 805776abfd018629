/**
 * Registers the grammars of the request explorer's code samples (JavaScript
 * and Node.js, Python, Go) on the Prism instance the site highlights with.
 * The docs themselves use none of them, so they are not in
 * `prism.additionalLanguages` (which puts grammars into every page's entry
 * bundle); the API runtime (./ApiDocItem) imports this module instead, ahead
 * of any sample. The Go samples are marked `golang`, a name Prism's Go
 * grammar does not register, so it gets that alias too.
 *
 * Prism's grammar modules extend the global `Prism`: mount the site's
 * instance there while they load, as the theme does for its own list.
 */
import {Prism} from 'prism-react-renderer';

const g = globalThis as {Prism?: unknown};
const before = g.Prism;
g.Prism = Prism;
/* eslint-disable @typescript-eslint/no-require-imports -- must run after the line above */
require('prismjs/components/prism-clike');
require('prismjs/components/prism-javascript');
require('prismjs/components/prism-python');
require('prismjs/components/prism-go');
/* eslint-enable @typescript-eslint/no-require-imports */
if (before === undefined) delete g.Prism;
else g.Prism = before;
Prism.languages.golang ??= Prism.languages.go!;
