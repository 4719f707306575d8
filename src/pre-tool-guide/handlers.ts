// Pre-tool guide (seed 004, REQ-RA-301…305): before Edit/Write, Bash and Agent/Task calls, tells
// Claude what went wrong before and how it was fixed. Every other tool gets nothing.
//
//  - Edit/Write: the newest past tool errors that named the target file (matched by whole path
//    components through event_files, so `config.json` never matches `tsconfig.json`), each with
//    its error-KB resolution. Errors without a resolution are not shown; the past error's own text
//    is not shown either (only which tool failed): it came from an earlier session.
//  - Bash: the newest Bash error of this session (when it is not already resolved in this
//    session) with its KB resolution and the tool path that resolved it before (tool_sequence).
//  - Agent/Task: a warning when the requested subagent type failed more than 30 % of its last 20
//    runs (at least 5 runs recorded).
// Everything not in our words (a fix, an error line, a tool or agent name, a failure reason) is
// quoted as data (common/quote.ts).
// Hot path: a few indexed queries; the KB search only uses its vector tier through a running
// embedding daemon (see error-kb/search.ts).
import { resolve } from 'node:path';
import { getSection } from '../common/config.js';
import type { PreToolGuideConfigT } from '../common/config-registry.js';
import type { DB } from '../db/db.js';
import {
  bumpUse,
  exactEntry,
  extractErrorMessage,
  fits,
  formatToolSequence,
  hookAdvice,
  hookSearchOptions,
  messages,
  provenanceText,
  searchErrorKB,
  type Advice,
  type KbMatch,
  type Messages,
} from '../error-kb/index.js';
import { fileErrors, isAbsolute, shownError, toPosix } from './file-errors.js';
import { quoteInline } from '../common/quote.js';
import { SUBAGENT_TOOLS, toolFilePath } from '../hook/contract/tool-input.js';
import type { HandlerTable, HookDeps, HookInput, HookResult } from '../hook/contract/types.js';
import { subagentOutcomes } from '../db/events/errors.js';
import { isErrorResolved } from '../db/events/errors.js';
import { sessionToolErrors } from '../db/events/errors.js';
import { span } from '../common/timing.js';

export const FILE_GUIDE_TOOLS = new Set(['Edit', 'Write']);

const RESOLUTION_MAX = 300;

/**
 * The KB entry of exactly this normalized error (indexed), its use counted as a search hit — only
 * when it passes the checks every tier's match passes (names, detail), as the error-advice hook does.
 */
function exactKb(
  db: DB,
  normalized: string,
  now: Date,
  message: string | undefined,
  raw?: string,
): KbMatch | null {
  const row = exactEntry(db, normalized);
  if (!row || !fits(message, row, raw)) return null;
  try {
    bumpUse(db, row.id, now);
  } catch {}
  return { ...row, tier: 'exact' };
}

/**
 * Edit/Write. Each error is looked up by its exact normalized text first (one indexed query);
 * the full searchErrorKB (similar, vector tiers) runs for at most one error per hook, the
 * newest one without an exact entry, so a file with many unknown errors never costs more than
 * one fuzzy search.
 */
export async function guideFile(
  input: HookInput,
  deps: HookDeps,
  cfg: PreToolGuideConfigT,
  m: Messages,
): Promise<string[]> {
  const raw = toolFilePath(input.tool_input);
  if (!raw) return [];
  const filePath = isAbsolute(toPosix(raw)) || !input.cwd ? toPosix(raw) : toPosix(resolve(input.cwd, raw));
  const db = deps.db();
  const lines: string[] = [];
  const opts = hookSearchOptions(deps);
  let fuzzyLeft = 1;
  const errs = span('guide-file-errors', () =>
    fileErrors(db, filePath, toPosix(deps.project.path), cfg.maxFileErrors),
  );
  for (const err of errs) {
    const message = err.raw ? extractErrorMessage(err.raw) : undefined;
    let kb = exactKb(db, err.error, deps.now(), message, err.raw);
    if (!kb && fuzzyLeft > 0) {
      fuzzyLeft--;
      kb = await span('kb-search', () => searchErrorKB(db, err.error, { ...opts, message, raw: err.raw }));
    }
    if (!kb?.resolution) continue;
    const advice = hookAdvice(db, kb.id, deps, err.raw);
    if (!advice) continue;
    lines.push(
      m.fileError(quoteInline(err.tool, 80)),
      m.howResolved(quoteInline(advice.resolution, RESOLUTION_MAX)),
    );
    pushProvenance(lines, advice, deps, m);
  }
  return lines;
}

