// Suggestions: which are open (in the newest analyses, without feedback), lookup by id or list
// position, and feedback (accepted / dismissed) in the feedback table.
import type { DB } from '../db/db.js';
import type { StoredSuggestion } from './answer.js';
import { textKey } from './ids.js';
import {
  feedbackRows,
  insertFeedback,
  latestAnalyses,
  latestFeedback,
  recentAnalyses,
  type CacheRow,
  type FeedbackRecord,
} from './cache.js';

export type FeedbackAction = 'accepted' | 'dismissed';

export type FeedbackRow = FeedbackRecord;

export interface ListedSuggestion extends StoredSuggestion {
  status: 'open' | FeedbackAction;
  analyzedAt: string;
}

/** Suggestions stored by older code may lack fields: fill them so every consumer sees one shape. */
export function asStored(s: Record<string, unknown>): StoredSuggestion | null {
  const type = s.type;
  const rule = typeof s.rule === 'string' && s.rule ? s.rule : typeof s.summary === 'string' ? s.summary : '';
  if ((type !== 'claude_md' && type !== 'skill' && type !== 'hook') || !rule || typeof s.id !== 'string')
    return null;
  return {
    ...(s as object),
    id: s.id,
    type,
    rule,
    summary: typeof s.summary === 'string' ? s.summary : '',
    project: typeof s.project === 'string' && s.project ? s.project : null,
  } as StoredSuggestion;
}

/** Feedback for these ids, the newest per id. One indexed query. */
export function feedbackFor(db: DB, ids: string[]): Map<string, FeedbackRow> {
  const out = new Map<string, FeedbackRow>();
  if (ids.length === 0) return out;
  const rows = feedbackRows(db, ids);
  for (const r of rows) out.set(r.suggestion_id, r);
  return out;
}

/** Every feedback row (a small table): what the next analysis must not suggest again. */
export function allFeedback(db: DB, limit = 500): FeedbackRow[] {
  return latestFeedback(db, limit);
}

export function recordFeedback(
  db: DB,
  s: StoredSuggestion,
  action: FeedbackAction,
  now = new Date(),
): boolean {
  const last = feedbackFor(db, [s.id]).get(s.id);
  if (last?.action === action) return false;
  insertFeedback(db, {
    ts: now.toISOString(),
    suggestion_id: s.id,
    action,
    project: s.project,
    type: s.type,
    text: s.rule,
  });
  return true;
}

/** Applies to `project`: its own suggestions and global ones. */
function relevant(s: StoredSuggestion, project: string | null): boolean {
  return project === null || s.project === null || s.project === project;
}

function collect(rows: CacheRow[], project: string | null): { s: StoredSuggestion; ts: string }[] {
  const seen = new Set<string>();
  const out: { s: StoredSuggestion; ts: string }[] = [];
  for (const row of rows) {
    for (const raw of row.analysis.suggestions) {
      const s = asStored(raw as Record<string, unknown>);
      if (!s || seen.has(s.id) || !relevant(s, project)) continue;
      seen.add(s.id);
      out.push({ s, ts: row.ts });
    }
  }
  return out;
}

/**
 * The suggestions of the newest analysis of `project` plus the newest global one, with their
 * feedback status. `project` null: the newest analysis of every scope.
 */
export function listSuggestions(
  db: DB,
  project: string | null,
  opts: { maxAgeHours?: number; includeClosed?: boolean; now?: Date } = {},
): ListedSuggestion[] {
  const hours = opts.maxAgeHours ?? 24 * 3650;
  let rows: CacheRow[];
  if (project !== null) rows = latestAnalyses(db, project, hours, opts.now);
  else {
    const byScope = new Map<string, CacheRow>();
    for (const r of recentAnalyses(db, 200))
      if (!byScope.has(r.project ?? '')) byScope.set(r.project ?? '', r);
    rows = [...byScope.values()];
  }
  const items = collect(rows, project);
  const fb = feedbackFor(
    db,
    items.map((i) => i.s.id),
  );
  const out: ListedSuggestion[] = items.map(({ s, ts }) => ({
    ...s,
    status: fb.get(s.id)?.action ?? 'open',
    analyzedAt: ts,
  }));
  return opts.includeClosed ? out : out.filter((s) => s.status === 'open');
}

/**
 * Finds a suggestion by id (or a unique id prefix of ≥ 4 characters) in the recent analyses, or
 * by its 1-based position in `listed` (the list `self-gen suggestions` printed).
 */
export function findSuggestion(
  db: DB,
  ref: string,
  listed: ListedSuggestion[] = [],
): { found: StoredSuggestion | null; ambiguous: string[] } {
  const r = ref.trim().toLowerCase();
  if (/^\d+$/.test(r)) {
    const n = Number(r);
    const item = listed[n - 1];
    return { found: item ?? null, ambiguous: [] };
  }
  const matches = new Map<string, StoredSuggestion>();
  for (const row of recentAnalyses(db, 200)) {
    for (const raw of row.analysis.suggestions) {
      const s = asStored(raw as Record<string, unknown>);
      if (!s) continue;
      if (s.id === r) return { found: s, ambiguous: [] };
      if (r.length >= 4 && s.id.startsWith(r) && !matches.has(s.id)) matches.set(s.id, s);
    }
  }
  if (matches.size === 1) return { found: [...matches.values()][0] ?? null, ambiguous: [] };
  return { found: null, ambiguous: [...matches.keys()] };
}

/** Text keys of suggestions with feedback: a new answer must not bring them back. */
export function closedKeys(rows: FeedbackRow[]): Set<string> {
  const out = new Set<string>();
  for (const r of rows) {
    out.add(r.suggestion_id);
    if (r.type && r.text) out.add(textKey(r.type, r.text));
  }
  return out;
}
