// Background work of the error KB: keys of an older KEY_VERSION recomputed (rekey.ts), batch
// embeddings after each session (REQ-RA-005), and the `rekey` and `embed` jobs. Listed in src/parts/index.ts (runs in dist/worker.js, detached from hooks).
import { getDb } from '../db/db.js';
import type { Job, JobContext } from '../hook/contract/part.js';
import { batchEmbedder } from '../embed/index.js';
import { generateErrorEmbeddings, pendingEmbeddings } from './embeddings.js';
import { rekeyPass } from './rekey.js';
import { noteJobFailure, noteJobSuccess } from '../db/job-failures.js';

/** At most this many entries per session end (a first run on a large KB continues next time). */
const SESSION_END_LIMIT = 2000;

export async function embedPending(ctx: JobContext, limit?: number): Promise<void> {
  const db = getDb({ env: ctx.env, busyTimeoutMs: 5000 });
  const pending = await pendingEmbeddings(db);
  if (pending === 0) return;
  let error: string | undefined;
  try {
    const embedder = await batchEmbedder({ env: ctx.env, config: ctx.config, log: ctx.log });
    if (!embedder) return; // no model: the vector tier is off, which status says already
    try {
      const r = await generateErrorEmbeddings(db, embedder, { limit });
      ctx.log(
        `kb-embed: ${r.embedded} embedded, ${r.failed} failed, ${r.pending} pending${r.error ? ` (${r.error})` : ''}`,
      );
      error = r.error;
    } finally {
      await embedder.close?.();
    }
  } catch (e) {
    error = (e as Error)?.message ?? String(e);
    ctx.log(`kb-embed failed: ${error}`);
  }
  // told once at the next session start, and by status / doctor until a batch succeeds
  if (error) noteJobFailure(db, 'embeddings', error, EMBED_FIX);
  else noteJobSuccess(db, 'embeddings');
}

const EMBED_FIX =
  'run `self-gen embed` to see the error; `self-gen model pull --force` downloads the model again';

export const kbEmbedStep: Job = (ctx) => embedPending(ctx, SESSION_END_LIMIT);
export const embedJob: Job = (ctx) => embedPending(ctx);

/** Keys of an older version, re-keyed: one batch per session end, every one in the `rekey` job. */
function rekeyAll(ctx: JobContext, batches: number): void {
  const db = getDb({ env: ctx.env, busyTimeoutMs: 5000 });
  for (let i = 0; i < batches; i++) {
    const r = rekeyPass(db, SESSION_END_LIMIT);
    if (r.rekeyed + r.merged + r.kept + r.events > 0)
      ctx.log(`kb-rekey: ${r.rekeyed} re-keyed, ${r.merged} merged, ${r.kept} kept, ${r.events} events`);
    if (r.rekeyed + r.merged + r.kept < SESSION_END_LIMIT && r.eventsSeen < SESSION_END_LIMIT) return;
  }
}

export const kbRekeyStep: Job = (ctx) => rekeyAll(ctx, 1);
export const rekeyJob: Job = (ctx) => rekeyAll(ctx, 1000);
