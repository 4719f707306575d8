// Reading and writing the orchestrator's files. session.json / state.json are JSON written
// atomically with a `.bak` of the previous (valid) version, which a corrupt read falls back to.
// Contracts and knowledge are YAML, validated against their schema and against the folder they
// live in; a file that fails is reported with file and field and never half-used.
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { redactDeep } from '../shared/redact.js';
import { OrchError, orchError } from './errors.js';
import {
  CONTRACT_KINDS,
  CONTRACT_LEVEL,
  REQUEST_ID_RE,
  SAFE_ID_RE,
  contractPath,
  rel,
  type ContractIds,
  type ContractKind,
  type OrchPaths,
} from './paths.js';
import {
  CONTRACT_SCHEMAS,
  KnowledgeFile,
  SessionFile,
  StateFile,
  parseWith,
  type ContractTypes,
  type FieldIssue,
  type KnowledgeFileT,
  type SessionFileT,
  type StateFileT,
  type TaskBreakdownT,
  type TestResultT,
} from './schemas.js';
import { loadYaml } from './yaml.js';
import type * as z from 'zod/mini';

// ---------------------------------------------------------------- low level

export function writeAtomic(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`;
  writeFileSync(tmp, text, { mode: 0o644 });
  renameSync(tmp, file);
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

// ---------------------------------------------------------------- JSON with .bak

export interface JsonRead<T> {
  value: T;
  /** Set when the main file was unusable and the `.bak` copy was used. */
  fromBackup: boolean;
  /** Why the main file was not used. */
  problem?: string;
}

type Check<T> = (value: T, file: string) => FieldIssue[];

function parseJsonFile<S extends z.ZodMiniType>(
  text: string,
  schema: S,
  file: string,
  check?: Check<z.infer<S>>,
): { ok: true; value: z.infer<S> } | { ok: false; issues: FieldIssue[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, issues: [{ file, field: '', message: `invalid JSON (${(e as Error).message})` }] };
  }
  const r = parseWith(schema, data, file);
  if (!r.ok) return r;
  const more = check ? check(r.value, file) : [];
  return more.length ? { ok: false, issues: more } : r;
}

/**
 * Reads a JSON file validated by `schema`. When it is missing → null. When it is corrupt (bad
 * JSON, fails its schema), the `.bak` copy is used if that one is valid; otherwise OrchError.
 */
export function readJsonWithBak<S extends z.ZodMiniType>(
  p: OrchPaths,
  file: string,
  schema: S,
  check?: Check<z.infer<S>>,
): JsonRead<z.infer<S>> | null {
  const name = rel(p, file);
  const text = readText(file);
  let issues: FieldIssue[] = [];
  if (text !== null) {
    const r = parseJsonFile(text, schema, name, check);
    if (r.ok) return { value: r.value, fromBackup: false };
    issues = r.issues;
  }
  const bakText = readText(`${file}.bak`);
  if (bakText !== null) {
    const b = parseJsonFile(bakText, schema, `${name}.bak`, check);
    if (b.ok) {
      const problem =
        text === null
          ? `${name} is missing`
          : `${name} is corrupt (${issues.map((i) => (i.field ? `${i.field}: ` : '') + i.message).join('; ')})`;
      return { value: b.value, fromBackup: true, problem: `${problem}; using ${name}.bak` };
    }
  }
  if (text === null) return null;
  throw new OrchError(
    issues,
    `restore ${name} (or its .bak), or start over with \`self-gen orch init --new\``,
  );
}

/** Writes JSON atomically; the previous version is kept as `.bak` when it was valid. */
export function writeJsonWithBak<S extends z.ZodMiniType>(file: string, value: z.infer<S>, schema: S): void {
  const checked = schema.safeParse(value);
  if (!checked.success)
    throw new Error(`refusing to write an invalid ${file}: ${JSON.stringify(checked.error.issues[0])}`);
  const prev = readText(file);
  if (prev !== null && parseJsonFile(prev, schema, file).ok) writeAtomic(`${file}.bak`, prev);
  writeAtomic(file, JSON.stringify(redactDeep(checked.data), null, 2) + '\n');
}

// ---------------------------------------------------------------- semantic checks

export function checkState(s: StateFileT, file: string): FieldIssue[] {
  const out: FieldIssue[] = [];
  s.task_order.forEach((t, i) => {
    if (!s.tasks[t]) out.push({ file, field: `task_order[${i}]`, message: `task "${t}" is not in tasks` });
  });
  if (s.current_task !== null && !s.tasks[s.current_task])
    out.push({ file, field: 'current_task', message: `task "${s.current_task}" is not in tasks` });
  for (const [tid, t] of Object.entries(s.tasks)) {
    t.subtask_order.forEach((sid, i) => {
      if (!t.subtasks[sid])
        out.push({
          file,
          field: `tasks.${tid}.subtask_order[${i}]`,
          message: `subtask "${sid}" is not in tasks.${tid}.subtasks`,
        });
    });
  }
  if (s.current_subtask !== null) {
    const t = s.current_task ? s.tasks[s.current_task] : undefined;
    if (!t || !t.subtasks[s.current_subtask])
      out.push({
        file,
        field: 'current_subtask',
        message: `subtask "${s.current_subtask}" is not a subtask of current_task`,
      });
  }
  return out;
}

