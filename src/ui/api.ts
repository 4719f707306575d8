// The dashboard's JSON API. Data comes from the owning modules (events summaries, KB view and
// manage, shared-context view, orchestrator board, analysis suggestions / apply / dismiss); no
// SQL here. Stored text goes out as JSON strings and is rendered as text by the page.
import { redactDeep } from '../common/redact.js';
import type { Hono } from 'hono';
import {
  ApplyError,
  planApply,
  projectDirFor,
  writePlan,
  findSuggestion,
  listSuggestions,
  recordFeedback,
  type ApplyPlan,
} from '../analysis/index.js';
import {
  editEntry,
  getEntry,
  kbStats,
  removeEntries,
  adviceOutcomes,
  adviceSummary,
  kbView,
  type KbStats,
  type AdviceOutcome,
} from '../error-kb/index.js';
import { reviewFixPolicy } from '../fix-policy/index.js';
import { readBoard } from '../orchestrator/index.js';
import { loadConfig } from '../common/config.js';
import { modelStatus } from '../embed/index.js';
import { sessionContext, type SessionContext } from '../shared-context/index.js';
import type { DB } from '../db/db.js';
import type { EventRow } from '../db/events/write.js';
import type { HookLatency, Overview, SubagentRun } from '../db/overview.js';
import { jobFailures, type JobFailure } from '../db/job-failures.js';
import { HISTORY_KINDS, historyEvent, searchHistory, timelineAround } from '../db/history.js';
import type { HistoryEvent, HistoryHit, HistoryKind } from '../db/history.js';
import {
  hookLatency,
  knownProjects,
  listSessionSummaries,
  overviewStats,
  sessionSubagents,
  sessionTimeline,
} from '../db/overview.js';

// What the API answers, declared once: the dashboard (ui/src/types.ts) imports these type-only.

/** GET /api/overview. */
export interface OverviewResponse {
  overview: Overview;
  kb: KbStats;
  advice: AdviceOutcome[];
  adviceSummary: ReturnType<typeof adviceSummary>;
  latency: HookLatency | null;
  /** Background jobs failing now (analysis, embeddings, team sync), each with its fix. */
  jobFailures: JobFailure[];
}

/** GET /api/sessions/:id. */
export interface SessionDetail {
  sessionId: string;
  project: string | null;
  projectPath: string | null;
  timeline: EventRow[];
  subagents: SubagentRun[];
  context: SessionContext | null;
}

/** GET /api/history: the hits of a history search (db/history.ts). */
export interface HistoryResponse {
  query: string;
  /** The project folder searched, or null for every project. */
  scope: string | null;
  hits: HistoryHit[];
}

/** GET /api/history/:id: one event in full, with its session around it. */
export interface HistoryDetail {
  event: HistoryEvent;
  timeline: HistoryHit[];
}

/** GET /api/suggestions/:id/preview: the plan, without the new file content. */
export type PlanPreview = Omit<ApplyPlan, 'content'>;

export interface ApiDeps {
  db: DB;
  env: NodeJS.ProcessEnv;
  /** The project `self-gen ui` was started in (default board, apply target of its suggestions). */
  current: { name: string; path: string };
  maxRetries: number;
}

const ID = /^\d{1,12}$/;

async function body(c: { req: { json: () => Promise<unknown> } }): Promise<Record<string, unknown>> {
  try {
    const v = await c.req.json();
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function registerApi(app: Hono, d: ApiDeps): void {
  redactAnswers(app);
  registerOverview(app, d);
  registerKb(app, d);
  registerSessions(app, d);
  registerHistory(app, d);
  registerProjects(app, d);
  registerSuggestions(app, d);
}

// Defence in depth: stored text is redacted when written, but rows kept by an older
// version may hold what today's rules catch; every JSON answer is redacted on its strings.
function redactAnswers(app: Hono): void {
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.get('content-type')?.includes('application/json')) return;
    const value = (await c.res.clone().json()) as unknown;
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    c.res = new Response(JSON.stringify(redactDeep(value)), { status: c.res.status, headers });
  });
}

/** The overview page: activity, KB and advice figures, hook latency. */
function registerOverview(app: Hono, d: ApiDeps): void {
  const { db } = d;
  app.get('/api/overview', (c) =>
    c.json({
      overview: overviewStats(db, { days: 14 }),
      kb: kbStats(db),
      advice: adviceOutcomes(db, 20),
      adviceSummary: adviceSummary(db),
      latency: hookLatency(db),
      jobFailures: jobFailures(db),
    } satisfies OverviewResponse),
  );
}

/** The knowledge base: list (with the fix policy's verdicts), forget, edit. */
function registerKb(app: Hono, d: ApiDeps): void {
  const { db } = d;
  app.get('/api/kb', async (c) => {
    // the fix policy judges what it has not judged yet, so every withheld fix is flagged with why
    await reviewFixPolicy(db).catch(() => 0);
    return c.json({
      entries: kbView(db, { contains: c.req.query('q') ?? '', limit: 200 }),
      model: { installed: modelStatus(loadConfig(d.env), d.env).present },
    });
  });

  app.post('/api/kb/:id/forget', async (c) => {
    const id = c.req.param('id');
    if (!ID.test(id)) return c.json({ error: 'bad id' }, 400);
    const n = await removeEntries(db, [Number(id)]);
    return n ? c.json({ forgotten: Number(id) }) : c.json({ error: `no entry ${id}` }, 404);
  });

  app.post('/api/kb/:id/edit', async (c) => {
    const id = c.req.param('id');
    if (!ID.test(id)) return c.json({ error: 'bad id' }, 400);
    const b = await body(c);
    if (!getEntry(db, Number(id))) return c.json({ error: `no entry ${id}` }, 404);
    const resolution = typeof b.resolution === 'string' ? b.resolution.trim() : undefined;
    const error = typeof b.error === 'string' ? b.error.trim() : undefined;
    try {
      const e = await editEntry(
        db,
        Number(id),
        {
          ...(resolution !== undefined ? { resolution: resolution || null } : {}),
          ...(error ? { error } : {}),
        },
        reviewFixPolicy,
      );
      return c.json({ entry: e });
    } catch (e) {
      return c.json({ error: (e as Error).message }, 409);
    }
  });
}

