// The MCP tools: pure handlers (args, deps) -> answer, each reusing the owning part's functions
// (KB search, event queries, the shared-context store, the orchestrator's context builder, the
// analysis suggestions). Small answers first: an index with ids and one line each; details by id
// (`detail`). Every answer is bounded (bound.ts). Read-only except `forget_fix`.
//
// Everything shown comes from storage that was redacted when it was written: nothing is redacted
// again here, and the answers are JSON for the model (no terminal output).
import * as z from 'zod';
import { join, resolve } from 'node:path';
import type { DB } from '../store/db.js';
import type { Embedder } from '../embed/embedder.js';
import { ROLES } from '../orchestrator/schemas.js';
import { boundedJson, line } from './bound.js';
import { provenanceLine, provenanceOf } from './provenance.js';

export interface McpDeps {
  env: NodeJS.ProcessEnv;
  /** The project: CLAUDE_PROJECT_DIR, else the git top level of the server's cwd, else the cwd. */
  project: { path: string; name: string };
  /** The database (opened on first use; throws when it cannot be opened). */
  db: () => DB;
  now: () => Date;
  /** How a query is embedded for the vector tier; default the running embedding daemon. */
  embedder?: Embedder | null;
}

export interface ToolAnswer {
  text: string;
  isError?: boolean;
}

/** A failure the user (or Claude) can act on: one line and a fix. */
export class ToolError extends Error {
  constructor(
    message: string,
    public readonly fix: string,
  ) {
    super(message);
  }
}

type Shape = z.ZodRawShape;
export interface ToolDef<S extends Shape = Shape> {
  name: string;
  title: string;
  description: string;
  shape: S;
  readOnly: boolean;
  run: (args: z.infer<z.ZodObject<S>>, deps: McpDeps) => Promise<ToolAnswer> | ToolAnswer;
}

/** Keeps each tool's argument types while the table holds them as one type. */
function defineTool<S extends Shape>(def: ToolDef<S>): ToolDef {
  return def as unknown as ToolDef;
}

const DETAIL_HINT = 'call again with detail=<id> for the full record';
const limitArg = (def: number) =>
  z.number().int().min(1).max(50).optional().describe(`how many index lines (default ${def}, at most 50)`);

const answer = (obj: Record<string, unknown>, listKey?: string): ToolAnswer => ({
  text: boundedJson(obj, listKey),
});

// ---------------------------------------------------------------- knowledge base

async function kbModules() {
  const [search, manage, record, normalize, messages] = await Promise.all([
    import('../kb/search.js'),
    import('../kb/manage.js'),
    import('../kb/record.js'),
    import('../kb/normalize.js'),
    import('../hooks/messages.js'),
  ]);
  return { ...search, ...manage, ...record, ...normalize, formatToolSequence: messages.formatToolSequence };
}

async function kbDetail(db: DB, id: number): Promise<ToolAnswer> {
  const kb = await kbModules();
  const e = kb.getEntry(db, id);
  if (!e)
    throw new ToolError(`no knowledge-base entry #${id}`, 'find entry ids with search_errors (query=…)');
  return answer({
    id: e.id,
    error: e.error_normalized,
    errorRaw: e.error_raw,
    fix: e.resolution ? kb.describeResolution(e) : null,
    toolSequence: kb.formatToolSequence(e.tool_sequence) || null,
    provenance: provenanceOf(e),
    note: e.resolution ? undefined : 'no fix recorded: this entry is never given as advice',
  });
}

