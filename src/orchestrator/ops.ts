// The orchestrator's write operations, used by `self-gen orch ...` (never by a hook): init,
// requests, merge, recording contracts / results / retries, knowledge, validation, migration.
// Everything written into the skill's folders is in its exact format (schemas.ts `Real`); our own
// bookkeeping (references, retries, failing runs, session history, merge reports, backups) goes to
// our folder under the data home. Every read-modify-write holds a lock (in our folder).
import { existsSync, readdirSync, lstatSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureOrchDir, moveOrchFile, readOrchText, readOrchTextOrNull } from './fs.js';
import { withLockAsync } from '../common/lock.js';
import { OrchError, orchError } from './errors.js';
import { bump, countsOf, observe, readLedger, subtaskKey, writeLedger } from './ledger.js';
import {
  buildBriefs,
  initState,
  mismatchRatio,
  pointAtNext,
  verifyAssumptions,
  type AssumptionCheck,
} from './merge.js';
import {
  CONTRACT_LEVEL,
  contractPath,
  orchPaths,
  rel,
  requestDir,
  type ContractIds,
  type ContractKind,
  type OrchPaths,
} from './paths.js';
import { ROLE_SPECS } from './roles.js';
import {
  ROLES,
  parseWith,
  Real,
  type ContractTypes,
  type FieldIssue,
  type KnowledgeField,
  type KnowledgeFileT,
  type OrchestratorConfigT,
  type SessionFileT,
  type StateFileT,
  type TaskStatus,
} from './schemas.js';
import {
  MIGRATE_FIX,
  backupFile,
  checkState,
  emptyKnowledge,
  listContracts,
  listRequests,
  nextRequestId,
  oldFormat,
  parseJsonDoc,
  parseYamlText,
  readContract,
  readKnowledgeDoc,
  readSession,
  readState,
  readText,
  toYaml,
  validateContract,
  writeAtomic,
  writeContract,
  writeKnowledge,
  writeSession,
  writeState,
} from './file-store.js';
import { configTemplatesDir, foreignVars, readTemplateText, unknownVars } from './templates.js';
import { warningLines } from './tolerant.js';

export interface OpsEnv {
  projectRoot: string;
  projectName: string;
  cfg: OrchestratorConfigT;
  now?: () => Date;
  /** Process environment (the data home of our own files); default process.env. */
  env?: NodeJS.ProcessEnv;
}

const nowOf = (env: OpsEnv) => (env.now ? env.now() : new Date());
const pathsOf = (env: OpsEnv) => orchPaths(env.projectRoot, env.env);

export async function withLock<T>(p: OrchPaths, fn: () => Promise<T> | T): Promise<T> {
  ensureOrchDir(p, p.ownDir);
  // `<ownDir>.lock`, next to our own folder in the checked folder above it.
  const lockPath = `${p.ownDir}.lock`;
  const r = await withLockAsync(lockPath, { timeoutMs: 10_000, staleMs: 15_000, refreshMs: 5_000 }, fn);
  if (!r.ran)
    throw Object.assign(new Error(`${lockPath} is held by another self-gen process`), { code: 'ELOCKED' });
  return r.value;
}

function newState(id: string, text: string): StateFileT {
  return {
    version: 2,
    request: {
      id,
      original_request: text.trim(),
      status: 'active',
      current_task: null,
      global_phase: 'global_discovery',
    },
    tasks: {},
    task_order: [],
  };
}

const START_FIX = 'start the orchestrator skill, or run `self-gen orch init --request "<text>"`';

function requireSession(p: OrchPaths): SessionFileT {
  const s = readSession(p);
  if (!s) throw orchError(rel(p, p.sessionFile), '', 'no orchestrator session', START_FIX);
  return s.value;
}

function requireActive(p: OrchPaths): SessionFileT {
  const s = requireSession(p);
  if (s.status !== 'active')
    throw orchError(
      rel(p, p.sessionFile),
      'status',
      `the session is ${s.status}`,
      'start a new one with `self-gen orch init --new --request "<text>"`',
    );
  return s;
}

function requireState(p: OrchPaths): StateFileT {
  const st = readState(p);
  if (!st) throw orchError(rel(p, p.stateFile), '', 'not found', START_FIX);
  return st.value;
}

