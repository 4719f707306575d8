// The product's MCP server (dist/mcp.js, as the plugin's .mcp.json starts it) in a project folder,
// through the MCP SDK's client over stdio: what its tools answer is what reaches Claude.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { strings } from './hooks.mjs';

export async function connectMcp(root, env, project) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(root, 'dist', 'mcp.js')],
    cwd: project,
    env,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'policy-e2e', version: '1' });
  await client.connect(transport);
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    /** A tool call: every string of its answer (the JSON text parsed), one per line. */
    async call(name, args) {
      calls++;
      const r = await client.callTool({ name, arguments: args }, undefined, { timeout: 100_000 });
      const text = (r.content ?? []).map((c) => (c.type === 'text' ? c.text : '')).join('\n');
      try {
        return strings(JSON.parse(text)).join('\n');
      } catch {
        return text;
      }
    },
    close: () => client.close(),
  };
}
