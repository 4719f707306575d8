// Merge (seed 003, "Merge 로직"), done by the orchestrator itself after Code Explore and Planner ran
// in parallel:
//   1. verify the planner's assumptions against explored.explored_files (match / mismatch +
//      correction);
//   2. one design-brief per task: related explored files, concrete scope_in / scope_out, the
//      subtask order, file_refs;
//   3. initialise state.json (tasks, task_order, current_task = task_order[0]).
// When ≥ 50 % of the assumptions mismatch (replanThreshold), nothing is written except the merge
// report: the planner must be re-run with the explored files injected (sequential mode).
import { basename } from 'node:path';
import { sameFile, extractFiles } from '../shared/files.js';
import type {
  DesignBriefT,
  ExploredFileT,
  ExploredT,
  PlannedTaskT,
  StateFileT,
  SubtaskStateT,
  TaskBreakdownT,
  TaskStateT,
} from './schemas.js';
import { topoOrder } from './store.js';

export type Verdict = 'match' | 'mismatch' | 'unverified';

export interface AssumptionCheck {
  id: string;
  statement: string;
  verdict: Verdict;
  correction?: string;
  /** The files the assumption names. */
  files: string[];
  /** Explored files suggested in the correction (closest match of a missing file). */
  closest?: string[];
  tasks?: string[];
}

function uniq<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}

function nameTokens(path: string): string[] {
  return path
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(
      (t) =>
        t.length >= 3 &&
        ![
          'src',
          'lib',
          'index',
          'test',
          'tests',
          'spec',
          'ts',
          'tsx',
          'js',
          'mjs',
          'jsx',
          'py',
          'json',
          'yaml',
          'yml',
          'md',
        ].includes(t),
    );
}

/** The explored file most like `file` (same base name, else most shared name tokens). */
export function closestExplored(file: string, explored: ExploredFileT[]): string | null {
  const sameName = explored.find((e) => basename(e.path) === basename(file));
  if (sameName) return sameName.path;
  const want = new Set(nameTokens(file));
  let best: { path: string; score: number } | null = null;
  for (const e of explored) {
    const score = nameTokens(e.path).filter((t) => want.has(t)).length;
    if (score > 0 && (!best || score > best.score)) best = { path: e.path, score };
  }
  return best?.path ?? null;
}

function findExplored(file: string, explored: ExploredFileT[]): ExploredFileT | undefined {
  return explored.find((e) => sameFile(e.path, file));
}

function hasSymbol(e: ExploredFileT, sym: string): boolean {
  return (e.symbols ?? []).includes(sym) || (e.summary ?? '').includes(sym);
}

/** Step 1: each assumption against the explored files. */
export function verifyAssumptions(b: TaskBreakdownT, e: ExploredT): AssumptionCheck[] {
  const files = e.explored_files;
  return b.assumptions.map((a) => {
    const named = uniq([...(a.files ?? []), ...extractFiles(a.statement)]);
    const symbols = a.symbols ?? [];
    const base = { id: a.id, statement: a.statement, files: named, ...(a.tasks ? { tasks: a.tasks } : {}) };
    if (!named.length && !symbols.length) {
      return { ...base, verdict: 'unverified' as const, correction: 'names no file or symbol to check' };
    }
    const problems: string[] = [];
    const closest: string[] = [];
    const found = named.map((f) => findExplored(f, files)).filter((x): x is ExploredFileT => !!x);
    const scope = found.length ? found : files;
    if ((a.expect ?? 'present') === 'present') {
      for (const f of named) {
        if (findExplored(f, files)) continue;
        const near = closestExplored(f, files);
        if (near) closest.push(near);
        problems.push(`${f} is not among the explored files${near ? ` (closest: ${near})` : ''}`);
      }
      for (const sym of symbols) {
        if (!scope.some((x) => hasSymbol(x, sym))) {
          const elsewhere = files.find((x) => hasSymbol(x, sym));
          problems.push(
            `${sym} was not found in ${found.length ? found.map((x) => x.path).join(', ') : 'the explored files'}${elsewhere && found.length ? ` (it is in ${elsewhere.path})` : ''}`,
          );
        }
      }
    } else {
      for (const f of found) problems.push(`${f.path} already exists (explored)`);
      for (const sym of symbols) {
        const where = scope.find((x) => hasSymbol(x, sym));
        if (where) problems.push(`${sym} already exists in ${where.path}`);
      }
    }
    return problems.length
      ? {
          ...base,
          verdict: 'mismatch' as const,
          correction: problems.join('; '),
          ...(closest.length ? { closest } : {}),
        }
      : { ...base, verdict: 'match' as const };
  });
}

