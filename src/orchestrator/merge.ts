// Merge (seed 003, "Merge 로직"), done by the orchestrator itself after Code Explore and Planner ran
// in parallel, on the skill's own formats:
//   1. check the planner's assumptions (plain strings) against explored.explored_files: match /
//      mismatch + correction, or unverified when the text names no file to check;
//   2. one design-brief per task (task_name, objective, subtasks, completion_criteria, scope_in,
//      scope_out, file_refs, subtask_order);
//   3. state.json: tasks filled, task_order, current_task = task_order[0], global_phase task_loop,
//      the first subtask in phase test_first.
// When ≥ 50 % of the assumptions mismatch (replanThreshold), nothing is written except our merge
// report: the planner must be re-run with the explored files (sequential mode).
import { basename, extname } from 'node:path';
import { extractFiles, sameFile } from '../common/files.js';
import type {
  DesignBriefT,
  ExploredT,
  StateFileT,
  SubtaskStateT,
  TaskBreakdownT,
  TaskStateT,
} from './schemas.js';

export type Verdict = 'match' | 'mismatch' | 'unverified';

export interface AssumptionCheck {
  /** `A1`, `A2`… by position (the skill's assumptions are plain strings). */
  id: string;
  statement: string;
  verdict: Verdict;
  correction?: string;
  files: string[];
}

type ExploredFile = ExploredT['explored_files'][number];

function uniq<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}

const ABSENT_RE =
  /\b(?:no|not|never|none|without|missing|new|doesn'?t|does not|isn'?t|is not|yet to)\b|없|않|새로|신규/i;

function findExplored(file: string, explored: ExploredFile[]): ExploredFile | undefined {
  return explored.find((e) => sameFile(e.path, file));
}

/** The explored file with the same base name as `file`, if any. */
export function closestExplored(file: string, explored: ExploredFile[]): string | null {
  return explored.find((e) => basename(e.path) === basename(file))?.path ?? null;
}

/** Backticked identifiers that are not file names: symbols the statement claims. */
function symbolsOf(text: string): string[] {
  return uniq([...text.matchAll(/`([A-Za-z_$][\w$.]*)(?:\(\))?`/g)].map((m) => m[1]!)).filter(
    (s) => !extname(s),
  );
}

/** Step 1: each assumption against the explored files. */
export function verifyAssumptions(b: TaskBreakdownT, e: ExploredT): AssumptionCheck[] {
  const files = e.explored_files;
  return b.assumptions.map((statement, i) => {
    const named = extractFiles(statement);
    const base = { id: `A${i + 1}`, statement, files: named };
    if (!named.length)
      return { ...base, verdict: 'unverified' as const, correction: 'names no file to check' };
    const absent = ABSENT_RE.test(statement);
    const problems: string[] = [];
    const found = named.map((f) => findExplored(f, files)).filter((x): x is ExploredFile => !!x);
    if (!absent) {
      for (const f of named) {
        if (findExplored(f, files)) continue;
        const near = closestExplored(f, files);
        problems.push(`${f} is not among the explored files${near ? ` (closest: ${near})` : ''}`);
      }
      for (const sym of symbolsOf(statement)) {
        if (found.length && !found.some((x) => x.summary.includes(sym)))
          problems.push(`${sym} is not mentioned in ${found.map((x) => x.path).join(', ')}`);
      }
    } else {
      for (const f of found) problems.push(`${f.path} already exists (explored)`);
    }
    return problems.length
      ? { ...base, verdict: 'mismatch' as const, correction: problems.join('; ') }
      : { ...base, verdict: 'match' as const };
  });
}

export function mismatchRatio(checks: AssumptionCheck[]): number {
  if (!checks.length) return 0;
  return checks.filter((c) => c.verdict === 'mismatch').length / checks.length;
}

type PlannedTask = TaskBreakdownT['tasks'][number];

function taskText(t: PlannedTask): string {
  return [t.name, t.objective, ...t.subtasks.flatMap((s) => [s.name, s.description])].join('\n');
}

function entityOf(path: string): string {
  return basename(path, extname(path));
}

