// The KB's SQL: every query on error_kb, error_kb_fts, error_kb_vocab, error_kb_fixes, error_kb_fix_projects,
// error_kb_lookups, vec_error_kb (sqlite-vec) and the team provenance tables (error_kb_fix_team,
// error_kb_forgotten, error_kb_team_projects: src/team fills them) lives here (test/unit/guard-sql-owners.test.ts).
// The matching logic (search.ts, lexical.ts, candidates.ts…) calls these functions, never SQL.
import type { DB } from '../db/db.js';
import { stmt } from '../db/events/write.js';
import type { KbEntry } from './entry.js';
import { KEY_VERSION } from './error-key.js';

export type { KbEntry };

const inList = (ids: readonly unknown[]) => ids.map(() => '?').join(',');

// ---------------------------------------------------------------- error_kb: lookups

/**
 * The exact tier: the entry of exactly this normalized error that has a resolution (indexed:
 * error_normalized is unique). Every exact lookup (search, PreToolUse, SubagentStart, analysis)
 * goes through here.
 */
export function exactEntry(db: DB, normalized: string): KbEntry | null {
  return (
    (stmt(
      db,
      `SELECT * FROM error_kb WHERE error_normalized = ? AND resolution IS NOT NULL ORDER BY use_count DESC, ts DESC LIMIT 1`,
    ).get(normalized) as KbEntry | undefined) ?? null
  );
}

/**
 * The matcher's prefix candidates (at most 10, most used first): entries with a resolution whose error starts with
 * `likePattern` (the seed's LIKE), found through a range on lower(error_normalized) ([low, high))
 * so the index idx_error_kb_lower serves it (LIKE folds ASCII case just as lower() does).
 */
export function prefixEntries(db: DB, low: string, high: string, likePattern: string): KbEntry[] {
  return stmt(
    db,
    `SELECT * FROM error_kb
  WHERE lower(error_normalized) >= ? AND lower(error_normalized) < ?
    AND error_normalized LIKE ? ESCAPE '\\' AND resolution IS NOT NULL
  ORDER BY use_count DESC, ts DESC LIMIT 10`,
  ).all(low, high, likePattern) as KbEntry[];
}

/** Entries among `ids` that have a resolution (any order). */
export function resolvedEntries(db: DB, ids: number[]): KbEntry[] {
  if (ids.length === 0) return [];
  return db
    .prepare(`SELECT * FROM error_kb WHERE id IN (${inList(ids)}) AND resolution IS NOT NULL`)
    .all(...ids) as KbEntry[];
}

/** The best full-text (BM25) candidates with a resolution for an FTS5 query, best first. */
export function ftsCandidates(db: DB, match: string, limit: number): (KbEntry & { bm25: number })[] {
  return db
    .prepare(
      `SELECT e.*, bm25(error_kb_fts) AS bm25 FROM error_kb_fts f JOIN error_kb e ON e.id = f.rowid
       WHERE error_kb_fts MATCH ? AND e.resolution IS NOT NULL ORDER BY rank LIMIT ${Math.max(1, Math.floor(limit))}`,
    )
    .all(match) as (KbEntry & { bm25: number })[];
}

/** In how many entries each word occurs (FTS5 vocabulary, both columns; one indexed look-up a word). */
export function kbDocFreq(db: DB, words: string[]): Map<string, number> {
  const q = stmt(db, 'SELECT doc FROM error_kb_vocab WHERE term = ?');
  const out = new Map<string, number>();
  for (const w of words) {
    const r = q.get(w) as { doc: number } | undefined;
    if (r) out.set(w, r.doc);
  }
  return out;
}

/** How many entries the KB holds. */
export function kbSize(db: DB): number {
  return (stmt(db, 'SELECT count(*) AS n FROM error_kb').get() as { n: number }).n;
}

/** A hit: bumps use_count and last_used (the seed). */
export function bumpUse(db: DB, id: number, now = new Date()): void {
  db.prepare('UPDATE error_kb SET use_count = use_count + 1, last_used = ? WHERE id = ?').run(
    now.toISOString(),
    id,
  );
}

export function getEntry(db: DB, id: number): KbEntry | null {
  return (db.prepare('SELECT * FROM error_kb WHERE id = ?').get(id) as KbEntry | undefined) ?? null;
}

