// error_kb_lookups: each lookup answered with advice, and the KB's totals for status and the dashboard.
import type { DB } from '../../db/db.js';
import { stmt } from '../../db/events/write.js';

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
