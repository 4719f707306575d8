// recordResolution: UPSERT of a resolved error into error_kb (seed 001, REQ-RA-003). This is the
// explicit write (`kb add`, tests, imports): the latest text wins and is kept as the entry's
// 'manual' candidate, which outranks learned fixes. Hooks record proven fixes through
// error-kb/candidates.ts recordProvenFix instead.
import type { DB } from '../db/db.js';
import { upsertEntry } from './db.js';
import { kbKey, storedSignature } from './error-key.js';
import { recordManualFix } from './candidates.js';
import { redact, truncate } from '../common/redact.js';
import { flagIfDamaged } from '../db/recovery-log.js';

export interface ResolutionInfo {
  errorRaw?: string;
  /** A short description of the fix. When absent, the seed's JSON form is stored instead. */
  resolution?: string;
  resolvedBy?: string;
  toolSequence?: string[];
  /** The project the user typed it in (`kb add`). */
  projectPath?: string;
}

/**
 * The resolution text stored: the description when given, else the seed's JSON string of how the
 * error was resolved ({"resolvedBy":…, "toolSequence":[…]}).
 */
export function resolutionText(info: ResolutionInfo): string | null {
  if (typeof info.resolution === 'string' && info.resolution.trim())
    return truncate(redact(info.resolution.trim()), 1000);
  if (!info.resolvedBy && !info.toolSequence?.length) return null;
  return JSON.stringify({
    ...(info.resolvedBy ? { resolvedBy: info.resolvedBy } : {}),
    ...(info.toolSequence?.length ? { toolSequence: info.toolSequence.slice(0, 50) } : {}),
  });
}

/**
 * Records (or refreshes) the resolution of a normalized error. Everything is redacted first.
 * Returns the error_kb id, or null on any failure (never throws). No embedding is made here:
 * the session-end batch does that (REQ-RA-005).
 */
export function recordResolution(
  db: DB,
  normalizedError: string,
  info: ResolutionInfo = {},
  now = new Date(),
): number | null {
  try {
    if (!db || typeof normalizedError !== 'string' || !normalizedError.trim()) return null;
    const key = kbKey(normalizedError);
    const resolution = resolutionText(info);
    const resolvedBy = info.resolvedBy ? truncate(redact(String(info.resolvedBy)), 200) : null;
    const toolSequence = Array.isArray(info.toolSequence)
      ? JSON.stringify(info.toolSequence.slice(0, 50).map((t) => redact(String(t))))
      : null;
    return db
      .transaction(() => {
        const id = upsertEntry(db, {
          ts: now.toISOString(),
          key,
          errorRaw: typeof info.errorRaw === 'string' ? truncate(redact(info.errorRaw), 2000) : null,
          errorLines: storedSignature(info.errorRaw),
          resolution,
          resolvedBy,
          toolSequence,
        });
        if (id !== null && resolution)
          recordManualFix(db, id, resolution, resolvedBy, toolSequence, now, info.projectPath);
        return id;
      })
      .immediate();
  } catch (e) {
    flagIfDamaged(db, e); // learning must not stop silently on a damaged database
    return null;
  }
}

/** A resolution as one line of text, whichever form it was stored in. */
export function describeResolution(entry: {
  resolution: string | null;
  resolved_by?: string | null;
  tool_sequence?: string | null;
}): string {
  const r = entry.resolution?.trim();
  if (!r) return '';
  if (r.startsWith('{')) {
    try {
      const j = JSON.parse(r) as { resolvedBy?: string; toolSequence?: string[]; description?: string };
      if (j.description) return j.description;
      const seq = Array.isArray(j.toolSequence) && j.toolSequence.length ? j.toolSequence.join(' → ') : '';
      return [j.resolvedBy ? `resolved with ${j.resolvedBy}` : '', seq ? `(${seq})` : '']
        .filter(Boolean)
        .join(' ');
    } catch {}
  }
  return r;
}