/** The id of the entry of exactly this key (with or without a resolution). */
export function entryIdOf(db: DB, key: string): number | undefined {
  return (
    db.prepare('SELECT id FROM error_kb WHERE error_normalized = ?').get(key) as { id: number } | undefined
  )?.id;
}

/** The raw error text stored with an entry. */
export function entryErrorRaw(db: DB, id: number): string | null {
  return (
    (
      db.prepare('SELECT error_raw FROM error_kb WHERE id = ?').get(id) as
        { error_raw: string | null } | undefined
    )?.error_raw ?? null
  );
}

/** Entries, newest first (or most used first), optionally filtered by a LIKE pattern / unresolved. */
export function selectEntries(
  db: DB,
  o: { like?: string; unresolved?: boolean; sort?: 'used' | 'recent'; limit: number },
): KbEntry[] {
  const where: string[] = [];
  const args: unknown[] = [];
  if (o.like !== undefined) {
    where.push(
      `(error_normalized LIKE ? ESCAPE '\\' OR error_raw LIKE ? ESCAPE '\\' OR resolution LIKE ? ESCAPE '\\')`,
    );
    args.push(o.like, o.like, o.like);
  }
  if (o.unresolved) where.push('resolution IS NULL');
  const order = o.sort === 'used' ? 'use_count DESC, ts DESC' : 'ts DESC, id DESC';
  return db
    .prepare(
      `SELECT * FROM error_kb ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY ${order} LIMIT ?`,
    )
    .all(...args, Math.max(1, o.limit)) as KbEntry[];
}

/**
 * Entries holding any of `words` (case-insensitive, in the normalized or raw error or the
 * resolution): those holding the most of them first, then the most used, then the newest.
 */
export function selectEntriesByWords(db: DB, words: readonly string[], limit: number): KbEntry[] {
  if (words.length === 0) return [];
  const one = `(error_normalized LIKE ? ESCAPE '\\' OR error_raw LIKE ? ESCAPE '\\' OR resolution LIKE ? ESCAPE '\\')`;
  const hits = words.map(() => `(CASE WHEN ${one} THEN 1 ELSE 0 END)`).join(' + ');
  const args = words.flatMap((w) => {
    const like = `%${w.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
    return [like, like, like];
  });
  return db
    .prepare(
      `SELECT * FROM (SELECT *, ${hits} AS hits FROM error_kb) WHERE hits > 0
         ORDER BY hits DESC, use_count DESC, ts DESC, id DESC LIMIT ?`,
    )
    .all(...args, Math.max(1, limit))
    .map((r) => {
      const { hits: _hits, ...entry } = r as KbEntry & { hits: number };
      return entry as KbEntry;
    });
}

/** id, error and resolution of entries: most used first (`kb calibrate`) or newest first (`kb review`). */
export function entrySample(
  db: DB,
  o: { order: 'used' | 'recent'; limit: number },
): { id: number; error_normalized: string; resolution: string | null }[] {
  return (
    o.order === 'used'
      ? db
          .prepare(
            'SELECT id, error_normalized, resolution FROM error_kb ORDER BY use_count DESC, id DESC LIMIT ?',
          )
          .all(o.limit)
      : db
          .prepare('SELECT id, error_normalized, resolution FROM error_kb ORDER BY ts DESC, id DESC LIMIT ?')
          .all(o.limit)
  ) as { id: number; error_normalized: string; resolution: string | null }[];
}

/** Entries whose error names a file called `name` (full-text), with a resolution, best first. */
export function entriesNamingFile(
  db: DB,
  name: string,
  limit: number,
): { id: number; error_normalized: string }[] {
  return db
    .prepare(
      `SELECT k.id, k.error_normalized FROM error_kb_fts f JOIN error_kb k ON k.id = f.rowid
             WHERE error_kb_fts MATCH ? AND k.resolution IS NOT NULL ORDER BY rank LIMIT ?`,
    )
    .all(`"${name.replace(/"/g, '')}"`, limit) as { id: number; error_normalized: string }[];
}

// ---------------------------------------------------------------- error_kb: writes