const searchErrors = defineTool({
  name: 'search_errors',
  title: 'Search the error knowledge base',
  description:
    'Search what self-generation learned about an error: which fix resolved it before. Pass the error ' +
    'message (or words from it) as `query`; it is normalised exactly as the hooks do (paths, numbers, ' +
    'quoted names replaced), then looked up by tier: exact, prefix, vector (through the running ' +
    'embedding daemon only), lexical. Answers `match` (the entry the hooks would advise, with its tier, ' +
    'fix and provenance) and `entries` (other entries whose text contains the query, one line each). ' +
    '`detail=<id>` gives one entry in full. Read-only.',
  shape: {
    query: z.string().max(20_000).optional().describe('the error message, or words from it'),
    detail: z.number().int().positive().optional().describe('a knowledge-base entry id: its full record'),
    limit: limitArg(10),
  },
  readOnly: true,
  async run(a, d) {
    const db = d.db();
    if (a.detail !== undefined) return kbDetail(db, a.detail);
    const q = (a.query ?? '').trim();
    if (!q)
      throw new ToolError(
        'search_errors needs a query (an error message or words from it) or detail=<id>',
        'call search_errors with query="<the error text>"',
      );
    const kb = await kbModules();
    const normalized = kb.normalizeError(kb.extractErrorMessage(q));
    const match = normalized
      ? await kb.searchErrorKB(db, normalized, {
          normalized: true,
          bump: false, // a look-up by Claude is not advice given: counts stay as they are
          env: d.env,
          now: d.now(),
          ...(d.embedder !== undefined ? { embedder: d.embedder } : {}),
        })
      : null;
    const limit = a.limit ?? 10;
    const seen = new Set<number>(match ? [match.id] : []);
    const entries: Record<string, unknown>[] = [];
    for (const contains of [q.slice(0, 300), normalized.slice(0, 300)]) {
      if (!contains || entries.length >= limit) continue;
      for (const e of kb.listEntries(db, { contains, sort: 'used', limit: limit + seen.size })) {
        if (seen.has(e.id) || !e.resolution || entries.length >= limit) continue;
        seen.add(e.id);
        entries.push({
          id: e.id,
          error: line(e.error_normalized, 160),
          fix: line(kb.describeResolution(e), 200),
          provenance: provenanceLine(e),
        });
      }
    }
    return answer(
      {
        query: normalized || null,
        match: match
          ? {
              id: match.id,
              tier: match.tier,
              error: line(match.error_normalized, 300),
              fix: line(kb.describeResolution(match), 600),
              provenance: provenanceLine(match),
            }
          : null,
        entries,
        ...(match || entries.length
          ? { hint: DETAIL_HINT }
          : { note: 'nothing is known about this error: no advice' }),
      },
      'entries',
    );
  },
});

// ---------------------------------------------------------------- events

interface ErrorData {
  tool?: unknown;
  error?: unknown;
  errorRaw?: unknown;
  isInterrupt?: unknown;
  filePath?: unknown;
  files?: unknown;
  input?: unknown;
  agentType?: unknown;
}

async function shownError(d: ErrorData): Promise<string> {
  const { extractErrorMessage } = await import('../kb/normalize.js');
  const msg = typeof d.errorRaw === 'string' ? extractErrorMessage(d.errorRaw) : '';
  return line(msg || String(d.error ?? ''), 200);
}

/** The KB entry with a fix for this normalized error, by the text tiers only (no count bumped). */
async function knownFix(db: DB, normalized: unknown): Promise<{ id: number; fix: string } | null> {
  if (typeof normalized !== 'string' || !normalized) return null;
  const { searchText } = await import('../kb/search.js');
  const { describeResolution } = await import('../kb/record.js');
  const hit = searchText(db, normalized);
  return hit?.resolution ? { id: hit.id, fix: line(describeResolution(hit), 200) } : null;
}

async function eventDetail(db: DB, id: number): Promise<ToolAnswer> {
  const { getEvent } = await import('../store/events.js');
  const ev = getEvent(db, id);
  if (!ev || ev.type !== 'tool_error')
    throw new ToolError(`no recorded tool error #${id}`, 'find ids with recent_errors or file_history');
  const data = ev.data as ErrorData;
  const fix = await knownFix(db, data.error);
  const kb = fix ? await import('../kb/manage.js').then((m) => m.getEntry(db, fix.id)) : null;
  return answer({
    id: ev.id,
    ts: ev.ts,
    session: ev.session_id,
    project: ev.project,
    tool: data.tool ?? null,
    error: data.error ?? null,
    errorRaw: data.errorRaw ?? null,
    files: Array.isArray(data.files) ? data.files.slice(0, 20) : [],
    input: data.input ?? null,
    agentType: data.agentType ?? null,
    fix: fix && kb ? { kbId: fix.id, fix: fix.fix, provenance: provenanceOf(kb) } : null,
  });
}

