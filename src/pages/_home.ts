/**
 * The landing page's words and links, in one place for the page
 * (./index.tsx) and its Markdown twin (plugins/markdown-twins, configured in
 * docusaurus.config.ts). The leading underscore keeps it from being a page.
 */
export const home = {
  title: 'Simple and secure AI tools',
  description:
    'ToolHive runs Model Context Protocol (MCP) servers in isolated containers, with a desktop app, a CLI and a Kubernetes operator.',
  pitch:
    'ToolHive runs Model Context Protocol (MCP) servers in isolated containers with permission profiles you can tighten, keeps their secrets out of plain-text files, and connects them to your AI clients in one step.',
  actions: [
    {label: 'Read the docs', to: '/toolhive'},
    {label: 'Start a quickstart', to: '/toolhive/tutorials'},
  ],
  entriesHeading: 'Choose how you run ToolHive',
  entries: [
    {
      title: 'ToolHive UI',
      body: 'A desktop app for Windows, macOS and Linux. Browse the registry, run servers with a few clicks and connect your AI clients.',
      guide: '/toolhive/guides-ui',
      quickstart: '/toolhive/tutorials/quickstart-ui',
    },
    {
      title: 'ToolHive CLI',
      body: 'The thv command line. Run, inspect and automate MCP servers from your terminal, scripts and CI pipelines.',
      guide: '/toolhive/guides-cli',
      quickstart: '/toolhive/tutorials/quickstart-cli',
    },
    {
      title: 'Kubernetes Operator',
      body: 'Declare MCP servers as Kubernetes resources and let the operator run them for your whole team.',
      guide: '/toolhive/guides-k8s',
      quickstart: '/toolhive/tutorials/quickstart-k8s',
    },
  ],
} as const;

/** The landing page as Markdown, below its title and description. */
export function homeMarkdown(siteUrl: string): string {
  const lines: string[] = [home.pitch, ''];
  for (const a of home.actions) lines.push(`- [${a.label}](${siteUrl}${a.to})`);
  lines.push('', `## ${home.entriesHeading}`);
  for (const e of home.entries) {
    lines.push('', `### ${e.title}`, '', e.body, '');
    lines.push(`- [${e.title} guides](${siteUrl}${e.guide})`);
    lines.push(`- [${e.title} quickstart](${siteUrl}${e.quickstart})`);
  }
  return lines.join('\n');
}