/** The seed's UPSERT: creates the entry or refreshes its resolution (use_count + 1). Returns its id. */
export function upsertEntry(
  db: DB,
  e: {
    ts: string;
    key: string;
    errorRaw: string | null;
    resolution: string | null;
    resolvedBy: string | null;
    toolSequence: string | null;
    /** The signature lines (errorSignature of the whole raw output), one a line. */
    errorLines?: string | null;
  },
): number | null {
  const row = db
    .prepare(
      `INSERT INTO error_kb (ts, error_normalized, error_raw, resolution, resolved_by, tool_sequence, use_count, error_lines, key_version)
VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)
ON CONFLICT(error_normalized) DO UPDATE SET
  ts = excluded.ts,
  key_version = excluded.key_version,
  error_lines = coalesce(error_lines, excluded.error_lines),
  resolution = excluded.resolution,
  resolved_by = excluded.resolved_by,
  tool_sequence = excluded.tool_sequence,
  use_count = use_count + 1
RETURNING id`,
    )
    .get(
      e.ts,
      e.key,
      e.errorRaw,
      e.resolution,
      e.resolvedBy,
      e.toolSequence,
      e.errorLines ?? null,
      KEY_VERSION,
    ) as { id: number } | undefined;
  return row?.id ?? null;
}

/** The columns `kb edit` may change. */
export interface EntryColumns {
  error_normalized?: string;
  resolution?: string | null;
  resolved_by?: string | null;
  error_raw?: string | null;
  ts?: string;
  key_version?: number;
}

const EDITABLE: readonly (keyof EntryColumns)[] = [
  'error_normalized',
  'resolution',
  'resolved_by',
  'error_raw',
  'ts',
  'key_version',
];

/** Sets some columns of one entry. */
export function updateEntry(db: DB, id: number, cols: EntryColumns): void {
  const keys = EDITABLE.filter((k) => cols[k] !== undefined);
  if (keys.length === 0) return;
  db.prepare(`UPDATE error_kb SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`).run(
    ...keys.map((k) => cols[k]),
    id,
  );
}

// ---------------------------------------------------------------- error_kb: key versions (rekey.ts)

/** Entries whose key is of a version older than `version`, by id. */
export function staleKeyEntries(
  db: DB,
  version: number,
  limit: number,
): { id: number; error_normalized: string; error_raw: string | null }[] {
  return db
    .prepare('SELECT id, error_normalized, error_raw FROM error_kb WHERE key_version < ? ORDER BY id LIMIT ?')
    .all(version, limit) as { id: number; error_normalized: string; error_raw: string | null }[];
}

/** Gives an entry its key of `version` (and the signature computed with it, when there is one). */
export function setEntryKey(db: DB, id: number, key: string, version: number, lines: string | null): void {
  db.prepare(
    'UPDATE error_kb SET error_normalized = ?, key_version = ?, error_lines = coalesce(?, error_lines) WHERE id = ?',
  ).run(key, version, lines, id);
}

/**
 * Entry `from` has the key of entry `to` now: its candidate fixes (a fix key `to` has already stays
 * `to`'s), its uses and its lookups go to `to`, then `from` is deleted (the rest by trigger).
 */
export function mergeEntryInto(db: DB, from: number, to: number): void {
  db.prepare('UPDATE OR IGNORE error_kb_fixes SET kb_id = ? WHERE kb_id = ?').run(to, from);
  db.prepare(
    `UPDATE error_kb SET use_count = coalesce(use_count, 0) +
       coalesce((SELECT use_count FROM error_kb WHERE id = ?), 0) WHERE id = ?`,
  ).run(from, to);
  db.prepare('UPDATE OR IGNORE error_kb_lookups SET kb_id = ? WHERE kb_id = ?').run(to, from);
  db.prepare('DELETE FROM error_kb WHERE id = ?').run(from);
}

/** Deletes one entry (its candidates and lookups go by trigger). True when it existed. */
export function deleteEntry(db: DB, id: number): boolean {
  return db.prepare('DELETE FROM error_kb WHERE id = ?').run(id).changes > 0;
}

// ---------------------------------------------------------------- error_kb_fixes, error_kb_fix_projects

/** Best first: strongest proof, then most confirmations, then the oldest. */
const BEST_ORDER = 'strength DESC, confirmations DESC, first_ts ASC, id ASC';

