// The session-end step reads the ended session's transcripts once more (recording/ingest.ts): whatever
// the SessionEnd hook left (its time is bounded, a huge transcript is read in parts) is recorded
// before the analysis steps look at the session. Idempotent: nothing is recorded twice.
import { isEnabled } from '../common/config.js';
import { getDb } from '../db/db.js';
import { sessionStartCwd } from '../db/events.js';
import { createDeps } from '../hook-runtime/deps.js';
import type { Job } from '../parts/types.js';
import { ingestQuietly, sessionTargets } from './ingest.js';

/** Parts of at most 8 MiB each: a transcript of up to this many parts is read to its end. */
const MAX_PASSES = 16;

export const ingestStep: Job = ({ env, config, args, log }) => {
  const [sessionId, transcriptPath] = args;
  if (!sessionId || !transcriptPath || env.SELF_GEN_DISABLE === '1' || !isEnabled(config)) return;
  const db = getDb({ env, busyTimeoutMs: 5000 });
  const cwd = sessionStartCwd(db, sessionId);
  const input = {
    hook_event_name: 'SessionEnd' as const,
    session_id: sessionId,
    cwd,
    transcript_path: transcriptPath,
  };
  const deps = { ...createDeps(input, env, config), log };
  let total = 0;
  for (let i = 0; i < MAX_PASSES; i++) {
    const r = ingestQuietly(input, deps, db, sessionTargets(transcriptPath));
    total += r.recorded;
    if (!r.more) break;
  }
  log(`ingest-transcript ${sessionId}: ${total} call(s) recorded`);
};