function nameWords(s: string): string[] {
  return (s.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter(
    (w) => w.length >= 4 && !['with', 'from', 'into', 'that', 'this', 'test', 'tests', 'index'].includes(w),
  );
}

/** Step 2: one design-brief per task, in the skill's format. */
export function buildBriefs(b: TaskBreakdownT, e: ExploredT, requestId: string, now: Date): DesignBriefT[] {
  const explored = e.explored_files;
  const named = new Map(b.tasks.map((t) => [t.id, extractFiles(taskText(t))]));
  return b.tasks.map((t) => {
    const refs: DesignBriefT['file_refs'] = [];
    const add = (path: string, status: 'exists' | 'to_create' | 'to_modify') => {
      if (refs.some((r) => sameFile(r.path, path))) return;
      refs.push({ entity: entityOf(path), path, status });
    };
    const mine = named.get(t.id) ?? [];
    for (const f of mine) {
      const x = findExplored(f, explored);
      add(x ? x.path : f, x ? 'to_modify' : 'to_create');
    }
    // Explored files whose name shares a word with the task name: context (exists), unless
    // another task names them.
    const others = b.tasks.filter((o) => o.id !== t.id).flatMap((o) => named.get(o.id) ?? []);
    const words = new Set(nameWords(t.name));
    for (const x of explored) {
      if (others.some((f) => sameFile(f, x.path))) continue;
      if (nameWords(x.path).some((w) => words.has(w))) add(x.path, 'exists');
    }
    const scopeOut = uniq(
      b.tasks
        .filter((o) => o.id !== t.id)
        .flatMap((o) =>
          (named.get(o.id) ?? [])
            .filter((f) => !mine.some((m) => sameFile(m, f)))
            .map((f) => `${f} (task ${o.id})`),
        ),
    );
    return {
      version: 1 as const,
      request_id: requestId,
      created_at: now.toISOString(),
      created_by: 'orchestrator',
      task_id: t.id,
      task_name: t.name,
      objective: t.objective,
      subtasks: t.subtasks.map((s) => ({ id: s.id, name: s.name })),
      completion_criteria: t.subtasks.map((s) => `${s.id}: ${s.description || s.name}`),
      scope_in: refs.filter((r) => r.status !== 'exists').map((r) => r.path),
      scope_out: scopeOut,
      file_refs: refs,
      subtask_order: t.subtasks.map((s) => s.id),
    };
  });
}

/** The breakdown's task_order, then any task it does not list, in listed order. */
export function taskOrderOf(b: TaskBreakdownT): string[] {
  const ids = b.tasks.map((t) => t.id);
  return uniq([...b.task_order.filter((id) => ids.includes(id)), ...ids]);
}

/** Step 3: state.json for the request. A re-merge keeps the progress of subtasks that remain. */
export function initState(b: TaskBreakdownT, prev: StateFileT, now: Date): StateFileT {
  const ts = now.toISOString();
  const tasks: Record<string, TaskStateT> = {};
  for (const t of b.tasks) {
    const old = prev.tasks[t.id];
    const subtasks: Record<string, SubtaskStateT> = {};
    for (const s of t.subtasks) {
      const o = old?.subtasks[s.id];
      subtasks[s.id] = o
        ? { ...o, name: s.name }
        : { name: s.name, status: 'pending', phase: 'test_first', gates: {} };
    }
    tasks[t.id] = {
      name: t.name,
      status: old?.status ?? 'pending',
      current_subtask: null,
      subtasks,
      subtask_order: t.subtasks.map((s) => s.id),
      created_at: old?.created_at ?? ts,
      updated_at: ts,
    };
  }
  const state: StateFileT = {
    version: 2,
    request: {
      ...prev.request,
      original_request: prev.request.original_request || b.original_request,
      status: 'active',
      global_phase: 'task_loop',
    },
    tasks,
    task_order: taskOrderOf(b),
  };
  return pointAtNext(state, ts);
}

/**
 * Moves request.current_task to the first task (in task_order) that is not completed and that
 * task's current_subtask to its first subtask that is not completed; the current ones become
 * in_progress. Everything completed → global_phase complete, request completed.
 */
export function pointAtNext(s: StateFileT, ts: string): StateFileT {
  for (const id of s.task_order) {
    const t = s.tasks[id]!;
    const all = t.subtask_order.every((sid) => t.subtasks[sid]?.status === 'completed');
    if (all && t.status !== 'completed') {
      t.status = 'completed';
      t.current_subtask = null;
      t.updated_at = ts;
    }
  }
  const next = s.task_order.find((id) => s.tasks[id]?.status !== 'completed') ?? null;
  s.request.current_task = next;
  if (next) {
    const t = s.tasks[next]!;
    const sid = t.subtask_order.find((id) => t.subtasks[id]?.status !== 'completed') ?? null;
    if (t.current_subtask !== sid) t.updated_at = ts;
    t.current_subtask = sid;
    if (t.status === 'pending') t.status = 'in_progress';
    if (sid && t.subtasks[sid]!.status === 'pending') t.subtasks[sid]!.status = 'in_progress';
    s.request.global_phase = 'task_loop';
    s.request.status = 'active';
  } else if (s.task_order.length) {
    s.request.global_phase = 'complete';
    s.request.status = 'completed';
  }
  return s;
}
