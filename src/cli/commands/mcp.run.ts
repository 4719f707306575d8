// `self-gen mcp`: the stdio MCP server Claude Code starts (see docs/mcp.md).

export type McpOptions = Record<string, never>;

export async function runMcp(): Promise<void> {
  const { runStdioServer } = await import('../../mcp/index.js');
  await runStdioServer();
  process.exit(0);
}
