// Candidate fixes per error (schema v3): every proven fix is kept with how it was proven, how often
// it was confirmed and in which projects. error_kb.resolution (seed schema, seed UPSERT) shows the
// best candidate: strongest proof, then most confirmations, then the oldest — so a weaker or
// unconfirmed candidate never replaces a stronger one. Never throws into a hook.
import { flagIfDamaged } from '../db/recovery-log.js';
import type { DB } from '../db/db.js';
import { redact, truncate } from '../common/redact.js';
import { unsafeFix } from './safety.js';

/** How a fix was proven. */
export type Proof = 'manual' | 'same-command' | 'same-file' | 'tool-usage' | 'legacy';

/** Strength of each proof: a fix typed by the user beats one learned; legacy ones (unknown) rank last. */
export const PROOF_STRENGTH: Record<Proof, number> = {
  manual: 3,
  'same-command': 2,
  'same-file': 2,
  'tool-usage': 2,
  legacy: 0,
};

export interface FixCandidate {
  id: number;
  kb_id: number;
  fix_key: string;
  resolution: string;
  resolved_by: string | null;
  tool_sequence: string | null;
  proof: Proof;
  strength: number;
  confirmations: number;
  first_ts: string;
  last_ts: string;
}

export interface ProjectConfirmations {
  project_path: string;
  confirmations: number;
  last_ts: string;
}

export interface ProvenFix {
  errorRaw?: string;
  /** The concrete description shown as advice. */
  resolution: string;
  /** Identity of the fix (same fix in two sessions/projects → same key). */
  fixKey: string;
  resolvedBy?: string;
  toolSequence?: string[];
  proof: Exclude<Proof, 'legacy' | 'manual'>;
  /** The project it was learned in. */
  projectPath: string;
}

const UPSERT = `INSERT INTO error_kb (ts, error_normalized, error_raw, resolution, resolved_by, tool_sequence, use_count)
VALUES (?, ?, ?, ?, ?, ?, 1)
ON CONFLICT(error_normalized) DO UPDATE SET
  ts = excluded.ts,
  resolution = excluded.resolution,
  resolved_by = excluded.resolved_by,
  tool_sequence = excluded.tool_sequence,
  use_count = use_count + 1
RETURNING id`;

const BEST_ORDER = 'strength DESC, confirmations DESC, first_ts ASC, id ASC';

export const kbKey = (normalizedError: string) => truncate(redact(normalizedError.trim()), 400, '');

/** The candidates of an entry, best first. */
export function candidates(db: DB, kbId: number): FixCandidate[] {
  return db
    .prepare(`SELECT * FROM error_kb_fixes WHERE kb_id = ? ORDER BY ${BEST_ORDER}`)
    .all(kbId) as FixCandidate[];
}

export function bestCandidate(db: DB, kbId: number): FixCandidate | null {
  return (
    (db.prepare(`SELECT * FROM error_kb_fixes WHERE kb_id = ? ORDER BY ${BEST_ORDER} LIMIT 1`).get(kbId) as
      FixCandidate | undefined) ?? null
  );
}

export function projectConfirmations(db: DB, fixId: number): ProjectConfirmations[] {
  return db
    .prepare(
      `SELECT project_path, confirmations, last_ts FROM error_kb_fix_projects WHERE fix_id = ? ORDER BY last_ts DESC`,
    )
    .all(fixId) as ProjectConfirmations[];
}

function upsertCandidate(
  db: DB,
  kbId: number,
  c: {
    fixKey: string;
    resolution: string;
    resolvedBy: string | null;
    toolSequence: string | null;
    proof: Proof;
    replaceText: boolean;
  },
  now: string,
): number {
  const row = db
    .prepare(
      `INSERT INTO error_kb_fixes
         (kb_id, fix_key, resolution, resolved_by, tool_sequence, proof, strength, confirmations, first_ts, last_ts)
       VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)
       ON CONFLICT(kb_id, fix_key) DO UPDATE SET
         confirmations = confirmations + 1,
         last_ts = excluded.last_ts,
         resolution = CASE WHEN ? THEN excluded.resolution ELSE resolution END,
         resolved_by = CASE WHEN ? THEN excluded.resolved_by ELSE resolved_by END,
         tool_sequence = CASE WHEN ? THEN excluded.tool_sequence ELSE tool_sequence END
       RETURNING id`,
    )
    .get(
      kbId,
      c.fixKey,
      c.resolution,
      c.resolvedBy,
      c.toolSequence,
      c.proof,
      PROOF_STRENGTH[c.proof],
      now,
      now,
      c.replaceText ? 1 : 0,
      c.replaceText ? 1 : 0,
      c.replaceText ? 1 : 0,
    ) as { id: number };
  return row.id;
}

