// Summarises the recorded events of a window into the facts the analysis prompt is built from:
// prompt clusters, repeated tool sequences, recurring errors and their fixes, subagent failure
// rates. Deterministic for the same events (no "now"-relative text), so the prompt hash is stable.
import { safeBestFix, exactEntry, candidates, storedVerdict } from '../error-kb/index.js';
import type { DB } from '../db/db.js';
import { windowFailureReasons } from '../db/events/analysis.js';
import { windowSubagents } from '../db/events/analysis.js';
import { windowFixes } from '../db/events/analysis.js';
import { windowErrors } from '../db/events/analysis.js';
import { windowToolCalls } from '../db/events/analysis.js';
import { windowPrompts } from '../db/events/analysis.js';
import { windowProjects } from '../db/events/analysis.js';
import { windowSessionCount } from '../db/events/analysis.js';
import { windowTypeCounts } from '../db/events/analysis.js';
import { type EventWindow } from '../db/events/analysis.js';
import { redact, truncate } from '../common/redact.js';
import { capContext, quoteInline as q } from '../common/quote.js';

export interface Scope {
  /** A project name, or null for every project. */
  project: string | null;
  days: number;
  now?: Date;
}

export interface PromptCluster {
  size: number;
  sessions: number;
  keywords: string[];
  examples: string[];
}

export interface ToolSequence {
  tools: string[];
  count: number;
  sessions: number;
}

export interface ErrorPattern {
  error: string;
  tool: string;
  count: number;
  sessions: number;
  files: string[];
  fixes: { resolution: string; count: number }[];
}

export interface SubagentStat {
  agentType: string;
  runs: number;
  failures: number;
  failureRate: number;
  reasons: string[];
}

export interface EventSummary {
  project: string | null;
  days: number;
  since: string;
  totals: Record<string, number>;
  events: number;
  sessions: number;
  projects: string[];
  promptClusters: PromptCluster[];
  singlePrompts: number;
  toolSequences: ToolSequence[];
  errors: ErrorPattern[];
  subagents: SubagentStat[];
}

const STOP = new Set(
  (
    'the and for with that this from into have has was were are you your our its not but can will would should could ' +
    'please just also then than them they what when where which while about make sure there here use using need want ' +
    'let lets does did done all any get got add file files code run fix into out now one two new'
  ).split(' '),
);

