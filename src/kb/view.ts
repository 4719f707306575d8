// The knowledge base as the dashboard shows it: each entry with what is known of where it came
// from and how it was used. One function (kbView) so that confidence and provenance fields added
// to the KB later are shown by extending it, not the server.
import type { DB } from '../store/db.js';
import { stmt } from '../store/events.js';
import { listEntries } from './manage.js';
import type { KbEntry } from './search.js';

export interface KbViewEntry extends KbEntry {
  embedded: boolean;
  /** Projects in which this error was resolved (from resolution events), newest first. */
  projects: string[];
  /** Tool calls that resolved it, in order (parsed tool_sequence). */
  toolSequence: string[];
  /** How sure we are the fix applies; null while the KB records no confidence. */
  confidence: number | null;
}

function parseSequence(s: string | null): string[] {
  if (!s) return [];
  try {
    const v = JSON.parse(s) as unknown;
    return Array.isArray(v) ? v.map(String).slice(0, 50) : [];
  } catch {
    return [];
  }
}

/** Entries (newest first, or a substring search), each with its provenance. */
export function kbView(db: DB, o: { contains?: string; limit?: number } = {}): KbViewEntry[] {
  const rows = listEntries(db, { contains: o.contains || undefined, limit: Math.min(o.limit ?? 100, 500) });
  const projects = stmt(
    db,
    `SELECT project, max(ts) AS last FROM events WHERE type = 'resolution' AND project IS NOT NULL
     AND json_extract(data, '$.error') = ? GROUP BY project ORDER BY last DESC LIMIT 10`,
  );
  return rows.map((r) => ({
    ...r,
    projects: (projects.all(r.error_normalized) as { project: string }[]).map((p) => p.project),
    toolSequence: parseSequence(r.tool_sequence),
    confidence: null,
  }));
}

export interface AdviceOutcome {
  id: number;
  error: string;
  useCount: number;
  lastUsed: string;
  /** tool_error events with the same normalized error after the last time the advice was given. */
  cameBack: number;
}

/** Entries whose advice was given (use_count > 0): did the same error come back afterwards? */
export function adviceOutcomes(db: DB, limit = 50): AdviceOutcome[] {
  const rows = stmt(
    db,
    `SELECT id, error_normalized AS error, use_count AS useCount, last_used AS lastUsed FROM error_kb
     WHERE use_count > 0 AND last_used IS NOT NULL ORDER BY last_used DESC LIMIT ${Math.max(1, Math.min(limit, 500))}`,
  ).all() as Omit<AdviceOutcome, 'cameBack'>[];
  const again = stmt(
    db,
    `SELECT count(*) AS n FROM events WHERE type = 'tool_error' AND ts > ? AND json_extract(data, '$.error') = ?`,
  );
  return rows.map((r) => ({ ...r, cameBack: (again.get(r.lastUsed, r.error) as { n: number }).n }));
}

/** How many KB entries were advised at least once (last_used is set only when advice is given). */
export function adviceSummary(db: DB): { advised: number; lastAdvised: string | null } {
  return stmt(
    db,
    'SELECT count(last_used) AS advised, max(last_used) AS lastAdvised FROM error_kb',
  ).get() as { advised: number; lastAdvised: string | null };
}
