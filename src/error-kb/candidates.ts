// Candidate fixes per error (schema v3): every proven fix is kept with how it was proven, how often
// it was confirmed and in which projects. error_kb.resolution (seed schema, seed UPSERT) shows the
// best candidate: strongest proof, then most confirmations, then the oldest — so a weaker or
// unconfirmed candidate never replaces a stronger one. Never throws into a hook.
import { flagIfDamaged } from '../db/recovery-log.js';
import type { DB } from '../db/db.js';
import { errorKey, kbKey, KEY_VERSION, storedSignature } from './error-key.js';
import {
  bestFixRow,
  confirmFixInProject,
  deleteFixTeam,
  deleteFixes,
  deleteMemberTeamRows,
  deleteTeamRowsOfEntry,
  dropOrphanTeamFixes,
  entryIdOf,
  entryKeyVersion,
  fixIdOf,
  fixProjectRows,
  fixRows,
  forgottenAt,
  getEntry,
  insertLookup,
  markForgotten,
  mergeEntryInto,
  setFixTeam,
  shownFix,
  updateEntry,
  upsertEntry,
  upsertFix,
  upsertTeamFix,
} from './db.js';
import { redact, truncate } from '../common/redact.js';
import { repoIdentity } from '../common/project.js';
import type { VerdictColumns } from './verdict.js';

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

export interface FixCandidate extends VerdictColumns {
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
  /** The repository (common/project.ts repoIdentity); null for rows recorded before repositories were identified. */
  repo: string | null;
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
    // the shown fix changes, the key does not: it keeps its version (a stale one is re-keyed later)
    keyVersion: entryKeyVersion(db, id),
  });
  return id;
}