function defaultFile(root: string, names: string[]): string | null {
  for (const c of names) if (existsSync(join(root, c))) return join(root, c);
  return null;
}

/** Keeps a copy of a file in our own archive folder (before the skill's file is replaced). */
function archive(p: OrchPaths, file: string, stamp: string): string {
  const dest = join(p.ownDir, 'archive', stamp, rel(p, file).replace(/^(\.\.\/)+/, ''));
  if (!moveOrchFile(p, file, dest))
    throw orchError(rel(p, file), '', 'is a symbolic link or not a regular file; left alone', MIGRATE_FIX);
  return dest;
}

// ---------------------------------------------------------------- session lifecycle

export interface InitOptions {
  request?: string;
  claudeMd?: string;
  agentsMd?: string;
  references?: string[];
  /** End an active session (as stopped) and start a new one. */
  fresh?: boolean;
}

export interface InitResult {
  session: SessionFileT;
  state: StateFileT;
  created: boolean;
  requestId?: string;
  paths: OrchPaths;
  notes: string[];
}

export async function initSession(env: OpsEnv, o: InitOptions = {}): Promise<InitResult> {
  const p = pathsOf(env);
  return withLock(p, () => {
    const now = nowOf(env);
    const ts = now.toISOString();
    const notes: string[] = [];
    const ledger = readLedger(p);
    if (o.references?.length)
      ledger.references = [
        ...new Set([...ledger.references, ...o.references.map((r) => r.trim()).filter(Boolean)]),
      ];
    let prev: SessionFileT | null = null;
    try {
      const r = readSession(p);
      prev = r?.value ?? null;
      if (r?.problem) notes.push(r.problem);
    } catch (e) {
      if (!(e instanceof OrchError) || !o.fresh) throw e;
      notes.push(
        `${rel(p, p.sessionFile)} was unreadable: kept in ${archive(p, p.sessionFile, ts.replace(/[:.]/g, '-'))} and replaced (--new)`,
      );
    }
    let session: SessionFileT;
    let state: StateFileT | null = null;
    let created = false;
    let requestId: string | undefined;
    if (prev && prev.status === 'active' && !o.fresh) {
      session = prev;
      if (o.claudeMd !== undefined) session.manifest.claude_md = resolve(p.projectRoot, o.claudeMd);
      if (o.agentsMd !== undefined) session.manifest.agents_md = resolve(p.projectRoot, o.agentsMd);
      notes.push(`the session of ${session.created_at} is already active: resumed`);
      state = readState(p)?.value ?? null;
      if (o.request?.trim() || !state) {
        if (!o.request?.trim())
          throw orchError(
            rel(p, p.stateFile),
            '',
            'not found',
            'pass the request: `self-gen orch init --request "<text>"`',
          );
        if (state) archiveState(p, state);
        requestId = nextRequestId(p, state);
        state = newState(requestId, o.request);
      }
    } else {
      if (!o.request?.trim())
        throw orchError(
          rel(p, p.stateFile),
          'request.original_request',
          "a new session needs the user's request",
          'self-gen orch init --request "<the user\'s request>"',
        );
      if (prev) {
        if (prev.status === 'active') {
          prev.status = 'stopped';
          notes.push(`the active session of ${prev.created_at} was stopped`);
        }
        observe(ledger, prev, readState(p)?.value ?? null, now);
        const old = readState(p)?.value ?? null;
        if (old) archiveState(p, old);
      }
      requestId = nextRequestId(p, readState(p)?.value ?? null);
      session = {
        version: 1,
        project: { path: p.projectRoot, name: env.projectName, hash: p.hash },
        status: 'active',
        current_task: null,
        created_at: ts,
        updated_at: ts,
        manifest: {
          claude_md:
            o.claudeMd !== undefined
              ? resolve(p.projectRoot, o.claudeMd)
              : defaultFile(p.projectRoot, ['CLAUDE.md', '.claude/CLAUDE.md']),
          agents_md:
            o.agentsMd !== undefined
              ? resolve(p.projectRoot, o.agentsMd)
              : defaultFile(p.projectRoot, ['AGENTS.md']),
        },
      };
      state = newState(requestId, o.request);
      created = true;
    }
    session.current_task = state.request.current_task;
    session.updated_at = ts;
    writeSession(p, session);
    writeState(p, state);
    ensureOrchDir(p, requestDir(p, state.request.id));
    observe(ledger, session, state, now);
    writeLedger(p, ledger);
    return { session, state, created, paths: p, notes, ...(requestId ? { requestId } : {}) };
  });
}

