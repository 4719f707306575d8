// The stdio MCP server (`self-gen mcp`, dist/mcp.js): the tools of tool-table.ts, registered with the
// MCP SDK. Stdout carries only the protocol; anything else goes to stderr. A tool never throws
// into the SDK: a failure (a damaged or locked database included) is an error answer saying what
// to do. The database is opened when a call starts and closed when no call is running any more
// (calls run concurrently: one never closes the connection another is using).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { closeDb, getDb } from '../db/db.js';
import { getProjectName, getProjectPath } from '../common/project.js';
import { callTool, TOOLS, type McpDeps } from './tool-table.js';

export const SERVER_NAME = 'self-generation';
export const SERVER_VERSION = '0.1.0';

/** The dependencies of a server started in `cwd` with `env`. */
export function serverDeps(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): McpDeps {
  const path = getProjectPath(cwd, env);
  return {
    env,
    project: { path, name: getProjectName(path) },
    // Never created here: a server with nothing recorded yet says so.
    db: () => getDb({ env, mustExist: true, busyTimeoutMs: 1000 }),
    now: () => new Date(),
  };
}

export function createServer(deps: McpDeps): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION },
    {
      instructions:
        'self-generation remembers, locally, which fixes resolved which errors in past Claude Code ' +
        'sessions, what subagents of a session found, and suggestions from its analyses. Ask ' +
        'search_errors when a tool fails with an error you may have seen before; answers are an index ' +
        'first, details by id. Only forget_fix changes anything.',
    },
  );
  // Calls in flight on the shared connection: the last one to finish closes it.
  let running = 0;
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.shape,
        annotations: {
          readOnlyHint: tool.readOnly,
          destructiveHint: !tool.readOnly,
          idempotentHint: true,
          openWorldHint: false,
        },
      },
      async (args: unknown) => {
        let r;
        running += 1;
        try {
          r = await callTool(tool.name, args, deps);
        } finally {
          // Closed once idle: a database repaired, moved aside or purged meanwhile is never held on
          // to, and a damaged, locked or missing one is tried afresh next time. Never closed under a
          // running call (Claude Code sends parallel tool calls).
          running -= 1;
          if (running === 0) closeDb();
        }
        return {
          content: [{ type: 'text' as const, text: r.text }],
          ...(r.isError ? { isError: true } : {}),
        };
      },
    );
  }
  return server;
}

/** Runs the server on stdin/stdout until the client goes away. */
export async function runStdioServer(
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): Promise<void> {
  // Stdout is the protocol: whatever a module would print goes to stderr instead.
  console.log = (...a: unknown[]) => console.error(...a);
  console.info = console.log;
  console.warn = (...a: unknown[]) => console.error(...a);
  process.on('uncaughtException', (e) => process.stderr.write(`self-gen mcp: ${String(e)}\n`));
  process.on('unhandledRejection', (e) => process.stderr.write(`self-gen mcp: ${String(e)}\n`));
  const server = createServer(serverDeps(env, cwd));
  const transport = new StdioServerTransport();
  const done = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.on('end', () => resolve());
  });
  await server.connect(transport);
  await done;
  closeDb();
}
