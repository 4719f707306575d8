// Memory search, part 1 (docs/orchestrator.md, "memory search"): the trigger table, and the facts
// it looks at, gathered from the orchestrator files and the database.

import { basename, resolve } from 'node:path';

import { sameFile } from '../common/files.js';

import type { DB } from '../db/db.js';
import { completedBefore, countsOf, subtaskKey, type Ledger } from './ledger.js';
import { readContract } from './file-store.js';
import type { OrchPaths } from './paths.js';
import type { DesignContractT, Role, SessionFileT, StateFileT, TestResultT } from './schemas.js';

import { editedPaths } from '../db/events/errors.js';

export type TriggerId =
  | 'architect-first-session'
  | 'architect-same-domain'
  | 'implementer-retry'
  | 'implementer-same-file'
  | 'qa-test-failures';

export interface Trigger {
  id: TriggerId;
  /** The seed's query text (sent to claude-mem as is). */
  query: string;
  /** Words for the local full-text search. */
  terms: string[];
  domain?: string;
  files?: string[];
  subtaskId?: string;
}

/** Everything the trigger table looks at (gathered by gatherTriggerFacts). */
export interface TriggerFacts {
  role: Role;
  projectName: string;
  locale: 'ko' | 'en';
  /** Earlier orchestrator sessions of the project that were completed (our ledger). */
  completedSessions: number;
  /** The words the current task shares with a task of an earlier session (its "domain"), if any. */
  sameDomain?: string;
  subtaskId?: string;
  subtaskName?: string;
  /** How often the current subtask was retried (our ledger, a failing test-result). */
  retryCount: number;
  /** Failing test runs of the current subtask seen so far. */
  testFailures: number;
  /** Files of the current task that were changed before this session started. */
  changedBefore: string[];
}

export const Q = {
  ko: {
    firstSession: (p: string) => `${p} 설계 결정`,
    domain: (p: string, d: string) => `${p} ${d} 설계`,
    retry: (p: string, s: string) => `${p} ${s} 실패`,
    file: (p: string, f: string) => `${p} ${f} 수정`,
    tests: (p: string) => `${p} 테스트 실패 패턴`,
  },
  en: {
    firstSession: (p: string) => `${p} design decisions`,
    domain: (p: string, d: string) => `${p} ${d} design`,
    retry: (p: string, s: string) => `${p} ${s} failure`,
    file: (p: string, f: string) => `${p} ${f} change`,
    tests: (p: string) => `${p} test failure patterns`,
  },
};

const STOP = new Set([
  'the',
  'and',
  'for',
  'with',
  'add',
  'from',
  'into',
  'that',
  'this',
  'new',
  'use',
  'make',
]);

export function words(text: string): string[] {
  const out: string[] = [];
  for (const w of text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []) {
    if (w.length < 2 || STOP.has(w) || out.includes(w)) continue;
    out.push(w);
    if (out.length >= 12) break;
  }
  return out;
}

/** The seed's trigger table. Each trigger fires only on its own condition. */
export function evaluateTriggers(f: TriggerFacts): Trigger[] {
  const q = Q[f.locale] ?? Q.ko;
  const out: Trigger[] = [];
  if (f.role === 'architect') {
    if (f.completedSessions === 0)
      out.push({
        id: 'architect-first-session',
        query: q.firstSession(f.projectName),
        terms: ['설계', '결정', 'design', 'decision', 'decisions', 'architecture'],
      });
    if (f.sameDomain)
      out.push({
        id: 'architect-same-domain',
        query: q.domain(f.projectName, f.sameDomain),
        terms: words(f.sameDomain),
        domain: f.sameDomain,
      });
  }
  if (f.role === 'implementer' && f.subtaskId) {
    if (f.retryCount > 0) {
      const label = f.subtaskName || f.subtaskId;
      out.push({
        id: 'implementer-retry',
        query: q.retry(f.projectName, label),
        terms: words(label),
        subtaskId: f.subtaskId,
      });
    }
    for (const file of f.changedBefore.slice(0, 3)) {
      out.push({
        id: 'implementer-same-file',
        query: q.file(f.projectName, file),
        terms: words(basename(file)),
        files: [file],
        subtaskId: f.subtaskId,
      });
    }
  }
  if ((f.role === 'qa-test-first' || f.role === 'qa-verification') && f.subtaskId && f.testFailures >= 2) {
    out.push({
      id: 'qa-test-failures',
      query: q.tests(f.projectName),
      terms: ['test', 'tests', 'testing', '테스트', 'spec', 'assert', 'expect'],
      subtaskId: f.subtaskId,
    });
  }
  return out;
}

