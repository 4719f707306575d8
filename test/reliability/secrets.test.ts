// Reliability: a corpus of realistic secrets in prompts, commands, errors, transcripts and subagent
// answers. None of them may reach the database (WAL included), the queue, or shared-context files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempEnv, type TempEnv } from '../helpers/env.js';
import { runHook } from '../helpers/hook-proc.js';
import { SECRET_CORPUS } from '../helpers/secrets.js';

function allFiles(dir: string): string[] {
  const out: string[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = join(dir, e);
    const st = statSync(p);
    if (st.isDirectory()) out.push(...allFiles(p));
    else out.push(p);
  }
  return out;
}

describe('secrets never reach disk', () => {
  let t: TempEnv;
  const session = 'secret-session';
  beforeAll(async () => {
    t = tempEnv('sg-secrets-');
    const env = { ...t.env, SELF_GEN_NO_BACKGROUND: '1', CLAUDE_PROJECT_DIR: t.project };
    const base = { session_id: session, cwd: t.project, transcript_path: join(t.dir, 'main.jsonl') };
    await runHook('SessionStart', { ...base, hook_event_name: 'SessionStart', source: 'startup' }, env);
    let n = 0;
    for (const c of SECRET_CORPUS) {
      n++;
      await runHook(
        'UserPromptSubmit',
        { ...base, hook_event_name: 'UserPromptSubmit', prompt: `please use ${c.text}` },
        env,
      );
      const command = `deploy --verbose ${c.text}`;
      await runHook(
        'PostToolUseFailure',
        {
          ...base,
          hook_event_name: 'PostToolUseFailure',
          tool_name: 'Bash',
          tool_input: { command },
          error: `Exit code 1\nfailed: ${c.text}`,
        },
        env,
      );
      await runHook(
        'PostToolUse',
        {
          ...base,
          hook_event_name: 'PostToolUse',
          tool_name: 'Bash',
          tool_input: { command },
          tool_response: { stdout: c.text, stderr: '' },
        },
        env,
      );
      // A subagent whose transcript and answer carry the secret.
      const agentId = `agent${n}`;
      const transcript = join(t.dir, `agent-${agentId}.jsonl`);
      const lines = [
        { type: 'user', message: { role: 'user', content: `task with ${c.text}` } },
        {
          type: 'assistant',
          message: {
            role: 'assistant',
            stop_reason: 'tool_use',
            content: [
              {
                type: 'tool_use',
                id: `w${n}`,
                name: 'Write',
                input: { file_path: join(t.project, `src/cfg${n}.ts`), content: c.text },
              },
              { type: 'tool_use', id: `b${n}`, name: 'Bash', input: { command } },
            ],
          },
        },
        {
          type: 'user',
          message: {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: `b${n}`, content: c.text, is_error: true }],
          },
        },
        {
          type: 'assistant',
          message: {
            role: 'assistant',
            stop_reason: 'end_turn',
            content: [{ type: 'text', text: `## Findings\n- Issue: leaked ${c.text}` }],
          },
        },
      ];
      writeFileSync(transcript, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
      await runHook(
        'SubagentStart',
        { ...base, hook_event_name: 'SubagentStart', agent_id: agentId, agent_type: 'executor' },
        env,
      );
      await runHook(
        'SubagentStop',
        {
          ...base,
          hook_event_name: 'SubagentStop',
          agent_id: agentId,
          agent_type: 'executor',
          agent_transcript_path: transcript,
          last_assistant_message: `## Findings\n- Issue: leaked ${c.text}`,
        },
        env,
      );
      await runHook(
        'PostToolUse',
        {
          ...base,
          hook_event_name: 'PostToolUse',
          tool_name: 'Agent',
          tool_input: { subagent_type: 'executor', prompt: c.text, description: 'x' },
          tool_response: {
            agentId,
            agentType: 'executor',
            content: [{ type: 'text', text: c.text }],
            status: 'completed',
          },
        },
        env,
      );
    }
    // An agent that writes its own shared-context file with a secret in it.
    const own = join(t.project, '.claude', 'shared-context', session);
    mkdirSync(own, { recursive: true });
    await runHook('SessionEnd', { ...base, hook_event_name: 'SessionEnd', reason: 'other' }, env);
  }, 600_000);
  afterAll(() => t.cleanup());

  it('something was recorded (the test is not vacuous)', () => {
    const db = readFileSync(join(t.home, 'data', 'self-gen.db'));
    const wal = (() => {
      try {
        return readFileSync(join(t.home, 'data', 'self-gen.db-wal'));
      } catch {
        return Buffer.alloc(0);
      }
    })();
    expect(db.length + wal.length).toBeGreaterThan(50_000);
    expect(Buffer.concat([db, wal]).includes('REDACTED')).toBe(true);
  });

  for (const c of SECRET_CORPUS) {
    it(`no trace of the ${c.name} in any file written`, () => {
      const files = [...allFiles(t.home), ...allFiles(join(t.project, '.claude'))];
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) {
        const bytes = readFileSync(f);
        expect(bytes.includes(c.secret), `${c.secret} found in ${f}`).toBe(false);
      }
    });
  }
});
