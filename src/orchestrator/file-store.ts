// Reading and writing the orchestrator skill's files in its own formats (schemas.ts).
// - Reads: `Read` schemas (unknown keys ignored), read tolerantly (tolerant.ts): a loosely written or
//   missing field is mended with a warning, an entry that cannot be understood is left out with a
//   warning; ids checked against the folder; only a file nothing mends is reported by file and field
//   and never half-used. A file in our earlier format says so, with `self-gen orch migrate`.
// - Writes (CLI only, never a hook): `Real` schemas (exactly the skill's fields), atomic. The
//   previous valid session.json / state.json is kept as a backup in OUR folder (data home), never
//   next to the skill's files; a corrupt file is read from that backup with a warning.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { redactDeep } from '../common/redact.js';
import { OrchError, orchError } from './errors.js';
import { readOrchText, readOrchTextOrNull, writeOrchFile } from './fs.js';
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
  Read,
  Real,
  parseWith,
  type ContractTypes,
  type FieldIssue,
  type FileKind,
  type KnowledgeFileT,
  type SessionFileT,
  type StateFileT,
  type TaskBreakdownT,
} from './schemas.js';
import { parseTolerant } from './tolerant.js';
import { loadYaml } from './yaml.js';
import { checkLocation, checkState, checkTaskBreakdown } from './file-checks.js';

// ---------------------------------------------------------------- low level

/** Atomic write inside the project or the data home, never through a symlink (fs.ts). */
export function writeAtomic(p: OrchPaths, file: string, text: string): void {
  writeOrchFile(p, file, text);
}

/** A file's text (null when missing); a symlinked / special / oversized file is an OrchError. */
export function readText(p: OrchPaths, file: string): string | null {
  return readOrchText(p, file);
}

export type Mode = 'read' | 'strict';

// ---------------------------------------------------------------- our earlier own formats

export const MIGRATE_FIX =
  "run `self-gen orch migrate` (moves our old files out of the skill's folder into self-gen's own folder and writes session.json, state.json and knowledge.yaml in the skill's format), or remove the file";

/**
 * A file written by an earlier self-gen in its own format (not the skill's): the reason, or null.
 * The skill's contracts start with `version` + `created_by`; ours had neither.
 */
export function oldFormat(kind: FileKind, data: unknown): string | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const d = data as Record<string, unknown>;
  if (kind === 'session')
    return 'session_id' in d || 'project_root' in d || 'current_request' in d
      ? "written in self-gen's earlier own format (session_id, project_root), not the skill's"
      : null;
  if (kind === 'state')
    return 'request_id' in d || 'current_subtask' in d
      ? "written in self-gen's earlier own format (request_id, current_subtask at the top), not the skill's"
      : null;
  if (kind === 'knowledge')
    return !('version' in d) &&
      (Array.isArray(d.patterns) || Array.isArray(d.decisions) || Array.isArray(d.pitfalls)) &&
      [d.decisions, d.pitfalls].every(
        (x) =>
          x === undefined ||
          (Array.isArray(x) &&
            x.every((e) => typeof e === 'string' || (e && typeof e === 'object' && 'text' in e))),
      )
      ? "written in self-gen's earlier own format (lists of strings), not the skill's"
      : null;
  return !('version' in d) && !('created_by' in d) && 'request_id' in d
    ? "written in self-gen's earlier own format (no version / created_by), not the skill's"
    : null;
}

function oldFormatError(file: string, why: string): OrchError {
  return new OrchError([{ file, field: '', message: why }], MIGRATE_FIX);
}

// ---------------------------------------------------------------- JSON files (session, state)

export interface JsonRead<T> {
  value: T;
  /** What was mended or left out while reading (tolerant.ts). */
  warnings?: FieldIssue[];
  /** Set when the main file was unusable and our backup copy was used. */
  fromBackup: boolean;
  /** Why the main file was not used. */
  problem?: string;
}

type Check<T> = (value: T, file: string) => FieldIssue[];

export function parseJsonDoc<T>(
  text: string,
  kind: 'session' | 'state',
  mode: Mode,
  file: string,
  check?: Check<T>,
): { ok: true; value: T; warnings?: FieldIssue[] } | { ok: false; issues: FieldIssue[]; old?: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, issues: [{ file, field: '', message: `invalid JSON (${(e as Error).message})` }] };
  }
  const old = oldFormat(kind, data);
  if (old) return { ok: false, issues: [{ file, field: '', message: old }], old };
  const r =
    mode === 'strict'
      ? { ...parseWith(Real[kind], data, file), warnings: [] }
      : parseTolerant(Read[kind], data, file);
  if (!r.ok) return r;
  const more = check ? check(r.value as T, file) : [];
  return more.length ? { ok: false, issues: more } : { ok: true, value: r.value as T, warnings: r.warnings };
}

