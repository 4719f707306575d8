// The orchestrator's write operations, used by `self-gen orch ...` (never by a hook): init,
// requests, merge, recording contracts / results / retries, knowledge, validation. Every
// read-modify-write of session.json / state.json runs under a lock on the session folder.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { OrchError, orchError } from './errors.js';
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
  KnowledgeFile,
  MergeReport,
  ROLES,
  SessionFile,
  StateFile,
  parseWith,
  type ContractTypes,
  type FieldIssue,
  type KnowledgeField,
  type MergeReportT,
  type OrchestratorConfigT,
  type SessionFileT,
  type StateFileT,
  type SubtaskStateT,
  type WorkStatusT,
} from './schemas.js';
import {
  checkState,
  listContracts,
  listRequests,
  nextRequestId,
  parseYamlText,
  readContract,
  readJsonWithBak,
  readKnowledge,
  readSession,
  readState,
  toYaml,
  validateContract,
  writeAtomic,
  writeContract,
  writeKnowledge,
  writeSession,
  writeState,
} from './store.js';
import { configTemplatesDir, foreignVars, unknownVars } from './templates.js';

export interface OpsEnv {
  projectRoot: string;
  projectName: string;
  cfg: OrchestratorConfigT;
  now?: () => Date;
}

const nowOf = (env: OpsEnv) => (env.now ? env.now() : new Date());

export async function withLock<T>(p: OrchPaths, fn: () => Promise<T> | T): Promise<T> {
  mkdirSync(p.sessionDir, { recursive: true });
  const release = await lockfile.lock(p.sessionDir, {
    retries: { retries: 40, minTimeout: 25, maxTimeout: 250 },
    stale: 15_000,
    realpath: false,
  });
  try {
    return await fn();
  } finally {
    await release().catch(() => {});
  }
}

function emptyState(ts: string): StateFileT {
  return {
    version: 2,
    request_id: null,
    status: 'idle',
    task_order: [],
    current_task: null,
    current_subtask: null,
    tasks: {},
    created_at: ts,
    updated_at: ts,
  };
}

function requireSession(p: OrchPaths): SessionFileT {
  const s = readSession(p);
  if (!s) throw orchError(rel(p, p.sessionFile), '', 'no orchestrator session', 'run `self-gen orch init`');
  return s.value;
}

function defaultClaudeMd(root: string): string | null {
  for (const c of ['CLAUDE.md', '.claude/CLAUDE.md']) if (existsSync(join(root, c))) return c;
  return null;
}

// ---------------------------------------------------------------- session lifecycle

export interface InitOptions {
  request?: string;
  claudeMd?: string;
  references?: string[];
  /** End an active session (as aborted) and start a new one. */
  fresh?: boolean;
}

export interface InitResult {
  session: SessionFileT;
  created: boolean;
  requestId?: string;
  paths: OrchPaths;
  notes: string[];
}

export async function initSession(env: OpsEnv, o: InitOptions = {}): Promise<InitResult> {
  const p = orchPaths(env.projectRoot);
  return withLock(p, () => {
    const ts = nowOf(env).toISOString();
    const notes: string[] = [];
    let prev: SessionFileT | null = null;
    try {
      const r = readSession(p);
      prev = r?.value ?? null;
      if (r?.problem) notes.push(r.problem);
    } catch (e) {
      if (!(e instanceof OrchError) || !o.fresh) throw e;
      notes.push(`${rel(p, p.sessionFile)} was unreadable and is replaced (--new)`);
    }
    let session: SessionFileT;
    let created = false;
    if (prev && prev.status === 'active' && !o.fresh) {
      session = prev;
      if (o.claudeMd !== undefined) session.manifest.claude_md = o.claudeMd;
      if (o.references?.length)
        session.manifest.reference_projects = [
          ...new Set([...session.manifest.reference_projects, ...o.references]),
        ];
      notes.push(`session ${session.session_id} is already active: resumed`);
    } else {
      const history = [...(prev?.history ?? [])];
      if (prev && prev.status === 'active') {
        history.push({
          session_id: prev.session_id,
          status: 'aborted',
          started_at: prev.started_at,
          ended_at: ts,
          requests: prev.requests.map((r) => r.id),
        });
        notes.push(`the active session ${prev.session_id} was ended as aborted`);
      }
      session = {
        version: 1,
        session_id: randomUUID(),
        project_root: p.projectRoot,
        project_name: env.projectName,
        hash: p.hash,
        status: 'active',
        started_at: ts,
        updated_at: ts,
        manifest: {
          claude_md: o.claudeMd ?? defaultClaudeMd(p.projectRoot),
          reference_projects: o.references ?? [],
        },
        requests: [],
        current_request: null,
        history,
      };
      created = true;
      writeState(p, emptyState(ts));
    }
    let requestId: string | undefined;
    if (o.request && o.request.trim()) requestId = pushRequest(p, session, o.request, ts);
    session.updated_at = ts;
    writeSession(p, session);
    if (!existsSync(p.stateFile)) writeState(p, emptyState(ts));
    mkdirSync(p.contractsDir, { recursive: true });
    return { session, created, paths: p, notes, ...(requestId ? { requestId } : {}) };
  });
}