export function mismatchRatio(checks: AssumptionCheck[]): number {
  if (!checks.length) return 0;
  return checks.filter((c) => c.verdict === 'mismatch').length / checks.length;
}

function taskFiles(t: PlannedTaskT): string[] {
  return uniq([...(t.files ?? []), ...t.subtasks.flatMap((s) => s.files ?? [])]);
}

function keywordsOf(t: PlannedTaskT): string[] {
  return uniq(
    [...(t.keywords ?? []), ...(t.domain ? [t.domain] : [])]
      .map((k) => k.toLowerCase().trim())
      .filter((k) => k.length >= 3),
  );
}

function pathMatchesKeyword(path: string, kw: string): boolean {
  const parts = path.toLowerCase().split(/[\\/]/);
  return parts.some(
    (part) => part === kw || part.split(/[^a-z0-9]+/).includes(kw) || part.startsWith(`${kw}.`),
  );
}

/** Step 2: one design-brief per task. */
export function buildBriefs(
  b: TaskBreakdownT,
  e: ExploredT,
  checks: AssumptionCheck[],
  now: Date,
): DesignBriefT[] {
  const explored = e.explored_files;
  const named = new Map(b.tasks.map((t) => [t.id, taskFiles(t)]));
  // The tasks a mismatch concerns: those it names, else those whose files it (or its closest
  // explored file) touches, else every task (a general fact about the code).
  const related = (c: AssumptionCheck): string[] => {
    if (c.tasks?.length) return c.tasks;
    const about = [...c.files, ...(c.closest ?? [])];
    const hit = b.tasks
      .filter((t) => about.some((f) => (named.get(t.id) ?? []).some((m) => sameFile(m, f))))
      .map((t) => t.id);
    return hit.length ? hit : b.tasks.map((t) => t.id);
  };
  return b.tasks.map((t) => {
    const mine = named.get(t.id) ?? [];
    const refs: DesignBriefT['file_refs'] = [];
    const seen = new Set<string>();
    const add = (ref: DesignBriefT['file_refs'][number]) => {
      if (seen.has(ref.path)) return;
      seen.add(ref.path);
      refs.push(ref);
    };
    for (const f of mine) {
      const x = findExplored(f, explored);
      if (x)
        add({
          path: x.path,
          exists: true,
          reason: 'named by the task',
          ...(x.summary ? { summary: x.summary } : {}),
          ...(x.symbols ? { symbols: x.symbols } : {}),
        });
      else
        add({
          path: f,
          exists: false,
          reason: 'named by the task; not among the explored files (a new file?)',
        });
    }
    // Explored files that match the task's keywords / domain are context (file_refs), unless
    // another task names them: those are that task's scope.
    const otherNamed = b.tasks.filter((o) => o.id !== t.id).flatMap((o) => named.get(o.id) ?? []);
    for (const kw of keywordsOf(t)) {
      for (const x of explored) {
        if (!pathMatchesKeyword(x.path, kw) || otherNamed.some((f) => sameFile(f, x.path))) continue;
        add({
          path: x.path,
          exists: true,
          reason: `related: matches "${kw}"`,
          ...(x.summary ? { summary: x.summary } : {}),
          ...(x.symbols ? { symbols: x.symbols } : {}),
        });
      }
    }
    const inScope = refs.filter((r) => r.reason === 'named by the task' || !r.exists).map((r) => r.path);
    const out: string[] = [];
    for (const other of b.tasks) {
      if (other.id === t.id) continue;
      for (const f of named.get(other.id) ?? []) {
        if (mine.some((m) => sameFile(m, f))) continue;
        out.push(`${f} (task ${other.id})`);
      }
    }
    const corrections = checks
      .filter((c) => c.verdict === 'mismatch' && related(c).includes(t.id))
      .map((c) => ({ assumption: c.id, statement: c.statement, correction: c.correction ?? '' }));
    const order = topoOrder(t.subtasks.map((s) => ({ id: s.id, deps: s.depends_on ?? [] })));
    return {
      request_id: b.request_id,
      task_id: t.id,
      title: t.title,
      ...(t.domain ? { domain: t.domain } : {}),
      ...(t.description ? { description: t.description } : {}),
      scope_in: uniq([...(t.scope_in ?? []), ...inScope]),
      scope_out: uniq([...(t.scope_out ?? []), ...out]),
      subtask_order: order,
      subtasks: order.map((id) => {
        const s = t.subtasks.find((x) => x.id === id)!;
        return {
          id,
          title: s.title,
          ...(s.description ? { description: s.description } : {}),
          ...(s.files ? { files: s.files } : {}),
        };
      }),
      file_refs: refs,
      ...(corrections.length ? { corrections } : {}),
      created_at: now.toISOString(),
    };
  });
}

