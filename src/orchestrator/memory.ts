// Memory search (docs/orchestrator.md, "memory search"): before a role's context is
// built, the trigger table is checked; each trigger that fires runs its query against
//   - local: this system's own database (events FTS, error KB) plus past contracts and knowledge,
//   - claude-mem: a claude-mem worker, when one answers on its local port (short timeout).
// The hits fill {{mem_context}}. When no source answers, the seed's warning is given and
// mem_context stays empty; when sources answer without hits, mem_context is empty too.
import { request as httpRequest } from 'node:http';
import { basename, resolve } from 'node:path';
import { adviceFor, searchErrorKB, entriesNamingFile } from '../error-kb/index.js';
import { sameFile } from '../common/files.js';
import { oneLine, redact } from '../common/redact.js';
import type { DB } from '../db/db.js';
import { completedBefore, countsOf, subtaskKey, type Ledger } from './ledger.js';
import { listContracts, listRequests, readContract } from './file-store.js';
import type { OrchPaths } from './paths.js';
import type {
  DesignContractT,
  KnowledgeFileT,
  OrchestratorConfigT,
  Role,
  SessionFileT,
  StateFileT,
  TestResultT,
} from './schemas.js';
import { searchProjectEvents } from '../db/events/search.js';
import { editedPaths } from '../db/events/errors.js';
import type { EventType } from '../db/event-data.js';

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

// ---------------------------------------------------------------- sources

export interface Hit {
  trigger: TriggerId;
  /** The trigger's query (one trigger id can fire for several files). */
  query: string;
  source: 'events' | 'error-kb' | 'contracts' | 'knowledge' | 'claude-mem';
  text: string;
}

export interface SourceStatus {
  name: 'local' | 'claude-mem';
  ok: boolean;
  reason?: string;
}

export interface MemoryOutcome {
  triggers: Trigger[];
  hits: Hit[];
  sources: SourceStatus[];
  /** The text for {{mem_context}} ('' when nothing was found or no source answered). */
  context: string;
  /** The seed's warning when no source answered; null otherwise. */
  warning: string | null;
}

export interface SearchInput {
  triggers: Trigger[];
  p: OrchPaths;
  projectName: string;
  knowledge: KnowledgeFileT | null;
  /** The latest test result of the current subtask (its failure messages are looked up in the KB). */
  lastResult?: TestResultT | null;
  cfg: OrchestratorConfigT;
  locale: 'ko' | 'en';
  db: (() => DB) | null;
  requestId?: string;
  /** The advice bar for fixes learned in other projects (config `advice`; default 2). */
  minOtherProjectConfirmations?: number;
}

export function ftsOr(terms: string[]): string {
  return terms
    .flatMap((t) => t.match(/[\p{L}\p{N}_]+/gu) ?? [])
    .slice(0, 16)
    .map((w) => `"${w}"`)
    .join(' OR ');
}

function describeEvent(type: string, data: Record<string, unknown>): string {
  if (type === 'prompt') return `prompt: ${oneLine(data.text, 200)}`;
  if (type === 'tool_error')
    return `${String(data.tool ?? 'tool')} error: ${oneLine(data.error ?? data.errorRaw, 200)}`;
  if (type === 'tool_use')
    return `${String(data.tool ?? 'tool')}: ${oneLine(JSON.stringify(data.input ?? {}), 200)}`;
  return `${type}: ${oneLine(JSON.stringify(data), 200)}`;
}

function searchEvents(db: DB, projectPath: string, t: Trigger, limit: number): string[] {
  const types: EventType[] =
    t.id === 'implementer-retry' || t.id === 'qa-test-failures'
      ? ['tool_error']
      : t.id === 'implementer-same-file'
        ? ['tool_error', 'tool_use']
        : ['prompt', 'subagent_stop', 'session_summary'];
  const match = ftsOr(t.terms);
  if (!match) return [];
  return searchProjectEvents(db, { match, projectPath, types, limit }).map(
    (r) => `${r.ts.slice(0, 10)} ${describeEvent(r.type, r.data)}`,
  );
}

interface KbRow {
  id: number;
  error_normalized: string;
}

/**
 * The line for a KB entry: its error and the fix the advice filter (error-kb/advice.ts, as every hook
 * applies it) lets through for this project, or null (unsafe, legacy, unproven, or from other
 * projects without enough confirmations: no advice).
 */