function pushProvenance(lines: string[], advice: Advice, deps: HookDeps, m: Messages): void {
  const prov = provenanceText(advice.provenance, deps.now(), deps.config.locale === 'en' ? 'en' : 'ko');
  if (prov) lines.push(m.provenance(prov));
}

export async function guideBash(input: HookInput, deps: HookDeps, m: Messages): Promise<string[]> {
  const db = deps.db();
  const errors = span('guide-session-errors', () => sessionToolErrors(db, input.session_id, 'Bash'))
    .map((r) => ({ id: r.id, d: r.data }))
    .filter((r) => r.d.isInterrupt !== true && typeof r.d.error === 'string' && r.d.error);
  const latest = errors[0];
  if (!latest) return [];
  // The KB first (a few indexed queries, nothing counted yet): most errors have no fix to show, and
  // then the transcript need not be read now (Stop and the next failure read it anyway).
  const raw = typeof latest.d.errorRaw === 'string' ? latest.d.errorRaw : undefined;
  const message = raw ? extractErrorMessage(raw) : undefined;
  const kb = await span('kb-search', () =>
    searchErrorKB(db, latest.d.error as string, { ...hookSearchOptions(deps), message, raw, bump: false }),
  );
  if (!kb?.resolution) return [];
  // Successes are read from the transcript (no PostToolUse hook): the ones since the last read
  // first, so an error a later call already fixed is not shown as open.
  deps.ingestOwn?.(input, deps, db);
  if (span('guide-resolved', () => isErrorResolved(db, input.session_id, latest.id))) return [];
  try {
    bumpUse(db, kb.id, deps.now()); // as searchErrorKB counts a hit
  } catch {}
  const advice = hookAdvice(db, kb.id, deps, raw);
  if (!advice) return [];
  const lines = [m.sessionBashError(quoteInline(shownError(latest.d)), errors.length)];
  const path = formatToolSequence(advice.toolSequence);
  if (path) lines.push(m.resolutionPath(quoteInline(path)));
  lines.push(m.howResolved(quoteInline(advice.resolution, RESOLUTION_MAX)));
  pushProvenance(lines, advice, deps, m);
  return lines;
}

export interface FailureStats {
  total: number;
  failures: number;
  latestReason: string | null;
}

/** The last `window` runs of a subagent type (served by idx_events_agent_type). */
export function failureStats(db: DB, agentType: string, window: number): FailureStats {
  const rows = subagentOutcomes(db, agentType, window);
  let failures = 0;
  let latestReason: string | null = null;
  for (const r of rows) {
    if (Number(r.success) === 0 && r.success !== null) {
      failures++;
      if (latestReason === null && typeof r.reason === 'string' && r.reason) latestReason = r.reason;
    }
  }
  return { total: rows.length, failures, latestReason };
}

export function guideAgent(
  input: HookInput,
  deps: HookDeps,
  cfg: PreToolGuideConfigT,
  m: Messages,
): string[] {
  const type = input.tool_input?.subagent_type;
  if (typeof type !== 'string' || !type.trim()) return [];
  const s = failureStats(deps.db(), type, cfg.failureWindow);
  if (s.total < cfg.minRuns || s.failures / s.total <= cfg.failureRateThreshold) return [];
  const lines = [
    m.failureRate(quoteInline(type, 100), Math.round((s.failures / s.total) * 100), s.total, s.failures),
  ];
  if (s.latestReason) lines.push(m.latestFailure(quoteInline(s.latestReason, 200)));
  return lines;
}

export async function preToolGuide(input: HookInput, deps: HookDeps): Promise<HookResult | null> {
  const tool = input.tool_name ?? '';
  const isFile = FILE_GUIDE_TOOLS.has(tool);
  const isAgent = SUBAGENT_TOOLS.has(tool);
  if (!isFile && !isAgent && tool !== 'Bash') return null; // REQ-RA-304
  const cfg = getSection(deps.config, 'preToolGuide');
  if (!cfg.enabled) return null;
  const m = messages(deps.config.locale);
  const lines = isFile
    ? await guideFile(input, deps, cfg, m)
    : isAgent
      ? guideAgent(input, deps, cfg, m)
      : await guideBash(input, deps, m);
  return lines.length ? { additionalContext: lines.join('\n') } : null;
}

export const preToolGuideHandlers: HandlerTable = {
  PreToolUse: [{ name: 'pre-tool-guide', run: preToolGuide }],
};