/** A fix whose text held a secret (redaction changed it) is never stored. */
const carriesSecret = (t: string) => /\[REDACTED/.test(t) || redact(t) !== t;

/**
 * Records a fix proven by a later call (resolution detection). Whether it may ever be offered is
 * decided later, in the background, by the fix policy (fix-policy): until then it is withheld.
 * A fix that carries a secret is never stored. The first fix of an error creates the entry (seed UPSERT); later ones add or
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
    if (!resolution || carriesSecret(fix.resolution)) return null;
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
        confirmFixInProject(db, fixId, redact(fix.projectPath), redact(repoIdentity(fix.projectPath)), ts);
        return showBest(db, key, errorRaw, ts);
      })
      .immediate();
  } catch (e) {
    flagIfDamaged(db, e); // learning must not stop silently on a damaged database
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
  projectPath?: string,
): void {
  const id = upsertCandidate(
    db,
    kbId,
    { fixKey: 'manual', resolution, resolvedBy, toolSequence, proof: 'manual', replaceText: true },
    now.toISOString(),
  );
  // where it was typed: a typed fix the policy keeps to its project is offered there
  if (projectPath)
    confirmFixInProject(db, id, redact(projectPath), redact(repoIdentity(projectPath)), now.toISOString());
}

/** Removes every candidate of an entry (its resolution was cleared by the user). */
export function clearCandidates(db: DB, kbId: number): void {
  deleteFixes(db, kbId);
}

/** Counts one lookup that reached the user as advice (`kb stats` "lookups answered"), in `project`; `team`: the fix came from a teammate. */
export function countLookup(
  db: DB,
  kbId: number,
  now = new Date(),
  project: string | null = null,
  team = false,
): void {
  try {
    insertLookup(db, kbId, now.toISOString(), project, team);
  } catch {
    // a read-only or busy database still gives its advice
  }
}

// ---------------------------------------------------------------- fixes pulled from the team (src/team)

/** A teammate's proven fix as pulled from the team store (already re-checked by src/team's safety check). */
export interface PulledFix {
  errorKey: string;
  errorRaw: string | null;
  fixKey: string;
  resolution: string;
  resolvedBy: string | null;
  toolSequence: string | null;
  proof: string;
  firstTs: string;
  member: string;
  machine: string;
  projectId: string;
  projectName: string;
  confirmations: number;
  lastTs: string;
  /** When the teammate last pushed it (the store's clock): forgets compare with it. */
  updatedAt: string;
}

const LEARNED = new Set<string>(['same-command', 'same-file', 'tool-usage']);

/**
 * The version of a pulled key: a teammate's key is this version's when its raw error gives that key
 * here (errorKey, the one definition); else another version computed it, and it is stored stale (0)
 * so the rekey pass (rekey.ts) gives it this version's key, merging it into the local entry.
 */
function pulledKeyVersion(key: string, errorRaw: string | null): number {
  if (errorRaw === null) return KEY_VERSION;
  const here = errorKey(errorRaw).normalized;
  return !here || here === key ? KEY_VERSION : 0;
}

/** Shows the entry's best candidate again, or no resolution when none is left. */
function refreshShown(db: DB, kbId: number, now: string): void {
  const e = getEntry(db, kbId);
  if (!e) return;
  if (bestCandidate(db, kbId)) showBest(db, e.error_normalized, e.error_raw, now);
  else if (e.resolution !== null) updateEntry(db, kbId, { resolution: null, resolved_by: null });
}

/**
 * Entry `from` was re-keyed to the key of entry `to` (rekey.ts): one entry, with the candidate
 * fixes, uses and lookups of both, showing its best fix.
 */
export function mergeEntries(db: DB, from: number, to: number, now = new Date()): void {
  mergeEntryInto(db, from, to);
  refreshShown(db, to, now.toISOString());
}

/**
 * The insert path of a pulled fix, inside the caller's transaction: the entry and the candidate are
 * created when missing (the candidate with no local confirmation), a stronger proof is kept over a
 * weaker one, and that the teammate confirms it in that project is set (one, whatever number the
 * row carries; a second pull changes nothing). Skipped (false): not a learned proof, text that redaction would change (a secret), or
 * an error forgotten here after the teammate pushed it.
 */
export function recordTeamFix(db: DB, f: PulledFix): boolean {
  if (!LEARNED.has(f.proof) || !f.errorKey.trim() || !f.resolution.trim()) return false;
  const key = kbKey(f.errorKey);
  const resolution = truncate(f.resolution.trim(), 1000);
  if (key !== f.errorKey || redact(resolution) !== resolution) return false;
  const forgotten = forgottenAt(db, key);
  if (forgotten !== null && forgotten >= f.updatedAt) return false;
  const errorRaw = f.errorRaw === null ? null : truncate(redact(f.errorRaw), 2000);
  const resolvedBy = f.resolvedBy === null ? null : truncate(redact(f.resolvedBy), 200);
  const toolSequence = f.toolSequence === null ? null : redact(f.toolSequence).slice(0, 4000);
  let kbId = entryIdOf(db, key);
  if (kbId === undefined)
    kbId = upsertEntry(db, {
      ts: f.updatedAt,
      key,
      errorRaw,
      resolution,
      resolvedBy,
      toolSequence,
      keyVersion: pulledKeyVersion(key, errorRaw),
    })!;
  const fixId = upsertTeamFix(db, kbId, {
    fixKey: truncate(redact(f.fixKey), 500, ''),
    resolution,
    resolvedBy,
    toolSequence,
    proof: f.proof,
    strength: PROOF_STRENGTH[f.proof as Proof],
    firstTs: f.firstTs,
  });
  setFixTeam(db, fixId, {
    member: f.member,
    machine: f.machine,
    project_id: f.projectId,
    project_name: f.projectName,
    // a member's row says the member confirmed it there, not how often: a number in a row is a claim
    confirmations: f.confirmations > 0 ? 1 : 0,
    last_ts: f.lastTs,
    updated_at: f.updatedAt,
  });
  showBest(db, key, errorRaw, f.updatedAt);
  return true;
}

/** A teammate no longer confirms a fix in a project (their tombstone): their count goes, and the candidate if nobody else has it. */
export function removeTeamFix(
  db: DB,
  f: { errorKey: string; fixKey: string; member: string; machine: string; projectId: string },
  now = new Date(),
): void {
  const kbId = entryIdOf(db, f.errorKey);
  if (kbId === undefined) return;
  const fixId = fixIdOf(db, kbId, f.fixKey);
  if (fixId !== undefined) deleteFixTeam(db, fixId, f.member, f.machine, f.projectId);
  dropOrphanTeamFixes(db, kbId);
  refreshShown(db, kbId, now.toISOString());
}

/**
 * A teammate forgot an error at `ts`: every teammate's confirmation of it up to then goes (this
 * machine's own proofs stay), and older ones pulled later are skipped.
 */
export function forgetFromTeam(db: DB, errorKey: string, ts: string, now = new Date()): void {
  markForgotten(db, errorKey, ts, true);
  const kbId = entryIdOf(db, errorKey);
  if (kbId === undefined) return;
  deleteTeamRowsOfEntry(db, kbId, ts);
  dropOrphanTeamFixes(db, kbId);
  refreshShown(db, kbId, now.toISOString());
}

/** A muted teammate: their confirmations go, with the candidates only they gave. */
export function dropMemberFixes(db: DB, member: string, now = new Date()): void {
  db.transaction(() => {
    for (const kbId of deleteMemberTeamRows(db, member)) {
      dropOrphanTeamFixes(db, kbId);
      refreshShown(db, kbId, now.toISOString());
    }
  }).immediate();
}

/** `kb rm`: the error is forgotten here; the next team sync pushes the forget as a tombstone. */
export function noteForget(db: DB, kbId: number, now = new Date()): void {
  const e = getEntry(db, kbId);
  if (e) markForgotten(db, e.error_normalized, now.toISOString());
}