/** The candidate fixes of an entry, best first (rows of error_kb_fixes). */
export function fixRows<T>(db: DB, kbId: number): T[] {
  return db.prepare(`SELECT * FROM error_kb_fixes WHERE kb_id = ? ORDER BY ${BEST_ORDER}`).all(kbId) as T[];
}

/** The best candidate fix of an entry. */
export function bestFixRow<T>(db: DB, kbId: number): T | null {
  return (
    (db.prepare(`SELECT * FROM error_kb_fixes WHERE kb_id = ? ORDER BY ${BEST_ORDER} LIMIT 1`).get(kbId) as
      T | undefined) ?? null
  );
}

/** Where a fix was confirmed, most recent first. */
export function fixProjectRows(
  db: DB,
  fixId: number,
): { project_path: string; repo: string | null; confirmations: number; last_ts: string }[] {
  return db
    .prepare(
      `SELECT project_path, repo, confirmations, last_ts FROM error_kb_fix_projects WHERE fix_id = ? ORDER BY last_ts DESC`,
    )
    .all(fixId) as { project_path: string; repo: string | null; confirmations: number; last_ts: string }[];
}

/**
 * Candidate fixes the fix policy has not judged (or judged with an older version), oldest first;
 * with `kbId`, only that entry's.
 */
export function unjudgedFixRows(
  db: DB,
  version: number,
  limit: number,
  kbId?: number,
): { id: number; resolution: string; proof: string }[] {
  return db
    .prepare(
      `SELECT id, resolution, proof FROM error_kb_fixes
       WHERE (policy_version IS NULL OR policy_version != ?) AND (? IS NULL OR kb_id = ?) ORDER BY id LIMIT ?`,
    )
    .all(version, kbId ?? null, kbId ?? null, limit) as { id: number; resolution: string; proof: string }[];
}

/** Stores the fix policy's verdict with a candidate (only if its text is still the one judged). */
export function setFixVerdict(
  db: DB,
  id: number,
  resolution: string,
  v: { cls: string; reason: string; text: string; version: number; rule?: string },
): void {
  db.prepare(
    `UPDATE error_kb_fixes SET policy_class = ?, policy_reason = ?, policy_text = ?, policy_version = ?,
       policy_rule = ? WHERE id = ? AND resolution = ?`,
  ).run(v.cls, v.reason, v.text, v.version, v.rule || null, id, resolution);
}

/** Adds a candidate fix or confirms it again (its text replaced only when `replaceText`). Returns its id. */
export function upsertFix(
  db: DB,
  kbId: number,
  c: {
    fixKey: string;
    resolution: string;
    resolvedBy: string | null;
    toolSequence: string | null;
    proof: string;
    strength: number;
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
      c.strength,
      now,
      now,
      c.replaceText ? 1 : 0,
      c.replaceText ? 1 : 0,
      c.replaceText ? 1 : 0,
    ) as { id: number };
  return row.id;
}

/** Counts one more confirmation of a fix in a project. */
export function confirmFixInProject(
  db: DB,
  fixId: number,
  projectPath: string,
  repo: string | null,
  ts: string,
): void {
  db.prepare(
    `INSERT INTO error_kb_fix_projects (fix_id, project_path, repo, confirmations, last_ts) VALUES (?, ?, ?, 1, ?)
         ON CONFLICT(fix_id, project_path) DO UPDATE SET confirmations = confirmations + 1,
           last_ts = excluded.last_ts, repo = coalesce(excluded.repo, repo)`,
  ).run(fixId, projectPath, repo, ts);
}

/** The fix shown by an entry (error_kb.resolution, resolved_by, tool_sequence). */
export function shownFix(
  db: DB,
  id: number,
): { resolution: string | null; resolved_by: string | null; tool_sequence: string | null } {
  return db.prepare('SELECT resolution, resolved_by, tool_sequence FROM error_kb WHERE id = ?').get(id) as {
    resolution: string | null;
    resolved_by: string | null;
    tool_sequence: string | null;
  };
}

/** Removes every candidate of an entry. */
export function deleteFixes(db: DB, kbId: number): void {
  db.prepare('DELETE FROM error_kb_fixes WHERE kb_id = ?').run(kbId);
}

// ---------------------------------------------------------------- team provenance (src/team)

/** A teammate's confirmations of a fix in one project (error_kb_fix_team). */
export interface TeamConfirmation {
  member: string;
  machine: string;
  project_id: string;
  project_name: string;
  confirmations: number;
  last_ts: string;
  updated_at: string;
}

