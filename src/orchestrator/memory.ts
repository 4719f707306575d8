// Memory search (docs/orchestrator.md, "memory search"): before a role's context is
// built, the trigger table is checked; each trigger that fires runs its query against
//   - local: this system's own database (events FTS, error KB) plus past contracts and knowledge,
//   - claude-mem: a claude-mem worker, when one answers on its local port (short timeout).
// The hits fill {{mem_context}}. When no source answers, the seed's warning is given and
// mem_context stays empty; when sources answer without hits, mem_context is empty too.

import { basename } from 'node:path';
import { adviceFor, searchErrorKB, entriesNamingFile } from '../error-kb/index.js';
import { sameFile } from '../common/files.js';
import { oneLine, redact } from '../common/redact.js';
import type { DB } from '../db/db.js';

import { listContracts, listRequests, readContract } from './file-store.js';
import type { OrchPaths } from './paths.js';
import type { KnowledgeFileT, OrchestratorConfigT, TestResultT } from './schemas.js';
import { searchProjectEvents } from '../db/events/search.js';

import type { EventType } from '../db/event-data.js';
import { type TriggerId, type Trigger, words } from './memory-triggers.js';
import { type ClaudeMemAnswer, askClaudeMem } from './memory-claude-mem.js';

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
