// `orch merge <request>`: the Planner's assumptions checked against what Code Explore found; one
// design-brief per task and state.json's tasks, or the re-plan signal.
import { join } from 'node:path';
import { OrchError, orchError } from '../errors.js';
import { observe, readLedger, writeLedger } from '../ledger.js';
import { buildBriefs, initState, mismatchRatio, verifyAssumptions, type AssumptionCheck } from '../merge.js';
import { contractPath, rel, requestDir, type OrchPaths } from '../paths.js';
import type { StateFileT } from '../schemas.js';
import { readContract, toYaml, writeAtomic, writeContract, writeSession, writeState } from '../file-store.js';
import { warningLines } from '../tolerant.js';
import { nowOf, pathsOf, requireActive, requireState, withLock, type OpsEnv } from './shared.js';

export interface MergeResult {
  request: string;
  checks: AssumptionCheck[];
  ratio: number;
  replan: boolean;
  threshold: number;
  briefs: string[];
  /** Our merge report (in our own folder, not the skill's). */
  report: string;
  state: StateFileT | null;
  /** What was mended or left out while reading explored.yaml and task-breakdown.yaml. */
  warnings: string[];
}

export function mergeReportFile(p: OrchPaths, request: string): string {
  return join(p.ownDir, 'merge', `${request}.yaml`);
}

export async function mergeRequest(env: OpsEnv, request: string): Promise<MergeResult> {
  const p = pathsOf(env);
  requestDir(p, request);
  return withLock(p, async () => {
    const session = requireActive(p);
    const prev = requireState(p);
    if (prev.request.id !== request)
      throw orchError(
        rel(p, p.stateFile),
        'request.id',
        `the current request is ${prev.request.id}, not ${request}`,
      );
    const explored = await readContract(p, 'explored', { request });
    const breakdown = await readContract(p, 'task-breakdown', { request });
    const missing = [
      ...(explored ? [] : [contractPath(p, 'explored', { request })]),
      ...(breakdown ? [] : [contractPath(p, 'task-breakdown', { request })]),
    ];
    if (!explored || !breakdown)
      throw new OrchError(
        missing.map((f) => ({ file: rel(p, f), field: '', message: 'not found' })),
        'record the Code Explore and Planner results first (`self-gen orch record contract explored|task-breakdown <file>`)',
      );
    const now = nowOf(env);
    const warnings = warningLines([...explored.warnings, ...breakdown.warnings]);
    const checks = verifyAssumptions(breakdown.value, explored.value);
    const ratio = mismatchRatio(checks);
    const threshold = env.cfg.replanThreshold;
    const replan = checks.length > 0 && ratio >= threshold;
    const briefs: string[] = [];
    let state: StateFileT | null = null;
    if (!replan) {
      const docs = buildBriefs(breakdown.value, explored.value, request, now);
      for (const b of docs)
        briefs.push(rel(p, await writeContract(p, 'design-brief', { request, task: b.task_id }, b)));
      state = initState(breakdown.value, prev, now);
      writeState(p, state);
      session.current_task = state.request.current_task;
      session.updated_at = now.toISOString();
      writeSession(p, session);
      const l = readLedger(p);
      observe(l, session, state, now);
      writeLedger(p, l);
    }
    const report = {
      request_id: request,
      merged_at: now.toISOString(),
      mismatch_ratio: Math.round(ratio * 1000) / 1000,
      replan,
      assumptions: checks.map((c) => ({
        id: c.id,
        statement: c.statement,
        verdict: c.verdict,
        ...(c.correction ? { correction: c.correction } : {}),
      })),
      briefs,
      ...(warnings.length ? { warnings } : {}),
    };
    const reportFile = mergeReportFile(p, request);
    writeAtomic(p, reportFile, await toYaml(report));
    return { request, checks, ratio, replan, threshold, briefs, report: reportFile, state, warnings };
  });
}
