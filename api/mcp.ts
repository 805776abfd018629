/**
 * The production host's function behind `/mcp` (vercel.json rewrites the
 * path here): the docs' MCP endpoint, plugins/mcp-server/handler.ts, over the
 * built site that vercel.json's `includeFiles` ships with the function
 * (search-index.json, llms.txt and the Markdown twins, under build/).
 */
import {createDocsMcpHandler, defaultBuildDir} from '../plugins/mcp-server/handler';

const handler = createDocsMcpHandler({buildDir: defaultBuildDir()});

export default {
  fetch(request: Request): Promise<Response> {
    return handler.fetch(request);
  },
};