/** Teammates' confirmations of a fix (hook path: indexed by the primary key). */
export function fixTeamRows(db: DB, fixId: number): TeamConfirmation[] {
  return stmt(
    db,
    `SELECT member, machine, project_id, project_name, confirmations, last_ts, updated_at
     FROM error_kb_fix_team WHERE fix_id = ? ORDER BY last_ts DESC`,
  ).all(fixId) as TeamConfirmation[];
}

/** The team identity of a local project folder (recorded by the last sync), or null. */
export function teamProjectId(db: DB, projectPath: string): string | null {
  return (
    (
      stmt(db, 'SELECT project_id FROM error_kb_team_projects WHERE project_path = ?').get(projectPath) as
        { project_id: string } | undefined
    )?.project_id ?? null
  );
}

/** Records the team identities of local project folders. */
export function setTeamProjects(
  db: DB,
  rows: readonly { projectPath: string; projectId: string; name: string }[],
): void {
  const ins = stmt(
    db,
    `INSERT INTO error_kb_team_projects (project_path, project_id, name) VALUES (?, ?, ?)
     ON CONFLICT(project_path) DO UPDATE SET project_id = excluded.project_id, name = excluded.name`,
  );
  for (const r of rows) ins.run(r.projectPath, r.projectId, r.name);
}

/** Local project folders whose team identity is known. */
export function teamProjectRows(db: DB): { project_path: string; project_id: string; name: string }[] {
  return stmt(db, 'SELECT project_path, project_id, name FROM error_kb_team_projects').all() as {
    project_path: string;
    project_id: string;
    name: string;
  }[];
}

/** The local project folders a fix was confirmed in, and the distinct folders of the KB. */
export function fixProjectPaths(db: DB): string[] {
  return (
    stmt(db, 'SELECT DISTINCT project_path FROM error_kb_fix_projects').all() as { project_path: string }[]
  ).map((r) => r.project_path);
}

/** The candidate of an entry with this fix key. */
export function fixIdOf(db: DB, kbId: number, fixKey: string): number | undefined {
  return (
    stmt(db, 'SELECT id FROM error_kb_fixes WHERE kb_id = ? AND fix_key = ?').get(kbId, fixKey) as
      { id: number } | undefined
  )?.id;
}

/**
 * A candidate pulled from the team: created with no local confirmation, or, when it exists, made
 * stronger (never weaker) by the teammate's proof; its text stays the local one. Returns its id.
 */
export function upsertTeamFix(
  db: DB,
  kbId: number,
  c: Omit<Parameters<typeof upsertFix>[2], 'replaceText'> & { firstTs: string },
): number {
  const row = stmt(
    db,
    `INSERT INTO error_kb_fixes
         (kb_id, fix_key, resolution, resolved_by, tool_sequence, proof, strength, confirmations, first_ts, last_ts)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)
       ON CONFLICT(kb_id, fix_key) DO UPDATE SET
         proof = CASE WHEN excluded.strength > strength THEN excluded.proof ELSE proof END,
         strength = max(strength, excluded.strength)
       RETURNING id`,
  ).get(
    kbId,
    c.fixKey,
    c.resolution,
    c.resolvedBy,
    c.toolSequence,
    c.proof,
    c.strength,
    c.firstTs,
    c.firstTs,
  ) as {
    id: number;
  };
  return row.id;
}

/** Sets (never adds) a teammate's confirmations of a fix in one project: a pull applied twice is a no-op. */
export function setFixTeam(db: DB, fixId: number, r: TeamConfirmation): void {
  stmt(
    db,
    `INSERT INTO error_kb_fix_team
       (fix_id, member, machine, project_id, project_name, confirmations, last_ts, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(fix_id, member, machine, project_id) DO UPDATE SET
       project_name = excluded.project_name, confirmations = excluded.confirmations,
       last_ts = excluded.last_ts, updated_at = excluded.updated_at`,
  ).run(fixId, r.member, r.machine, r.project_id, r.project_name, r.confirmations, r.last_ts, r.updated_at);
}