/** The state of a request that is replaced: kept in our folder (its contracts stay in place). */
function archiveState(p: OrchPaths, s: StateFileT): void {
  writeAtomic(p, join(p.ownDir, 'requests', `${s.request.id}.state.json`), JSON.stringify(s, null, 2) + '\n');
}

/** A new request in the active session: the next free R<n>; state.json starts over for it. */
export async function addRequest(env: OpsEnv, text: string): Promise<string> {
  if (!text.trim()) throw orchError('request', '', 'is empty');
  const p = pathsOf(env);
  return withLock(p, () => {
    const s = requireActive(p);
    const prev = readState(p)?.value ?? null;
    if (prev) archiveState(p, prev);
    const id = nextRequestId(p, prev);
    const state = newState(id, text);
    const now = nowOf(env);
    s.current_task = null;
    s.updated_at = now.toISOString();
    writeState(p, state);
    writeSession(p, s);
    ensureOrchDir(p, requestDir(p, id));
    const l = readLedger(p);
    observe(l, s, state, now);
    writeLedger(p, l);
    return id;
  });
}

export async function endSession(
  env: OpsEnv,
  status: 'completed' | 'stopped' = 'completed',
): Promise<SessionFileT> {
  const p = pathsOf(env);
  return withLock(p, () => {
    const s = requireActive(p);
    const now = nowOf(env);
    s.status = status;
    s.updated_at = now.toISOString();
    writeSession(p, s);
    const l = readLedger(p);
    observe(l, s, readState(p)?.value ?? null, now);
    writeLedger(p, l);
    return s;
  });
}

// ---------------------------------------------------------------- merge

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

// ---------------------------------------------------------------- recording

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
    const messages: string[] = [];
    let askUser = false;
    if (state.request.id !== ids.request)
      throw orchError(source, 'request_id', `the current request is ${state.request.id}, not ${ids.request}`);
    if (CONTRACT_LEVEL[kind] !== 'request') {
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
    const file = await writeContract(p, kind, ids, value as ContractTypes[typeof kind]);
    messages.push(`stored ${rel(p, file)}`);
    const now = nowOf(env);
    const ts = now.toISOString();
    const ledger = readLedger(p);
    const entry = observe(ledger, session, state, now);
    let changed = false;
    if (kind === 'design-contract') {
      const t = state.tasks[ids.task!]!;
      if (t.status === 'pending') t.status = 'in_progress';
      changed = true;
    }
    if (ids.subtask && (kind === 'test-contract' || kind === 'test-result')) {
      const t = state.tasks[ids.task!]!;
      const sub = t.subtasks[ids.subtask]!;
      if (sub.status === 'pending') sub.status = 'in_progress';
      if (kind === 'test-contract' && sub.phase === 'test_first') sub.phase = 'implementation';
      if (kind === 'test-result') {
        const r = value as ContractTypes['test-result'];
        if (r.execution.result === 'pass') {
          sub.status = 'completed';
          sub.phase = 'complete';
          messages.push(`${ids.subtask} passed`);
        } else {
          sub.phase = 'implementation';
          const key = subtaskKey(ids.request, ids.task!, ids.subtask);
          bump(entry, key, (c) => c.failed_results.push(r.execution.timestamp));
          const n = countsOf(entry, key).failed_results.length;
          if (n >= env.cfg.maxRetries) {
            askUser = true;
            messages.push(
              `${ids.subtask} failed ${n} time(s) (limit ${env.cfg.maxRetries}): ask the user how to continue.`,
            );
          } else {
            messages.push(
              `${ids.subtask} failed (${n} of ${env.cfg.maxRetries}); ${r.recommendation.action === 'retry_design' ? 'the design needs another look (retry_design)' : 'run the implementer again'}`,
            );
          }
        }
      }
      t.updated_at = ts;
      changed = true;
    }
    if (changed) {
      pointAtNext(state, ts);
      writeState(p, state);
      session.current_task = state.request.current_task;
      if (state.request.status === 'completed') messages.push(`${ids.request} is done: every subtask passed`);
      else if (state.request.current_task) {
        const t = state.tasks[state.request.current_task]!;
        messages.push(
          `next: ${state.request.current_task}/${t.current_subtask ?? '-'} (${t.current_subtask ? t.subtasks[t.current_subtask]!.phase : '-'})`,
        );
      }
    }
    session.updated_at = ts;
    writeSession(p, session);
    observe(ledger, session, state, now);
    writeLedger(p, ledger);
    return { file: rel(p, file), kind, ids, messages, askUser };
  });
}