async function errorLine(db: DB, r: { id: number; ts: string; session_id?: string | null }, d: ErrorData) {
  const fix = await knownFix(db, d.error);
  return {
    id: r.id,
    ts: r.ts,
    ...(r.session_id !== undefined ? { session: r.session_id } : {}),
    tool: typeof d.tool === 'string' ? d.tool : 'unknown',
    error: await shownError(d),
    ...(fix ? { fix: fix.fix, kbId: fix.id } : {}),
  };
}

const recentErrors = defineTool({
  name: 'recent_errors',
  title: 'Recent tool errors in this project',
  description:
    "The newest tool errors recorded in this project (the MCP server's project: CLAUDE_PROJECT_DIR, " +
    'else the git top level of its working folder), newest first, one line each with the fix the ' +
    'knowledge base has for it, if any. `detail=<id>` gives one error in full (raw message, files, ' +
    'tool input). Read-only.',
  shape: {
    detail: z.number().int().positive().optional().describe('an error id from the index: its full record'),
    limit: limitArg(15),
  },
  readOnly: true,
  async run(a, d) {
    const db = d.db();
    if (a.detail !== undefined) return eventDetail(db, a.detail);
    const { queryEvents } = await import('../store/events.js');
    const limit = a.limit ?? 15;
    const rows = queryEvents(db, { type: 'tool_error', projectPath: d.project.path, limit: 200 });
    const errors: Record<string, unknown>[] = [];
    for (const r of rows) {
      const data = r.data as ErrorData;
      if (data.isInterrupt === true) continue;
      errors.push(await errorLine(db, r, data));
      if (errors.length >= limit) break;
    }
    return answer(
      {
        project: d.project.path,
        errors,
        ...(errors.length ? { hint: DETAIL_HINT } : { note: 'no tool error recorded in this project' }),
      },
      'errors',
    );
  },
});

const fileHistory = defineTool({
  name: 'file_history',
  title: 'Past errors and fixes that named a file',
  description:
    'Past tool errors that named this file (matched by whole path components, so config.json never ' +
    'matches tsconfig.json; a relative path is taken relative to the project), newest first and one ' +
    'per distinct error, each with the fix the knowledge base has for it, if any. `detail=<id>` gives ' +
    'one error in full. Read-only.',
  shape: {
    file: z.string().min(1).max(1024).describe('the file path (absolute, or relative to the project)'),
    detail: z.number().int().positive().optional().describe('an error id from the index: its full record'),
    limit: limitArg(10),
  },
  readOnly: true,
  async run(a, d) {
    const db = d.db();
    if (a.detail !== undefined) return eventDetail(db, a.detail);
    const { fileErrors } = await import('../hooks/pre-tool-guide.js');
    const raw = a.file.replace(/\\/g, '/');
    const abs = raw.startsWith('/') || /^[A-Za-z]:\//.test(raw) ? raw : resolve(d.project.path, raw);
    const found = fileErrors(db, abs, d.project.path.replace(/\\/g, '/'), a.limit ?? 10);
    const errors: Record<string, unknown>[] = [];
    for (const f of found) {
      const fix = await knownFix(db, f.error);
      errors.push({
        id: f.id,
        ts: f.ts,
        tool: f.tool,
        error: line(f.message, 200),
        ...(fix ? { fix: fix.fix, kbId: fix.id } : {}),
      });
    }
    return answer(
      {
        file: abs,
        errors,
        ...(errors.length ? { hint: DETAIL_HINT } : { note: 'no recorded error named this file' }),
      },
      'errors',
    );
  },
});