function pushRequest(p: OrchPaths, session: SessionFileT, text: string, ts: string): string {
  const id = nextRequestId(p, session);
  session.requests.push({ id, request: text.trim(), status: 'open', created_at: ts });
  session.current_request = id;
  mkdirSync(requestDir(p, id), { recursive: true });
  return id;
}

/** A new request in the active session: the next free R<n>. */
export async function addRequest(env: OpsEnv, text: string): Promise<string> {
  if (!text.trim()) throw orchError('request', '', 'is empty');
  const p = orchPaths(env.projectRoot);
  return withLock(p, () => {
    const s = requireActive(p);
    const ts = nowOf(env).toISOString();
    const id = pushRequest(p, s, text, ts);
    s.updated_at = ts;
    writeSession(p, s);
    return id;
  });
}

function requireActive(p: OrchPaths): SessionFileT {
  const s = requireSession(p);
  if (s.status !== 'active')
    throw orchError(
      rel(p, p.sessionFile),
      'status',
      `the session is ${s.status}`,
      'start a new one with `self-gen orch init`',
    );
  return s;
}

export async function endSession(
  env: OpsEnv,
  status: 'completed' | 'aborted' = 'completed',
): Promise<SessionFileT> {
  const p = orchPaths(env.projectRoot);
  return withLock(p, () => {
    const s = requireActive(p);
    const ts = nowOf(env).toISOString();
    s.status = status;
    s.ended_at = ts;
    s.updated_at = ts;
    s.history.push({
      session_id: s.session_id,
      status,
      started_at: s.started_at,
      ended_at: ts,
      requests: s.requests.map((r) => r.id),
    });
    writeSession(p, s);
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
  report: string;
  state: StateFileT | null;
}

export async function mergeRequest(env: OpsEnv, request: string): Promise<MergeResult> {
  const p = orchPaths(env.projectRoot);
  requestDir(p, request);
  return withLock(p, async () => {
    const session = requireActive(p);
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
    const checks = verifyAssumptions(breakdown.value, explored.value);
    const ratio = mismatchRatio(checks);
    const threshold = env.cfg.replanThreshold;
    const replan = checks.length > 0 && ratio >= threshold;
    const briefs: string[] = [];
    let state: StateFileT | null = null;
    if (!replan) {
      const docs = buildBriefs(breakdown.value, explored.value, checks, now);
      for (const b of docs)
        briefs.push(rel(p, await writeContract(p, 'design-brief', { request, task: b.task_id }, b)));
      const prev = readState(p)?.value ?? null;
      // The state of an earlier request is kept next to its contracts before it is replaced.
      if (prev?.request_id && prev.request_id !== request)
        writeAtomic(join(requestDir(p, prev.request_id), 'state.json'), JSON.stringify(prev, null, 2) + '\n');
      state = initState(breakdown.value, docs, prev, now);
      writeState(p, state);
    }
    const report: MergeReportT = {
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
    };
    const reportFile = join(requestDir(p, request), 'merge-report.yaml');
    writeAtomic(reportFile, await toYaml(report));
    const entry = session.requests.find((r) => r.id === request);
    if (entry) entry.status = replan ? 'replan' : 'merged';
    session.current_request = request;
    session.updated_at = now.toISOString();
    writeSession(p, session);
    return { request, checks, ratio, replan, threshold, briefs, report: rel(p, reportFile), state };
  });
}

// ---------------------------------------------------------------- recording

export interface RecordResult {
  file: string;
  kind: ContractKind;
  ids: ContractIds;
  messages: string[];
  /** The subtask failed for good: the orchestrator must ask the user. */
  askUser: boolean;
}

function findSubtask(
  state: StateFileT,
  subtask: string,
  task?: string,
): { task: string; sub: SubtaskStateT } | null {
  for (const tid of task ? [task] : state.task_order) {
    const s = state.tasks[tid]?.subtasks[subtask];
    if (s) return { task: tid, sub: s };
  }
  return null;
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
 * Stores a contract an agent produced (YAML text): validated against its schema and its place,
 * secrets redacted. A test-result also updates state.json (passed → next subtask; failed →
 * test_failures + 1, and the subtask fails when no implementation retry is left).
 */
export async function recordContract(
  env: OpsEnv,
  kind: ContractKind,
  yamlText: string,
  given: Partial<ContractIds> = {},
  source = `${kind}.yaml`,
): Promise<RecordResult> {
  const p = orchPaths(env.projectRoot);
  const data = await parseYamlText(yamlText, source);
  const ids = idsFromDoc(kind, data, given, source);
  const value = validateContract(kind, data, source, ids);
  return withLock(p, async () => {
    const session = requireActive(p);
    const messages: string[] = [];
    let askUser = false;
    const known = session.requests.some((r) => r.id === ids.request) || listRequests(p).includes(ids.request);
    if (!known)
      throw orchError(
        source,
        'request_id',
        `unknown request ${ids.request}`,
        'add it with `self-gen orch record request "<text>"`',
      );
    const stateRead = readState(p);
    const state = stateRead?.value ?? null;
    const merged = state && state.request_id === ids.request ? state : null;
    if (CONTRACT_LEVEL[kind] !== 'request') {
      if (!merged)
        throw orchError(
          source,
          'request_id',
          `${ids.request} is not merged (state.json has no tasks for it)`,
          `run \`self-gen orch merge ${ids.request}\``,
        );
      if (!merged.tasks[ids.task as string])
        throw orchError(source, 'task_id', `task "${ids.task}" is not a task of ${ids.request}`);
      if (ids.subtask && !merged.tasks[ids.task as string]!.subtasks[ids.subtask])
        throw orchError(source, 'subtask_id', `subtask "${ids.subtask}" is not a subtask of ${ids.task}`);
    }
    const file = await writeContract(p, kind, ids, value as ContractTypes[typeof kind]);
    messages.push(`stored ${rel(p, file)}`);
    const ts = nowOf(env).toISOString();
    if (merged && kind === 'design-contract') {
      const t = merged.tasks[ids.task as string]!;
      if (t.status === 'pending') t.status = 'in_progress';
    }
    if (merged && ids.subtask && (kind === 'test-contract' || kind === 'test-result')) {
      const t = merged.tasks[ids.task as string]!;
      const sub = t.subtasks[ids.subtask]!;
      if (t.status === 'pending') t.status = 'in_progress';
      if (kind === 'test-contract' && sub.status === 'pending') sub.status = 'in_progress';
      if (kind === 'test-result') {
        const r = value as ContractTypes['test-result'];
        sub.last_result = r.status;
        if (r.status === 'passed') {
          sub.status = 'done';
          if (t.subtask_order.every((id) => t.subtasks[id]?.status === 'done')) t.status = 'done';
          messages.push(`${ids.subtask} passed`);
        } else {
          sub.test_failures += 1;
          if (sub.retries.implementation >= env.cfg.maxRetries) {
            sub.status = 'failed';
            t.status = 'failed';
            askUser = true;
            messages.push(
              `${ids.subtask} failed ${sub.test_failures} time(s) and has used all ${env.cfg.maxRetries} implementation retries: it is now failed. Ask the user how to continue.`,
            );
          } else {
            sub.status = 'in_progress';
            messages.push(
              `${ids.subtask} failed (test_failures ${sub.test_failures}); retry the implementer: \`self-gen orch record retry ${ids.subtask}\` (${env.cfg.maxRetries - sub.retries.implementation} left)`,
            );
          }
        }
        sub.updated_at = ts;
      }
    }
    if (merged) {
      pointAtNext(merged);
      merged.updated_at = ts;
      writeState(p, merged);
      if (merged.status === 'done') {
        const entry = session.requests.find((r) => r.id === ids.request);
        if (entry) entry.status = 'done';
        messages.push(`${ids.request} is done: every subtask passed`);
      } else if (merged.current_subtask) {
        messages.push(`next: ${merged.current_task}/${merged.current_subtask}`);
      }
    }
    if (stateRead?.fromBackup && !merged) messages.push(stateRead.problem ?? '');
    session.updated_at = ts;
    writeSession(p, session);
    return { file: rel(p, file), kind, ids, messages: messages.filter(Boolean), askUser };
  });
}

export interface RetryResult {
  subtask: string;
  task: string;
  kind: 'implementation' | 'design';
  count: number;
  failed: boolean;
  message: string;
}

/** One more retry of a subtask (implementation or design); past the limit the subtask fails. */
export async function recordRetry(
  env: OpsEnv,
  subtask: string,
  kind: 'implementation' | 'design',
  task?: string,
): Promise<RetryResult> {
  const p = orchPaths(env.projectRoot);
  return withLock(p, () => {
    requireActive(p);
    const state = readState(p)?.value;
    const found = state ? findSubtask(state, subtask, task) : null;
    if (!state || !found)
      throw orchError(
        rel(p, p.stateFile),
        'tasks',
        `no subtask "${subtask}"${task ? ` in ${task}` : ''}`,
        'check `self-gen orch status`',
      );
    const { sub } = found;
    const t = state.tasks[found.task]!;
    const ts = nowOf(env).toISOString();
    let failed = false;
    let message: string;
    if (sub.retries[kind] >= env.cfg.maxRetries) {
      sub.status = 'failed';
      t.status = 'failed';
      failed = true;
      message = `${subtask}: the ${kind} retry limit (${env.cfg.maxRetries}) is reached; the subtask is failed. Ask the user how to continue.`;
    } else {
      sub.retries[kind] += 1;
      sub.status = 'in_progress';
      if (t.status === 'pending') t.status = 'in_progress';
      message = `${subtask}: ${kind} retry ${sub.retries[kind]} of ${env.cfg.maxRetries}`;
    }
    sub.updated_at = ts;
    state.updated_at = ts;
    pointAtNext(state);
    writeState(p, state);
    return { subtask, task: found.task, kind, count: sub.retries[kind], failed, message };
  });
}

/** Sets a subtask's status by hand (after asking the user, e.g. to continue a failed subtask). */
export async function setSubtaskStatus(
  env: OpsEnv,
  subtask: string,
  status: WorkStatusT,
  resetRetries = false,
): Promise<StateFileT> {
  const p = orchPaths(env.projectRoot);
  return withLock(p, () => {
    requireActive(p);
    const state = readState(p)?.value;
    const found = state ? findSubtask(state, subtask) : null;
    if (!state || !found)
      throw orchError(
        rel(p, p.stateFile),
        'tasks',
        `no subtask "${subtask}"`,
        'check `self-gen orch status`',
      );
    const t = state.tasks[found.task]!;
    found.sub.status = status;
    if (resetRetries) {
      found.sub.retries = { implementation: 0, design: 0 };
      found.sub.test_failures = 0;
    }
    const sts = t.subtask_order.map((id) => t.subtasks[id]?.status);
    t.status = sts.every((s) => s === 'done')
      ? 'done'
      : sts.includes('failed')
        ? 'failed'
        : sts.some((s) => s !== 'pending')
          ? 'in_progress'
          : 'pending';
    const ts = nowOf(env).toISOString();
    found.sub.updated_at = ts;
    state.updated_at = ts;
    pointAtNext(state);
    writeState(p, state);
    return state;
  });
}

export async function addKnowledge(
  env: OpsEnv,
  field: KnowledgeField,
  text: string,
  source?: string,
): Promise<number> {
  if (!text.trim()) throw orchError('knowledge', field, 'text is empty');
  const p = orchPaths(env.projectRoot);
  return withLock(p, async () => {
    const k = await readKnowledge(p);
    k[field].push(source ? { text: text.trim(), source } : text.trim());
    await writeKnowledge(p, k);
    return k[field].length;
  });
}

// ---------------------------------------------------------------- validate

export interface ValidateReport {
  checked: string[];
  issues: FieldIssue[];
  warnings: string[];
}

/** Checks session.json, state.json, knowledge.yaml, every contract and the template overrides. */
export async function validateAll(env: OpsEnv, request?: string): Promise<ValidateReport> {
  const p = orchPaths(env.projectRoot);
  const out: ValidateReport = { checked: [], issues: [], warnings: [] };
  const jsonFile = (file: string, schema: typeof SessionFile | typeof StateFile) => {
    if (!existsSync(file)) return;
    out.checked.push(rel(p, file));
    try {
      const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      const r = parseWith(schema, data, rel(p, file));
      if (!r.ok) out.issues.push(...r.issues);
      else if (schema === StateFile) out.issues.push(...checkState(r.value as StateFileT, rel(p, file)));
    } catch (e) {
      out.issues.push({ file: rel(p, file), field: '', message: `invalid JSON (${(e as Error).message})` });
    }
  };
  if (!existsSync(p.sessionFile) && !existsSync(`${p.sessionFile}.bak`))
    out.issues.push({
      file: rel(p, p.sessionFile),
      field: '',
      message: 'no orchestrator session (run `self-gen orch init`)',
    });
  jsonFile(p.sessionFile, SessionFile);
  jsonFile(p.stateFile, StateFile);
  for (const [file, schema] of [
    [p.sessionFile, SessionFile],
    [p.stateFile, StateFile],
  ] as const) {
    try {
      const r = readJsonWithBak(p, file, schema);
      if (r?.fromBackup) out.warnings.push(r.problem ?? `${rel(p, file)}: the .bak copy is used`);
    } catch {}
  }
  if (existsSync(p.knowledgeFile)) {
    out.checked.push(rel(p, p.knowledgeFile));
    try {
      const data = await parseYamlText(readFileSync(p.knowledgeFile, 'utf8'), rel(p, p.knowledgeFile));
      const r = parseWith(KnowledgeFile, data ?? {}, rel(p, p.knowledgeFile));
      if (!r.ok) out.issues.push(...r.issues);
    } catch (e) {
      if (e instanceof OrchError) out.issues.push(...e.issues);
      else throw e;
    }
  }
  for (const r of request ? [request] : listRequests(p)) {
    for (const c of listContracts(p, r)) {
      out.checked.push(rel(p, c.file));
      try {
        await readContract(p, c.kind, c.ids);
      } catch (e) {
        if (e instanceof OrchError) out.issues.push(...e.issues);
        else throw e;
      }
    }
    const report = join(requestDir(p, r), 'merge-report.yaml');
    if (existsSync(report)) {
      out.checked.push(rel(p, report));
      try {
        const res = parseWith(
          MergeReport,
          await parseYamlText(readFileSync(report, 'utf8'), rel(p, report)),
          rel(p, report),
        );
        if (!res.ok) out.issues.push(...res.issues);
      } catch (e) {
        if (e instanceof OrchError) out.issues.push(...e.issues);
        else throw e;
      }
    }
  }
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
      const text = readFileSync(file, 'utf8');
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

export { contractPath };
