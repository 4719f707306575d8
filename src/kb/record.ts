// recordResolution: UPSERT of a resolved error into error_kb (seed 001, REQ-RA-003).
import type { DB } from '../store/db.js';
import { redact, truncate } from '../shared/redact.js';

export interface ResolutionInfo {
  errorRaw?: string;
  resolution?: string;
  resolvedBy?: string;
  toolSequence?: string[];
}

const UPSERT = `INSERT INTO error_kb (ts, error_normalized, error_raw, resolution, resolved_by, tool_sequence, use_count)
VALUES (?, ?, ?, ?, ?, ?, 1)
ON CONFLICT(error_normalized) DO UPDATE SET
  ts = excluded.ts,
  resolution = excluded.resolution,
  resolved_by = excluded.resolved_by,
  tool_sequence = excluded.tool_sequence,
  use_count = use_count + 1`;

/**
 * Records (or refreshes) the resolution of a normalized error. Everything is redacted first.
 * Returns the error_kb id, or null on any failure (never throws). No embedding is made here:
 * the session-end batch does that.
 */
export function recordResolution(db: DB, normalizedError: string, info: ResolutionInfo = {}, now = new Date()): number | null {
  try {
    if (!normalizedError) return null;
    const key = redact(normalizedError);
    db.prepare(UPSERT).run(
      now.toISOString(),
      key,
      info.errorRaw != null ? truncate(redact(info.errorRaw), 2000) : null,
      info.resolution != null ? truncate(redact(info.resolution), 1000) : null,
      info.resolvedBy ?? null,
      info.toolSequence ? JSON.stringify(info.toolSequence.slice(0, 50)) : null,
    );
    const row = db.prepare('SELECT id FROM error_kb WHERE error_normalized = ?').get(key) as { id: number } | undefined;
    return row?.id ?? null;
  } catch {
    return null;
  }
}