/** Step 3: state.json for the request. A re-merge keeps the progress of subtasks that remain. */
export function initState(
  b: TaskBreakdownT,
  briefs: DesignBriefT[],
  prev: StateFileT | null,
  now: Date,
): StateFileT {
  const ts = now.toISOString();
  const keep = prev && prev.request_id === b.request_id ? prev : null;
  const tasks: Record<string, TaskStateT> = {};
  for (const t of b.tasks) {
    const brief = briefs.find((x) => x.task_id === t.id);
    const order = brief?.subtask_order ?? t.subtasks.map((s) => s.id);
    const subtasks: Record<string, SubtaskStateT> = {};
    for (const id of order) {
      const s = t.subtasks.find((x) => x.id === id)!;
      const old = keep?.tasks[t.id]?.subtasks[id];
      subtasks[id] = {
        title: s.title,
        ...(s.description ? { description: s.description } : {}),
        files: s.files ?? t.files ?? [],
        status: old?.status ?? 'pending',
        retries: old?.retries ?? { implementation: 0, design: 0 },
        test_failures: old?.test_failures ?? 0,
        ...(old?.last_result ? { last_result: old.last_result } : {}),
        updated_at: old?.updated_at ?? ts,
      };
    }
    const allDone = order.every((id) => subtasks[id]?.status === 'done');
    tasks[t.id] = {
      title: t.title,
      ...(t.domain ? { domain: t.domain } : {}),
      status: allDone ? 'done' : keep?.tasks[t.id]?.status === 'in_progress' ? 'in_progress' : 'pending',
      subtask_order: order,
      subtasks,
    };
  }
  const taskOrder = topoOrder(b.tasks.map((t) => ({ id: t.id, deps: t.depends_on ?? [] })));
  const state: StateFileT = {
    version: 2,
    request_id: b.request_id,
    status: 'in_progress',
    task_order: taskOrder,
    current_task: taskOrder[0] ?? null,
    current_subtask: null,
    tasks,
    created_at: keep?.created_at ?? ts,
    updated_at: ts,
  };
  return pointAtNext(state);
}

/**
 * Moves current_task / current_subtask to the first task (in task_order) that is not done and its
 * first subtask that is not done. A failed task stays current: the user must decide.
 */
export function pointAtNext(s: StateFileT): StateFileT {
  const next = s.task_order.find((id) => s.tasks[id]?.status !== 'done') ?? null;
  s.current_task = next;
  s.current_subtask = null;
  if (next) {
    const t = s.tasks[next]!;
    s.current_subtask = t.subtask_order.find((id) => t.subtasks[id]?.status !== 'done') ?? null;
    if (s.status === 'done') s.status = 'in_progress';
  } else if (s.task_order.length) {
    s.status = 'done';
  }
  return s;
}