function kbLine(db: DB, k: KbRow, projectPath: string, minOther: number | undefined): string | null {
  const a = adviceFor(db, k.id, {
    projectPath,
    count: false,
    ...(minOther !== undefined ? { minOtherProjectConfirmations: minOther } : {}),
  });
  if (!a) return null;
  return `"${oneLine(k.error_normalized, 120)}" → ${oneLine(a.resolution, 160)}${a.resolvedBy ? ` (${a.resolvedBy})` : ''}`;
}

async function searchKb(
  db: DB,
  t: Trigger,
  lastResult: TestResultT | null | undefined,
  limit: number,
  projectPath: string,
  minOther?: number,
): Promise<string[]> {
  const out: string[] = [];
  const push = (k: KbRow) => {
    const l = kbLine(db, k, projectPath, minOther);
    if (l) out.push(l);
  };
  if (t.id === 'implementer-retry' || t.id === 'qa-test-failures') {
    for (const f of (lastResult?.failed_tests ?? []).slice(0, 3)) {
      const m = await searchErrorKB(db, f.reason); // the hooks' search
      if (m && m.resolution) push(m);
    }
  }
  if (t.id === 'implementer-same-file') {
    for (const file of t.files ?? []) {
      try {
        const rows: KbRow[] = entriesNamingFile(db, basename(file), limit);
        rows.forEach(push);
      } catch {}
    }
  }
  return [...new Set(out)].slice(0, limit);
}

const KNOWLEDGE_PREFIX = 'knowledge.yaml pitfall: ';

/** Contracts of this project's other requests (and, for failures, of the current one). */
async function searchContracts(i: SearchInput, t: Trigger, limit: number): Promise<string[]> {
  const out: string[] = [];
  const requests = listRequests(i.p).reverse().slice(0, 30);
  for (const r of requests) {
    if (out.length >= limit) break;
    const current = r === i.requestId;
    for (const c of listContracts(i.p, r)) {
      if (out.length >= limit) break;
      try {
        if (!current && t.id === 'architect-first-session' && c.kind === 'design-contract') {
          const d = (await readContract(i.p, 'design-contract', c.ids))?.value;
          if (d?.invariants.length)
            out.push(
              `${r}/${c.ids.task} (${d.task_name}) invariants: ${oneLine(d.invariants.map((x) => x.rule).join('; '), 200)}`,
            );
        } else if (!current && t.id === 'architect-same-domain' && c.kind === 'design-contract') {
          const d = (await readContract(i.p, 'design-contract', c.ids))?.value;
          if (!d || !words(d.task_name).some((w) => (t.terms ?? []).includes(w))) continue;
          out.push(
            `${r}/${c.ids.task} (${d.task_name}) design: ${oneLine(
              [
                d.interfaces.length ? `interfaces: ${d.interfaces.map((x) => x.name).join(', ')}` : '',
                d.invariants.length ? `invariants: ${d.invariants.map((x) => x.rule).join('; ')}` : '',
              ]
                .filter(Boolean)
                .join(' · '),
              200,
            )}`,
          );
        } else if (!current && t.id === 'implementer-same-file' && c.kind === 'design-contract') {
          const d = (await readContract(i.p, 'design-contract', c.ids))?.value;
          const hit = (d?.file_refs ?? []).filter((x) => (t.files ?? []).some((f) => sameFile(x.path, f)));
          if (d && hit.length)
            out.push(
              `${r}/${c.ids.task} (${d.task_name}) ${hit.map((x) => `${x.path} ${x.status}`).join(', ')}`,
            );
        } else if (
          (t.id === 'qa-test-failures' || t.id === 'implementer-retry') &&
          c.kind === 'test-result'
        ) {
          if (t.id === 'implementer-retry' && c.ids.subtask !== t.subtaskId) continue;
          const res = (await readContract(i.p, 'test-result', c.ids))?.value;
          if (res?.execution.result === 'fail')
            out.push(
              `${r}/${c.ids.task}/${c.ids.subtask} failed: ${oneLine(res.failed_tests.map((f) => `${f.id} ${f.name}: ${f.reason}`).join('; '), 200)}`,
            );
        }
      } catch {}
    }
  }
  if (t.id === 'qa-test-failures' && i.knowledge && out.length < limit) {
    const w = new Set(t.terms);
    for (const e of i.knowledge.pitfalls) {
      const text = `${e.description} (${e.reason})`;
      if (words(text).some((x) => w.has(x))) out.push(`${KNOWLEDGE_PREFIX}${oneLine(text, 200)}`);
    }
  }
  return out.slice(0, limit);
}