function findCycle(nodes: { id: string; deps: string[] }[]): string[] | null {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const mark = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const visit = (id: string): string[] | null => {
    if (mark.get(id) === 2) return null;
    if (mark.get(id) === 1) return [...stack.slice(stack.indexOf(id)), id];
    mark.set(id, 1);
    stack.push(id);
    for (const d of byId.get(id)?.deps ?? []) {
      if (!byId.has(d)) continue;
      const c = visit(d);
      if (c) return c;
    }
    stack.pop();
    mark.set(id, 2);
    return null;
  };
  for (const n of nodes) {
    const c = visit(n.id);
    if (c) return c;
  }
  return null;
}

/** Dependency order, stable: an item comes after everything it depends on, else in listed order. */
export function topoOrder(nodes: { id: string; deps: string[] }[]): string[] {
  const ids = new Set(nodes.map((n) => n.id));
  const done = new Set<string>();
  const out: string[] = [];
  while (out.length < nodes.length) {
    const next = nodes.find((n) => !done.has(n.id) && n.deps.every((d) => !ids.has(d) || done.has(d)));
    if (!next) break; // a cycle: rejected by checkTaskBreakdown before we get here
    done.add(next.id);
    out.push(next.id);
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
  b.tasks.forEach((t, i) => {
    (t.depends_on ?? []).forEach((d, k) => {
      if (!taskIds.has(d))
        out.push({ file, field: `tasks[${i}].depends_on[${k}]`, message: `unknown task "${d}"` });
    });
    const local = new Set(t.subtasks.map((s) => s.id));
    t.subtasks.forEach((s, j) => {
      (s.depends_on ?? []).forEach((d, k) => {
        if (!local.has(d))
          out.push({
            file,
            field: `tasks[${i}].subtasks[${j}].depends_on[${k}]`,
            message: `unknown subtask "${d}" (in task ${t.id})`,
          });
      });
    });
    const cyc = findCycle(t.subtasks.map((s) => ({ id: s.id, deps: s.depends_on ?? [] })));
    if (cyc)
      out.push({ file, field: `tasks[${i}].subtasks`, message: `dependency cycle: ${cyc.join(' → ')}` });
  });
  const cyc = findCycle(b.tasks.map((t) => ({ id: t.id, deps: t.depends_on ?? [] })));
  if (cyc) out.push({ file, field: 'tasks', message: `dependency cycle: ${cyc.join(' → ')}` });
  b.assumptions.forEach((a, i) => {
    (a.tasks ?? []).forEach((t, k) => {
      if (!taskIds.has(t))
        out.push({ file, field: `assumptions[${i}].tasks[${k}]`, message: `unknown task "${t}"` });
    });
  });
  return out;
}

function checkTestResult(r: TestResultT, file: string): FieldIssue[] {
  if (r.status === 'failed' && !(r.failures && r.failures.length))
    return [
      { file, field: 'failures', message: 'required when status is "failed" (at least one { message })' },
    ];
  return [];
}

function checkLocation(
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

// ---------------------------------------------------------------- YAML documents

export async function parseYamlText(text: string, file: string): Promise<unknown> {
  const YAML = await loadYaml();
  const doc = YAML.parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length) {
    const e = doc.errors[0]!;
    const line = e.linePos?.[0]?.line;
    throw orchError(file, '', `invalid YAML${line ? ` at line ${line}` : ''}: ${e.message.split('\n')[0]}`);
  }
  return doc.toJS({ maxAliasCount: 100 });
}

export async function toYaml(value: unknown): Promise<string> {
  const YAML = await loadYaml();
  return YAML.stringify(redactDeep(value), { lineWidth: 0 });
}

export interface ContractDoc<K extends ContractKind> {
  kind: K;
  value: ContractTypes[K];
  /** The file's text as written (what the seed injects: `content = Read(...)`). */
  text: string;
  file: string;
}

/** Validates a contract document (already parsed) for `kind`; ids (when given) must match. */
export function validateContract<K extends ContractKind>(
  kind: K,
  data: unknown,
  file: string,
  ids?: ContractIds,
): ContractTypes[K] {
  if (data === null || data === undefined) throw orchError(file, '', 'is empty');
  const r = parseWith(CONTRACT_SCHEMAS[kind] as z.ZodMiniType, data, file);
  if (!r.ok) throw new OrchError(r.issues);
  const value = r.value as ContractTypes[K];
  const issues = ids ? checkLocation(value as Record<string, unknown>, kind, ids, file) : [];
  if (kind === 'task-breakdown') issues.push(...checkTaskBreakdown(value as TaskBreakdownT, file));
  if (kind === 'test-result') issues.push(...checkTestResult(value as TestResultT, file));
  if (issues.length) throw new OrchError(issues);
  return value;
}

/** Reads and validates one contract; null when the file does not exist. */
export async function readContract<K extends ContractKind>(
  p: OrchPaths,
  kind: K,
  ids: ContractIds,
): Promise<ContractDoc<K> | null> {
  const file = contractPath(p, kind, ids);
  const name = rel(p, file);
  const text = readText(file);
  if (text === null) return null;
  const value = validateContract(kind, await parseYamlText(text, name), name, ids);
  return { kind, value, text, file };
}

/** Writes a validated contract (secrets redacted) and returns its path. */
export async function writeContract<K extends ContractKind>(
  p: OrchPaths,
  kind: K,
  ids: ContractIds,
  value: ContractTypes[K],
): Promise<string> {
  const file = contractPath(p, kind, ids);
  validateContract(kind, value, rel(p, file), ids);
  writeAtomic(file, await toYaml(value));
  return file;
}

// ---------------------------------------------------------------- session / state / knowledge

export function readSession(p: OrchPaths): JsonRead<SessionFileT> | null {
  return readJsonWithBak(p, p.sessionFile, SessionFile);
}

export function readState(p: OrchPaths): JsonRead<StateFileT> | null {
  return readJsonWithBak(p, p.stateFile, StateFile, checkState);
}

export function writeSession(p: OrchPaths, s: SessionFileT): void {
  writeJsonWithBak(p.sessionFile, s, SessionFile);
}

export function writeState(p: OrchPaths, s: StateFileT): void {
  writeJsonWithBak(p.stateFile, s, StateFile);
}

export function emptyKnowledge(): KnowledgeFileT {
  return { patterns: [], decisions: [], pitfalls: [] };
}

export async function readKnowledge(p: OrchPaths): Promise<KnowledgeFileT> {
  const text = readText(p.knowledgeFile);
  if (text === null || !text.trim()) return emptyKnowledge();
  const name = rel(p, p.knowledgeFile);
  const data = await parseYamlText(text, name);
  const r = parseWith(KnowledgeFile, data ?? {}, name);
  if (!r.ok) throw new OrchError(r.issues);
  return r.value;
}

export async function writeKnowledge(p: OrchPaths, k: KnowledgeFileT): Promise<void> {
  writeAtomic(p.knowledgeFile, await toYaml(k));
}

// ---------------------------------------------------------------- listing

/** Request ids that have a contracts folder, in numeric order. */
export function listRequests(p: OrchPaths): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(p.contractsDir);
  } catch {
    return [];
  }
  return names.filter((n) => REQUEST_ID_RE.test(n)).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
}

