// The orchestrator board of the dashboard: the skill's session.json and state.json (read with
// the same readers as `self-gen orch status`) and our ledger's retry / failed-test counts.
import { countsOf, readLedger, subtaskKey } from './ledger.js';
import { orchPaths } from './paths.js';
import { readSession, readState } from './file-store.js';

export interface BoardSubtask {
  id: string;
  name: string;
  status: string;
  phase: string;
  gates: Record<string, string>;
  current: boolean;
  retries: number;
  failedTestRuns: number;
}

export interface Board {
  projectRoot: string;
  session: { status: string; createdAt: string; updatedAt: string; project: string } | null;
  request: { id: string; text: string; status: string; phase: string; currentTask: string | null } | null;
  tasks: { id: string; name: string; status: string; current: boolean; subtasks: BoardSubtask[] }[];
  earlierSessions: { createdAt: string; status: string; request: string | null }[];
  maxRetries: number;
  warnings: string[];
}

/** The board of one project (session null when the orchestrator never ran there). */
export function readBoard(
  projectRoot: string,
  o: { maxRetries?: number; env?: NodeJS.ProcessEnv } = {},
): Board {
  const p = orchPaths(projectRoot, o.env);
  const board: Board = {
    projectRoot: p.projectRoot,
    session: null,
    request: null,
    tasks: [],
    earlierSessions: [],
    maxRetries: o.maxRetries ?? 3,
    warnings: [],
  };
  let s, st;
  try {
    s = readSession(p);
    st = s ? readState(p) : null;
  } catch (e) {
    board.warnings.push((e as Error).message);
    return board;
  }
  if (!s) return board;
  for (const w of [s.problem, st?.problem]) if (w) board.warnings.push(w);
  const session = s.value;
  board.session = {
    status: session.status,
    createdAt: session.created_at,
    updatedAt: session.updated_at,
    project: session.project.name,
  };
  const ledger = readLedger(p);
  const entry = ledger.sessions.find((x) => x.created_at === session.created_at);
  board.earlierSessions = ledger.sessions
    .filter((x) => x.created_at !== session.created_at)
    .map((x) => ({ createdAt: x.created_at, status: x.status, request: x.original_request ?? null }));
  const state = st?.value;
  if (!state) return board;
  const r = state.request;
  board.request = {
    id: r.id,
    text: r.original_request,
    status: r.status,
    phase: r.global_phase,
    currentTask: r.current_task,
  };
  for (const tid of state.task_order) {
    const t = state.tasks[tid];
    if (!t) continue;
    board.tasks.push({
      id: tid,
      name: t.name,
      status: t.status,
      current: tid === r.current_task,
      subtasks: t.subtask_order.flatMap((sid) => {
        const x = t.subtasks[sid];
        if (!x) return [];
        const n = countsOf(entry, subtaskKey(r.id, tid, sid));
        return [
          {
            id: sid,
            name: x.name,
            status: x.status,
            phase: x.phase,
            gates: { ...x.gates } as Record<string, string>,
            current: tid === r.current_task && sid === t.current_subtask,
            retries: Math.max(n.retries, n.implementer_runs > 0 ? n.implementer_runs - 1 : 0),
            failedTestRuns: n.failed_results.length,
          },
        ];
      }),
    });
  }
  return board;
}