// ---------------------------------------------------------------- claude-mem

export interface ClaudeMemAnswer {
  ok: boolean;
  items: string[];
  reason?: string;
}

function memItem(o: Record<string, unknown>): string {
  const id = o.id !== undefined ? `#${String(o.id)} ` : '';
  const date = typeof o.created_at === 'string' ? `${o.created_at.slice(0, 10)} ` : '';
  const title = o.title ?? o.request ?? o.prompt_text ?? o.text ?? o.summary ?? o.narrative ?? '';
  const extra = o.title && (o.subtitle || o.narrative) ? ` — ${oneLine(o.subtitle ?? o.narrative, 140)}` : '';
  return `${id}${date}${oneLine(title, 160)}${extra}`.trim();
}

/** Turns a claude-mem /api/search answer (JSON arrays or MCP-style text content) into lines. */
export function parseClaudeMem(body: string, limit: number): string[] {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return body
      .split('\n')
      .map((l) => oneLine(l, 200))
      .filter(Boolean)
      .slice(0, limit);
  }
  const out: string[] = [];
  if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>;
    for (const key of ['observations', 'sessions', 'prompts', 'results', 'items']) {
      const arr = d[key];
      if (Array.isArray(arr))
        for (const o of arr) if (o && typeof o === 'object') out.push(memItem(o as Record<string, unknown>));
    }
    if (Array.isArray(d.content)) {
      for (const c of d.content as { type?: string; text?: string }[]) {
        if (typeof c?.text === 'string')
          out.push(
            ...c.text
              .split('\n')
              .map((l) => oneLine(l, 200))
              .filter((l) => l && !/^\|?\s*-{3,}/.test(l) && !/^no (results|observations)/i.test(l)),
          );
      }
    }
  }
  return out.filter(Boolean).slice(0, limit);
}

export function askClaudeMem(
  cfg: OrchestratorConfigT['claudeMem'],
  query: string,
  project: string,
  limit: number,
): Promise<ClaudeMemAnswer> {
  return new Promise((done) => {
    let settled = false;
    const finish = (a: ClaudeMemAnswer) => {
      if (settled) return;
      settled = true;
      done(a);
    };
    const params = new URLSearchParams({ query, project, limit: String(limit), format: 'json' });
    try {
      const req = httpRequest(
        {
          host: cfg.host,
          port: cfg.port,
          path: `/api/search?${params.toString()}`,
          method: 'GET',
          timeout: cfg.timeoutMs,
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            if (body.length < 256 * 1024) body += c;
          });
          res.on('end', () => {
            if ((res.statusCode ?? 0) >= 400)
              finish({ ok: false, items: [], reason: `HTTP ${res.statusCode}` });
            else finish({ ok: true, items: parseClaudeMem(body, limit) });
          });
          res.on('error', (e) => finish({ ok: false, items: [], reason: e.message }));
        },
      );
      const timer = setTimeout(() => {
        req.destroy();
        finish({ ok: false, items: [], reason: `no answer within ${cfg.timeoutMs} ms` });
      }, cfg.timeoutMs);
      timer.unref();
      req.on('timeout', () => {
        req.destroy();
        finish({ ok: false, items: [], reason: `no answer within ${cfg.timeoutMs} ms` });
      });
      req.on('error', (e: NodeJS.ErrnoException) =>
        finish({ ok: false, items: [], reason: e.code ?? e.message }),
      );
      req.on('close', () => clearTimeout(timer));
      req.end();
    } catch (e) {
      finish({ ok: false, items: [], reason: (e as Error).message });
    }
  });
}

// ---------------------------------------------------------------- the search

export function fallbackWarning(locale: 'ko' | 'en', reason: string): string {
  return locale === 'en'
    ? `[Warning] claude-mem search unavailable: ${reason}\nContinuing with file-based knowledge (knowledge.yaml) only.`
    : `[Warning] claude-mem 검색 불가: ${reason}\n파일 기반 지식(knowledge.yaml)만 사용하여 계속 진행합니다.`;
}