function subdirs(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => SAFE_ID_RE.test(n) && statSync(join(dir, n)).isDirectory());
  } catch {
    return [];
  }
}

export interface FoundContract {
  kind: ContractKind;
  ids: ContractIds;
  file: string;
}

/** Every contract file of a request (those that exist). */
export function listContracts(p: OrchPaths, request: string): FoundContract[] {
  const out: FoundContract[] = [];
  const base = join(p.contractsDir, request);
  const at = (kind: ContractKind, ids: ContractIds) => {
    const file = contractPath(p, kind, ids);
    if (existsSync(file)) out.push({ kind, ids, file });
  };
  for (const kind of CONTRACT_KINDS.filter((k) => CONTRACT_LEVEL[k] === 'request')) at(kind, { request });
  for (const task of subdirs(base)) {
    for (const kind of CONTRACT_KINDS.filter((k) => CONTRACT_LEVEL[k] === 'task'))
      at(kind, { request, task });
    for (const subtask of subdirs(join(base, task))) {
      for (const kind of CONTRACT_KINDS.filter((k) => CONTRACT_LEVEL[k] === 'subtask'))
        at(kind, { request, task, subtask });
    }
  }
  return out;
}

/** Next free request id: one more than any R<n> used by a folder or by the session. */
export function nextRequestId(p: OrchPaths, session: SessionFileT | null): string {
  let max = 0;
  for (const r of listRequests(p)) max = Math.max(max, Number(r.slice(1)));
  for (const r of session?.requests ?? []) max = Math.max(max, Number(r.id.slice(1)));
  for (const h of session?.history ?? []) for (const r of h.requests) max = Math.max(max, Number(r.slice(1)));
  return `R${max + 1}`;
}