// ---------------------------------------------------------------- shared context

const sessionFindings = defineTool({
  name: 'session_findings',
  title: 'Shared context of a session (what its subagents found and changed)',
  description:
    "What this session's subagents recorded for each other (.claude/shared-context/<session>/ in the " +
    'project): one line per agent entry. The session id is the one in the "Shared context" notes ' +
    'self-generation adds (the digest after a subagent finishes names `.claude/shared-context/<session>/…`; ' +
    'a subagent sees it in its "session …" header). Without session_id: the sessions of this project, ' +
    'newest first. `detail=<agentId>` gives one entry in full. Read-only.',
  shape: {
    session_id: z
      .string()
      .max(200)
      .optional()
      .describe('the session id (or its first 8+ characters); leave out to list the sessions'),
    detail: z.string().max(200).optional().describe('an agent id from the index: that entry in full'),
  },
  readOnly: true,
  async run(a, d) {
    const [store, entry] = await Promise.all([
      import('../shared-context/store.js'),
      import('../shared-context/entry.js'),
    ]);
    const sessions = store.listSessions(d.project.path);
    const wanted = (a.session_id ?? '').trim();
    if (!wanted)
      return answer(
        {
          project: d.project.path,
          sessions: sessions.slice(0, 50).map((s) => ({
            session: s.session,
            lastWrite: s.newestMs > 0 ? new Date(s.newestMs).toISOString() : null,
            files: s.files,
          })),
          ...(sessions.length
            ? { hint: 'call again with session_id=<session>' }
            : { note: 'no shared context in this project yet (it is written when a subagent finishes)' }),
        },
        'sessions',
      );
    const key = store.sanitizePart(wanted, 'session');
    const byPrefix = wanted.length >= 8 ? sessions.filter((s) => s.session.startsWith(key)) : [];
    const s = sessions.find((x) => x.session === key) ?? (byPrefix.length === 1 ? byPrefix[0] : undefined);
    if (!s)
      throw new ToolError(
        `no shared context for session ${line(wanted, 80)} in ${d.project.path}`,
        'list the sessions with session_findings (no session_id); a session gets its folder when one of its subagents finishes',
      );
    const text = store.readText(join(s.dir, store.SUMMARY_FILE));
    if (text === null)
      return answer({
        session: s.session,
        entries: [],
        agentFiles: store.agentFiles(s.dir).slice(0, 50),
        note: `no ${store.SUMMARY_FILE} yet: it is written when the first subagent of the session finishes`,
      });
    const doc = entry.parseSummary(text);
    if (a.detail !== undefined) {
      const want = a.detail.trim();
      const e = doc.entries.find((x) => x.agentId === want || `${x.agentType}-${x.agentId}` === want);
      if (!e)
        throw new ToolError(
          `session ${s.session} has no entry of agent ${line(want, 80)}`,
          'take an agentId from the index (session_findings with session_id only)',
        );
      return answer({
        session: s.session,
        agentType: e.agentType,
        agentId: e.agentId,
        at: e.at,
        source: e.source,
        sections: e.sections.map((x) => ({ category: x.category, items: x.items })),
      });
    }
    // Newest first: when the answer has to be cut, the oldest entries go.
    const entries = [...doc.entries].reverse().map((e) => {
      const first =
        e.sections.find((x) => x.category === 'findings')?.items[0] ?? e.sections[0]?.items[0] ?? '';
      return {
        agentId: e.agentId,
        agentType: e.agentType,
        at: e.at,
        counts: e.sections.map((x) => `${x.category} ${x.items.length}`).join(', '),
        first: line(first, 200),
      };
    });
    return answer(
      {
        session: s.session,
        ended: doc.final,
        entries,
        ...(entries.length ? { hint: 'call again with detail=<agentId> for an entry in full' } : {}),
      },
      'entries',
    );
  },
});

// ---------------------------------------------------------------- orchestrator

const PART_CHARS = 6000;

