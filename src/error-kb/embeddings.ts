// generateErrorEmbeddings (seed 001, REQ-RA-005): embeds the error_kb entries that have no vector
// yet, 50 per batch, skipping failures, into vec_error_kb. Runs detached (SessionEnd worker) or from
// `self-gen embed`; never from a hook.
import { ensureVec, type DB } from '../db/db.js';
import { deleteOrphanEmbeddings, unembeddedCount, unembeddedEntries } from './db.js';
import { validVector, type Embedder, EMBED_DIMS } from '../embed/index.js';
import { putEmbedding } from './vector.js';

export const EMBED_BATCH = 50;

export interface EmbedReport {
  /** Entries that had no embedding when the run started. */
  pending: number;
  embedded: number;
  failed: number;
  /** Set when the run could not start (sqlite-vec missing…). */
  error?: string;
}

export interface EmbedOptions {
  batchSize?: number;
  /** Stop after this many entries (the rest wait for the next run). */
  limit?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Entries without an embedding (loads sqlite-vec). */
export async function pendingEmbeddings(db: DB): Promise<number> {
  if (!(await ensureVec(db))) return 0;
  return unembeddedCount(db);
}

/**
 * Embeds every entry that has no vector. A text the embedder cannot embed (null, wrong size,
 * thrown batch) is skipped and the rest go on; returns what happened, never throws.
 */
export async function generateErrorEmbeddings(
  db: DB,
  embedder: Embedder,
  opts: EmbedOptions = {},
): Promise<EmbedReport> {
  const report: EmbedReport = { pending: 0, embedded: 0, failed: 0 };
  try {
    if (!(await ensureVec(db))) return { ...report, error: 'sqlite-vec could not be loaded' };
    // Vectors of entries deleted meanwhile would take KNN slots: drop them.
    deleteOrphanEmbeddings(db);
    let rows = unembeddedEntries(db);
    report.pending = rows.length;
    if (rows.length === 0) return report;
    if (opts.limit !== undefined && opts.limit >= 0) rows = rows.slice(0, opts.limit);
    const size = Math.max(1, Math.min(opts.batchSize ?? EMBED_BATCH, EMBED_BATCH));
    for (let i = 0; i < rows.length; i += size) {
      const batch = rows.slice(i, i + size);
      const vectors = await embedBatch(
        embedder,
        batch.map((r) => r.error_normalized),
      );
      const write = db.transaction(() => {
        batch.forEach((r, j) => {
          const v = vectors[j];
          if (!validVector(v, EMBED_DIMS)) {
            report.failed++;
            return;
          }
          try {
            putEmbedding(db, r.id, v);
            report.embedded++;
          } catch {
            report.failed++;
          }
        });
      });
      try {
        write.immediate();
      } catch (e) {
        report.failed += batch.length;
        report.error = (e as Error).message;
      }
      opts.onProgress?.(Math.min(i + size, rows.length), rows.length);
    }
    return report;
  } catch (e) {
    return { ...report, error: (e as Error)?.message ?? String(e) };
  }
}

/** One batch; when the whole call throws, each text is tried alone so one bad text fails alone. */
async function embedBatch(embedder: Embedder, texts: string[]): Promise<(Float32Array | null)[]> {
  try {
    const out = await embedder.embed(texts);
    if (Array.isArray(out) && out.length === texts.length) return out;
  } catch {}
  const out: (Float32Array | null)[] = [];
  for (const t of texts) {
    try {
      out.push((await embedder.embed([t]))[0] ?? null);
    } catch {
      out.push(null);
    }
  }
  return out;
}
