import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import {prismDark, prismLight} from './src/utils/prismThemes';
import {DOCS_LANGUAGES} from './plugins/prism-slim/languages';
import type {MarkdownTwinsOptions} from './plugins/markdown-twins';
import remarkKnownIssues from './plugins/known-issues/remark';
import {mcpEndpointUrl} from './plugins/mcp-server/endpoint';
import remarkDiagrams from './plugins/diagrams/remark';
import remarkStaticHighlight from './plugins/static-highlight/remark';
import {editUrlOption} from './src/utils/editUrl';
import {home, homeMarkdown} from './src/pages/_home';
import {DOCS_VERSIONS, ROOT_VERSION} from './docs-versions';
import remarkVersionLinks from './plugins/versions/remark-links';
import remarkReleaseNotice from './plugins/versions/remark-release-notice';
import {versionRedirects} from './plugins/versions/redirects';

/** The production site; the MCP endpoint's address in llms.txt is on it too. */
const SITE_URL = 'https://docs.stacklok.com';

// ---------------------------------------------------------------------------
// Environment switches. Read once, here, and nowhere else.
// ---------------------------------------------------------------------------

// Vercel sets VERCEL_ENV to 'production' only for the production deployment;
// previews ('preview') and local builds (unset) contact no analytics service.
const isProductionDeploy = process.env.VERCEL_ENV === 'production';

// Google tag (gtag.js) measurement ID, for example G-XXXXXXX. Used only on
// production deploys; without it, gtag is left out even in production.
const gtagTrackingId = process.env.GTAG_TRACKING_ID;

// Algolia DocSearch application ID. With it and ALGOLIA_API_KEY, search
// queries go to Algolia (contextual search on); without them, the same search
// UI answers from a local index built with the site (plugins/search).
const algoliaAppId = process.env.ALGOLIA_APP_ID;
// Algolia search-only API key (public by design; never an admin key).
const algoliaApiKey = process.env.ALGOLIA_API_KEY;
// Algolia index to query; defaults to "toolhive".
const algoliaIndexName = process.env.ALGOLIA_INDEX_NAME || 'toolhive';
const useAlgolia = Boolean(algoliaAppId && algoliaApiKey);

// Docs versions (docs-versions.ts). `npm run build` builds every version;
// `npm start` builds only the current one (faster), served at the root,
// unless DOCS_ALL_VERSIONS=1 asks for all of them, as the build has them.
const includeAllVersions =
  process.env.NODE_ENV === 'production' || Boolean(process.env.DOCS_ALL_VERSIONS);

// MERMAID_VERBOSE=1 prints each fenced `mermaid` block that the build leaves
// to @docusaurus/theme-mermaid (drawn in the browser), with its file, line
// and the reason (plugins/diagrams).
const diagramsVerbose = Boolean(process.env.MERMAID_VERBOSE);

// Where "Edit this page" links go: the URL at which a path of this repository
// can be edited, for example https://github.com/<org>/<repo>/edit/main/.
// Without it, pages have no edit link.
const docsEditUrl = process.env.DOCS_EDIT_URL;

// The Prism grammars of the docs' code blocks (see prism.additionalLanguages);
// the site's grammar lists are in plugins/prism-slim/languages.ts.
const prismLanguages = [...DOCS_LANGUAGES];
// The theme's magic comments (`// highlight-next-line`, `# error-start`...):
// the lines they mark get the class name. The build reads them too
// (plugins/static-highlight), to tokenize the code as the theme draws it.
const magicComments = [
  {
    className: 'theme-code-block-highlighted-line',
    line: 'highlight-next-line',
    block: {start: 'highlight-start', end: 'highlight-end'},
  },
  {
    className: 'code-block-error-line',
    line: 'error-next-line',
    block: {start: 'error-start', end: 'error-end'},
  },
];
const diagrams = [remarkDiagrams, {verbose: diagramsVerbose}];

// The versions the build includes, and the one at the site root.
const builtVersions = includeAllVersions ? DOCS_VERSIONS.map((v) => v.name) : ['current'];
const lastVersion = builtVersions.includes(ROOT_VERSION) ? ROOT_VERSION : 'current';
const staticHighlight = [
  remarkStaticHighlight,
  {additionalLanguages: prismLanguages, magicComments},
];

