// The session-end step (and Stop's `ingest-pending` job) reads the session's transcripts once more (recording/ingest.ts): whatever
// the SessionEnd hook left (its time is bounded, a huge transcript is read in parts) is recorded
// before the analysis steps look at the session. Idempotent: nothing is recorded twice.
import { isEnabled } from '../common/config.js';
import { getDb } from '../db/db.js';
import { sessionStartCwd } from '../db/events/sessions.js';
import { createDeps } from '../hook/runtime/deps.js';
import type { JobContext } from '../hook/contract/part.js';
import type { HookDeps } from '../hook/contract/types.js';
import { ingestQuietly, ingestUntilComplete, sessionTargets } from './ingest.js';

/** Parts of at most 8 MiB each: a transcript of up to this many parts is read to its end. */
const MAX_PASSES = 16;

/** The capabilities the parts list wires in (learning from what is recorded). */
type Caps = Partial<Pick<HookDeps, 'learn'>>;

function ingestContext({ env, config, args, log }: JobContext, caps: Caps) {
  const [sessionId, transcriptPath] = args;
  if (!sessionId || !transcriptPath || env.SELF_GEN_DISABLE === '1' || !isEnabled(config)) return null;
  const db = getDb({ env, busyTimeoutMs: 5000 });
  const input = {
    hook_event_name: 'SessionEnd' as const,
    session_id: sessionId,
    cwd: sessionStartCwd(db, sessionId),
    transcript_path: transcriptPath,
  };
  return { db, input, transcriptPath, deps: { ...createDeps(input, env, config), log, ...caps } };
}

export const ingestStep = (ctx: JobContext, caps: Caps = {}): void => {
  const c = ingestContext(ctx, caps);
  if (!c) return;
  let total = 0;
  for (let i = 0; i < MAX_PASSES; i++) {
    const r = ingestQuietly(c.input, c.deps, c.db, sessionTargets(c.transcriptPath));
    total += r.recorded;
    if (!r.more) break;
  }
  ctx.log(`ingest-transcript ${c.input.session_id}: ${total} call(s) recorded`);
};

/**
 * Started by Stop when calls of the turn still wait for their results in the transcript (Claude Code
 * writes it in batches): reads the main transcript again until they are there (in the background,
 * so no hook waits; idempotent, so a later reader finds nothing twice).
 */
export const ingestPendingJob = async (ctx: JobContext, caps: Caps = {}): Promise<void> => {
  const c = ingestContext(ctx, caps);
  if (!c) return;
  const total = await ingestUntilComplete(c.input, c.deps, c.db, { path: c.transcriptPath });
  ctx.log(`ingest-pending ${c.input.session_id}: ${total} call(s) recorded`);
};
