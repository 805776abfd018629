// In the browser bundle in place of the theme's client module that loads the
// docs' grammars into Prism: code blocks arrive highlighted (see ./index.ts).
export {};