const config: Config = {
  title: 'ToolHive Docs',
  tagline: 'Simple and secure AI tools',
  favicon: 'img/favicon.svg',

  url: SITE_URL,
  // Links have no trailing slash. Each page is built as <route>.html and
  // <route>/index.html (plugins/static-host), so plain static hosts answer
  // every form of its URL, as vercel.json's cleanUrls does.
  baseUrl: '/',
  trailingSlash: false,
  // Keep the framework's banner that explains a wrong baseUrl deployment.
  baseUrlIssueBanner: true,

  organizationName: 'stacklok',
  projectName: 'toolhive-docs',

  onBrokenLinks: 'throw',
  // A link to an anchor that no heading or Link id provides stops the build;
  // tests/e2e/crawl.spec.ts also checks every anchor in the rendered pages.
  onBrokenAnchors: 'throw',

  future: {
    // Rspack, SWC and Lightning CSS.
    faster: true,
    v4: true,
  },

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
  },

  markdown: {
    // Fenced `mermaid` blocks become diagrams: drawn at build time by
    // plugins/diagrams where it can, else by @docusaurus/theme-mermaid.
    mermaid: true,
    hooks: {
      onBrokenMarkdownLinks: 'warn',
    },
  },

  // Mermaid diagrams the build does not draw (drawn in the browser, see
  // plugins/diagrams/ThemeDiagram.tsx). The API
  // reference: docusaurus-theme-openapi-docs scoped to its pages, then the
  // theme components that wrap it (after it, so that they shadow its
  // components).
  themes: [
    '@docusaurus/theme-mermaid',
    './plugins/api-reference/index.ts',
    './plugins/api-reference/wrappers.ts',
  ],

  presets: [
    [
      'classic',
      {
        docs: {
          // Docs live at the site root: docs/toolhive/faq.mdx is /toolhive/faq.
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          // One version per documented ToolHive release (docs-versions.ts):
          // the root version at /, the current one under /next/ until it is
          // the root, an older one under /<name>/.
          lastVersion,
          onlyIncludeVersions: builtVersions,
          versions: Object.fromEntries(
            DOCS_VERSIONS.filter((v) => builtVersions.includes(v.name)).map((v) => [
              v.name,
              {
                label: v.label,
                // The current version's banner says it is being written
                // while another is at the root (src/theme/DocVersionBanner).
                banner:
                  v.name === lastVersion
                    ? 'none'
                    : v.name === 'current'
                      ? 'unreleased'
                      : 'unmaintained',
              },
            ]),
          ),
          // API pages need the API theme's item; its wrapper
          // (plugins/api-reference/theme/ApiItem) renders the framework's
          // DocItem for every other page.
          docItemComponent: '@theme/ApiItem',
          // Generated reference pages link to the data they come from.
          editUrl: editUrlOption(docsEditUrl),
          // Before the framework's own plugins: <KnownIssue id="..." /> becomes
          // its entry's admonition before the admonition plugin runs
          // (data/known-issues.yaml), the diagrams drawn at build time
          // replace their mermaid blocks before the theme's component would,
          // a page that still describes an earlier release says so
          // (plugins/versions), and links to /toolhive/... routes point to
          // the page's own version.
          beforeDefaultRemarkPlugins: [
            remarkKnownIssues,
            diagrams,
            remarkReleaseNotice,
            [remarkVersionLinks, {root: lastVersion}],
          ],
          remarkPlugins: [staticHighlight],
        } satisfies DocsOptions,
        pages: {
          beforeDefaultRemarkPlugins: [diagrams],
          remarkPlugins: [staticHighlight],
        },
        blog: false,
        theme: {
          customCss: './src/css/custom.css',
        },
        sitemap: {
          lastmod: null,
          changefreq: null,
          priority: null,
          ignorePatterns: ['/search'],
        },
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    // API reference pages generated from our OpenAPI description of each
    // documented release, into the docs of its version.
    [
      'docusaurus-plugin-openapi-docs',
      {
        id: 'api',
        docsPluginId: 'classic',
        config: Object.fromEntries(
          DOCS_VERSIONS.map((v) => [
            v.name === 'current' ? 'toolhive' : `toolhive_${v.name.replace(/\W/g, '_')}`,
            {
              specPath: `static/api-specs/${v.release}/openapi.yaml`,
              outputDir: `${v.docsDir}/toolhive/reference/api`,
              downloadUrl: `/api-specs/${v.release}/openapi.yaml`,
              sidebarOptions: {groupPathsBy: 'tag'},
              template: 'plugins/api-reference/templates/api.mdx.mustache',
              infoTemplate: 'plugins/api-reference/templates/info.mdx.mustache',
            },
          ]),
        ),
      },
    ],
    // A Markdown twin of every page (<route>.md), llms.txt and llms-full.txt.
    [
      './plugins/markdown-twins/index.ts',
      {
        title: 'ToolHive',
        summary:
          'ToolHive runs Model Context Protocol (MCP) servers in isolated containers with ' +
          'permission profiles you can tighten, through a desktop app (ToolHive UI), a command-line ' +
          'interface (thv) and a Kubernetes operator. The documentation covers installing it, ' +
          'running and securing MCP servers, connecting AI clients, observability, and the ' +
          'reference of the CLI, the REST API and the Kubernetes resources.',
        // Which release each docs version's llms.txt describes.
        versions: Object.fromEntries(
          DOCS_VERSIONS.map((v) => [
            v.name,
            {
              label: `ToolHive ${v.release}`,
              summary:
                `This file covers the docs of ToolHive ${v.release} (released ${v.date}), ` +
                `ToolHive UI ${v.uiRelease} and the operator charts ${v.charts.operator} ` +
                `(toolhive-operator) and ${v.charts.crds} (toolhive-operator-crds)` +
                (v.name === 'current' && lastVersion !== 'current'
                  ? '; they are being written, and a page that still describes an earlier release says so.'
                  : '.'),
            },
          ]),
        ),
        details: [
          `The documentation is also an MCP server: connect an MCP client to ${mcpEndpointUrl(SITE_URL)} ` +
            '(streamable HTTP, no sign-in) to search it with the ranking of the site search and ' +
            'read any page as Markdown. Setup for each client: ' +
            `${SITE_URL}/toolhive/docs-for-ai-clients.md`,
        ],
        home: {title: home.title, description: home.description, markdown: homeMarkdown},
      } satisfies MarkdownTwinsOptions,
    ],
    // Every page as <route>.html and <route>/index.html, for any static host.
    './plugins/static-host/index.ts',
    // JSON-LD structured data written into the built pages (after static-host).
    './plugins/structured-data/index.ts',
    // Dark mode, the default, also when the browser states no preference.
    './plugins/color-mode-default/index.ts',
    // Prism without the grammars and themes the docs never use.
    './plugins/prism-slim/index.ts',
    // Code blocks highlighted at build time: no Prism in the page JavaScript.
    './plugins/static-highlight/index.ts',
    './plugins/tslib-slim/index.ts',
    // The route-change progress bar without the nprogress package.
    './plugins/progress-bar/index.ts',
    // The document head in the browser without react-helmet-async.
    './plugins/helmet-lite/index.ts',
    // Version props with an empty doc table (no page lists doc cards).
    './plugins/docs-version-slim/index.ts',
    // Route prefetching: each file once, appended when the browser is idle.
    './plugins/prefetch-lite/index.ts',
    // The known-issues ledger, which pages carry as content, evicts the
    // bundler's cache when it changes.
    './plugins/known-issues/index.ts',
    // With the current version at the root, the old root's addresses still
    // answer: redirect files to successors or to the old version's pages.
    lastVersion === 'current' &&
      includeAllVersions && ['@docusaurus/plugin-client-redirects', versionRedirects(lastVersion)],
    isProductionDeploy && '@docusaurus/plugin-vercel-analytics',
    isProductionDeploy &&
      gtagTrackingId && ['./plugins/gtag/index.ts', {trackingId: gtagTrackingId}],
    // Search: the search bar's theme; without Algolia, the local index of
    // every page and the search UI pointed at it.
    // The known issues page is found by its title and lead: each entry's
    // text is indexed where a guide mentions it, in context.
    [
      './plugins/search/index.ts',
      {
        local: !useAlgolia,
        exclude: ['/theme-preview'],
        leadOnly: ['/toolhive/reference/known-issues'],
      },
    ],
  ].filter(Boolean) as Config['plugins'],

  themeConfig: {
    // DocSearch UI (navbar button, modal, /search page). Local mode needs no
    // credentials; the placeholders below are never sent anywhere.
    algolia: {
      appId: useAlgolia ? algoliaAppId! : 'local',
      apiKey: useAlgolia ? algoliaApiKey! : 'local',
      indexName: algoliaIndexName,
      // Algolia: facets per version; local search: the index of the version.
      contextualSearch: true,
      searchPagePath: 'search',
    },
    image: 'img/social-card.png',
    metadata: [{name: 'theme-color', content: '#2809a5'}],
    colorMode: {
      defaultMode: 'dark',
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    docs: {
      sidebar: {
        hideable: false,
        autoCollapseCategories: false,
      },
    },
    tableOfContents: {
      minHeadingLevel: 2,
      maxHeadingLevel: 3,
    },
    mermaid: {
      // Mermaid's `base` theme is the one whose colours can be set. The
      // component (plugins/diagrams/ThemeDiagram.tsx) gives each diagram the site's diagram
      // colours of the colour mode (--diagram-* in src/css/custom.css).
      theme: {light: 'base', dark: 'base'},
      // Sizes for diagrams that fit the docs column: 14 px text, closer
      // nodes, and no text below 12 px (Mermaid draws gantt axes, git graph
      // labels and timeline or journey columns smaller or wider by default).
      options: {
        fontFamily: 'var(--ifm-font-family-base)',
        themeVariables: {
          fontFamily: 'var(--ifm-font-family-base)',
          fontSize: '14px',
          commitLabelFontSize: '12px',
          tagLabelFontSize: '12px',
        },
        themeCSS: '.grid .tick text { font-size: 12px; }',
        flowchart: {nodeSpacing: 30, rankSpacing: 40},
        gantt: {fontSize: 12, sectionFontSize: 12, useWidth: 640},
        timeline: {leftMargin: 50, width: 120},
      },
    },
    navbar: {
      title: '',
      logo: {
        alt: 'ToolHive',
        src: 'img/toolhive-wordmark-light.svg',
        srcDark: 'img/toolhive-wordmark-dark.svg',
        href: '/',
        width: 132,
        height: 32,
      },
      items: [
        {
          type: 'dropdown',
          label: 'ToolHive Docs',
          position: 'left',
          // Each links to the page in the version the reader is in
          // (src/components/DocLinkNavbarItem).
          items: [
            {type: 'custom-docLink', docId: 'toolhive/index', label: 'Home'},
            {type: 'custom-docLink', docId: 'toolhive/tutorials/index', label: 'Tutorials'},
            {type: 'custom-docLink', docId: 'toolhive/guides-ui/index', label: 'ToolHive UI'},
            {type: 'custom-docLink', docId: 'toolhive/guides-cli/index', label: 'ToolHive CLI'},
            {
              type: 'custom-docLink',
              docId: 'toolhive/guides-k8s/index',
              label: 'Kubernetes Operator',
            },
          ],
        },
        // The ToolHive release the docs describe; the theme remembers the
        // reader's choice and links to the same page in the other version.
        {type: 'docsVersionDropdown', position: 'left'},
        {
          type: 'custom-iconLink',
          position: 'right',
          icon: 'github',
          label: 'Stacklok on GitHub',
          href: 'https://github.com/stacklok',
        },
        {
          type: 'custom-iconLink',
          position: 'right',
          icon: 'discord',
          label: 'Stacklok on Discord',
          href: 'https://discord.gg/stacklok',
        },
        {
          type: 'custom-iconLink',
          position: 'right',
          icon: 'youtube',
          label: 'Stacklok on YouTube',
          href: 'https://youtube.com/@stacklok',
        },
      ],
    },
    footer: {
      style: 'dark',
      logo: {
        alt: 'Stacklok',
        src: 'img/stacklok-logo.svg',
        href: 'https://stacklok.com',
        width: 120,
        height: 28,
      },
      copyright: 'Copyright © 2025 Stacklok, Inc.',
    },
    // Code samples in the API reference's request explorer, curl first.
    languageTabs: [
      {language: 'curl'},
      // One sample per language, from a generator whose output fits this API
      // (plain HTTP on port 8080; the Python http.client and Node.js native
      // generators write HTTPS connections) and a maintained library. The
      // other variants' generators stay out of the bundle.
      {language: 'python', variant: 'requests', variants: ['requests']},
      {language: 'go'},
      {language: 'nodejs', variant: 'axios', variants: ['axios']},
      {language: 'javascript', variant: 'fetch', variants: ['fetch']},
      {language: 'powershell'},
    ],
    prism: {
      theme: prismLight,
      darkTheme: prismDark,
      // Every grammar the docs highlight (plugins/prism-slim removes the ones
      // prism-react-renderer bundles); the build highlights with them
      // (plugins/static-highlight). The API reference's request explorer
      // loads its own on API pages (API_SAMPLE_GRAMMARS in
      // plugins/prism-slim/languages.ts).
      additionalLanguages: prismLanguages,
      magicComments,
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