/** Sessions: the list, and one session's timeline, subagents and context. */
function registerSessions(app: Hono, d: ApiDeps): void {
  const { db } = d;
  app.get('/api/sessions', (c) => c.json({ sessions: listSessionSummaries(db, { limit: 100 }) }));

  app.get('/api/sessions/:id', (c) => {
    const id = c.req.param('id');
    const timeline = sessionTimeline(db, id, 500);
    if (timeline.length === 0) return c.json({ error: `no session ${id}` }, 404);
    const projectPath = timeline.find((e) => e.project_path)?.project_path ?? null;
    return c.json({
      sessionId: id,
      project: timeline.find((e) => e.project)?.project ?? null,
      projectPath,
      timeline,
      subagents: sessionSubagents(db, id),
      context: projectPath ? sessionContext(projectPath, id) : null,
    } satisfies SessionDetail);
  });
}

/** History search: this project (the folder `self-gen ui` was started in) unless scope=all. */
function registerHistory(app: Hono, d: ApiDeps): void {
  const { db } = d;
  app.get('/api/history', (c) => {
    const query = (c.req.query('q') ?? '').slice(0, 500);
    const scope = c.req.query('scope') === 'all' ? null : d.current.path;
    const kind = c.req.query('kind') ?? '';
    const kinds = kind in HISTORY_KINDS ? [kind as HistoryKind] : undefined;
    const hits = searchHistory(db, { query, projectPath: scope, limit: 50, ...(kinds ? { kinds } : {}) });
    return c.json({ query, scope, hits } satisfies HistoryResponse);
  });

  app.get('/api/history/:id', (c) => {
    const id = c.req.param('id');
    const e = ID.test(id) ? historyEvent(db, Number(id)) : null;
    if (!e) return c.json({ error: `no event ${id}` }, 404);
    return c.json({ event: e, timeline: timelineAround(db, e, 10, 10) } satisfies HistoryDetail);
  });
}

/** The known projects, and a project's orchestrator board. */
function registerProjects(app: Hono, d: ApiDeps): void {
  const { db } = d;
  app.get('/api/projects', (c) => c.json({ current: d.current, projects: knownProjects(db) }));

  app.get('/api/orch', (c) => {
    // Only a folder this tool knows (the current project or one recorded in the log) is read.
    const want = c.req.query('project') || d.current.path;
    const known = new Set([d.current.path, ...knownProjects(db, 500).map((p) => p.path)]);
    if (!known.has(want)) return c.json({ error: 'unknown project folder' }, 404);
    return c.json({ board: readBoard(want, { maxRetries: d.maxRetries, env: d.env }) });
  });
}

/** Analysis suggestions: list, preview, apply, dismiss. */
function registerSuggestions(app: Hono, d: ApiDeps): void {
  const { db } = d;
  app.get('/api/suggestions', (c) =>
    c.json({ suggestions: listSuggestions(db, null, { includeClosed: true }) }),
  );

  const plan = (id: string) => {
    const s = findSuggestion(db, id).found;
    if (!s) return { s: null, plan: null, error: `no suggestion ${id}`, fix: null };
    const projectDir = s.project !== null ? projectDirFor(db, s.project, d.current) : null;
    try {
      return { s, plan: planApply(s, { projectDir, env: d.env }), error: null, fix: null };
    } catch (e) {
      if (e instanceof ApplyError) return { s, plan: null, error: e.message, fix: e.fix ?? null };
      throw e;
    }
  };

  app.get('/api/suggestions/:id/preview', (c) => {
    const r = plan(c.req.param('id'));
    if (!r.s) return c.json({ error: r.error }, 404);
    if (!r.plan) return c.json({ error: r.error, fix: r.fix }, 409);
    const { content: _content, ...p } = r.plan;
    return c.json({ plan: p satisfies PlanPreview });
  });

  app.post('/api/suggestions/:id/apply', (c) => {
    const r = plan(c.req.param('id'));
    if (!r.s) return c.json({ error: r.error }, 404);
    if (!r.plan) return c.json({ error: r.error, fix: r.fix }, 409);
    try {
      writePlan(r.plan); // nothing for an already-applied or manual (hook) plan
    } catch (e) {
      return c.json({ error: `cannot write ${r.plan.target}: ${(e as Error).message}` }, 409);
    }
    recordFeedback(db, r.s, 'accepted');
    return c.json({
      applied: r.s.id,
      target: r.plan.target,
      kind: r.plan.kind,
      already: r.plan.alreadyApplied,
    });
  });

  app.post('/api/suggestions/:id/dismiss', (c) => {
    const s = findSuggestion(db, c.req.param('id')).found;
    if (!s) return c.json({ error: 'no such suggestion' }, 404);
    recordFeedback(db, s, 'dismissed');
    return c.json({ dismissed: s.id });
  });
}
