// Hook latency as the user feels it: Claude Code writes, in the session transcript, one attachment
// per hook run (`type: "hook_success"` or another hook_* type) with the hook's `command` and its
// `durationMs`. The session-end step reads the ended session's transcript (its tail, a regular file
// only), keeps our hooks' records and stores one `hook_timing` event per session. Off the hot path:
// hooks never measure themselves.
import { installedHookCommands, isOurCommand, isOurScript } from '../common/our-hooks.js';
import { isEnabled } from '../common/config.js';
import { getDb, type DB } from '../db/db.js';
import { insertEvent, type HookTimingData, type HookTimingStats } from '../db/events/write.js';
import { sessionTranscriptPath } from '../db/events/sessions.js';
import { sessionHasEvent } from '../db/events/sessions.js';
import { sessionProject } from '../db/events/sessions.js';
import { readTailLines } from '../common/transcript.js';
import type { Job } from '../hook/contract/part.js';

/** At most this much of the transcript's end is read. */
export const TRANSCRIPT_TAIL_BYTES = 4 * 1024 * 1024;
/** At most this many samples are kept per session (the last ones). */
export const MAX_SAMPLES = 1000;

/** `node|sh <script> <Event> ["<socket>"]`, the script quoted or not (the plugin's exec form). */
const SCRIPT_COMMAND = /^(?:node|sh)\s+(?:"([^"]+)"|'([^']+)'|(\S+))\s+[A-Za-z]+(?:\s+"[^"]*")?$/;
const OUR_SCRIPT = /(?:^|\/)dist\/(?:hook\.c?js|hook-warm\.sh)$/;
const PLUGIN_ROOT = /^\$\{?CLAUDE_PLUGIN_ROOT\}?\//;

/**
 * Whether a hook command is one of ours: what install recorded, `self-gen hook <Event>`,
 * `node "…/dist/hook.cjs" <Event>`, `sh "…/dist/hook-warm.sh" <Event> "<socket>"` of this package,
 * and the plugin's `${CLAUDE_PLUGIN_ROOT}/dist/…` form (as written, or with the root filled in).
 */
export function isOurHookCommand(command: unknown, known: Set<string> = new Set()): boolean {
  if (typeof command !== 'string' || command.length > 4096) return false;
  const c = command.trim();
  if (isOurCommand(c, known)) return true;
  const m = SCRIPT_COMMAND.exec(c);
  const script = m ? (m[1] ?? m[2] ?? m[3] ?? '') : '';
  if (!OUR_SCRIPT.test(script)) return false;
  return PLUGIN_ROOT.test(script) || isOurScript(script);
}

export interface HookRecord {
  hookEvent: string;
  command: string;
  durationMs: number;
}

/** The hook_* attachments with a duration, in transcript order (unparsable lines skipped). */
export function hookRecords(lines: string[]): HookRecord[] {
  const out: HookRecord[] = [];
  for (const line of lines) {
    if (!line.includes('"attachment"') || !line.includes('durationMs')) continue;
    let a: Record<string, unknown> | undefined;
    try {
      const entry = JSON.parse(line) as { type?: unknown; attachment?: unknown };
      if (entry?.type !== 'attachment' || !entry.attachment || typeof entry.attachment !== 'object') continue;
      a = entry.attachment as Record<string, unknown>;
    } catch {
      continue;
    }
    if (typeof a.type !== 'string' || !a.type.startsWith('hook_')) continue;
    const ms = a.durationMs;
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || typeof a.command !== 'string') continue;
    const ev =
      typeof a.hookEvent === 'string' && /^[A-Za-z]{1,64}$/.test(a.hookEvent) ? a.hookEvent : 'unknown';
    out.push({ hookEvent: ev, command: a.command, durationMs: Math.round(ms) });
  }
  return out;
}

/** Nearest-rank percentile of an ascending array (not empty). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

export function latencyStats(ms: number[]): HookTimingStats {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 0.5), p95: percentile(s, 0.95), max: s[s.length - 1]! };
}

/** The hook_timing data of our hooks' records, or null when there are none. */
export function hookTimingData(records: HookRecord[], known: Set<string> = new Set()): HookTimingData | null {
  const ours = records.filter((r) => isOurHookCommand(r.command, known));
  if (ours.length === 0) return null;
  const by = new Map<string, number[]>();
  for (const r of ours) {
    let xs = by.get(r.hookEvent);
    if (!xs) by.set(r.hookEvent, (xs = []));
    xs.push(r.durationMs);
  }
  const byEvent: Record<string, HookTimingStats> = {};
  for (const [ev, xs] of [...by].sort(([a], [b]) => a.localeCompare(b))) byEvent[ev] = latencyStats(xs);
  return { samples: ours.slice(-MAX_SAMPLES).map((r) => r.durationMs), byEvent };
}

export type HookTimingResult = 'recorded' | 'exists' | 'no-transcript' | 'no-samples';

/**
 * Stores the session's hook_timing event (at most one per session: a second run adds nothing).
 * The transcript is read only when it is a regular file, and only its last few MiB.
 */
export function recordHookTiming(
  db: DB,
  o: { sessionId: string; transcriptPath?: string | null; env?: NodeJS.ProcessEnv },
): HookTimingResult {
  const has = () => sessionHasEvent(db, o.sessionId, 'hook_timing');
  if (has()) return 'exists';
  const path = o.transcriptPath || sessionTranscriptPath(db, o.sessionId);
  if (!path) return 'no-transcript';
  const lines = readTailLines(path, Number.MAX_SAFE_INTEGER, TRANSCRIPT_TAIL_BYTES);
  if (lines.length === 0) return 'no-transcript';
  const data = hookTimingData(hookRecords(lines), installedHookCommands(o.env));
  if (!data) return 'no-samples';
  const where = sessionProject(db, o.sessionId);
  // Check and insert under one write lock: two workers for the same session store one event.
  return db
    .transaction((): HookTimingResult => {
      if (has()) return 'exists';
      insertEvent(db, {
        type: 'hook_timing',
        sessionId: o.sessionId,
        project: where?.project ?? null,
        projectPath: where?.projectPath ?? null,
        data,
      });
      return 'recorded';
    })
    .immediate();
}

export const hookTimingStep: Job = ({ env, config, args, log }) => {
  const [sessionId, transcriptPath] = args;
  if (!sessionId || env.SELF_GEN_DISABLE === '1' || !isEnabled(config)) return;
  const r = recordHookTiming(getDb({ env, busyTimeoutMs: 5000 }), { sessionId, transcriptPath, env });
  log(`hook-timing ${sessionId}: ${r}`);
};