export async function runMemorySearch(i: SearchInput): Promise<MemoryOutcome> {
  const none: MemoryOutcome = { triggers: i.triggers, hits: [], sources: [], context: '', warning: null };
  if (!i.triggers.length || !i.cfg.memorySearch.enabled) return none;
  const hits: Hit[] = [];
  const sources: SourceStatus[] = [];

  // claude-mem runs in parallel with the local search.
  const memPromise: Promise<ClaudeMemAnswer[]> = i.cfg.claudeMem.enabled
    ? askClaudeMemAll(i)
    : Promise.resolve([]);
  await searchLocal(i, hits, sources);
  addClaudeMem(i, await memPromise, hits, sources);

  const answered = sources.some((s) => s.ok);
  const warning = answered
    ? null
    : fallbackWarning(
        i.locale,
        sources
          .map((s) => s.reason)
          .filter(Boolean)
          .join('; ') || 'no source',
      );
  const context = answered ? formatHits(i.triggers, hits, i.cfg.memorySearch.maxChars) : '';
  return { triggers: i.triggers, hits: answered ? hits : [], sources, context, warning };
}

/** claude-mem asked for each trigger in turn, until it does not answer. */
async function askClaudeMemAll(i: SearchInput): Promise<ClaudeMemAnswer[]> {
  const answers: ClaudeMemAnswer[] = [];
  for (const t of i.triggers) {
    const a = await askClaudeMem(i.cfg.claudeMem, t.query, i.projectName, i.cfg.memorySearch.limit);
    answers.push(a);
    if (!a.ok) break; // not there: do not wait again for every trigger
  }
  return answers;
}

/** The local search (events, error KB, contracts and knowledge), each trigger in turn. */
async function searchLocal(i: SearchInput, hits: Hit[], sources: SourceStatus[]): Promise<void> {
  if (!i.cfg.memorySearch.local) {
    sources.push({
      name: 'local',
      ok: false,
      reason: 'local search disabled (orchestrator.memorySearch.local)',
    });
    return;
  }
  const limit = i.cfg.memorySearch.limit;
  let db: DB | null = null;
  try {
    if (!i.db) throw new Error('no database');
    db = i.db();
  } catch (e) {
    sources.push({
      name: 'local',
      ok: false,
      reason: `self-gen database: ${oneLine((e as Error).message, 120)}`,
    });
  }
  if (!db) return;
  sources.push({ name: 'local', ok: true });
  for (const t of i.triggers) {
    try {
      for (const text of searchEvents(db, i.p.projectRoot, t, limit))
        hits.push({ trigger: t.id, query: t.query, source: 'events', text });
    } catch {}
    try {
      for (const text of await searchKb(
        db,
        t,
        i.lastResult,
        limit,
        i.p.projectRoot,
        i.minOtherProjectConfirmations,
      ))
        hits.push({ trigger: t.id, query: t.query, source: 'error-kb', text });
    } catch {}
    for (const text of await searchContracts(i, t, limit))
      hits.push({
        trigger: t.id,
        query: t.query,
        source: text.startsWith(KNOWLEDGE_PREFIX) ? 'knowledge' : 'contracts',
        text,
      });
  }
}

/** claude-mem's status as a source, and its answers as hits. */
function addClaudeMem(
  i: SearchInput,
  answers: ClaudeMemAnswer[],
  hits: Hit[],
  sources: SourceStatus[],
): void {
  if (!i.cfg.claudeMem.enabled) {
    sources.push({ name: 'claude-mem', ok: false, reason: 'disabled (orchestrator.claudeMem.enabled)' });
    return;
  }
  const failed = answers.find((a) => !a.ok);
  const okAny = answers.some((a) => a.ok);
  sources.push(
    okAny || !failed
      ? { name: 'claude-mem', ok: true }
      : {
          name: 'claude-mem',
          ok: false,
          reason: `${i.cfg.claudeMem.host}:${i.cfg.claudeMem.port} ${failed.reason ?? ''}`.trim(),
        },
  );
  answers.forEach((a, k) => {
    const t = i.triggers[k];
    if (t && a.ok)
      for (const text of a.items) hits.push({ trigger: t.id, query: t.query, source: 'claude-mem', text });
  });
}

export function formatHits(triggers: Trigger[], hits: Hit[], maxChars: number): string {
  if (!hits.length) return '';
  const lines: string[] = [];
  for (const t of triggers) {
    const mine = hits.filter((h) => h.trigger === t.id && h.query === t.query);
    if (!mine.length) continue;
    const head = `- [${t.id}] "${t.query}"`;
    if (lines.includes(head)) continue;
    lines.push(head);
    for (const h of mine) {
      const line = `  - (${h.source}) ${redact(h.text)}`;
      if (!lines.includes(line)) lines.push(line);
    }
  }
  let out = '';
  for (const l of lines) {
    if (out.length + l.length + 1 > maxChars) break;
    out += (out ? '\n' : '') + l;
  }
  return out;
}
