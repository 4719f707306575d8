// #17.1 The built server (dist/mcp.js) as Claude Code runs it: a real process on stdio, spoken to
// with the MCP SDK's client. It lists the eight tools with their annotations, stays up through a
// damaged database (error answers that say what to do), and answers again once the database is
// back, without a restart (it never holds on to a connection).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { paths } from '../../src/common/paths.js';
import { ROOT, tempEnv, type TempEnv } from '../helpers/env.js';
import { MCP_MARK, RAW_ERROR, seedMcp } from '../helpers/mcp-seed.js';

let t: TempEnv;
let client: Client;
const ENTRIES = {
  'dist/mcp.js': [join(ROOT, 'dist', 'mcp.js')],
  'self-gen mcp': [join(ROOT, 'dist', 'cli.js'), 'mcp'],
};
let entry: string[] = ENTRIES['dist/mcp.js'];
beforeEach(async () => {
  t = tempEnv('sg-mcp-proc-');
  const env = { ...t.env, CLAUDE_PROJECT_DIR: t.project };
  seedMcp(env, { path: t.project, name: 'proj' });
  client = new Client({ name: 'test', version: '1' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: entry,
      env: env as Record<string, string>,
      cwd: t.project,
      stderr: 'pipe',
    }),
  );
});
afterEach(async () => {
  await client.close();
  t.cleanup();
});

const text = (r: Awaited<ReturnType<Client['callTool']>>) =>
  (r.content as { type: string; text: string }[]).map((c) => c.text).join('');

describe('#17.1 the stdio server process', () => {
  it('lists the eight tools; only forget_fix is not read-only', async () => {
    await listsTools();
  });

  it('`self-gen mcp` is the same server', async () => {
    await client.close();
    entry = ENTRIES['self-gen mcp'];
    client = new Client({ name: 'test', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: entry,
        env: { ...t.env, CLAUDE_PROJECT_DIR: t.project } as Record<string, string>,
        cwd: t.project,
        stderr: 'pipe',
      }),
    );
    entry = ENTRIES['dist/mcp.js'];
    await listsTools();
    const r = await client.callTool({ name: 'search_errors', arguments: { query: RAW_ERROR } });
    expect(text(r)).toContain(MCP_MARK.fix);
  });

  async function listsTools() {
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(
      [
        'file_history',
        'forget_fix',
        'orchestrator_context',
        'recent_errors',
        'search_errors',
        'search_history',
        'session_findings',
        'suggestions',
      ].sort(),
    );
    for (const tool of tools)
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(tool.name !== 'forget_fix');
  }

  it('stays up through a damaged database and answers again once it is back', async () => {
    const ok = await client.callTool({ name: 'search_errors', arguments: { query: RAW_ERROR } });
    expect(text(ok)).toContain(MCP_MARK.fix);
    const db = paths(t.env).db;
    copyFileSync(db, join(t.dir, 'good.db'));
    for (const s of ['-wal', '-shm']) rmSync(db + s, { force: true });
    writeFileSync(db, 'garbage '.repeat(1000));
    for (const name of ['search_errors', 'recent_errors', 'suggestions']) {
      const bad = await client.callTool({ name, arguments: name === 'search_errors' ? { query: 'x' } : {} });
      expect(bad.isError, name).toBe(true);
      expect(JSON.parse(text(bad))).toMatchObject({
        error: expect.stringMatching(/damaged/),
        fix: expect.stringMatching(/self-gen repair/),
      });
    }
    copyFileSync(join(t.dir, 'good.db'), db);
    const again = await client.callTool({ name: 'recent_errors', arguments: {} });
    expect(again.isError).toBeFalsy();
    expect(text(again)).toContain(MCP_MARK.error);
  });
});
