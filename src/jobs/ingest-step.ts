// The session-end job reads the ended session's transcripts once more (hooks/ingest.ts): whatever
// the SessionEnd hook left (its time is bounded, a huge transcript is read in parts) is recorded
// before the analysis steps look at the session. Idempotent: nothing is recorded twice.
import { createDeps } from '../hooks/deps.js';
import { ingestQuietly, sessionTargets } from '../hooks/ingest.js';
import { isEnabled } from '../store/config.js';
import { getDb } from '../store/db.js';
import { stmt } from '../store/events.js';
import { registerSessionEndStep } from './registry.js';

/** Parts of at most 8 MiB each: a transcript of up to this many parts is read to its end. */
const MAX_PASSES = 16;

registerSessionEndStep('ingest-transcript', ({ env, config, args, log }) => {
  const [sessionId, transcriptPath] = args;
  if (!sessionId || !transcriptPath || env.SELF_GEN_DISABLE === '1' || !isEnabled(config)) return;
  const db = getDb({ env, busyTimeoutMs: 5000 });
  const start = stmt(
    db,
    `SELECT json_extract(data, '$.cwd') AS cwd FROM events
     WHERE session_id = ? AND type = 'session_start' ORDER BY ts DESC LIMIT 1`,
  ).get(sessionId) as { cwd: unknown } | undefined;
  const cwd = typeof start?.cwd === 'string' ? start.cwd : '';
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
});
