// Where a hook's time goes, for the session bench: when SELF_GEN_HOOK_TIMING=1 (never
// set by default), each hook run — in a hook process or the warm server — appends one JSON line to
// logs/hook-timing.jsonl in the data home: the event, the path, the total time spent in runHook and
// the time of its named phases (deps, each handler, transcript ingest, KB search, guide queries,
// database open…). Off, span() is a plain call: no clock is read, nothing is written.
import { AsyncLocalStorage } from 'node:async_hooks';
import { join } from 'node:path';
import { appendFileIn, ensureHomeDir } from './safe-fs.js';
import { paths } from './paths.js';
import { sinceStartMs } from './clock.js';

export const TIMING_FILE = 'hook-timing.jsonl';

export interface HookTiming {
  event: string;
  tool?: string;
  /** 'process' (a hook process) or 'warm' (the warm server). */
  path: string;
  /** Milliseconds spent in runHook, from parsing the payload to the answer. */
  totalMs: number;
  /** Milliseconds since the process started when runHook began (the process path's start-up). */
  startMs?: number;
  /** Milliseconds from the warm server receiving the request to runHook (reading the body). */
  waitMs?: number;
  /** Milliseconds per named phase; nested phases are counted in their parents too. */
  spans: Record<string, number>;
}

const store = new AsyncLocalStorage<HookTiming>();

export function timingEnabled(env: NodeJS.ProcessEnv): boolean {
  return env.SELF_GEN_HOOK_TIMING === '1';
}

/** Runs fn inside a timing record (every span() below it adds to `record.spans`). */
export function withTiming<T>(record: HookTiming, fn: () => T): T {
  return store.run(record, fn);
}

/** Times fn as the phase `label` of the current hook run; a plain call when timing is off. */
export function span<T>(label: string, fn: () => T): T {
  const rec = store.getStore();
  if (!rec) return fn();
  const t0 = sinceStartMs();
  const add = () => {
    rec.spans[label] = (rec.spans[label] ?? 0) + (sinceStartMs() - t0);
  };
  let out: T;
  try {
    out = fn();
  } catch (e) {
    add();
    throw e;
  }
  if (out instanceof Promise) return out.finally(add) as T;
  add();
  return out;
}

/** Appends one record to logs/hook-timing.jsonl in the data home; never throws. */
export function writeTiming(env: NodeJS.ProcessEnv, record: HookTiming): void {
  try {
    const p = paths(env);
    ensureHomeDir(p.home, p.logsDir, 0o700);
    const round = (x: number) => Math.round(x * 1000) / 1000;
    const line = JSON.stringify({
      ...record,
      totalMs: round(record.totalMs),
      ...(record.startMs !== undefined ? { startMs: round(record.startMs) } : {}),
      ...(record.waitMs !== undefined ? { waitMs: round(record.waitMs) } : {}),
      spans: Object.fromEntries(Object.entries(record.spans).map(([k, v]) => [k, round(v)])),
    });
    appendFileIn(p.home, join(p.logsDir, TIMING_FILE), line + '\n');
  } catch {}
}