// ---------------------------------------------------------------- facts from files and the database

export interface FactInput {
  p: OrchPaths;
  role: Role;
  projectName: string;
  locale: 'ko' | 'en';
  session: SessionFileT;
  state: StateFileT;
  ledger: Ledger;
  taskId?: string;
  subtaskId?: string;
  designContract?: DesignContractT | null;
  /** The subtask's test-result (read here when not given). */
  lastResult?: TestResultT | null;
  db: (() => DB) | null;
}

const DOMAIN_STOP = new Set([
  ...STOP,
  'task',
  'tasks',
  'implement',
  'support',
  'feature',
  'update',
  'create',
]);

/** The significant words of a task name (its "domain"). */
export function domainWords(name: string): string[] {
  return words(name).filter((w) => w.length >= 4 && !DOMAIN_STOP.has(w));
}

const EDIT_TOOLS = ['Edit', 'Write', 'MultiEdit', 'NotebookEdit'];

/** Files changed in this project before `before` (tool_use events of edit tools). */
export function changedInDb(db: DB, projectPath: string, files: string[], before: string): string[] {
  const out: string[] = [];
  for (const file of files) {
    const abs = resolve(projectPath, file);
    const paths = editedPaths(db, { name: basename(file), projectPath, before, tools: EDIT_TOOLS });
    if (paths.some((p) => sameFile(p, abs) || sameFile(p, file))) out.push(file);
  }
  return out;
}

export async function gatherTriggerFacts(i: FactInput): Promise<TriggerFacts> {
  const current = i.ledger.sessions.find((x) => x.created_at === i.session.created_at);
  const task = i.taskId ? i.state.tasks[i.taskId] : undefined;
  const sub = task && i.subtaskId ? task.subtasks[i.subtaskId] : undefined;
  const facts: TriggerFacts = {
    role: i.role,
    projectName: i.projectName,
    locale: i.locale,
    completedSessions: completedBefore(i.ledger, i.session.created_at).length,
    subtaskId: i.subtaskId,
    subtaskName: sub?.name,
    retryCount: 0,
    testFailures: 0,
    changedBefore: [],
  };
  if (i.role === 'architect' && task) {
    const mine = new Set(domainWords(task.name));
    for (const s of i.ledger.sessions) {
      if (s.created_at === i.session.created_at) continue;
      for (const t of s.tasks) {
        const shared = domainWords(t.name).filter((w) => mine.has(w));
        if (shared.length) facts.sameDomain = shared.join(' ');
      }
    }
  }
  if (i.subtaskId && i.taskId) {
    const counts = countsOf(current, subtaskKey(i.state.request.id, i.taskId, i.subtaskId));
    let last = i.lastResult;
    if (last === undefined)
      last =
        (
          await readContract(i.p, 'test-result', {
            request: i.state.request.id,
            task: i.taskId,
            subtask: i.subtaskId,
          }).catch(() => null)
        )?.value ?? null;
    const failing = last?.execution.result === 'fail';
    facts.retryCount = Math.max(counts.retries, counts.implementer_runs, failing ? 1 : 0);
    facts.testFailures = new Set([
      ...counts.failed_results,
      ...(failing ? [last!.execution.timestamp] : []),
    ]).size;
  }
  if (i.role === 'implementer' && i.db && i.designContract) {
    const files = [
      ...new Set(i.designContract.file_refs.filter((r) => r.status !== 'to_create').map((r) => r.path)),
    ];
    try {
      facts.changedBefore = changedInDb(i.db(), i.p.projectRoot, files, i.session.created_at);
    } catch {}
  }
  return facts;
}
