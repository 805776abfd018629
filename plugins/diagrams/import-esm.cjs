// Node's own import(). jiti, which loads docusaurus.config.ts and the remark
// plugin, turns import() in the files it compiles into require(), which
// cannot load an ES-module-only package such as beautiful-mermaid; it leaves
// this CommonJS file as it is.
module.exports = (specifier) => import(specifier);