const orchestratorContext = defineTool({
  name: 'orchestrator_context',
  title: "A role's context in the orchestrator workflow",
  description:
    "The context (rendered prompt) of one role of the claude-devkit orchestrator skill's workflow in " +
    'this project (.claude/orchestrator/): the same text `self-gen orch context <role>` prints and the ' +
    'SubagentStart hook injects. The task defaults to state.json request.current_task, the subtask to ' +
    "that task's current_subtask. Long contexts come in parts of 6,000 characters (`part`, from 1). " +
    'Read-only.',
  shape: {
    role: z.enum(ROLES).describe('the role'),
    task: z.string().max(100).optional().describe('the task id (e.g. T2)'),
    subtask: z.string().max(100).optional().describe('the subtask id (e.g. T1-S2)'),
    part: z.number().int().min(1).max(100).optional().describe('which part of a long context (default 1)'),
  },
  readOnly: true,
  async run(a, d) {
    const [{ buildRoleContext }, { OrchError }, config, schemas] = await Promise.all([
      import('../orchestrator/context.js'),
      import('../orchestrator/errors.js'),
      import('../store/config.js'),
      import('../orchestrator/schemas.js'),
    ]);
    const cfgAll = config.loadConfig(d.env);
    const cfg = config.getSection(cfgAll, 'orchestrator', schemas.OrchestratorConfig);
    let ctx;
    try {
      ctx = await buildRoleContext(
        {
          projectRoot: d.project.path,
          projectName: d.project.name,
          cfg,
          locale: cfgAll.locale === 'en' ? 'en' : 'ko',
          db: d.db,
          env: d.env,
        },
        { role: a.role, task: a.task, subtask: a.subtask },
      );
    } catch (e) {
      if (e instanceof OrchError)
        throw new ToolError(line(e.message, 600), e.fix ?? 'check the files with `self-gen orch validate`');
      throw e;
    }
    const parts = Math.max(1, Math.ceil(ctx.text.length / PART_CHARS));
    const part = a.part ?? 1;
    if (part > parts) throw new ToolError(`the context has ${parts} part(s)`, `ask for part 1 to ${parts}`);
    return answer({
      role: ctx.role,
      ids: ctx.ids,
      part,
      parts,
      text: ctx.text.slice((part - 1) * PART_CHARS, part * PART_CHARS),
      warnings: ctx.warnings.map((w) => line(w, 300)).slice(0, 5),
    });
  },
});

// ---------------------------------------------------------------- suggestions

const suggestions = defineTool({
  name: 'suggestions',
  title: 'Open improvement suggestions',
  description:
    "The open suggestions of self-generation's newest analysis of this project and the global one " +
    '(CLAUDE.md rules, skills, hooks), one line each. `detail=<id>` gives one in full (rule, ' +
    'evidence, the skill body or hook command). Applying or dismissing is for the user: ' +
    '`self-gen apply <id>` / `self-gen dismiss <id>`. Read-only.',
  shape: {
    detail: z.string().min(1).max(100).optional().describe('a suggestion id from the index'),
    limit: limitArg(15),
  },
  readOnly: true,
  async run(a, d) {
    const db = d.db();
    const { listSuggestions, findSuggestion } = await import('../analysis/suggestions.js');
    if (a.detail !== undefined) {
      const { found } = findSuggestion(db, a.detail);
      if (!found)
        throw new ToolError(`no suggestion ${line(a.detail, 60)}`, 'take an id from the suggestions index');
      return answer({ ...found });
    }
    const open = listSuggestions(db, d.project.name);
    const items = open.slice(0, a.limit ?? 15).map((s) => ({
      id: s.id,
      type: s.type,
      rule: line(s.rule, 200),
      summary: line(s.summary, 160),
      project: s.project,
    }));
    return answer(
      {
        project: d.project.name,
        suggestions: items,
        ...(open.length > items.length ? { more: open.length - items.length } : {}),
        ...(items.length
          ? { hint: DETAIL_HINT }
          : { note: 'no open suggestion (the analysis runs in the background after sessions)' }),
      },
      'suggestions',
    );
  },
});

