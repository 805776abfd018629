/**
 * Registers the grammars of the request explorer's code
 * (`API_SAMPLE_GRAMMARS` in plugins/prism-slim/languages.ts) on the Prism
 * instance of the explorer's code blocks. The docs' own code blocks arrive
 * highlighted from the build (plugins/static-highlight), so no other page
 * loads Prism; the API runtime (./ApiDocItem) imports this module, ahead of
 * any sample.
 *
 * The API reference's Markdown (../theme/Markdown) highlights fenced code in
 * descriptions with these grammars too: `SAMPLE_LANGUAGES` names them.
 */
import {Prism} from 'prism-react-renderer';
import {API_SAMPLE_ALIASES, loadPrismGrammars} from '../../prism-slim/languages';

loadPrismGrammars(
  Prism,
  () => {
    // The grammars of API_SAMPLE_GRAMMARS, in its order, each named for the
    // bundler (plugins/prism-slim/__tests__/prism-languages.test.ts compares the two).
    /* eslint-disable @typescript-eslint/no-require-imports */
    require('prismjs/components/prism-bash');
    require('prismjs/components/prism-json');
    require('prismjs/components/prism-powershell');
    require('prismjs/components/prism-clike');
    require('prismjs/components/prism-javascript');
    require('prismjs/components/prism-python');
    require('prismjs/components/prism-go');
    /* eslint-enable @typescript-eslint/no-require-imports */
  },
  API_SAMPLE_ALIASES,
);

export {API_SAMPLE_LANGUAGES as SAMPLE_LANGUAGES} from '../../prism-slim/languages';