export function keywords(text: string): string[] {
  const words = text
    .toLowerCase()
    .replace(/`[^`]*`/g, ' ')
    .replace(/\S*[/\\]\S*/g, ' ') // paths
    .match(/[\p{L}][\p{L}\p{N}_-]*/gu);
  const out = new Set<string>();
  for (const w of words ?? []) {
    if (w.length < 2 || (w.length < 3 && /^[a-z0-9_-]+$/.test(w))) continue;
    if (STOP.has(w)) continue;
    out.add(w);
  }
  return [...out];
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let inter = 0;
  for (const w of a) if (b.has(w)) inter++;
  return inter / (a.size + b.size - inter);
}

/** Greedy clustering of prompts by keyword overlap (Jaccard ≥ threshold against the cluster's words). */
export function clusterPrompts(
  prompts: { text: string; session: string | null }[],
  threshold = 0.34,
): { clusters: PromptCluster[]; singles: number } {
  interface C {
    words: Set<string>;
    counts: Map<string, number>;
    members: { text: string; session: string | null }[];
  }
  const clusters: C[] = [];
  for (const p of prompts) {
    const words = keywords(p.text);
    if (words.length === 0) continue;
    const set = new Set(words);
    let best: C | null = null;
    let bestScore = 0;
    for (const c of clusters) {
      const s = jaccard(set, c.words);
      if (s > bestScore) {
        best = c;
        bestScore = s;
      }
    }
    if (best && bestScore >= threshold) {
      best.members.push(p);
      for (const w of set) best.counts.set(w, (best.counts.get(w) ?? 0) + 1);
    } else {
      clusters.push({ words: set, counts: new Map([...set].map((w) => [w, 1])), members: [p] });
    }
  }
  const multi = clusters.filter((c) => c.members.length >= 2);
  const out = multi
    .map((c) => ({
      size: c.members.length,
      sessions: new Set(c.members.map((m) => m.session)).size,
      keywords: [...c.counts.entries()]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, 6)
        .map(([w]) => w),
      examples: [...new Set(c.members.map((m) => truncate(m.text.replace(/\s+/g, ' ').trim(), 160)))].slice(
        0,
        3,
      ),
    }))
    .sort((a, b) => b.size - a.size || a.keywords.join().localeCompare(b.keywords.join()))
    .slice(0, 10);
  return { clusters: out, singles: clusters.length - multi.length };
}

/** Repeated tool n-grams (3..5 calls) across sessions; consecutive repeats of one tool count once. */
export function repeatedSequences(bySession: Map<string, string[]>, minCount = 3, max = 8): ToolSequence[] {
  const counts = new Map<string, { count: number; sessions: Set<string> }>();
  for (const [session, raw] of bySession) {
    const seq = raw.filter((t, i) => i === 0 || raw[i - 1] !== t);
    for (let n = 3; n <= 5; n++) {
      for (let i = 0; i + n <= seq.length; i++) {
        const key = seq.slice(i, i + n).join(' → ');
        let c = counts.get(key);
        if (!c) counts.set(key, (c = { count: 0, sessions: new Set() }));
        c.count++;
        c.sessions.add(session);
      }
    }
  }
  const ranked = [...counts.entries()]
    .filter(([, c]) => c.count >= minCount)
    .sort((a, b) => {
      const la = a[0].split(' → ').length;
      const lb = b[0].split(' → ').length;
      return b[1].count * lb - a[1].count * la || b[1].count - a[1].count || a[0].localeCompare(b[0]);
    });
  const kept: ToolSequence[] = [];
  for (const [key, c] of ranked) {
    if (kept.some((k) => k.tools.join(' → ').includes(key) && k.count >= c.count)) continue;
    kept.push({ tools: key.split(' → '), count: c.count, sessions: c.sessions.size });
    if (kept.length >= max) break;
  }
  return kept;
}

const clean = (s: unknown, max: number): string =>
  truncate(
    redact(String(s ?? ''))
      .replace(/\s+/g, ' ')
      .trim(),
    max,
  );

/** Reads the window's events (with SQL aggregation where it can) and summarises them. */
export function summarizeEvents(db: DB, scope: Scope): EventSummary {
  const now = scope.now ?? new Date();
  const since = new Date(now.getTime() - scope.days * 86400_000).toISOString();
  const w: EventWindow = { project: scope.project, since };

  const totals: Record<string, number> = {};
  for (const r of windowTypeCounts(db, w)) totals[r.type] = r.n;
  const events = Object.values(totals).reduce((a, b) => a + b, 0);
  const agg = { s: windowSessionCount(db, w) };
  const projects = scope.project === null ? windowProjects(db, w) : [scope.project];
  const { clusters, singles } = promptClustersOf(db, w);
  const toolSequences = toolSequencesOf(db, w);
  const errors = errorPatterns(db, w);
  const subagents = subagentStats(db, w);

  return {
    project: scope.project,
    days: scope.days,
    since,
    totals,
    events,
    sessions: agg.s,
    projects,
    promptClusters: clusters,
    singlePrompts: singles,
    toolSequences,
    errors,
    subagents,
  };
}

/** Prompt clusters (newest 2000 prompts). */
function promptClustersOf(db: DB, w: EventWindow): ReturnType<typeof clusterPrompts> {
  const prompts = windowPrompts(db, w)
    .filter((r) => typeof r.text === 'string' && r.text.trim())
    .map((r) => ({ text: redact(r.text as string), session: r.session_id }));
  return clusterPrompts(prompts);
}

/** Tool sequences (newest 20000 calls, in time order per session). */
function toolSequencesOf(db: DB, w: EventWindow): ToolSequence[] {
  const calls = windowToolCalls(db, w);
  const bySession = new Map<string, string[]>();
  for (const c of calls.reverse()) {
    const key = c.session_id ?? '-';
    let list = bySession.get(key);
    if (!list) bySession.set(key, (list = []));
    list.push(`${c.tool ?? '?'}${c.type === 'tool_error' ? '(failed)' : ''}`);
  }
  return repeatedSequences(bySession);
}

/** Recurring errors and what fixed them. */
function errorPatterns(db: DB, w: EventWindow): ErrorPattern[] {
  const errRows = windowErrors(db, w);
  const fixesOf = windowFixes(db, w);
  return errRows
    .filter((r) => r.n >= 2 || r.s >= 2 || errRows.length <= 5)
    .map((r) => ({
      error: clean(r.error, 240),
      tool: r.tool ?? '?',
      count: r.n,
      sessions: r.s,
      files: (r.files ?? '')
        .split(',')
        .filter(Boolean)
        .slice(0, 3)
        .map((f) => clean(f, 120)),
      fixes: safeFixes(db, r.error, fixesOf),
    }));
}

/** Only proven fixes the fix policy judged safe (fix-policy), in the policy's text. */
function safeFixes(
  db: DB,
  error: string,
  fixesOf: ReturnType<typeof windowFixes>,
): { resolution: string; count: number }[] {
  const kb = exactEntry(db, error);
  const judged = new Map(
    (kb ? candidates(db, kb.id) : []).map((c) => [c.resolution, storedVerdict(c)] as const),
  );
  const fixes = fixesOf(error)
    .map((f) => ({ v: f.resolution ? judged.get(f.resolution) : undefined, n: f.n }))
    .filter((f) => f.v?.cls === 'safe')
    .map((f) => ({ resolution: clean(f.v!.text, 200), count: f.n }));
  if (fixes.length === 0) {
    const best = kb ? safeBestFix(db, kb.id) : null;
    if (best) return [{ resolution: clean(best.resolution, 200), count: 0 }];
  }
  return fixes;
}

/** Subagent failure rates. */
function subagentStats(db: DB, w: EventWindow): SubagentStat[] {
  const subRows = windowSubagents(db, w);
  const reasonsOf = windowFailureReasons(db, w);
  return subRows.map((r) => ({
    agentType: r.agentType ?? 'unknown',
    runs: r.runs,
    failures: r.failures,
    failureRate: r.runs ? Math.round((r.failures / r.runs) * 100) / 100 : 0,
    reasons: r.failures > 0 && r.agentType ? reasonsOf(r.agentType).map((x) => clean(x.reason, 160)) : [],
  }));
}

/**
 * The summary as compact text for the prompt. The window's start is left out on purpose: the
 * text (and so the input hash) only changes when the events do. Everything recorded (prompts,
 * errors, files, fixes, tool and agent names, failure reasons) is quoted as data
 * (common/quote.ts): what a session recorded never reads as the prompt's own words.
 */
export function renderSummary(s: EventSummary, maxChars: number): string {
  const L: string[] = [];
  L.push(
    `Scope: ${s.project === null ? `all projects (${s.projects.map((p) => q(p, 80)).join(', ') || 'none'})` : `project ${q(s.project, 80)}`}, last ${s.days} day(s)`,
  );
  L.push(
    `Events: ${s.events} in ${s.sessions} session(s): ${Object.entries(s.totals)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  L.push('');
  L.push('## Prompt clusters (similar requests the user keeps making)');
  if (s.promptClusters.length === 0) L.push('(none)');
  for (const c of s.promptClusters) {
    L.push(
      `- ${c.size} prompts in ${c.sessions} session(s); words: ${c.keywords.map((w) => q(w, 40)).join(', ')}`,
    );
    for (const e of c.examples) L.push(`  e.g. ${q(e, 160)}`);
  }
  if (s.singlePrompts) L.push(`(${s.singlePrompts} other prompt(s) without a repeat)`);
  L.push('');
  L.push('## Repeated tool sequences');
  if (s.toolSequences.length === 0) L.push('(none)');
  for (const t of s.toolSequences)
    L.push(`- ${q(t.tools.join(' → '), 300)}: ${t.count}× in ${t.sessions} session(s)`);
  L.push('');
  L.push('## Recurring errors and their fixes');
  if (s.errors.length === 0) L.push('(none)');
  for (const e of s.errors) {
    L.push(
      `- [${q(e.tool, 60)}] ${q(e.error, 240)}: ${e.count}× in ${e.sessions} session(s)${e.files.length ? `; files: ${e.files.map((f) => q(f, 120)).join(', ')}` : ''}`,
    );
    for (const f of e.fixes)
      L.push(`  fixed by: ${q(f.resolution, 200)}${f.count > 1 ? ` (${f.count}×)` : ''}`);
    if (e.fixes.length === 0) L.push('  fix: unknown');
  }
  L.push('');
  L.push('## Subagents (runs, failures)');
  if (s.subagents.length === 0) L.push('(none)');
  for (const a of s.subagents) {
    L.push(
      `- ${q(a.agentType, 80)}: ${a.runs} run(s), ${a.failures} failed (${Math.round(a.failureRate * 100)} %)`,
    );
    for (const r of a.reasons) L.push(`  failure: ${q(r, 160)}`);
  }
  return capContext(L.join('\n'), maxChars, '\n… (cut)');
}
