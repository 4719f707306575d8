// Subagent context (seed 000, REQ-RA-401…407): when a code subagent starts, inject the project's
// recent error patterns (with their exact-match KB resolutions) and the AI-derived project rules
// the user applied, in at most 500 characters. Errors, fixes and rules are quoted as data
// (common/quote.ts); a suggestion the user has not applied never reaches the subagent. Text
// queries only: no vector search on SubagentStart (seed v9).
import { feedbackFor, getCachedAnalysis, type Suggestion } from '../analysis/index.js';
import { getSection } from '../common/config.js';
import { CODE_AGENTS } from '../common/config-registry.js';
import type { DB } from '../db/db.js';
import { capContext, quoteInline } from '../common/quote.js';
import {
  adviceFor,
  provenanceText,
  hookAdvice,
  messages,
  exactEntry,
  fits,
  extractErrorMessage,
} from '../error-kb/index.js';
import type { HandlerTable, HookDeps, HookInput, HookResult } from '../hook/contract/types.js';
import { recentProjectErrors } from '../db/events/errors.js';

/** REQ-RA-401: `oh-my-claudecode:executor-high` is a code agent because it includes `executor-high`. */
export function isCodeAgent(
  agentType: string | undefined,
  codeAgents: readonly string[] = CODE_AGENTS,
): boolean {
  if (!agentType) return false;
  return codeAgents.some((a) => a && agentType.includes(a));
}

const RESOLUTION_MAX = 150;

export interface ProjectError {
  tool: string;
  error: string;
  resolution: string | null;
  /** Where the fix comes from (learned fixes only). */
  provenance?: string;
}

/**
 * REQ-RA-402: the project's newest tool errors (distinct, interrupts skipped), each with the
 * resolution of the exact same normalized error in error_kb.
 */
export function projectErrors(
  db: DB,
  projectPath: string,
  limit: number,
  advise: (kbId: number, raw?: string) => { resolution: string; provenance?: string } | null = (
    kbId,
    raw,
  ) => {
    const a = adviceFor(db, kbId, { projectPath, count: false, currentRaw: raw });
    return a ? { resolution: a.resolution } : null;
  },
): ProjectError[] {
  if (limit <= 0) return [];
  const rows = recentProjectErrors(db, projectPath);
  const out: ProjectError[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    if (typeof r.error !== 'string' || !r.error || r.interrupt === 1 || seen.has(r.error)) continue;
    seen.add(r.error);
    const raw = typeof r.raw === 'string' ? r.raw : undefined;
    const hit = exactEntry(db, r.error);
    // the checks every KB match passes (names, detail: search.ts), then only what the advice
    // filter allows here (error-kb/advice.ts), with its provenance
    const fitting = hit && fits(raw ? extractErrorMessage(raw) : undefined, hit, raw) ? hit : null;
    const a = fitting ? advise(fitting.id, raw) : null;
    out.push({
      tool: typeof r.tool === 'string' ? r.tool : 'unknown',
      error: r.error,
      resolution: a?.resolution ?? null,
      ...(a?.provenance ? { provenance: a.provenance } : {}),
    });
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * REQ-RA-403: `claude_md` suggestions for this project or global ones that the user applied
 * (`self-gen apply`: feedback `accepted`), `rule` else `summary`. An open or dismissed suggestion
 * is the analysis model's text, never the user's: it is not given to a subagent.
 */
export function projectRules(db: DB, project: string, hours: number, limit: number, now: Date): string[] {
  if (limit <= 0) return [];
  const analysis = getCachedAnalysis(db, hours, project, now);
  if (!analysis) return [];
  const suggestions: unknown[] = Array.isArray(analysis.suggestions) ? analysis.suggestions : [];
  const ids = suggestions.flatMap((s) =>
    s && typeof s === 'object' && typeof (s as Suggestion).id === 'string'
      ? [(s as Suggestion).id as string]
      : [],
  );
  const feedback = feedbackFor(db, ids);
  const out: string[] = [];
  for (const s of suggestions) {
    if (!s || typeof s !== 'object') continue;
    const sug = s as Suggestion;
    if (sug.type !== 'claude_md' || (sug.project && sug.project !== project)) continue;
    if (typeof sug.id !== 'string' || feedback.get(sug.id)?.action !== 'accepted') continue;
    const text =
      typeof sug.rule === 'string' && sug.rule.trim()
        ? sug.rule
        : typeof sug.summary === 'string'
          ? sug.summary
          : '';
    if (!text.trim()) continue;
    out.push(text);
    if (out.length >= limit) break;
  }
  return out;
}

export function subagentContext(input: HookInput, deps: HookDeps): HookResult | null {
  const cfg = getSection(deps.config, 'subagentContext');
  if (!cfg.enabled || !isCodeAgent(input.agent_type, cfg.codeAgents)) return null;
  const m = messages(deps.config.locale);
  const db = deps.db();
  const lines: string[] = [];
  let errors: ProjectError[] = [];
  try {
    const locale = deps.config.locale === 'en' ? 'en' : 'ko';
    errors = projectErrors(db, deps.project.path, cfg.maxErrors, (kbId, raw) => {
      const a = hookAdvice(db, kbId, deps, raw);
      if (!a) return null;
      const prov = provenanceText(a.provenance, deps.now(), locale);
      return { resolution: a.resolution, ...(prov ? { provenance: prov } : {}) };
    });
  } catch (e) {
    deps.log(`subagent-context: errors unavailable: ${String(e)}`);
  }
  if (errors.length) {
    lines.push(m.projectErrorsHeader);
    for (const e of errors) {
      lines.push(m.projectError(quoteInline(e.error, 200), quoteInline(e.tool, 60)));
      if (e.resolution)
        lines.push(
          m.projectFix(
            quoteInline(e.resolution, RESOLUTION_MAX) + (e.provenance ? ` (${e.provenance})` : ''),
          ),
        );
    }
  }
  let rules: string[] = [];
  try {
    rules = projectRules(db, deps.project.name, cfg.analysisHours, cfg.maxRules, deps.now());
  } catch (e) {
    deps.log(`subagent-context: rules unavailable: ${String(e)}`);
  }
  if (rules.length) {
    lines.push(m.rulesHeader);
    for (const r of rules) lines.push(m.rule(quoteInline(r, 300)));
  }
  // REQ-RA-404: cut at a line end, never inside a quote
  const text = capContext(lines.join('\n'), cfg.maxChars, '\n…').trim();
  return text ? { additionalContext: text } : null;
}

export const subagentContextHandlers: HandlerTable = {
  SubagentStart: [{ name: 'subagent-context', run: subagentContext }],
};
