// Our own bookkeeping beside the skill's files (never inside them): one small JSON file per
// project under the data home, `<data home>/orchestrator/<hash>/ledger.json`.
//   - references: reference projects the user named (Code Explore's optional input; session.json
//     has no field for them);
//   - sessions: every orchestrator session we saw, keyed by session.json's `created_at` (the skill
//     keeps one session folder per project and overwrites it), with its status, request and task
//     names — the memory-search triggers look at earlier sessions;
//   - per subtask of a session: implementer runs, explicit retries and the failing test results
//     seen (by `execution.timestamp`) — the retry and test-failure triggers count these, since the
//     skill's files have no field for them.
// Written by the CLI and by the SubagentStop hook; atomic rename, last writer wins.
import { redactDeep } from '../common/redact.js';
import { readOrchTextOrNull, writeOrchFile } from './fs.js';
import type { OrchPaths } from './paths.js';
import type { SessionFileT, StateFileT } from './schemas.js';

export interface SubtaskCounts {
  implementer_runs: number;
  retries: number;
  /** `execution.timestamp` of every failing test-result seen for the subtask. */
  failed_results: string[];
}

export interface LedgerSession {
  created_at: string;
  status: string;
  request_id?: string;
  original_request?: string;
  tasks: { id: string; name: string }[];
  updated_at: string;
  subtasks: Record<string, SubtaskCounts>;
}

export interface Ledger {
  version: 1;
  project_path: string;
  references: string[];
  sessions: LedgerSession[];
}

const MAX_SESSIONS = 50;

export function emptyLedger(p: OrchPaths): Ledger {
  return { version: 1, project_path: p.projectRoot, references: [], sessions: [] };
}

/** The ledger, or an empty one when missing or unreadable (bookkeeping never blocks context). */
export function readLedger(p: OrchPaths): Ledger {
  try {
    const v = JSON.parse(readOrchTextOrNull(p, p.ledgerFile) ?? '') as Partial<Ledger>;
    if (v && v.version === 1 && Array.isArray(v.sessions))
      return {
        version: 1,
        project_path: typeof v.project_path === 'string' ? v.project_path : p.projectRoot,
        references: Array.isArray(v.references) ? v.references.filter((r) => typeof r === 'string') : [],
        sessions: v.sessions.filter((s) => s && typeof s.created_at === 'string'),
      };
  } catch {}
  return emptyLedger(p);
}

export function writeLedger(p: OrchPaths, l: Ledger): void {
  l.sessions = l.sessions.slice(-MAX_SESSIONS);
  // redacted like everything stored: requests and task names can carry what a user pasted
  writeOrchFile(p, p.ledgerFile, JSON.stringify(redactDeep(l), null, 2) + '\n');
}

/** The ledger entry of the session (created when missing), refreshed from session/state. */
export function observe(l: Ledger, s: SessionFileT, st: StateFileT | null, now: Date): LedgerSession {
  let e = l.sessions.find((x) => x.created_at === s.created_at);
  if (!e) {
    e = {
      created_at: s.created_at,
      status: s.status,
      tasks: [],
      updated_at: now.toISOString(),
      subtasks: {},
    };
    l.sessions.push(e);
  }
  e.status = s.status;
  e.updated_at = now.toISOString();
  if (st) {
    e.request_id = st.request.id;
    e.original_request = st.request.original_request.slice(0, 500);
    const tasks = st.task_order
      .filter((id) => st.tasks[id])
      .map((id) => ({ id, name: st.tasks[id]!.name.slice(0, 200) }));
    if (tasks.length) e.tasks = tasks;
  }
  return e;
}

export function countsOf(e: LedgerSession | undefined, key: string): SubtaskCounts {
  return e?.subtasks[key] ?? { implementer_runs: 0, retries: 0, failed_results: [] };
}

export function bump(e: LedgerSession, key: string, fn: (c: SubtaskCounts) => void): void {
  const c = countsOf(e, key);
  fn(c);
  c.failed_results = [...new Set(c.failed_results)].slice(-50);
  e.subtasks[key] = c;
}

/** `R1/T1/T1-S1`: a subtask's key in the ledger. */
export const subtaskKey = (request: string, task: string, subtask: string) => `${request}/${task}/${subtask}`;

/** Earlier sessions (not the one created at `current`) that were completed. */
export function completedBefore(l: Ledger, current: string): LedgerSession[] {
  return l.sessions.filter((s) => s.created_at !== current && s.status === 'completed');
}
