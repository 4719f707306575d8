// The knowledge base as the dashboard shows it: each entry with what is known of where it came
// from and how it was used, and its candidate fixes (error-kb/candidates.ts) with how each was proven
// and whether it may ever be advised (error-kb/advice.ts: never one the fix policy withheld, never a
// legacy one), with the policy's verdict.
import type { DB } from '../db/db.js';
import { errorCountSince } from '../db/events/errors.js';
import { resolvedInProjects } from '../db/events/errors.js';
import { adviceTotals, advisedEntries, timesAdvised } from './db.js';
import { candidates, projectConfirmations, type FixCandidate, type Proof } from './candidates.js';
import { embeddedSet, getEntry, listEntries } from './manage.js';
import { storedVerdict, type PolicyClass } from './verdict.js';
import type { KbEntry } from './search.js';

/** Why a candidate is never advised, whatever the project: null when it may be. */
export interface NeverAdvised {
  kind: 'withheld' | 'legacy';
  why: string;
}

/** The fix policy's verdict on a candidate (fix-policy): its class and why. */
export interface PolicyView {
  cls: PolicyClass;
  reason: string;
  /** The rule of the fix policy's table that decided it (docs/fix-policy-rules.md); '' when offered. */
  rule: string;
}

export interface KbCandidateView {
  id: number;
  resolution: string;
  resolvedBy: string | null;
  proof: Proof;
  confirmations: number;
  /** The projects it was confirmed in, with their confirmations, most recent first. */
  projects: { path: string; confirmations: number; lastTs: string }[];
  firstTs: string;
  lastConfirmed: string;
  neverAdvised: NeverAdvised | null;
  policy: PolicyView;
}

export interface KbConfidence {
  /** The best candidate that may be advised (else the best one): how it was proven… */
  proof: Proof;
  confirmations: number;
  /** …the projects it was confirmed in… */
  projects: string[];
  /** …and when it was last confirmed. */
  lastConfirmed: string;
  /** Null when this fix may be advised (in a project it was confirmed in, or with enough confirmations elsewhere). */
  neverAdvised: NeverAdvised | null;
}

export interface KbViewEntry extends KbEntry {
  embedded: boolean;
  /** Projects in which this error was resolved (from resolution events), newest first. */
  projects: string[];
  /** Tool calls that resolved it, in order (parsed tool_sequence). */
  toolSequence: string[];
  /** The best candidate's proof and confirmations; null when the entry has no candidate. */
  confidence: KbConfidence | null;
  /** Every candidate fix, best first. */
  candidates: KbCandidateView[];
  /** Why the entry's shown resolution (error_kb.resolution) is never advised, or null. */
  resolutionNeverAdvised: NeverAdvised | null;
  /** How often advice from this entry was actually shown (error_kb_lookups). */
  advised: number;
}

/** Why a candidate is never advised (withheld by the fix policy, or legacy), or null. */
export function neverAdvised(c: FixCandidate | undefined): NeverAdvised | null {
  if (!c || c.proof === 'legacy')
    return { kind: 'legacy', why: 'recorded before fixes were proven: not advised until confirmed again' };
  const v = storedVerdict(c);
  return v.cls === 'withheld' ? { kind: 'withheld', why: v.reason } : null;
}

/**
 * Why the entry's shown resolution (error_kb.resolution) is never advised, or null: what a listing
 * prints instead of (withheld) or next to (legacy) its text.
 */
export function resolutionNeverAdvised(db: DB, e: Pick<KbEntry, 'id' | 'resolution'>): NeverAdvised | null {
  if (!e.resolution) return null;
  const raw = candidates(db, e.id);
  return neverAdvised(raw.find((c) => c.resolution === e.resolution) ?? raw[0]);
}

/** The label a listing prints for a fix the fix policy withholds (its text is not printed). */
export const withheldLabel = (why: string) => `withheld by the fix policy: ${why}`;

function candidateView(db: DB, c: FixCandidate): KbCandidateView {
  return {
    id: c.id,
    resolution: c.resolution,
    resolvedBy: c.resolved_by,
    proof: c.proof,
    confirmations: c.confirmations,
    projects: projectConfirmations(db, c.id).map((p) => ({
      path: p.project_path,
      confirmations: p.confirmations,
      lastTs: p.last_ts,
    })),
    firstTs: c.first_ts,
    lastConfirmed: c.last_ts,
    neverAdvised: neverAdvised(c),
    policy: { cls: storedVerdict(c).cls, reason: storedVerdict(c).reason, rule: storedVerdict(c).rule ?? '' },
  };
}

function confidenceOf(cs: KbCandidateView[]): KbConfidence | null {
  const best = cs.find((c) => c.neverAdvised === null) ?? cs[0];
  if (!best) return null;
  return {
    proof: best.proof,
    confirmations: best.confirmations,
    projects: best.projects.map((p) => p.path),
    lastConfirmed: best.lastConfirmed,
    neverAdvised: best.neverAdvised,
  };
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

function entryView(db: DB, r: KbEntry & { embedded: boolean }): KbViewEntry {
  const raw = candidates(db, r.id);
  const cs = raw.map((c) => candidateView(db, c));
  const shown = raw.find((c) => c.resolution === r.resolution);
  return {
    ...r,
    projects: resolvedInProjects(db, r.error_normalized),
    toolSequence: parseSequence(r.tool_sequence),
    confidence: confidenceOf(cs),
    candidates: cs,
    resolutionNeverAdvised: r.resolution ? neverAdvised(shown ?? raw[0]) : null,
    advised: timesAdvised(db, r.id),
  };
}

/** Entries (newest first, or a substring search), each with its provenance. */
export function kbView(db: DB, o: { contains?: string; limit?: number } = {}): KbViewEntry[] {
  const rows = listEntries(db, { contains: o.contains || undefined, limit: Math.min(o.limit ?? 100, 500) });
  return rows.map((r) => entryView(db, r));
}

/** One entry (`kb show N`), or null. */
export function kbEntryView(db: DB, id: number): KbViewEntry | null {
  const r = getEntry(db, id);
  return r ? entryView(db, { ...r, embedded: embeddedSet(db, [id]).has(id) }) : null;
}

export interface AdviceOutcome {
  id: number;
  error: string;
  useCount: number;
  lastUsed: string;
  /** The project folder the advice was last given in (null: given by a version that did not record it). */
  lastProject: string | null;
  /**
   * tool_error events with the same normalized error after the last time the advice was given, in
   * the project it was given in (null when that project is unknown).
   */
  cameBack: number | null;
}

/**
 * Entries whose advice was actually shown (error_kb_lookups, counted by the advice filter when a
 * hook gives advice; not use_count, which recording bumps): did the same error come back afterwards?
 */
export function adviceOutcomes(db: DB, limit = 50): AdviceOutcome[] {
  const rows: Omit<AdviceOutcome, 'cameBack'>[] = advisedEntries(db, limit);
  return rows.map((r) => ({
    ...r,
    cameBack: r.lastProject === null ? null : errorCountSince(db, r.error, r.lastUsed, r.lastProject),
  }));
}

/** How many KB entries had their advice shown at least once, and how often in all (error_kb_lookups). */
export function adviceSummary(db: DB): {
  advised: number;
  times: number;
  /** Of `times`, how often the fix came from teammates (the team store, docs/team.md). */
  teamTimes: number;
  lastAdvised: string | null;
} {
  return adviceTotals(db);
}
