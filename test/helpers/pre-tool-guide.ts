// Shared by the real-time assistance tests (pre-tool guide, subagent context, error advice,
// subagent outcome): seeded rows and the built hook; the payloads are in payloads.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { collectToolError, collectToolUse } from '../../src/recording/handlers.js';
import { partDeps } from './deps.js';
import { dispatch } from '../../src/hook/runtime/runner.js';
import { handlersFor } from '../../src/parts/index.js';
import type { HookDeps, HookInput } from '../../src/hook/contract/types.js';
import { extractErrorMessage, normalizeError } from '../../src/error-kb/normalize.js';
import { recordResolution } from '../../src/error-kb/record.js';
import { judgeAll } from '../helpers/fix-policy.js';
import type { DB } from '../../src/db/db.js';
import { insertEvent } from '../../src/db/events/write.js';
import { HOOK_JS } from './env.js';
import { requireDist } from './build-once.js';

export { SESSION, payload, preToolUse, subagentStart, failure, success } from './payloads.js';

/** Records a tool error through the real collector (as the PostToolUseFailure hook would). */
export function recordFailure(env: NodeJS.ProcessEnv, input: HookInput, now?: Date): void {
  const deps = partDeps(input, env);
  if (now) deps.now = () => now;
  collectToolError(input, deps);
}

/**
 * Records a successful tool call through the real collector (resolution detection runs). The
 * `fix-policy` job it starts when it learns a fix runs here, in process, at once (the hook starts it
 * as a detached worker: test/unit/fix-policy-hooks.test.ts shows that path).
 */
export function recordSuccess(env: NodeJS.ProcessEnv, input: HookInput, now?: Date): void {
  const deps = partDeps(input, env);
  if (now) deps.now = () => now;
  const spawn = deps.spawnBackground;
  deps.spawnBackground = (job, args) => (job === 'fix-policy' ? void judgeAll(deps.db()) : spawn(job, args));
  collectToolUse(input, deps);
}

/** The normalized form of a raw tool error, as the collector stores it. */
export const norm = (raw: string) => normalizeError(extractErrorMessage(raw));

export function seedKb(
  db: DB,
  rawError: string,
  resolution: string,
  toolSequence: string[] = ['Bash'],
): void {
  const id = recordResolution(db, norm(rawError), {
    errorRaw: rawError,
    resolution,
    resolvedBy: toolSequence.at(-1),
    toolSequence,
  });
  expect(id).not.toBeNull();
  judgeAll(db); // as `kb add` does
}

/** `n` subagent_stop rows of a type, the newest `failures` of them failed (one second apart). */
export function seedStops(
  db: DB,
  agentType: string,
  n: number,
  failures: number,
  opts: { start?: number; newestFirstFail?: boolean } = {},
): void {
  const start = opts.start ?? Date.parse('2026-01-01T00:00:00Z');
  for (let i = 0; i < n; i++) {
    // i = n-1 is the newest; the newest `failures` runs fail
    const failed = i >= n - failures;
    insertEvent(db, {
      type: 'subagent_stop',
      ts: new Date(start + i * 1000).toISOString(),
      sessionId: 's-old',
      project: 'proj',
      projectPath: '/p/proj',
      data: {
        agentId: `a${i}`,
        agentType,
        success: failed ? 0 : 1,
        ...(failed ? { failureReason: 'last 2 tool call(s) failed' } : {}),
        durationMs: 1000,
      },
    });
  }
}

/** Runs every registered handler of the input's event, as the hook process does. */
export async function runAll(
  input: HookInput,
  deps: HookDeps,
): Promise<Record<string, { hookEventName: string; additionalContext: string }> | null> {
  const out = await dispatch(input, deps, handlersFor);
  return out
    ? (JSON.parse(out) as Record<string, { hookEventName: string; additionalContext: string }>)
    : null;
}

/** The built hook (test/helpers/build-once.ts builds dist/ once before the run; no file rebuilds it). */
export function ensureBuilt(): string {
  requireDist();
  return HOOK_JS;
}

export function writeConfig(home: string, config: Record<string, unknown>): void {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  writeFileSync(join(home, 'config.json'), JSON.stringify(config));
}

/** Asserts the stdout of a hook is exactly one valid hook JSON object for `event`, and returns its context. */
export function contextOf(stdout: string, event: string): string {
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  const o = JSON.parse(lines[0]!) as {
    hookSpecificOutput: { hookEventName: string; additionalContext: string };
  };
  expect(Object.keys(o)).toEqual(['hookSpecificOutput']);
  expect(o.hookSpecificOutput.hookEventName).toBe(event);
  expect(typeof o.hookSpecificOutput.additionalContext).toBe('string');
  expect(o.hookSpecificOutput.additionalContext.length).toBeGreaterThan(0);
  expect(o.hookSpecificOutput.additionalContext.length).toBeLessThanOrEqual(10_000);
  return o.hookSpecificOutput.additionalContext;
}
