// The built MCP server (dist/mcp.js) as Claude Code runs it, spoken to with the SDK's client:
// parallel tool calls are all answered (the shared connection is never closed under a running
// call), and a detail look-up by id stays in the server's project unless any_project=true.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ROOT, tempEnv, type TempEnv } from '../helpers/env.js';
import { MCP_MARK, RAW_ERROR, seedMcp, type Seeded } from '../helpers/mcp-seed.js';

let t: TempEnv;
let client: Client;
let seeded: Seeded;
beforeAll(async () => {
  t = tempEnv('sg-mcp-par-');
  const env = { ...t.env, CLAUDE_PROJECT_DIR: t.project };
  seeded = seedMcp(env, { path: t.project, name: 'proj' });
  client = new Client({ name: 'test', version: '1' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [join(ROOT, 'dist', 'mcp.js')],
      env: env as Record<string, string>,
      cwd: t.project,
      stderr: 'pipe',
    }),
  );
});
afterAll(async () => {
  await client?.close();
  t?.cleanup();
});

type Result = Awaited<ReturnType<Client['callTool']>>;
const text = (r: Result): string =>
  (r.content as { type: string; text: string }[]).map((c) => c.text).join('');

describe('parallel MCP tool calls', () => {
  it('16 calls at once (search_errors, recent_errors, file_history) are all answered', async () => {
    const calls: { name: string; arguments: Record<string, unknown> }[] = [];
    for (let i = 0; i < 16; i++) {
      if (i % 3 === 0) calls.push({ name: 'recent_errors', arguments: {} });
      else if (i % 3 === 1) calls.push({ name: 'search_errors', arguments: { query: RAW_ERROR } });
      else calls.push({ name: 'file_history', arguments: { file: MCP_MARK.file } });
    }
    const results = await Promise.all(calls.map((c) => client.callTool(c)));
    for (const [i, r] of results.entries()) {
      expect(r.isError ?? false, `${calls[i]!.name}: ${text(r)}`).toBe(false);
      expect(text(r)).not.toContain('not open');
    }
    for (const [i, r] of results.entries())
      if (calls[i]!.name === 'search_errors') expect(text(r)).toContain(MCP_MARK.fix);
    // Then, once idle, the server answers again (the connection was closed and is reopened).
    const again = await client.callTool({ name: 'recent_errors', arguments: {} });
    expect(again.isError ?? false).toBe(false);
  });
});

describe("detail look-ups stay in the server's project", () => {
  for (const tool of ['recent_errors', 'file_history'] as const) {
    const base = tool === 'file_history' ? { file: MCP_MARK.file } : {};
    it(`${tool}: another project's error id answers as unknown; any_project=true reads it`, async () => {
      const other = await client.callTool({
        name: tool,
        arguments: { ...base, detail: seeded.otherEventId },
      });
      expect(other.isError).toBe(true);
      expect(text(other)).not.toContain(MCP_MARK.otherProjectError);
      expect(text(other)).toContain('any_project');
      const mine = await client.callTool({ name: tool, arguments: { ...base, detail: seeded.errorEventId } });
      expect(mine.isError ?? false).toBe(false);
      expect(text(mine)).toContain(MCP_MARK.error);
      const asked = await client.callTool({
        name: tool,
        arguments: { ...base, detail: seeded.otherEventId, any_project: true },
      });
      expect(asked.isError ?? false).toBe(false);
      expect(text(asked)).toContain(MCP_MARK.otherProjectError);
      expect(JSON.parse(text(asked))).toMatchObject({ otherProject: true });
    });
  }
});
