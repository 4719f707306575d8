// Data homes for the team store tests: a temporary home whose project is a git clone of a named
// remote, and fixes learned and advice asked through the built hook (dist/hook.cjs).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitProject, ROOT, tempEnv, type TempEnv } from './env.js';
import { runHook } from './hook-proc.js';
import { failure, success } from './payloads.js';

const WORKER_JS = join(ROOT, 'dist', 'worker.js');

export interface TeamHome extends TempEnv {
  name: string;
}

export function teamHome(name: string, o: { remote?: string; locale?: 'ko' | 'en' } = {}): TeamHome {
  const t = tempEnv(`sg-team-${name}-`);
  gitProject(t.project, { remote: o.remote });
  mkdirSync(t.home, { recursive: true, mode: 0o700 });
  writeFileSync(join(t.home, 'config.json'), JSON.stringify({ locale: o.locale ?? 'en' }));
  return { ...t, name };
}

/**
 * One session through the hook: `command` fails with `error`, `fix` succeeds, `command` then
 * succeeds (the same command passing again proves the fix).
 */
export async function learn(
  h: TempEnv,
  s: { session: string; command: string; error: string; fix: string },
): Promise<void> {
  const over = { session_id: s.session };
  for (const [event, input] of [
    ['PostToolUseFailure', failure(h.project, 'Bash', { command: s.command }, s.error, over)],
    ['PostToolUse', success(h.project, 'Bash', { command: s.fix }, over)],
    ['PostToolUse', success(h.project, 'Bash', { command: s.command }, over)],
  ] as const) {
    const r = await runHook(event, input, h.env);
    if (r.code !== 0) throw new Error(`hook ${event} exited ${r.code}: ${r.stderr}`);
  }
  // The hook that learned started the worker's `fix-policy` job in the background; run it here so the
  // verdict exists before the test asks for advice (a busy machine may not have run it yet).
  const j = spawnSync(process.execPath, [WORKER_JS, 'fix-policy'], { env: h.env, timeout: 120_000 });
  if (j.status !== 0) throw new Error(`worker fix-policy exited ${j.status}: ${String(j.stderr)}`);
}

/** The advice the PostToolUseFailure hook gives for `error` ('' when silent). */
export async function advise(h: TempEnv, command: string, error: string, session = 'ask'): Promise<string> {
  const r = await runHook(
    'PostToolUseFailure',
    failure(h.project, 'Bash', { command }, error, { session_id: session }),
    h.env,
  );
  if (r.code !== 0) throw new Error(`hook exited ${r.code}: ${r.stderr}`);
  const t = r.stdout.trim();
  if (!t) return '';
  const o = JSON.parse(t) as { hookSpecificOutput?: { additionalContext?: string } };
  return o.hookSpecificOutput?.additionalContext ?? '';
}