// ---------------------------------------------------------------- the one write

const forgetFix = defineTool({
  name: 'forget_fix',
  title: 'Forget a learned fix (deletes it)',
  description:
    'THE ONLY TOOL THAT CHANGES ANYTHING: deletes one knowledge-base entry (the error and its learned ' +
    'fix, with its embedding) by id, so it is never given as advice again. Use it only when the user ' +
    'asks to, or when the fix is clearly wrong. It cannot be undone (the fix is learned again only ' +
    'if the same error is resolved again). Take the id from search_errors, recent_errors or file_history.',
  shape: {
    id: z.number().int().positive().describe('the knowledge-base entry id (kbId / match.id)'),
  },
  readOnly: false,
  async run(a, d) {
    const db = d.db();
    const { getEntry, removeEntries } = await import('../kb/manage.js');
    const { describeResolution } = await import('../kb/record.js');
    const e = getEntry(db, a.id);
    if (!e)
      throw new ToolError(
        `no knowledge-base entry #${a.id} (nothing was changed)`,
        'find the id with search_errors',
      );
    await removeEntries(db, [a.id]);
    return answer({
      forgotten: a.id,
      error: line(e.error_normalized, 300),
      fix: line(describeResolution(e), 300),
      note: 'deleted: this fix is no longer given as advice',
    });
  },
});

// ---------------------------------------------------------------- the table

export const TOOLS: ToolDef[] = [
  searchErrors,
  recentErrors,
  fileHistory,
  sessionFindings,
  orchestratorContext,
  suggestions,
  forgetFix,
];

/** Calls a tool: arguments validated, any failure turned into an error answer (never a throw). */
export async function callTool(name: string, args: unknown, deps: McpDeps): Promise<ToolAnswer> {
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool)
    return errorAnswer(new ToolError(`no tool ${name}`, `use one of ${TOOLS.map((t) => t.name).join(', ')}`));
  const parsed = z.object(tool.shape).safeParse(args ?? {});
  if (!parsed.success)
    return errorAnswer(
      new ToolError(
        `invalid arguments: ${line(z.prettifyError(parsed.error), 300)}`,
        'see the tool description',
      ),
    );
  try {
    return await tool.run(parsed.data, deps);
  } catch (e) {
    return errorAnswer(e, deps);
  }
}

export function errorAnswer(e: unknown, deps?: McpDeps): ToolAnswer {
  return { text: boundedJson(describeFailure(e, deps)), isError: true };
}

function describeFailure(e: unknown, deps?: McpDeps): { error: string; fix: string } {
  if (e instanceof ToolError) return { error: e.message, fix: e.fix };
  const code = (e as { code?: unknown } | null)?.code;
  const msg = line((e as Error)?.message ?? e, 300);
  if (typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB')) {
    if (deps) flagDamaged(deps.env, msg);
    return {
      error: `the self-generation database is damaged (${msg})`,
      fix: 'run `self-gen repair` in a terminal (moves it aside, keeping every readable row), then ask again',
    };
  }
  if (typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')))
    return {
      error: `the self-generation database is locked by another process (${msg})`,
      fix: 'ask again in a few seconds; if it stays locked, see `self-gen doctor`',
    };
  if (code === 'ENOENT' && /no database/.test(msg))
    return {
      error: 'nothing recorded yet: self-generation has no database',
      fix: 'install the hooks (`self-gen install`) and use Claude Code; knowledge appears after the first sessions',
    };
  return { error: `the tool failed: ${msg}`, fix: 'see `self-gen doctor`' };
}

function flagDamaged(env: NodeJS.ProcessEnv, reason: string): void {
  void Promise.all([import('../store/recovery-log.js'), import('../shared/paths.js')])
    .then(([r, p]) => r.markNeedsCheck(p.paths(env), reason))
    .catch(() => {});
}