export function backupFile(p: OrchPaths, file: string): string {
  return join(p.backupDir, `${basename(file)}.bak`);
}

/**
 * Reads session.json / state.json. Missing → null. Corrupt (bad JSON, breaks the format) → our
 * backup copy when that one is valid (with a warning), else OrchError. Our earlier own format →
 * OrchError naming `self-gen orch migrate` (never silently half-used, never the backup).
 */
export function readJsonDoc<T>(
  p: OrchPaths,
  file: string,
  kind: 'session' | 'state',
  check?: Check<T>,
  mode: Mode = 'read',
): JsonRead<T> | null {
  const name = rel(p, file);
  const text = readText(p, file);
  let issues: FieldIssue[] = [];
  if (text !== null) {
    const r = parseJsonDoc<T>(text, kind, mode, name, check);
    if (r.ok) return { value: r.value, fromBackup: false, warnings: r.warnings ?? [] };
    if (r.old) throw oldFormatError(name, r.old);
    issues = r.issues;
  }
  const bak = backupFile(p, file);
  const bakText = readOrchTextOrNull(p, bak);
  if (bakText !== null) {
    const b = parseJsonDoc<T>(bakText, kind, mode, bak, check);
    if (b.ok) {
      const problem =
        text === null
          ? `${name} is missing`
          : `${name} is corrupt (${issues.map((i) => (i.field ? `${i.field}: ` : '') + i.message).join('; ')})`;
      return { value: b.value, fromBackup: true, problem: `${problem}; using self-gen's backup ${bak}` };
    }
  }
  if (text === null) return null;
  throw new OrchError(
    issues,
    `restore ${name} (self-gen keeps a backup in ${p.backupDir}), or start over with \`self-gen orch init --new\``,
  );
}

/** Writes session.json / state.json in the skill's exact format; the previous valid one → backup. */
export function writeJsonDoc(p: OrchPaths, file: string, kind: 'session' | 'state', value: unknown): void {
  const checked = parseWith(Real[kind], value, rel(p, file));
  if (!checked.ok) throw new OrchError(checked.issues, 'this is a bug in self-gen: please report it');
  const prev = readText(p, file);
  if (prev !== null && parseJsonDoc(prev, kind, 'read', file).ok) writeAtomic(p, backupFile(p, file), prev);
  writeAtomic(p, file, JSON.stringify(redactDeep(checked.value), null, 2) + '\n');
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
  /** What was mended or left out while reading (tolerant.ts); empty in strict mode. */
  warnings: FieldIssue[];
  /** The file's text as written (what the seed injects: `content = Read(...)`). */
  text: string;
  file: string;
}

/** Top-level mappings of the skill's files whose entries are read one by one. */
const ENTRY_FIELDS = ['directory_structure', 'patterns'];

/**
 * Validates a contract document (already parsed) for `kind`; ids (when given) must match. Read
 * mode mends what it can (tolerant.ts) and says so in `warnings`; strict mode mends nothing.
 */
export function validateContractDoc<K extends ContractKind>(
  kind: K,
  data: unknown,
  file: string,
  ids?: ContractIds,
  mode: Mode = 'read',
): { value: ContractTypes[K]; warnings: FieldIssue[] } {
  if (data === null || data === undefined) throw orchError(file, '', 'is empty');
  const old = oldFormat(kind, data);
  if (old) throw oldFormatError(file, old);
  const known: Record<string, string> = {};
  if (ids?.request) known.request_id = ids.request;
  if (ids?.task && CONTRACT_LEVEL[kind] !== 'request') known.task_id = ids.task;
  if (ids?.subtask && CONTRACT_LEVEL[kind] === 'subtask') known.subtask_id = ids.subtask;
  const r =
    mode === 'strict'
      ? { ...parseWith(Real[kind], data, file), warnings: [] }
      : parseTolerant(Read[kind], data, file, { known, entries: ENTRY_FIELDS });
  if (!r.ok) throw new OrchError(r.issues);
  const value = r.value as ContractTypes[K];
  const issues = ids ? checkLocation(value as Record<string, unknown>, kind, ids, file) : [];
  if (kind === 'task-breakdown') issues.push(...checkTaskBreakdown(value as TaskBreakdownT, file));
  if (issues.length) throw new OrchError(issues);
  return { value, warnings: r.warnings };
}

