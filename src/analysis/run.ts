// `self-gen analyze` and the automatic analysis: summarise → prompt → cache check → claude -p →
// extract/validate → store. Unchanged input makes no call; a failed call stores nothing.
import type { LoadedConfig } from '../common/config.js';
import type { DB } from '../db/db.js';
import { countEventsAfter } from '../db/events/read.js';
import { maxEventId } from '../db/events/read.js';
import { truncate } from '../common/redact.js';
import { AnswerError, parseAnswer, textKey, type ParsedAnswer, type StoredAnalysis } from './answer.js';
import { findAnalysisByHash, storeAnalysis, touchAnalysis } from './cache.js';
import { ClaudeError, runClaude } from './claude.js';
import { analysisConfig, type AnalysisConfigT } from './config.js';
import { readState, scopeKey, writeState } from './state.js';
import { takeAnalysisLock, type LockHolder } from './lock.js';
import { buildPrompt, inputHash, resolveTemplate, TemplateError } from './prompt.js';
import { allFeedback, closedKeys, type FeedbackRow } from './suggestions.js';
import { summarizeEvents, renderSummary, type EventSummary } from './summarize.js';

export type AnalysisErrorKind = 'locked' | 'template' | ClaudeError['kind'] | AnswerError['kind'];

export class AnalysisError extends Error {
  constructor(
    public kind: AnalysisErrorKind,
    message: string,
    public fix?: string,
  ) {
    super(message);
  }
}

export type AnalyzeResult =
  | {
      status: 'analyzed';
      analysis: StoredAnalysis;
      inputHash: string;
      cacheId: number;
      durationMs: number;
      dropped: number;
    }
  | { status: 'cached'; analysis: StoredAnalysis; inputHash: string; cacheId: number; analyzedAt: string }
  | { status: 'not_enough_data'; events: number; needed: number; project: string | null; days: number }
  | { status: 'dry_run'; prompt: string; inputHash: string; templatePath: string; summary: EventSummary }
  | { status: 'skipped'; reason: string };

/** The newest event id of the scope (how "new data" is measured). */
export function lastEventId(db: DB, project: string | null): number {
  return maxEventId(db, project);
}

/**
 * Is there enough new data for an automatic analysis of `project`? Cheap: one kv read and one
 * indexed count, no summary.
 */
export function autoCheck(
  db: DB,
  cfg: AnalysisConfigT,
  project: string | null,
  now = new Date(),
): { run: boolean; reason: string } {
  if (!cfg.auto) return { run: false, reason: 'analysis.auto is false' };
  const st = readState(db, project);
  if (st.lastAttempt) {
    const ago = now.getTime() - Date.parse(st.lastAttempt);
    if (ago < cfg.minIntervalMinutes * 60_000)
      return { run: false, reason: `last attempt ${Math.round(ago / 60_000)} min ago` };
  }
  const since = st.lastEventId ?? 0;
  const row = { n: countEventsAfter(db, project, since, cfg.minNewEvents) };
  if (row.n < cfg.minNewEvents)
    return { run: false, reason: `${row.n} new event(s), needs ${cfg.minNewEvents}` };
  return { run: true, reason: `≥ ${cfg.minNewEvents} new events` };
}

export interface AnalyzeOptions {
  db: DB;
  config: LoadedConfig;
  env?: NodeJS.ProcessEnv;
  project: string | null;
  days?: number;
  now?: Date;
  /** Call claude even when the same input was analysed before. */
  force?: boolean;
  /** Build the prompt and stop (no call, nothing stored). */
  dryRun?: boolean;
  /** Automatic run: after taking the lock, re-check that enough new data still exists. */
  auto?: boolean;
  onProgress?: (message: string) => void;
}

function describeHolder(h: LockHolder | null): string {
  return h ? `pid ${h.pid} on ${h.host}${h.since ? `, since ${h.since}` : ''}` : 'another process';
}

/** One analysis run's settings, resolved once from its options. */
interface Run {
  o: AnalyzeOptions;
  db: DB;
  project: string | null;
  env: NodeJS.ProcessEnv;
  cfg: AnalysisConfigT;
  days: number;
  now: Date;
  progress: (message: string) => void;
}

export async function analyze(o: AnalyzeOptions): Promise<AnalyzeResult> {
  const cfg = analysisConfig(o.config);
  const run: Run = {
    o,
    db: o.db,
    project: o.project,
    env: o.env ?? process.env,
    cfg,
    days: o.days ?? cfg.days,
    now: o.now ?? new Date(),
    progress: o.onProgress ?? (() => {}),
  };
  let release: (() => void) | null = null;
  if (!o.dryRun) {
    const lease = takeAnalysisLock(run.env, scopeKey(run.project), cfg.timeoutMs + 120_000);
    if (!lease.ok) {
      if (o.auto) return { status: 'skipped', reason: `locked by ${describeHolder(lease.holder)}` };
      throw new AnalysisError(
        'locked',
        `an analysis of ${run.project ?? 'all projects'} is already running (${describeHolder(lease.holder)})`,
        'wait for it to finish, then run `self-gen analyze` again',
      );
    }
    release = lease.release;
  }
  try {
    return await analyzeLocked(run);
  } finally {
    release?.();
  }
}

