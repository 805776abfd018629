/**
 * Where the docs' MCP endpoint is, for the code that names it to readers
 * (the "Copy page" menu, llms.txt) without loading the server.
 */

/** The endpoint's path on the site. */
export const MCP_PATH = '/mcp';

/** The name clients give the server by default. */
export const MCP_SERVER_NAME = 'toolhive-docs';

/** The endpoint's URL on a site (`https://docs.stacklok.com` → `https://docs.stacklok.com/mcp`). */
export function mcpEndpointUrl(siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${MCP_PATH}`;
}

/** The docs page that sets up every client (docs/toolhive/docs-for-ai-clients.mdx). */
export const MCP_SETUP_PAGE = '/toolhive/docs-for-ai-clients';