export interface RetryResult {
  subtask: string;
  task: string;
  count: number;
  failed: boolean;
  message: string;
}

function findSubtask(state: StateFileT, subtask: string, task?: string): string | null {
  for (const tid of task ? [task] : state.task_order) if (state.tasks[tid]?.subtasks[subtask]) return tid;
  return null;
}

/** One more retry of a subtask, counted in our ledger (the skill's files have no field for it). */
export async function recordRetry(env: OpsEnv, subtask: string, task?: string): Promise<RetryResult> {
  const p = pathsOf(env);
  return withLock(p, () => {
    const session = requireActive(p);
    const state = requireState(p);
    const tid = findSubtask(state, subtask, task);
    if (!tid)
      throw orchError(
        rel(p, p.stateFile),
        'tasks',
        `no subtask "${subtask}"${task ? ` in ${task}` : ''}`,
        'check `self-gen orch status`',
      );
    const now = nowOf(env);
    const l = readLedger(p);
    const e = observe(l, session, state, now);
    const key = subtaskKey(state.request.id, tid, subtask);
    bump(e, key, (c) => (c.retries += 1));
    writeLedger(p, l);
    const count = countsOf(e, key).retries;
    const failed = count > env.cfg.maxRetries;
    return {
      subtask,
      task: tid,
      count,
      failed,
      message: failed
        ? `${subtask}: retry ${count} is past the limit (${env.cfg.maxRetries}); ask the user how to continue.`
        : `${subtask}: retry ${count} of ${env.cfg.maxRetries}`,
    };
  });
}

/** Sets a subtask's status by hand (after asking the user); `reset` clears our counts for it. */
export async function setSubtaskStatus(
  env: OpsEnv,
  subtask: string,
  status: TaskStatus,
  reset = false,
): Promise<StateFileT> {
  const p = pathsOf(env);
  return withLock(p, () => {
    const session = requireActive(p);
    const state = requireState(p);
    const tid = findSubtask(state, subtask);
    if (!tid)
      throw orchError(
        rel(p, p.stateFile),
        'tasks',
        `no subtask "${subtask}"`,
        'check `self-gen orch status`',
      );
    const t = state.tasks[tid]!;
    const sub = t.subtasks[subtask]!;
    const ts = nowOf(env).toISOString();
    sub.status = status;
    if (status === 'completed') sub.phase = 'complete';
    else if (sub.phase === 'complete') sub.phase = 'test_first';
    if (status !== 'completed' && t.status === 'completed') t.status = 'in_progress';
    t.updated_at = ts;
    pointAtNext(state, ts);
    writeState(p, state);
    session.current_task = state.request.current_task;
    session.updated_at = ts;
    writeSession(p, session);
    const l = readLedger(p);
    const e = observe(l, session, state, nowOf(env));
    if (reset) delete e.subtasks[subtaskKey(state.request.id, tid, subtask)];
    writeLedger(p, l);
    return state;
  });
}

export interface KnowledgeInput {
  /** patterns: the topic (key); decisions: the topic. */
  topic?: string;
  /** decisions: why. */
  rationale?: string;
  /** decisions: files it is about. */
  refs?: string[];
  /** pitfalls: why it is a pitfall. */
  reason?: string;
  /** pitfalls: where it was learned (e.g. R1/T1-S1). */
  learnedFrom?: string;
}