/** Removes one teammate's confirmations of a fix in one project. */
export function deleteFixTeam(
  db: DB,
  fixId: number,
  member: string,
  machine: string,
  projectId: string,
): void {
  stmt(
    db,
    'DELETE FROM error_kb_fix_team WHERE fix_id = ? AND member = ? AND machine = ? AND project_id = ?',
  ).run(fixId, member, machine, projectId);
}

/** Removes teammates' confirmations of an entry's fixes last changed at or before `ts` (a forget). */
export function deleteTeamRowsOfEntry(db: DB, kbId: number, ts: string): void {
  stmt(
    db,
    `DELETE FROM error_kb_fix_team WHERE updated_at <= ?
       AND fix_id IN (SELECT id FROM error_kb_fixes WHERE kb_id = ?)`,
  ).run(ts, kbId);
}

/** Removes every confirmation of a member (muted); returns the entries it touched. */
export function deleteMemberTeamRows(db: DB, member: string): number[] {
  const ids = (
    stmt(
      db,
      `SELECT DISTINCT f.kb_id FROM error_kb_fix_team t JOIN error_kb_fixes f ON f.id = t.fix_id WHERE t.member = ?`,
    ).all(member) as { kb_id: number }[]
  ).map((r) => r.kb_id);
  stmt(db, 'DELETE FROM error_kb_fix_team WHERE member = ?').run(member);
  return ids;
}

/** Drops an entry's candidates that only the team gave and no teammate confirms any more. */
export function dropOrphanTeamFixes(db: DB, kbId: number): void {
  stmt(
    db,
    `DELETE FROM error_kb_fixes WHERE kb_id = ? AND confirmations = 0 AND proof <> 'manual'
       AND NOT EXISTS (SELECT 1 FROM error_kb_fix_projects p WHERE p.fix_id = error_kb_fixes.id)
       AND NOT EXISTS (SELECT 1 FROM error_kb_fix_team t WHERE t.fix_id = error_kb_fixes.id)`,
  ).run(kbId);
}

/** Confirmations of fixes by the team, in all (`team status`). */
export function teamTotals(db: DB): { fixes: number; members: number; confirmations: number } {
  return stmt(
    db,
    `SELECT count(DISTINCT fix_id) AS fixes, count(DISTINCT member) AS members,
              coalesce(sum(confirmations), 0) AS confirmations FROM error_kb_fix_team`,
  ).get() as { fixes: number; members: number; confirmations: number };
}

/** When an error was last forgotten here (`kb rm`), or null. */
export function forgottenAt(db: DB, key: string): string | null {
  return (
    (stmt(db, 'SELECT ts FROM error_kb_forgotten WHERE error_key = ?').get(key) as { ts: string } | undefined)
      ?.ts ?? null
  );
}

/** Records a forget (the latest time wins); `pushed` = it came from the team, nothing to push. */
export function markForgotten(db: DB, key: string, ts: string, pushed = false): void {
  stmt(
    db,
    `INSERT INTO error_kb_forgotten (error_key, ts, pushed) VALUES (?, ?, ?)
     ON CONFLICT(error_key) DO UPDATE SET ts = max(ts, excluded.ts),
       pushed = CASE WHEN excluded.ts >= ts THEN excluded.pushed ELSE pushed END`,
  ).run(key, ts, pushed ? 1 : 0);
}

/** Forgets made here and not pushed yet. */
export function unpushedForgets(db: DB): { error_key: string; ts: string }[] {
  return stmt(db, 'SELECT error_key, ts FROM error_kb_forgotten WHERE pushed = 0 ORDER BY ts').all() as {
    error_key: string;
    ts: string;
  }[];
}

/** A forget reached the team store; its time becomes the store's. */
export function forgetPushed(db: DB, key: string, localTs: string, storeTs: string): void {
  stmt(db, 'UPDATE error_kb_forgotten SET pushed = 1, ts = max(ts, ?) WHERE error_key = ? AND ts = ?').run(
    storeTs,
    key,
    localTs,
  );
}

/** This machine's own proven fixes, per project folder (what the team store may receive). */
export interface LocalFixRow {
  error_key: string;
  error_raw: string | null;
  fix_key: string;
  resolution: string;
  resolved_by: string | null;
  tool_sequence: string | null;
  proof: string;
  strength: number;
  first_ts: string;
  project_path: string;
  confirmations: number;
  last_ts: string;
}

