import type {LoadContext, Plugin} from '@docusaurus/types';

/**
 * The site's default colour mode for readers whose browser states no colour
 * scheme preference.
 *
 * With `respectPrefersColorScheme`, the theme's inline script picks dark only
 * when `(prefers-color-scheme: dark)` matches and light otherwise, so a
 * browser with no stated preference gets light although the site's default
 * mode is dark. This script runs right after the theme's (both sit at the top
 * of <body>, before anything is painted): when the reader has made no choice
 * (`data-theme-choice="system"`) and neither preference matches, it applies
 * `colorMode.defaultMode`. After hydration the theme reads the mode back from
 * the attribute, so the page stays in that mode. Light and dark preferences
 * are left to the theme.
 */
export function colorModeScript(defaultMode: 'light' | 'dark'): string {
  return (
    '(function(){var d=document.documentElement,m=window.matchMedia;' +
    "if(d.getAttribute('data-theme-choice')==='system'&&" +
    "!m('(prefers-color-scheme: dark)').matches&&" +
    "!m('(prefers-color-scheme: light)').matches)" +
    `d.setAttribute('data-theme','${defaultMode}')})();`
  );
}

export default function pluginColorModeDefault(context: LoadContext): Plugin {
  const colorMode = (context.siteConfig.themeConfig as {colorMode?: {defaultMode?: string}})
    .colorMode;
  const defaultMode = colorMode?.defaultMode;
  if (defaultMode !== 'light' && defaultMode !== 'dark') {
    throw new Error('plugins/color-mode-default: themeConfig.colorMode.defaultMode is not set');
  }
  return {
    name: 'toolhive-color-mode-default',
    injectHtmlTags() {
      return {preBodyTags: [{tagName: 'script', innerHTML: colorModeScript(defaultMode)}]};
    },
  };
}