/** The analysis itself, under the scope's lock (none for a dry run). */
async function analyzeLocked(run: Run): Promise<AnalyzeResult> {
  const { o, db, project, cfg, days, now } = run;
  if (o.auto) {
    const check = autoCheck(db, cfg, project, now);
    if (!check.run) return { status: 'skipped', reason: check.reason };
  }
  const maxId = lastEventId(db, project);
  run.progress(`summarising ${days} day(s) of events for ${project ?? 'all projects'}`);
  const summary = summarizeEvents(db, { project, days, now });
  if (summary.events < cfg.minEvents) {
    if (!o.dryRun)
      writeState(db, project, {
        lastAttempt: now.toISOString(),
        lastEventId: maxId,
        result: 'not_enough_data',
      });
    return { status: 'not_enough_data', events: summary.events, needed: cfg.minEvents, project, days };
  }
  const template = loadTemplate(run);
  // What the user already applied or dismissed, in this scope (its project and global ones).
  const feedback = allFeedback(db).filter(
    (r) => project === null || r.project === null || r.project === project,
  );
  const prompt = buildPrompt({
    template: template.text,
    summary: renderSummary(summary, cfg.maxPromptChars),
    project,
    days,
    closed: feedback,
    locale: o.config.locale,
  });
  const hash = inputHash(prompt, cfg.model);
  if (o.dryRun) return { status: 'dry_run', prompt, inputHash: hash, templatePath: template.path, summary };

  const hit = findAnalysisByHash(db, project, days, hash);
  if (hit && !o.force) {
    touchAnalysis(db, hit.id, now);
    writeState(db, project, { lastAttempt: now.toISOString(), lastEventId: maxId, result: 'cached' });
    return {
      status: 'cached',
      analysis: hit.analysis as StoredAnalysis,
      inputHash: hash,
      cacheId: hit.id,
      analyzedAt: hit.ts,
    };
  }

  writeState(db, project, { lastAttempt: now.toISOString() });
  const { parsed, durationMs } = await askClaude(run, prompt, maxId);
  return storeResult(run, { parsed, durationMs, feedback, summary, hash, maxId });
}

function loadTemplate({ cfg, env }: Run): { path: string; text: string } {
  try {
    return resolveTemplate(cfg.templatePath, env);
  } catch (e) {
    if (e instanceof TemplateError) {
      throw new AnalysisError(
        'template',
        e.message,
        'fix or remove the template override (see docs/analysis.md, "The prompt template")',
      );
    }
    throw e;
  }
}

/** Calls claude and parses its answer; a failure is stored in the scope's state and thrown. */
async function askClaude(
  { db, project, env, cfg, progress }: Run,
  prompt: string,
  maxId: number,
): Promise<{ parsed: ParsedAnswer; durationMs: number }> {
  progress(
    `asking Claude Code (${cfg.claudePath}${cfg.model ? `, model ${cfg.model}` : ''}); this can take a minute`,
  );
  try {
    const answer = await runClaude(prompt, {
      claudePath: cfg.claudePath,
      model: cfg.model,
      extraArgs: cfg.extraArgs,
      timeoutMs: cfg.timeoutMs,
      env,
    });
    return { parsed: parseAnswer(answer.text, project), durationMs: answer.durationMs };
  } catch (e) {
    const err =
      e instanceof ClaudeError
        ? new AnalysisError(e.kind, e.message, e.fix)
        : e instanceof AnswerError
          ? new AnalysisError(
              e.kind,
              e.message,
              'run again; if it keeps failing, check your prompt template override asks for the JSON shape',
            )
          : new AnalysisError('exit', String((e as Error)?.message ?? e));
    writeState(db, project, { result: 'error', error: truncate(err.message, 500), lastEventId: maxId });
    throw err;
  }
}

/** Stores the answer without the suggestions already applied or dismissed. */
function storeResult(
  { db, project, cfg, days, now }: Run,
  r: {
    parsed: ParsedAnswer;
    durationMs: number;
    feedback: FeedbackRow[];
    summary: EventSummary;
    hash: string;
    maxId: number;
  },
): AnalyzeResult {
  const { parsed, summary, hash } = r;
  const closed = closedKeys(r.feedback);
  const kept = parsed.suggestions.filter((s) => !closed.has(s.id) && !closed.has(textKey(s.type, s.rule)));
  const analysis: StoredAnalysis = {
    summary: parsed.summary,
    suggestions: kept,
    project,
    days,
    generatedAt: now.toISOString(),
    stats: { events: summary.events, sessions: summary.sessions },
    ...(cfg.model ? { model: cfg.model } : {}),
    ...(parsed.warnings.length ? { warnings: parsed.warnings } : {}),
  };
  storeAnalysis(db, { project, days, inputHash: hash, analysis }, now);
  const row = findAnalysisByHash(db, project, days, hash);
  writeState(db, project, { lastEventId: r.maxId, result: 'analyzed', analyzedAt: now.toISOString() });
  return {
    status: 'analyzed',
    analysis,
    inputHash: hash,
    cacheId: row?.id ?? 0,
    durationMs: r.durationMs,
    dropped: parsed.suggestions.length - kept.length,
  };
}