export function localProvenFixes(db: DB): LocalFixRow[] {
  return stmt(
    db,
    `SELECT e.error_normalized AS error_key, e.error_raw, f.fix_key, f.resolution, f.resolved_by,
              f.tool_sequence, f.proof, f.strength, f.first_ts, p.project_path, p.confirmations, p.last_ts
       FROM error_kb_fix_projects p JOIN error_kb_fixes f ON f.id = p.fix_id JOIN error_kb e ON e.id = f.kb_id
       WHERE f.proof NOT IN ('legacy', 'manual') ORDER BY e.id, f.id`,
  ).all() as LocalFixRow[];
}

// ---------------------------------------------------------------- error_kb_lookups

/** Counts one lookup answered with advice (in project folder `project`, when known; `team`: the fix came from a teammate). */
export function insertLookup(
  db: DB,
  kbId: number,
  ts: string,
  project: string | null = null,
  team = false,
): void {
  db.prepare(
    `INSERT INTO error_kb_lookups (kb_id, answered, last_ts, last_project, team_answered) VALUES (?, 1, ?, ?, ?)
       ON CONFLICT(kb_id) DO UPDATE SET answered = answered + 1, last_ts = excluded.last_ts,
       last_project = excluded.last_project, team_answered = team_answered + excluded.team_answered`,
  ).run(kbId, ts, project, team ? 1 : 0);
}

/** How often an entry's advice was shown. */
export function timesAdvised(db: DB, kbId: number): number {
  return (
    (
      stmt(db, 'SELECT answered FROM error_kb_lookups WHERE kb_id = ?').get(kbId) as
        { answered: number } | undefined
    )?.answered ?? 0
  );
}

/** Entries whose advice was shown, most recently advised first. */
export function advisedEntries(
  db: DB,
  limit: number,
): { id: number; error: string; useCount: number; lastUsed: string; lastProject: string | null }[] {
  return stmt(
    db,
    `SELECT e.id, e.error_normalized AS error, l.answered AS useCount, l.last_ts AS lastUsed,
            l.last_project AS lastProject
     FROM error_kb_lookups l JOIN error_kb e ON e.id = l.kb_id
     WHERE l.answered > 0 AND l.last_ts IS NOT NULL
     ORDER BY l.last_ts DESC LIMIT ${Math.max(1, Math.min(Math.floor(limit), 500))}`,
  ).all() as { id: number; error: string; useCount: number; lastUsed: string; lastProject: string | null }[];
}

/** Entries with a fix learned from sessions: a candidate proven by a later call (not typed, not legacy). */
export function learnedEntryCount(db: DB): number {
  return (
    stmt(
      db,
      `SELECT count(DISTINCT f.kb_id) AS n FROM error_kb_fixes f JOIN error_kb e ON e.id = f.kb_id
       WHERE f.proof NOT IN ('manual', 'legacy')`,
    ).get() as { n: number }
  ).n;
}

/** How many entries had their advice shown, how often in all (from teammates' fixes), and when last. */
export function adviceTotals(db: DB): {
  advised: number;
  times: number;
  teamTimes: number;
  lastAdvised: string | null;
} {
  return stmt(
    db,
    `SELECT count(*) AS advised, coalesce(sum(l.answered), 0) AS times,
            coalesce(sum(l.team_answered), 0) AS teamTimes, max(l.last_ts) AS lastAdvised
     FROM error_kb_lookups l JOIN error_kb e ON e.id = l.kb_id WHERE l.answered > 0`,
  ).get() as { advised: number; times: number; teamTimes: number; lastAdvised: string | null };
}

/** `kb stats` totals. */
export function kbTotals(db: DB): {
  entries: number;
  resolved: number;
  totalUses: number;
  lastUsed: string | null;
  newest: string | null;
} {
  return db
    .prepare(
      `SELECT count(*) AS entries, count(resolution) AS resolved,
              (SELECT coalesce(sum(answered), 0) FROM error_kb_lookups WHERE kb_id IN (SELECT id FROM error_kb)) AS totalUses,
              (SELECT max(last_ts) FROM error_kb_lookups WHERE kb_id IN (SELECT id FROM error_kb)) AS lastUsed,
              max(ts) AS newest FROM error_kb`,
    )
    .get() as {
    entries: number;
    resolved: number;
    totalUses: number;
    lastUsed: string | null;
    newest: string | null;
  };
}