function nextId(prefix: string, ids: string[]): string {
  let max = 0;
  for (const id of ids) {
    const m = new RegExp(`^${prefix}(\\d+)$`).exec(id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `${prefix}${max + 1}`;
}

/** Adds to knowledge.yaml in the skill's format; returns the entry's key or id. */
export async function addKnowledge(
  env: OpsEnv,
  field: KnowledgeField,
  text: string,
  o: KnowledgeInput = {},
): Promise<string> {
  if (!text.trim()) throw orchError('knowledge', field, 'text is empty');
  const p = pathsOf(env);
  return withLock(p, async () => {
    const now = nowOf(env);
    const doc = await readKnowledgeDoc(p);
    // Written back in the skill's exact format: what was mended is written mended, but an entry
    // that could not be read is never dropped from the file behind the user's back.
    const lost = (doc?.warnings ?? []).filter((w) => w.message.startsWith('left out'));
    if (lost.length)
      throw new OrchError(
        lost,
        'correct (or remove) these entries of knowledge.yaml first; nothing was written',
      );
    const k: KnowledgeFileT = doc?.value ?? emptyKnowledge(p, env.projectName, now);
    let key: string;
    if (field === 'patterns') {
      if (!o.topic?.trim())
        throw orchError(
          'knowledge',
          'patterns',
          'a pattern needs a topic',
          'pass --topic <name>, e.g. --topic error_handling',
        );
      key = o.topic.trim();
      k.patterns[key] = text.trim();
    } else if (field === 'decisions') {
      key = nextId(
        'D',
        k.decisions.map((d) => d.id),
      );
      k.decisions.push({
        id: key,
        topic: o.topic?.trim() || 'general',
        decision: text.trim(),
        rationale: o.rationale?.trim() ?? '',
        refs: o.refs ?? [],
        created_at: now.toISOString(),
      });
    } else {
      key = nextId(
        'P',
        k.pitfalls.map((d) => d.id),
      );
      k.pitfalls.push({
        id: key,
        description: text.trim(),
        reason: o.reason?.trim() ?? '',
        ...(o.learnedFrom ? { learned_from: o.learnedFrom } : {}),
      });
    }
    k.updated_at = now.toISOString();
    await writeKnowledge(p, k);
    return key;
  });
}

// ---------------------------------------------------------------- validate

export interface ValidateReport {
  checked: string[];
  issues: FieldIssue[];
  warnings: string[];
  /** What to do (a `fix:` line each). */
  fixes: string[];
}

/** Files an earlier self-gen left in the skill's folders (never part of the skill's format). */
export function leftovers(p: OrchPaths): string[] {
  const out: string[] = [];
  for (const f of [`${p.sessionFile}.bak`, `${p.stateFile}.bak`]) if (existsSync(f)) out.push(f);
  for (const r of listRequests(p)) {
    for (const n of ['merge-report.yaml', 'state.json']) {
      const f = join(requestDir(p, r), n);
      if (existsSync(f)) out.push(f);
    }
  }
  return out;
}

/**
 * Checks session.json, state.json, knowledge.yaml and every contract against the skill's exact
 * formats (unknown fields are errors, as for the skill), plus the template overrides. Files in
 * our earlier own format are named, with `self-gen orch migrate` as the fix.
 */
export async function validateAll(env: OpsEnv, request?: string): Promise<ValidateReport> {
  const p = pathsOf(env);
  const out: ValidateReport = { checked: [], issues: [], warnings: [], fixes: [] };
  let old = false;
  const note = (issues: FieldIssue[]) => {
    out.issues.push(...issues);
    if (issues.some((i) => i.message.includes('earlier own format'))) old = true;
  };
  // Each file twice: against the exact format (what the skill must write), and as the hooks read
  // it (tolerant.ts). What the read mends is a warning (the file is still used); an entry it leaves
  // out, a strict deviation it does not reach (an unknown field) and a file it refuses are errors.
  const judge = async (
    name: string,
    strict: () => Promise<FieldIssue[]>,
    read: () => Promise<FieldIssue[]>,
  ): Promise<void> => {
    out.checked.push(name);
    let warned: FieldIssue[];
    try {
      warned = await read();
    } catch (e) {
      if (!(e instanceof OrchError)) throw e;
      const more = (await strict()).filter((i) => !e.issues.some((x) => x.field === i.field));
      return note([...e.issues, ...more]);
    }
    const left = warned.filter((w) => w.message.startsWith('left out'));
    const mended = warned.filter((w) => !left.includes(w));
    out.warnings.push(...warningLines(mended));
    const covered = (i: FieldIssue) =>
      warned.some(
        (w) => i.field === w.field || i.field.startsWith(`${w.field}.`) || i.field.startsWith(`${w.field}[`),
      );
    note([...left, ...(await strict()).filter((i) => !covered(i))]);
  };
  const issuesOf = async (fn: () => Promise<unknown>): Promise<FieldIssue[]> => {
    try {
      await fn();
      return [];
    } catch (e) {
      if (e instanceof OrchError) return e.issues;
      throw e;
    }
  };
  for (const [file, kind] of [
    [p.sessionFile, 'session'],
    [p.stateFile, 'state'],
  ] as const) {
    const text = readText(p, file);
    if (text === null) {
      if (kind === 'session') note([{ file: rel(p, file), field: '', message: 'no orchestrator session' }]);
      continue;
    }
    const parse = (mode: 'strict' | 'read') =>
      parseJsonDoc(text, kind, mode, rel(p, file), kind === 'state' ? checkState : undefined);
    await judge(
      rel(p, file),
      async () => {
        const r = parse('strict');
        return r.ok ? [] : r.issues;
      },
      async () => {
        const r = parse('read');
        if (!r.ok) throw new OrchError(r.issues);
        return r.warnings ?? [];
      },
    );
  }
  const ktext = readText(p, p.knowledgeFile);
  if (ktext !== null && ktext.trim()) {
    await judge(
      rel(p, p.knowledgeFile),
      () => issuesOf(() => readKnowledgeDoc(p, 'strict')),
      async () => (await readKnowledgeDoc(p, 'read'))?.warnings ?? [],
    );
  }
  for (const r of request ? [request] : listRequests(p)) {
    for (const c of listContracts(p, r)) {
      await judge(
        rel(p, c.file),
        () => issuesOf(() => readContract(p, c.kind, c.ids, 'strict')),
        async () => (await readContract(p, c.kind, c.ids, 'read'))?.warnings ?? [],
      );
    }
  }
  const extra = leftovers(p);
  for (const f of extra)
    note([
      {
        file: rel(p, f),
        field: '',
        message: "left by self-gen's earlier own format (not a file of the skill)",
      },
    ]);
  if (extra.length) old = true;
  if (old) out.fixes.push(MIGRATE_FIX);
  else if (out.issues.length)
    out.fixes.push(
      'correct the named fields (the formats: docs/orchestrator.md), or let the skill regenerate the file',
    );
  // Template overrides: variables the role does not receive render empty.
  for (const dir of [p.templatesDir, configTemplatesDir(p, env.cfg.templatesDir)]) {
    if (!dir || !existsSync(dir)) continue;
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.md'))) {
      const role = name.slice(0, -3);
      const file = join(dir, name);
      out.checked.push(rel(p, file));
      if (!(ROLES as readonly string[]).includes(role)) {
        out.warnings.push(`${rel(p, file)}: not a role template (roles: ${ROLES.join(', ')})`);
        continue;
      }
      const text = readTemplateText(p, file);
      if (text === null) {
        out.warnings.push(`${rel(p, file)}: not read (a symbolic link, FIFO or special file, or too big)`);
        continue;
      }
      for (const v of unknownVars(text))
        out.issues.push({ file: rel(p, file), field: `{{${v}}}`, message: 'unknown variable' });
      for (const v of foreignVars(role as keyof typeof ROLE_SPECS, text).filter(
        (v) => !unknownVars(text).includes(v),
      ))
        out.warnings.push(`${rel(p, file)}: {{${v}}} is not part of the ${role} context and renders empty`);
    }
  }
  return out;
}

// ---------------------------------------------------------------- migrate

export interface MigrateResult {
  moved: { from: string; to: string }[];
  written: string[];
  archive: string;
}

function isRegular(file: string): boolean {
  try {
    return lstatSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Moves every file of our earlier own format out of the skill's folders into our archive
 * (`<data home>/orchestrator/<hash>/archive/<time>/`, nothing is deleted) and writes what can be
 * carried over in the skill's format: session.json (project, manifest), state.json (the current
 * request's text; tasks start empty: run the merge again) and knowledge.yaml (entries become
 * `pattern_<n>` topics, D<n> decisions, P<n> pitfalls). Old contracts are archived, not converted:
 * let the agents write them again.
 */
export async function migrate(env: OpsEnv): Promise<MigrateResult> {
  const p = pathsOf(env);
  return withLock(p, async () => {
    const now = nowOf(env);
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    const res: MigrateResult = { moved: [], written: [], archive: join(p.ownDir, 'archive', stamp) };
    const move = (f: string) => {
      if (!isRegular(f)) return;
      res.moved.push({ from: rel(p, f), to: archive(p, f, stamp) });
    };
    const json = (f: string): Record<string, unknown> | null => {
      try {
        return JSON.parse(readOrchTextOrNull(p, f) ?? '') as Record<string, unknown>;
      } catch {
        return null;
      }
    };
    const oldSession = json(p.sessionFile);
    const sessionOld = oldSession && oldFormat('session', oldSession) ? oldSession : null;
    const oldState = json(p.stateFile);
    const stateOld = oldState && oldFormat('state', oldState) ? oldState : null;
    let ktext = readText(p, p.knowledgeFile);
    let kdata: unknown = null;
    try {
      kdata = ktext ? await parseYamlText(ktext, rel(p, p.knowledgeFile)) : null;
    } catch {
      ktext = null;
    }
    const knowledgeOld = kdata && oldFormat('knowledge', kdata) ? (kdata as Record<string, unknown>) : null;

    for (const f of leftovers(p)) move(f);
    for (const r of listRequests(p)) {
      for (const c of listContracts(p, r)) {
        try {
          const d = await parseYamlText(readOrchText(p, c.file) ?? '', rel(p, c.file));
          if (oldFormat(c.kind, d)) move(c.file);
        } catch {}
      }
    }
    if (sessionOld) {
      move(p.sessionFile);
      const requests = Array.isArray(sessionOld.requests)
        ? (sessionOld.requests as Record<string, unknown>[])
        : [];
      const cur = requests.find((r) => r.id === sessionOld.current_request) ?? requests[requests.length - 1];
      const manifest = (sessionOld.manifest ?? {}) as Record<string, unknown>;
      const session: SessionFileT = {
        version: 1,
        project: { path: p.projectRoot, name: env.projectName, hash: p.hash },
        status:
          sessionOld.status === 'active'
            ? 'active'
            : sessionOld.status === 'completed'
              ? 'completed'
              : 'stopped',
        current_task: null,
        created_at: typeof sessionOld.started_at === 'string' ? sessionOld.started_at : now.toISOString(),
        updated_at: now.toISOString(),
        manifest: {
          claude_md:
            typeof manifest.claude_md === 'string' ? resolve(p.projectRoot, manifest.claude_md) : null,
          agents_md: null,
        },
      };
      if (Array.isArray(manifest.reference_projects)) {
        const l = readLedger(p);
        l.references = [
          ...new Set([
            ...l.references,
            ...manifest.reference_projects.filter((x): x is string => typeof x === 'string'),
          ]),
        ];
        writeLedger(p, l);
      }
      writeSession(p, session);
      res.written.push(rel(p, p.sessionFile));
      if (stateOld || !existsSync(p.stateFile)) {
        if (stateOld) move(p.stateFile);
        const id = typeof cur?.id === 'string' ? cur.id : nextRequestId(p, null);
        writeState(p, newState(id, typeof cur?.request === 'string' ? cur.request : ''));
        res.written.push(rel(p, p.stateFile));
      }
    } else if (stateOld) {
      move(p.stateFile);
    }
    if (knowledgeOld) {
      move(p.knowledgeFile);
      const text = (e: unknown) =>
        typeof e === 'string'
          ? e
          : e && typeof e === 'object' && 'text' in e
            ? String((e as { text: unknown }).text)
            : '';
      const list = (x: unknown) => (Array.isArray(x) ? x.map(text).filter(Boolean) : []);
      const k = emptyKnowledge(p, env.projectName, now);
      list(knowledgeOld.patterns).forEach((t, i) => (k.patterns[`pattern_${i + 1}`] = t));
      list(knowledgeOld.decisions).forEach((t, i) =>
        k.decisions.push({
          id: `D${i + 1}`,
          topic: 'general',
          decision: t,
          rationale: '',
          refs: [],
          created_at: now.toISOString(),
        }),
      );
      list(knowledgeOld.pitfalls).forEach((t, i) =>
        k.pitfalls.push({ id: `P${i + 1}`, description: t, reason: '' }),
      );
      await writeKnowledge(p, k);
      res.written.push(rel(p, p.knowledgeFile));
    }
    return res;
  });
}

export { contractPath, backupFile, Real, parseWith };