/** validateContractDoc's value (strict callers: nothing is mended). */
export function validateContract<K extends ContractKind>(
  kind: K,
  data: unknown,
  file: string,
  ids?: ContractIds,
  mode: Mode = 'read',
): ContractTypes[K] {
  return validateContractDoc(kind, data, file, ids, mode).value;
}

/** Reads and validates one contract; null when the file does not exist. */
export async function readContract<K extends ContractKind>(
  p: OrchPaths,
  kind: K,
  ids: ContractIds,
  mode: Mode = 'read',
): Promise<ContractDoc<K> | null> {
  const file = contractPath(p, kind, ids);
  const name = rel(p, file);
  const text = readText(p, file);
  if (text === null) return null;
  const { value, warnings } = validateContractDoc(kind, await parseYamlText(text, name), name, ids, mode);
  return { kind, value, warnings, text, file };
}

/** Writes a contract in the skill's exact format (secrets redacted) and returns its path. */
export async function writeContract<K extends ContractKind>(
  p: OrchPaths,
  kind: K,
  ids: ContractIds,
  value: ContractTypes[K],
): Promise<string> {
  const file = contractPath(p, kind, ids);
  validateContract(kind, value, rel(p, file), ids, 'strict');
  writeAtomic(p, file, await toYaml(value));
  return file;
}

// ---------------------------------------------------------------- session / state / knowledge

export function readSession(p: OrchPaths, mode: Mode = 'read'): JsonRead<SessionFileT> | null {
  return readJsonDoc<SessionFileT>(p, p.sessionFile, 'session', undefined, mode);
}

export function readState(p: OrchPaths, mode: Mode = 'read'): JsonRead<StateFileT> | null {
  return readJsonDoc<StateFileT>(p, p.stateFile, 'state', checkState, mode);
}

export function writeSession(p: OrchPaths, s: SessionFileT): void {
  writeJsonDoc(p, p.sessionFile, 'session', s);
}

export function writeState(p: OrchPaths, s: StateFileT): void {
  const issues = checkState(s, rel(p, p.stateFile));
  if (issues.length) throw new OrchError(issues, 'this is a bug in self-gen: please report it');
  writeJsonDoc(p, p.stateFile, 'state', s);
}

export function emptyKnowledge(p: OrchPaths, projectName: string, now: Date): KnowledgeFileT {
  return {
    version: 1,
    project: { path: p.projectRoot, name: projectName, hash: p.hash },
    patterns: {},
    decisions: [],
    pitfalls: [],
    updated_at: now.toISOString(),
  };
}

/** knowledge.yaml with what was mended or left out while reading, or null when there is none. */
export async function readKnowledgeDoc(
  p: OrchPaths,
  mode: Mode = 'read',
): Promise<{ value: KnowledgeFileT; warnings: FieldIssue[] } | null> {
  const text = readText(p, p.knowledgeFile);
  if (text === null || !text.trim()) return null;
  const name = rel(p, p.knowledgeFile);
  const data = await parseYamlText(text, name);
  const old = oldFormat('knowledge', data);
  if (old) throw oldFormatError(name, old);
  const r =
    mode === 'strict'
      ? { ...parseWith(Real.knowledge, data ?? {}, name), warnings: [] }
      : parseTolerant(Read.knowledge, data ?? {}, name, { entries: ENTRY_FIELDS });
  if (!r.ok) throw new OrchError(r.issues);
  return { value: r.value as KnowledgeFileT, warnings: r.warnings };
}

/** knowledge.yaml, or null when there is none. */
export async function readKnowledge(p: OrchPaths, mode: Mode = 'read'): Promise<KnowledgeFileT | null> {
  return (await readKnowledgeDoc(p, mode))?.value ?? null;
}

export async function writeKnowledge(p: OrchPaths, k: KnowledgeFileT): Promise<void> {
  const r = parseWith(Real.knowledge, k, rel(p, p.knowledgeFile));
  if (!r.ok) throw new OrchError(r.issues);
  writeAtomic(p, p.knowledgeFile, await toYaml(k));
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

/** Next free request id: one more than any R<n> with a contracts folder or in state.json. */
export function nextRequestId(p: OrchPaths, state: StateFileT | null): string {
  let max = 0;
  for (const r of listRequests(p)) max = Math.max(max, Number(r.slice(1)));
  if (state) max = Math.max(max, Number(state.request.id.slice(1)));
  return `R${max + 1}`;
}