/** The most advised entries (at most 5). */
export function mostAdvised(db: DB): { id: number; use_count: number; error_normalized: string }[] {
  return db
    .prepare(
      `SELECT e.id, l.answered AS use_count, e.error_normalized FROM error_kb_lookups l
       JOIN error_kb e ON e.id = l.kb_id WHERE l.answered > 0 ORDER BY l.answered DESC, e.ts DESC LIMIT 5`,
    )
    .all() as { id: number; use_count: number; error_normalized: string }[];
}

/** Entries per resolved_by (at most 10). */
export function entriesByTool(db: DB): { resolved_by: string | null; n: number }[] {
  return db
    .prepare('SELECT resolved_by, count(*) AS n FROM error_kb GROUP BY resolved_by ORDER BY n DESC LIMIT 10')
    .all() as { resolved_by: string | null; n: number }[];
}

// ---------------------------------------------------------------- vec_error_kb (sqlite-vec)

/** Does sqlite-vec's rowids shadow table exist (readable without loading the extension)? */
export function vecTableExists(db: DB): boolean {
  return !!db
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'vec_error_kb_rowids'`)
    .get();
}

/** Does any entry have an embedding (vec table must exist)? */
export function anyEmbedding(db: DB): boolean {
  return (db.prepare('SELECT EXISTS(SELECT 1 FROM vec_error_kb_rowids) AS n').get() as { n: number }).n === 1;
}

/** Entries among `ids` that have an embedding (no extension needed). */
export function embeddedAmong(db: DB, ids: number[]): Set<number> {
  if (ids.length === 0) return new Set();
  const rows = db
    .prepare(`SELECT rowid AS id FROM vec_error_kb_rowids WHERE rowid IN (${inList(ids)})`)
    .all(...ids) as { id: number }[];
  return new Set(rows.map((r) => r.id));
}

/** How many existing entries have an embedding. */
export function embeddedCount(db: DB): number {
  return (
    db
      .prepare('SELECT count(*) AS n FROM vec_error_kb_rowids WHERE rowid IN (SELECT id FROM error_kb)')
      .get() as {
      n: number;
    }
  ).n;
}

/** The k nearest embeddings with sqlite-vec's cosine distance (sqlite-vec loaded). */
export function nearestEmbeddings(db: DB, blob: Buffer, k: number): { id: number; distance: number }[] {
  return db
    .prepare(
      'SELECT error_kb_id AS id, distance FROM vec_error_kb WHERE embedding MATCH ? AND k = ? ORDER BY distance',
    )
    .all(blob, k) as { id: number; distance: number }[];
}

/** Replaces the embedding of one entry (seed: DELETE then INSERT; sqlite-vec loaded). */
export function replaceEmbedding(db: DB, id: number, blob: Buffer): void {
  db.prepare('DELETE FROM vec_error_kb WHERE error_kb_id = ?').run(BigInt(id));
  db.prepare('INSERT INTO vec_error_kb (error_kb_id, embedding) VALUES (?, ?)').run(BigInt(id), blob);
}

/** Removes the embedding of one entry (sqlite-vec loaded). */
export function deleteEmbedding(db: DB, id: number): void {
  db.prepare('DELETE FROM vec_error_kb WHERE error_kb_id = ?').run(BigInt(id));
}

/** Drops embeddings of deleted entries (they would take KNN slots; sqlite-vec loaded). */
export function deleteOrphanEmbeddings(db: DB): void {
  db.prepare('DELETE FROM vec_error_kb WHERE error_kb_id NOT IN (SELECT id FROM error_kb)').run();
}

const PENDING =
  'SELECT id, error_normalized FROM error_kb WHERE id NOT IN (SELECT error_kb_id FROM vec_error_kb) ORDER BY id';

/** Entries without an embedding, by id (sqlite-vec loaded). */
export function unembeddedEntries(db: DB): { id: number; error_normalized: string }[] {
  return db.prepare(PENDING).all() as { id: number; error_normalized: string }[];
}

/** How many entries have no embedding (sqlite-vec loaded). */
export function unembeddedCount(db: DB): number {
  return (db.prepare(`SELECT count(*) AS n FROM (${PENDING})`).get() as { n: number }).n;
}
