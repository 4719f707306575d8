// `self-gen orch status`: the session, its requests, tasks and subtasks.
import {
  countsOf,
  readLedger,
  subtaskKey,
  type LedgerSession,
  readSession,
  readState,
  askClaudeMem,
  orchPaths,
  rel,
  rolePatterns,
  ROLES,
  type StateFileT,
} from '../../../orchestrator/index.js';
import { ctxOf, orchestrate, type OrchCtx, type OrchOptions } from './common.js';

export interface OrchStatusOptions extends OrchOptions {
  json?: boolean;
}

const MARK: Record<string, string> = { pending: '·', in_progress: '→', completed: '✓' };

/** The request's tasks and subtasks, one line each, with the ledger's retry and failure counts. */
function stateLines(c: OrchCtx, state: StateFileT, entry: LedgerSession | undefined): string[] {
  const lines: string[] = [];
  const r = state.request;
  lines.push(
    `→ ${r.id} [${r.status}, ${r.global_phase}] ${r.original_request.replace(/\s+/g, ' ').slice(0, 100)}`,
  );
  for (const tid of state.task_order) {
    const t = state.tasks[tid]!;
    lines.push(`  ${tid === r.current_task ? '→' : MARK[t.status]} ${tid} ${t.name} [${t.status}]`);
    for (const sid of t.subtask_order) {
      const x = t.subtasks[sid]!;
      const n = countsOf(entry, subtaskKey(r.id, tid, sid));
      const counts = `retries ${Math.max(n.retries, n.implementer_runs > 0 ? n.implementer_runs - 1 : 0)}, failed test runs ${n.failed_results.length}/${c.cfg.maxRetries}`;
      lines.push(
        `      ${sid === t.current_subtask && tid === r.current_task ? '→' : MARK[x.status]} ${sid} ${x.name} [${x.status}, ${x.phase}] ${counts}${n.failed_results.length >= c.cfg.maxRetries ? ' — ask the user' : ''}`,
      );
    }
  }
  return lines;
}

export async function statusText(c: OrchCtx): Promise<{ text: string; json: Record<string, unknown> }> {
  const p = orchPaths(c.projectRoot);
  const s = readSession(p);
  if (!s)
    return {
      text: `no orchestrator session in ${c.projectRoot} (start the orchestrator skill, or \`self-gen orch init --request "<text>"\`)`,
      json: { session: null },
    };
  const st = readState(p);
  const lines: string[] = [];
  const session = s.value;
  if (s.problem) lines.push(`! ${s.problem}`);
  if (st?.problem) lines.push(`! ${st.problem}`);
  lines.push(
    `session of ${session.created_at} — ${session.status} (project ${session.project.name}, ${rel(p, p.sessionDir)})`,
  );
  const ledger = readLedger(p);
  const entry = ledger.sessions.find((x) => x.created_at === session.created_at);
  const earlier = ledger.sessions.filter((x) => x.created_at !== session.created_at);
  if (earlier.length)
    lines.push(
      `earlier sessions: ${earlier.length} (${earlier.filter((h) => h.status === 'completed').length} completed)`,
    );
  const state = st?.value ?? null;
  if (state) lines.push(...stateLines(c, state, entry));
  return {
    text: lines.join('\n'),
    json: { session, state, ledger: entry ?? null, warnings: [s.problem, st?.problem].filter(Boolean) },
  };
}

/** Where memory comes from, and which agent types map to which roles. */
async function printSources(c: OrchCtx): Promise<void> {
  const m = c.cfg.claudeMem;
  if (m.enabled) {
    const a = await askClaudeMem({ ...m, timeoutMs: Math.max(m.timeoutMs, 500) }, 'status', c.projectName, 1);
    console.log(
      `claude-mem: ${a.ok ? `answers on ${m.host}:${m.port}` : `not available on ${m.host}:${m.port} (${a.reason}); the local database is searched`}`,
    );
  }
  const patterns = ROLES.map((role) => `${role} ← ${rolePatterns(role, c.cfg).join(' | ')}`);
  console.log(
    `agent types → roles (plain or <plugin>:<name>; qa-engineer by the subtask phase): ${patterns.join('; ')}`,
  );
}

export async function runOrchStatus(_args: [], o: OrchStatusOptions): Promise<void> {
  const c = ctxOf(o);
  const r = await orchestrate(() => statusText(c));
  if (o.json) {
    console.log(JSON.stringify(r.json, null, 2));
    return;
  }
  console.log(r.text);
  if (r.json.session) await printSources(c);
}
