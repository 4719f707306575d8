// Semantic checks of the orchestrator skill's files, beyond their schemas (schemas.ts): task ids
// that refer to tasks that exist, and a contract's ids that match the folder it lies in.
import { CONTRACT_LEVEL, type ContractIds, type ContractKind } from './paths.js';
import { type FieldIssue, type StateFileT, type TaskBreakdownT } from './schemas.js';

export function checkState(s: StateFileT, file: string): FieldIssue[] {
  const out: FieldIssue[] = [];
  s.task_order.forEach((t, i) => {
    if (!s.tasks[t]) out.push({ file, field: `task_order[${i}]`, message: `task "${t}" is not in tasks` });
  });
  const cur = s.request.current_task;
  if (cur !== null && !s.tasks[cur])
    out.push({ file, field: 'request.current_task', message: `task "${cur}" is not in tasks` });
  for (const [tid, t] of Object.entries(s.tasks)) {
    t.subtask_order.forEach((sid, i) => {
      if (!t.subtasks[sid])
        out.push({
          file,
          field: `tasks.${tid}.subtask_order[${i}]`,
          message: `subtask "${sid}" is not in tasks.${tid}.subtasks`,
        });
    });
    if (t.current_subtask !== null && !t.subtasks[t.current_subtask])
      out.push({
        file,
        field: `tasks.${tid}.current_subtask`,
        message: `subtask "${t.current_subtask}" is not in tasks.${tid}.subtasks`,
      });
  }
  return out;
}

export function checkTaskBreakdown(b: TaskBreakdownT, file: string): FieldIssue[] {
  const out: FieldIssue[] = [];
  const taskIds = new Set<string>();
  const subIds = new Set<string>();
  b.tasks.forEach((t, i) => {
    if (taskIds.has(t.id))
      out.push({ file, field: `tasks[${i}].id`, message: `duplicate task id "${t.id}"` });
    taskIds.add(t.id);
    t.subtasks.forEach((s, j) => {
      if (subIds.has(s.id))
        out.push({ file, field: `tasks[${i}].subtasks[${j}].id`, message: `duplicate subtask id "${s.id}"` });
      subIds.add(s.id);
    });
  });
  b.task_order.forEach((t, i) => {
    if (!taskIds.has(t)) out.push({ file, field: `task_order[${i}]`, message: `unknown task "${t}"` });
  });
  return out;
}

/** A contract's request/task/subtask ids against the folder it lies in. */
export function checkLocation(
  value: Record<string, unknown>,
  kind: ContractKind,
  ids: ContractIds,
  file: string,
): FieldIssue[] {
  const out: FieldIssue[] = [];
  const expect: [string, string | undefined][] = [['request_id', ids.request]];
  if (CONTRACT_LEVEL[kind] !== 'request') expect.push(['task_id', ids.task]);
  if (CONTRACT_LEVEL[kind] === 'subtask') expect.push(['subtask_id', ids.subtask]);
  for (const [field, want] of expect) {
    if (want !== undefined && value[field] !== want)
      out.push({ file, field, message: `is "${String(value[field])}" but the file belongs to ${want}` });
  }
  return out;
}
