// `self-gen orch merge <request>`: check the planner's assumptions, write the design briefs, start state.json.
import { mergeRequest } from '../../../orchestrator/index.js';
import { printWarning } from '../../output.js';
import { ctxOf, orchestrate, type OrchOptions } from './common.js';

export interface OrchMergeOptions extends OrchOptions {
  json?: boolean;
}

type Merge = Awaited<ReturnType<typeof mergeRequest>>;

function printMerge(r: Merge): void {
  for (const w of r.warnings) printWarning(`! ${w}`);
  const mism = r.checks.filter((x) => x.verdict === 'mismatch').length;
  console.log(
    `assumptions of ${r.request}: ${r.checks.length - mism} ok, ${mism} mismatched (${Math.round(r.ratio * 100)} %)`,
  );
  for (const x of r.checks)
    console.log(
      `  ${x.verdict === 'match' ? '✓' : x.verdict === 'mismatch' ? '✗' : '?'} ${x.id} ${x.statement}${x.correction ? `\n      → ${x.correction}` : ''}`,
    );
  if (r.replan) {
    console.log(
      `re-plan: ${Math.round(r.ratio * 100)} % ≥ ${Math.round(r.threshold * 100)} % of the assumptions do not match the code.`,
    );
    console.log(
      'run the Planner again, sequentially, with the explored files (`self-gen orch context planner` now includes them and the corrections), record the new task-breakdown, and merge again.',
    );
  } else {
    for (const b of r.briefs) console.log(`wrote ${b}`);
    console.log(
      `state.json: tasks ${r.state?.task_order.join(', ')}; current ${r.state?.request.current_task}/${r.state?.request.current_task ? r.state.tasks[r.state.request.current_task]?.current_subtask : '-'}`,
    );
  }
  console.log(`report: ${r.report}`);
}

export async function runOrchMerge([request]: [string], o: OrchMergeOptions): Promise<void> {
  const c = ctxOf(o);
  const r = await orchestrate(() => mergeRequest(c, request));
  if (o.json) console.log(JSON.stringify(r, null, 2));
  else printMerge(r);
  if (r.replan) process.exitCode = 2;
}
