// `orch record contract <kind>`: stores a contract an agent produced; state.json moves on with it.
import { orchError } from '../errors.js';
import {
  bump,
  countsOf,
  observe,
  readLedger,
  subtaskKey,
  writeLedger,
  type LedgerSession,
} from '../ledger.js';
import { pointAtNext } from '../merge.js';
import { CONTRACT_LEVEL, rel, type ContractIds, type ContractKind } from '../paths.js';
import type { ContractTypes, StateFileT, SubtaskStateT } from '../schemas.js';
import { parseYamlText, validateContract, writeContract, writeSession, writeState } from '../file-store.js';
import { nowOf, pathsOf, requireActive, requireState, withLock, type OpsEnv } from './shared.js';

export interface RecordResult {
  file: string;
  kind: ContractKind;
  ids: ContractIds;
  messages: string[];
  /** The subtask failed too often: the orchestrator must ask the user. */
  askUser: boolean;
}

function idsFromDoc(
  kind: ContractKind,
  data: unknown,
  given: Partial<ContractIds>,
  file: string,
): ContractIds {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const pick = (field: string, flag: string | undefined): string | undefined => {
    const v = typeof d[field] === 'string' ? (d[field] as string) : undefined;
    if (flag && v && flag !== v)
      throw orchError(file, field, `is "${v}" but --${field.replace('_id', '')} says "${flag}"`);
    return flag ?? v;
  };
  const level = CONTRACT_LEVEL[kind];
  const request = pick('request_id', given.request);
  if (!request) throw orchError(file, 'request_id', 'required (or pass --request)');
  const ids: ContractIds = { request };
  if (level !== 'request') {
    const task = pick('task_id', given.task);
    if (!task) throw orchError(file, 'task_id', 'required (or pass --task)');
    ids.task = task;
  }
  if (level === 'subtask') {
    const subtask = pick('subtask_id', given.subtask);
    if (!subtask) throw orchError(file, 'subtask_id', 'required (or pass --subtask)');
    ids.subtask = subtask;
  }
  return ids;
}

/**
 * Stores a contract an agent produced (YAML text): checked against the skill's exact format and
 * its place, secrets redacted. state.json moves on as the skill does: a test-contract puts the
 * subtask into `implementation`; a passing test-result completes it (next subtask, test_first); a
 * failing one sends it back to `implementation` and is counted in our ledger.
 */
export async function recordContract(
  env: OpsEnv,
  kind: ContractKind,
  yamlText: string,
  given: Partial<ContractIds> = {},
  source = `${kind}.yaml`,
): Promise<RecordResult> {
  const p = pathsOf(env);
  const data = await parseYamlText(yamlText, source);
  const ids = idsFromDoc(kind, data, given, source);
  const value = validateContract(kind, data, source, ids, 'strict');
  return withLock(p, async () => {
    const session = requireActive(p);
    const state = requireState(p);
    checkPlace(state, kind, ids, source);
    const file = await writeContract(p, kind, ids, value as ContractTypes[typeof kind]);
    const messages = [`stored ${rel(p, file)}`];
    const now = nowOf(env);
    const ts = now.toISOString();
    const ledger = readLedger(p);
    const entry = observe(ledger, session, state, now);
    const step = advance(env, state, kind, ids, value, entry, ts);
    messages.push(...step.messages);
    if (step.changed) {
      pointAtNext(state, ts);
      writeState(p, state);
      session.current_task = state.request.current_task;
      messages.push(...whatNext(state, ids.request));
    }
    session.updated_at = ts;
    writeSession(p, session);
    observe(ledger, session, state, now);
    writeLedger(p, ledger);
    return { file: rel(p, file), kind, ids, messages, askUser: step.askUser };
  });
}

/** The contract belongs to the current request, and to one of its tasks and subtasks. */
function checkPlace(state: StateFileT, kind: ContractKind, ids: ContractIds, source: string): void {
  if (state.request.id !== ids.request)
    throw orchError(source, 'request_id', `the current request is ${state.request.id}, not ${ids.request}`);
  if (CONTRACT_LEVEL[kind] === 'request') return;
  if (!state.task_order.length)
    throw orchError(
      source,
      'request_id',
      `${ids.request} is not merged (state.json has no tasks)`,
      `run \`self-gen orch merge ${ids.request}\``,
    );
  if (!state.tasks[ids.task!])
    throw orchError(source, 'task_id', `task "${ids.task}" is not a task of ${ids.request}`);
  if (ids.subtask && !state.tasks[ids.task!]!.subtasks[ids.subtask])
    throw orchError(source, 'subtask_id', `subtask "${ids.subtask}" is not a subtask of ${ids.task}`);
}

interface Step {
  /** state.json changed. */
  changed: boolean;
  askUser: boolean;
  messages: string[];
}

/** What the contract changes in state.json (its task's and subtask's status and phase). */
function advance(
  env: OpsEnv,
  state: StateFileT,
  kind: ContractKind,
  ids: ContractIds,
  value: unknown,
  entry: LedgerSession,
  ts: string,
): Step {
  const step: Step = { changed: false, askUser: false, messages: [] };
  if (kind === 'design-contract') {
    const t = state.tasks[ids.task!]!;
    if (t.status === 'pending') t.status = 'in_progress';
    step.changed = true;
  }
  if (ids.subtask && (kind === 'test-contract' || kind === 'test-result')) {
    const t = state.tasks[ids.task!]!;
    const sub = t.subtasks[ids.subtask]!;
    if (sub.status === 'pending') sub.status = 'in_progress';
    if (kind === 'test-contract' && sub.phase === 'test_first') sub.phase = 'implementation';
    if (kind === 'test-result')
      onTestResult(env, sub, ids, value as ContractTypes['test-result'], entry, step);
    t.updated_at = ts;
    step.changed = true;
  }
  return step;
}

/** A pass completes the subtask; a failure sends it back and is counted against the retry limit. */
function onTestResult(
  env: OpsEnv,
  sub: SubtaskStateT,
  ids: ContractIds,
  r: ContractTypes['test-result'],
  entry: LedgerSession,
  step: Step,
): void {
  if (r.execution.result === 'pass') {
    sub.status = 'completed';
    sub.phase = 'complete';
    step.messages.push(`${ids.subtask} passed`);
    return;
  }
  sub.phase = 'implementation';
  const key = subtaskKey(ids.request, ids.task!, ids.subtask!);
  bump(entry, key, (c) => c.failed_results.push(r.execution.timestamp));
  const n = countsOf(entry, key).failed_results.length;
  if (n >= env.cfg.maxRetries) {
    step.askUser = true;
    step.messages.push(
      `${ids.subtask} failed ${n} time(s) (limit ${env.cfg.maxRetries}): ask the user how to continue.`,
    );
  } else {
    step.messages.push(
      `${ids.subtask} failed (${n} of ${env.cfg.maxRetries}); ${r.recommendation.action === 'retry_design' ? 'the design needs another look (retry_design)' : 'run the implementer again'}`,
    );
  }
}

/** The request is done, or the subtask (and its phase) to work on next. */
function whatNext(state: StateFileT, request: string): string[] {
  if (state.request.status === 'completed') return [`${request} is done: every subtask passed`];
  if (!state.request.current_task) return [];
  const t = state.tasks[state.request.current_task]!;
  return [
    `next: ${state.request.current_task}/${t.current_subtask ?? '-'} (${t.current_subtask ? t.subtasks[t.current_subtask]!.phase : '-'})`,
  ];
}
