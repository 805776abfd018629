/**
 * The one tslib helper @docusaurus/utils-common uses, from tslib's ES module
 * build (see ./index.ts).
 */
export {__importDefault} from 'tslib';
