// `self-gen demo`: replays two recorded sessions through the real hook handlers in a temporary
// data home and project, and shows what each hook would inject. Touches none of your data.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { removeTree } from '../common/safe-fs.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeps } from '../hook/runtime/deps.js';
import { handlersFor } from '../parts/index.js';
import { dispatch } from '../hook/runtime/runner.js';
import type { HookInput } from '../hook/contract/types.js';
import { closeDb, getDb } from '../db/db.js';
import { reviewFixPolicy } from '../fix-policy/index.js';
import { loadConfig } from '../common/config.js';
import { localeFromEnv } from '../common/locale.js';
import { DEMO_STEPS } from './script.js';

export interface DemoResult {
  step: number;
  note: string;
  event: string;
  tool?: string;
  context: string | null;
}

function fill<T>(value: T, vars: Record<string, string>): T {
  let text = JSON.stringify(value);
  for (const [k, v] of Object.entries(vars)) text = text.replaceAll(`{${k}}`, v.replace(/\\/g, '/'));
  return JSON.parse(text) as T;
}

export async function runDemo(
  opts: { locale?: 'ko' | 'en'; keep?: boolean; onStep?: (r: DemoResult) => void } = {},
): Promise<{ dir: string; results: DemoResult[] }> {
  // fs-safe-begin: a fresh temp folder made here with mkdtemp; everything below is ours (no link can be in it)
  const dir = mkdtempSync(join(tmpdir(), 'self-gen-demo-'));
  const home = join(dir, 'home');
  const project = join(dir, 'demo-app');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(join(project, 'src'), { recursive: true });
  mkdirSync(home, { recursive: true, mode: 0o700 });
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({ locale: opts.locale ?? localeFromEnv(process.env) }),
  );
  // fs-safe-end
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SELF_GEN_HOME: home,
    CLAUDE_PROJECT_DIR: project,
    SELF_GEN_NO_BACKGROUND: '1',
    SELF_GEN_NO_DAEMON: '1',
  };
  delete env.SELF_GEN_DISABLE;
  const config = loadConfig(env);
  const results: DemoResult[] = [];
  try {
    let i = 0;
    for (const step of DEMO_STEPS) {
      i++;
      const transcript = join(dir, `agent-${i}.jsonl`);
      const vars = { project, transcript };
      // fs-safe: the transcript file in our own mkdtemp folder
      if (step.transcript)
        writeFileSync(
          transcript,
          fill(step.transcript, vars)
            .map((l) => JSON.stringify(l))
            .join('\n') + '\n',
        );
      const { session, ...rest } = fill(step.input, vars);
      const input = {
        ...rest,
        session_id: `demo-session-${session ?? 1}`,
        cwd: project,
        transcript_path: join(dir, 'session.jsonl'),
      } as HookInput;
      const out = await dispatch(input, createDeps(input, env, config), handlersFor);
      // what the worker does after a fix is learned (background work is off here): the fix policy judges it (fix-policy)
      await reviewFixPolicy(getDb({ env }));
      const ctx = out
        ? (JSON.parse(out) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput
            .additionalContext
        : null;
      const r: DemoResult = {
        step: i,
        note: step.note,
        event: input.hook_event_name,
        tool: input.tool_name ?? input.agent_type,
        context: ctx,
      };
      results.push(r);
      opts.onStep?.(r);
    }
  } finally {
    closeDb();
    // Our own temp folder, removed without following any symlink a step may have left in it.
    if (!opts.keep) {
      try {
        removeTree(dir);
      } catch {}
    }
  }
  return { dir, results };
}
