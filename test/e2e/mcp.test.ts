// #17.1 The MCP server with the real Claude Code CLI against the local API stub: `self-gen install`
// registered it (user scope, ~/.claude.json of the temporary HOME); the scripted model calls each
// tool as `mcp__self-generation__<tool>`; the tool results, read from the requests the stub
// recorded, carry the seeded data, stay within the size bound, and forget_fix changed the database.
import { expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { callsWhenOffered, toolResult, toolsOffered } from '../helpers/anthropic-stub.js';
import { DEFAULT_ALLOWED_TOOLS } from '../helpers/claude-harness.js';
import { MCP_MARK, RAW_ERROR, seedMcp, seedOrchestrator, seedSharedContext } from '../helpers/mcp-seed.js';
import { judgeAll } from '../helpers/fix-policy.js';
import { openDb } from '../../src/db/db.js';
import { recordResolution } from '../../src/error-kb/record.js';
import { MAX_ANSWER_CHARS } from '../../src/mcp/bound.js';
import { describeE2E } from './fixtures.js';
import { projectPerTest } from '../helpers/e2e-project.js';

const newProject = projectPerTest();

describeE2E('e2e: #17.1 MCP server in a real Claude Code session', () => {
  it('the scripted model calls each MCP tool; the results carry the right data, bounded', async () => {
    const p = await newProject({ config: { orchestrator: { claudeMem: { enabled: false } } } });
    const registered = JSON.parse(readFileSync(join(p.home, '.claude.json'), 'utf8')) as {
      mcpServers: Record<string, { args: string[] }>;
    };
    expect(registered.mcpServers['self-generation']!.args[0]).toMatch(/dist\/mcp\.js$/);

    const env = p.env();
    const seeded = seedMcp(env, { path: p.dir, name: basename(p.dir) });
    seedSharedContext(p.dir, 2);
    seedOrchestrator(p.dir, env);
    // Bulk for the size bound: 2,000 long entries that all contain the query word.
    const db = openDb({ env });
    db.transaction(() => {
      for (let i = 0; i < 2000; i++)
        recordResolution(db, `E2EBOUND error ${i} ${'long words '.repeat(30)}`, {
          errorRaw: `E2EBOUND ${'x'.repeat(1500)}`,
          resolution: `fix ${i} ${'y'.repeat(580)}`, // under the fix policy's cap (a longer one is withheld)
          resolvedBy: 'Bash',
        });
    })();
    judgeAll(db); // the fix policy's verdicts, as `kb add` stores them
    db.close();

    const calls: [string, Record<string, unknown>][] = [
      ['search_errors', { query: RAW_ERROR }],
      ['recent_errors', {}],
      ['file_history', { file: MCP_MARK.file }],
      ['session_findings', { session_id: MCP_MARK.session }],
      ['orchestrator_context', { role: 'implementer' }],
      ['suggestions', {}],
      ['search_errors', { query: 'E2EBOUND', limit: 50 }],
      ['forget_fix', { id: seeded.kbId }],
      ['search_errors', { query: RAW_ERROR }],
    ];
    const id = (i: number) => `toolu_mcp_${String(i).padStart(2, '0')}`;
    const run = await p.runClaude({
      prompt: 'Use the self-generation tools.',
      allowedTools: [...DEFAULT_ALLOWED_TOOLS, 'mcp__self-generation'],
      script: {
        main: callsWhenOffered(
          calls.map(([tool, input], i) => ({ name: `mcp__self-generation__${tool}`, input, id: id(i) })),
          'Done.',
        ),
      },
    });
    const why = run.summary();
    expect(run.code, why).toBe(0);
    // The model was offered every tool under its MCP name.
    const offered = [...toolsOffered(run.main)];
    for (const [tool] of calls) expect(offered, why).toContain(`mcp__self-generation__${tool}`);

    const results = calls.map((_, i) => toolResult(run.requests, id(i)));
    results.forEach((r, i) => {
      expect(r, `no tool_result for ${calls[i]![0]}\n${why}`).not.toBeNull();
      expect(r!.isError, `${calls[i]![0]}: ${r!.text}`).toBe(false);
      expect(r!.text.length).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
    });
    const json = results.map((r) => JSON.parse(r!.text) as Record<string, unknown>);
    const [search, recent, file, findings, orch, sugg, bound, forget, after] = json as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any

    expect(search!.match).toMatchObject({ id: seeded.kbId, tier: 'exact' });
    expect(search!.match.fix).toContain(MCP_MARK.fix);
    // The fix came through the hooks' advice filter, with its provenance (typed by the user).
    expect(search!.match.provenance).toMatchObject({ source: 'manual', fromAnotherProject: false });
    expect(search!.match.provenance.text).toBeTruthy();
    expect(recent!.errors.map((e: { id: number }) => e.id)).toContain(seeded.errorEventId);
    expect(JSON.stringify(recent)).not.toContain(MCP_MARK.otherProjectError);
    expect(file!.errors.map((e: { id: number }) => e.id)).toEqual([seeded.errorEventId]);
    expect(findings!.entries[0]).toMatchObject({ agentId: MCP_MARK.agentId, first: MCP_MARK.finding });
    expect(orch!.ids).toEqual({ request: 'R1', task: 'T1', subtask: 'T1-S1' });
    expect(sugg!.suggestions.map((s: { id: string }) => s.id)).toEqual([MCP_MARK.suggestionId]);
    expect(bound!.more).toBeGreaterThan(0);
    expect(forget).toMatchObject({ forgotten: seeded.kbId });
    expect(after!.match).toBeNull();
    expect(p.errorKb().some((k) => k.id === seeded.kbId)).toBe(false);
  });
});
