// Candidate fixes per error (schema v3): every proven fix is kept with how it was proven, how often
// it was confirmed and in which projects. error_kb.resolution (seed schema, seed UPSERT) shows the
// best candidate: strongest proof, then most confirmations, then the oldest — so a weaker or
// unconfirmed candidate never replaces a stronger one. Never throws into a hook.
import { flagIfDamaged } from '../db/recovery-log.js';
import type { DB } from '../db/db.js';
import { storedSignature } from './error-key.js';
import {
  bestFixRow,
  confirmFixInProject,
  deleteFixes,
  entryIdOf,
  fixProjectRows,
  fixRows,
  insertLookup,
  shownFix,
  upsertEntry,
  upsertFix,
} from './db.js';
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

export const kbKey = (normalizedError: string) => truncate(redact(normalizedError.trim()), 400, '');

/** The candidates of an entry, best first. */
export function candidates(db: DB, kbId: number): FixCandidate[] {
  return fixRows<FixCandidate>(db, kbId);
}

export function bestCandidate(db: DB, kbId: number): FixCandidate | null {
  return bestFixRow<FixCandidate>(db, kbId);
}

export function projectConfirmations(db: DB, fixId: number): ProjectConfirmations[] {
  return fixProjectRows(db, fixId);
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
  return upsertFix(db, kbId, { ...c, strength: PROOF_STRENGTH[c.proof] }, now);
}

/** Writes the best candidate into error_kb through the seed's UPSERT. */
function showBest(db: DB, key: string, errorRaw: string | null, now: string): number | null {
  const id = entryIdOf(db, key);
  if (id === undefined) return null;
  const best = bestCandidate(db, id);
  if (!best) return id;
  const cur = shownFix(db, id);
  if (
    cur.resolution === best.resolution &&
    cur.resolved_by === best.resolved_by &&
    cur.tool_sequence === best.tool_sequence
  )
    return id;
  upsertEntry(db, {
    ts: now,
    key,
    errorRaw,
    resolution: best.resolution,
    resolvedBy: best.resolved_by,
    toolSequence: best.tool_sequence,
  });
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
        let kbId = entryIdOf(db, key);
        if (kbId === undefined) {
          const errorLines = storedSignature(fix.errorRaw);
          kbId = upsertEntry(db, { ts, key, errorRaw, resolution, resolvedBy, toolSequence, errorLines })!;
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
        confirmFixInProject(db, fixId, redact(fix.projectPath), ts);
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
  deleteFixes(db, kbId);
}

/** Counts one lookup that reached the user as advice (`kb stats` "lookups answered"), in `project`. */
export function countLookup(db: DB, kbId: number, now = new Date(), project: string | null = null): void {
  try {
    insertLookup(db, kbId, now.toISOString(), project);
  } catch {
    // a read-only or busy database still gives its advice
  }
}
