/**
 * Stands in for chalk (terminal colours) in the API pages' JavaScript.
 * docusaurus-plugin-openapi-docs builds request and response examples in the
 * browser with the same module it uses at build time, which colours one
 * console warning with `chalk.yellow`; plugins/api-reference points that
 * module's `chalk` import here. A browser console shows no terminal colours,
 * so every style returns the text as chalk would join it, uncoloured.
 * plugins/api-reference/__tests__/explorer-stubs.test.ts fails if that module starts using chalk
 * in another way.
 */
type Style = ((...text: unknown[]) => string) & {[style: string]: Style};

const plain = (...text: unknown[]): string => text.join(' ');

const chalk: Style = new Proxy(plain as Style, {
  // Any style, and any chain of styles (chalk.bold.yellow), is plain text.
  get: (target, key) => (typeof key === 'symbol' ? Reflect.get(target, key) : chalk),
});

export default chalk;
