// plugins/api-reference/drop-language-tabs.cjs: the API stylesheet keeps the
// request-sample tab styles of the languages the site shows, and only those.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {compile} from 'sass';
import config from '../../../docusaurus.config';
import {hiddenLanguages, installedCodegens, type LanguageTab} from '../codegens';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const {dropLanguageTabs} = require('../drop-language-tabs.cjs') as {
  dropLanguageTabs: (css: string, languages: string[]) => string;
};

const themeDir = path.dirname(require.resolve('docusaurus-theme-openapi-docs/package.json'));
const tabs = (config.themeConfig as {languageTabs: LanguageTab[]}).languageTabs;
const shown = tabs.map((t) => t.language);
const codegens = installedCodegens(themeDir);
const languages = [...new Set(codegens.map((c) => c.language))];
const hidden = hiddenLanguages(codegens, tabs);
// The theme's stylesheet, compiled as the build compiles it.
const css = compile(path.join(themeDir, 'lib/theme/styles.scss'), {style: 'compressed'}).css;

/** Rules (selector lists) that name a language's tab class. */
const tabRules = (text: string, language: string) =>
  text.match(
    new RegExp(`[^{}]*\\.openapi-tabs__code-item--${language}(?![\\w-])[^{}]*\\{[^}]*\\}`, 'g'),
  ) ?? [];

test('the hidden languages are the generators’ languages without a tab', () => {
  assert.ok(hidden.length > 10);
  assert.ok(hidden.includes('rust') && hidden.includes('php'));
  for (const language of shown) assert.ok(languages.includes(language), language);
});

test("hidden languages' tab styles go, shown ones stay as they were", () => {
  const out = dropLanguageTabs(css, hidden);
  const styled = hidden.filter((language) => tabRules(css, language).length > 0);
  assert.ok(styled.length >= 14, `the theme styles ${styled.join(', ')}`);
  for (const language of hidden) assert.deepEqual(tabRules(out, language), [], language);
  for (const language of shown) {
    const rules = tabRules(css, language);
    assert.ok(
      rules.some((r) => r.includes('data:image')),
      `${language} has its logo`,
    );
    assert.deepEqual(tabRules(out, language), rules, language);
  }
  // Tab modifiers that are not languages, and everything else, are untouched.
  for (const modifier of ['variant', 'sample']) {
    assert.deepEqual(tabRules(out, modifier), tabRules(css, modifier), modifier);
  }
  const withoutTabs = (text: string) =>
    text.replace(/[^{}]*\.openapi-tabs__code-item--[\w-]+[^{}]*\{[^}]*\}/g, '');
  assert.equal(withoutTabs(out), withoutTabs(css));
  assert.ok(out.length < css.length * 0.7);
});

test('a rule shared with a shown selector keeps that selector', () => {
  const out = dropLanguageTabs(
    '.openapi-tabs__code-item--rust,.openapi-tabs__code-item--go{color:red}.openapi-tabs__code-item--rustic{color:blue}',
    ['rust'],
  );
  assert.equal(
    out,
    '.openapi-tabs__code-item--go{color:red}.openapi-tabs__code-item--rustic{color:blue}',
  );
  assert.equal(dropLanguageTabs('a{color:red}', []), 'a{color:red}');
});