/** Writes the best candidate into error_kb through the seed's UPSERT. */
function showBest(db: DB, key: string, errorRaw: string | null, now: string): number | null {
  const id = (
    db.prepare('SELECT id FROM error_kb WHERE error_normalized = ?').get(key) as { id: number } | undefined
  )?.id;
  if (id === undefined) return null;
  const best = bestCandidate(db, id);
  if (!best) return id;
  const cur = db
    .prepare('SELECT resolution, resolved_by, tool_sequence FROM error_kb WHERE id = ?')
    .get(id) as {
    resolution: string | null;
    resolved_by: string | null;
    tool_sequence: string | null;
  };
  if (
    cur.resolution === best.resolution &&
    cur.resolved_by === best.resolved_by &&
    cur.tool_sequence === best.tool_sequence
  )
    return id;
  db.prepare(UPSERT).get(now, key, errorRaw, best.resolution, best.resolved_by, best.tool_sequence);
  return id;
}

/**
 * Records a fix proven by a later call (resolution detection). Unsafe fixes (error-kb/safety.ts) are
 * never stored. The first fix of an error creates the entry (seed UPSERT); later ones add or
 * confirm a candidate, and error_kb.resolution changes only when another candidate is now better.
 * Returns the error_kb id, or null (nothing stored, or any failure).
 */
export function recordProvenFix(
  db: DB,
  normalizedError: string,
  fix: ProvenFix,
  now = new Date(),
): number | null {
  try {
    if (!db || typeof normalizedError !== 'string' || !normalizedError.trim()) return null;
    const resolution = truncate(redact(fix.resolution.trim()), 1000);
    if (!resolution || unsafeFix(fix.resolution) || unsafeFix(resolution)) return null;
    const key = kbKey(normalizedError);
    const ts = now.toISOString();
    const errorRaw = typeof fix.errorRaw === 'string' ? truncate(redact(fix.errorRaw), 2000) : null;
    const resolvedBy = fix.resolvedBy ? truncate(redact(fix.resolvedBy), 200) : null;
    const toolSequence = fix.toolSequence?.length
      ? JSON.stringify(fix.toolSequence.slice(0, 50).map((t) => redact(String(t))))
      : null;
    return db
      .transaction(() => {
        let kbId = (
          db.prepare('SELECT id FROM error_kb WHERE error_normalized = ?').get(key) as
            { id: number } | undefined
        )?.id;
        if (kbId === undefined) {
          kbId = (
            db.prepare(UPSERT).get(ts, key, errorRaw, resolution, resolvedBy, toolSequence) as { id: number }
          ).id;
        }
        const fixId = upsertCandidate(
          db,
          kbId,
          {
            fixKey: truncate(redact(fix.fixKey), 500, ''),
            resolution,
            resolvedBy,
            toolSequence,
            proof: fix.proof,
            replaceText: false,
          },
          ts,
        );
        db.prepare(
          `INSERT INTO error_kb_fix_projects (fix_id, project_path, confirmations, last_ts) VALUES (?, ?, 1, ?)
         ON CONFLICT(fix_id, project_path) DO UPDATE SET confirmations = confirmations + 1, last_ts = excluded.last_ts`,
        ).run(fixId, redact(fix.projectPath), ts);
        return showBest(db, key, errorRaw, ts);
      })
      .immediate();
  } catch (e) {
    flagIfDamaged(db, e); // learning must not stop silently on a damaged database (#12.5)
    return null;
  }
}

/**
 * A fix given by the user (`kb add`, `kb edit -r`, recordResolution): one 'manual' candidate per
 * entry, its text replaced by the latest one; it outranks every learned fix.
 */
export function recordManualFix(
  db: DB,
  kbId: number,
  resolution: string,
  resolvedBy: string | null,
  toolSequence: string | null,
  now = new Date(),
): void {
  upsertCandidate(
    db,
    kbId,
    { fixKey: 'manual', resolution, resolvedBy, toolSequence, proof: 'manual', replaceText: true },
    now.toISOString(),
  );
}

/** Removes every candidate of an entry (its resolution was cleared by the user). */
export function clearCandidates(db: DB, kbId: number): void {
  db.prepare('DELETE FROM error_kb_fixes WHERE kb_id = ?').run(kbId);
}

/** Counts one lookup that reached the user as advice (`kb stats` "lookups answered"). */
export function countLookup(db: DB, kbId: number, now = new Date()): void {
  try {
    db.prepare(
      `INSERT INTO error_kb_lookups (kb_id, answered, last_ts) VALUES (?, 1, ?)
       ON CONFLICT(kb_id) DO UPDATE SET answered = answered + 1, last_ts = excluded.last_ts`,
    ).run(kbId, now.toISOString());
  } catch {
    // a read-only or busy database still gives its advice
  }
}
