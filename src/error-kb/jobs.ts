// Background work of the error KB: batch embeddings after each session (REQ-RA-005) and the `embed`
// job. Listed in src/parts/index.ts (runs in dist/worker.js, detached from hooks).
import { getDb } from '../db/db.js';
import type { Job, JobContext } from '../hook/contract/part.js';
import { batchEmbedder } from '../embed/index.js';
import { generateErrorEmbeddings, pendingEmbeddings } from './embeddings.js';
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
