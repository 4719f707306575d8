// Hook handlers of the shared context (docs/shared-context.md):
//   SessionStart   delete session folders past the TTL (judged by their newest file)      FR-5.1
//   SubagentStart  inject the filtered, capped summary + where to write own findings      FR-2, FR-4.1
//   SubagentStop   record the agent's contribution (own file first, else transcript),
//                  update _summary.md under the lock                                      FR-3, FR-4.3
//   PostToolUse    on Agent/Task: a one-paragraph digest for the parent agent
//   SessionEnd     the final summary (adds agent files the summary is missing)            FR-5.2
// Handlers never throw out (the runner catches too) and never block: at worst they do nothing.
// They act only under a real, existing project folder (payload cwd absolute and existing) and only
// when `.claude/shared-context` there holds no symlink: see common/safe-fs.ts.
import { join } from 'node:path';
import { lstatSync } from 'node:fs';
import { writableProjectRoot } from '../common/project-root.js';
import type { HandlerTable, HookDeps, HookInput, HookResult } from '../hook/contract/types.js';
import { SUBAGENT_TOOLS } from '../hook/contract/tool-input.js';
import { redact } from '../common/redact.js';
import { BUILTIN_CATEGORIES, categoriesFor, resolveConfig, type ResolvedConfig } from './config.js';
import {
  GENERATED_MARK,
  hasContent,
  parseEntries,
  parseSummary,
  renderAgentFile,
  renderSummary,
  upsertEntry,
  type Entry,
  type EntrySource,
} from './entry.js';
import { extractFromTranscript, ruleContext } from './extract.js';
import { mergeOwnAndTranscript, parseOwnFile } from './own-file.js';
import { activeRules } from './rule-registry.js';
import { buildContext, buildDigest, filterEntries } from './inject.js';
import { withLock } from '../common/lock.js';
import {
  agentFileName,
  agentFileRel,
  agentFiles,
  cleanupExpired,
  ensureGitignore,
  ensureSessionDir,
  readText,
  sessionPaths,
  storeState,
  STORE_DIR,
  SUMMARY_FILE,
  writeAtomic,
} from './file-store.js';
import { strings } from './strings.js';

function config(deps: HookDeps, project: string): ResolvedConfig | null {
  const cfg = resolveConfig(deps.config, project, deps.env);
  for (const p of cfg.problems) deps.log(`shared-context config: ${p}`);
  return cfg.enabled ? cfg : null;
}

/** Category names configured beyond the built-in ones (headings of own files may use them). */
function customCategories(cfg: ResolvedConfig): string[] {
  const set = new Set<string>();
  for (const r of cfg.rules) set.add(r.category);
  for (const list of Object.values(cfg.filters)) for (const c of list) set.add(c);
  for (const c of BUILTIN_CATEGORIES) set.delete(c);
  return [...set];
}

/** The real project folder to work under, or null (relative / missing cwd: do nothing). */
function projectOf(input: HookInput, deps: HookDeps): string | null {
  const root = writableProjectRoot(input.cwd, deps.project.path, deps.env);
  if (!root) deps.log(`shared-context: no usable project folder (cwd ${JSON.stringify(input.cwd)}); skipped`);
  return root;
}

function summaryRel(session: string): string {
  return `${STORE_DIR.split('\\').join('/')}/${session}/${SUMMARY_FILE}`;
}

// --- SubagentStart -------------------------------------------------------------------------------

export function onSubagentStart(input: HookInput, deps: HookDeps): HookResult | null {
  const project = projectOf(input, deps);
  if (!project) return null;
  const cfg = config(deps, project);
  if (!cfg) return null;
  const p = sessionPaths(project, input.session_id);
  const state = storeState(project, p.dir);
  if (state === 'unsafe') {
    deps.log(`shared-context: ${p.dir} is reached through a symlink or is not a folder; skipped`);
    return null;
  }
  const text = state === 'ok' ? readText(p.summary) : null;
  const entries = text ? parseSummary(text).entries : [];
  const match = categoriesFor(input.agent_type, cfg);
  const filtered = filterEntries(entries, match.categories, input.agent_id);
  const rel = agentFileRel(input.session_id, input.agent_type, input.agent_id);
  const instruction = strings(cfg.locale).instruction(join(project, rel), rel);
  const injected = buildContext(filtered, {
    maxChars: cfg.maxChars,
    session: p.session,
    locale: cfg.locale,
    agentType: input.agent_type ?? '',
    filteredBy: match.key !== null ? match.categories : null,
    summaryRel: summaryRel(p.session),
  });
  if (!injected) return cfg.instructWhenEmpty ? { additionalContext: instruction } : null; // FR-2.2
  return { additionalContext: `${injected.context}\n\n${instruction}` };
}

// --- SubagentStop --------------------------------------------------------------------------------

export interface StopOutcome {
  entry: Entry | null;
  agentFile: string | null;
  summaryUpdated: boolean;
}

export function recordSubagent(
  input: HookInput,
  deps: HookDeps,
  cfg: ResolvedConfig,
  project: string | null = writableProjectRoot(input.cwd, deps.project.path, deps.env),
): StopOutcome {
  const none: StopOutcome = { entry: null, agentFile: null, summaryUpdated: false };
  if (!project) return none;
  const p = sessionPaths(project, input.session_id);
  const state = storeState(project, p.dir);
  if (state === 'unsafe') {
    deps.log(`shared-context: ${p.dir} is reached through a symlink or is not a folder; nothing recorded`);
    return none;
  }
  const agentType = input.agent_type || 'agent';
  const agentId = input.agent_id || 'unknown';
  const agentPath = join(p.dir, agentFileName(agentType, agentId));
  const problems: string[] = [];
  const rules = activeRules(cfg, problems);
  for (const m of problems) deps.log(`shared-context: ${m}`);
  const ctx = ruleContext(project);
  const fromTranscript = extractFromTranscript(
    input.agent_transcript_path,
    input.last_assistant_message,
    cfg.transcriptLines,
    rules,
    ctx,
    deps.log,
  );
  // FR-4.3: the agent's own file (anything but the file we generated earlier) comes first.
  const ownText = state === 'ok' ? readText(agentPath) : null;
  const ownByAgent = ownText !== null && ownText.trim() !== '' && !ownText.startsWith(GENERATED_MARK);
  const own = ownByAgent ? parseOwnFile(ownText, customCategories(cfg)) : [];
  const merged = mergeOwnAndTranscript(own, fromTranscript.sections);
  let source: EntrySource = merged.source;
  if (source === 'transcript' && fromTranscript.lines === 0) source = 'message';
  const entry: Entry = {
    agentType,
    agentId,
    at: deps.now().toISOString(),
    source,
    sections: merged.sections,
  };
  if (!hasContent(entry)) return none; // nothing worth sharing

  const created = ensureSessionDir(p);
  if (created && cfg.gitignore) {
    try {
      if (ensureGitignore(project, p.root)) deps.log('shared-context: added to .gitignore');
    } catch (e) {
      deps.log(`shared-context: .gitignore not updated: ${String(e)}`);
    }
  }
  try {
    if (ownByAgent) {
      // The agent's file stays as written, minus any secret (NFR-3).
      const clean = redact(ownText);
      if (clean !== ownText) writeAtomic(project, agentPath, clean);
    } else {
      writeAtomic(project, agentPath, renderAgentFile(entry));
    }
  } catch (e) {
    // A symlink, FIFO or folder in place of the agent file is left alone; the summary still gets the entry.
    deps.log(`shared-context: agent file not written: ${String(e)}`);
  }
  const r = withLock(p.lock, { timeoutMs: cfg.lockTimeoutMs }, () => {
    const doc = parseSummary(readText(p.summary) ?? '');
    const entries = upsertEntry(doc.entries, entry, cfg.maxEntries);
    writeAtomic(
      project,
      p.summary,
      renderSummary({ session: input.session_id, updated: deps.now().toISOString(), final: false, entries }),
    );
  });
  if (!r.ran) deps.log(`shared-context: ${p.lock} busy; the summary is completed at SessionEnd`);
  return { entry, agentFile: agentPath, summaryUpdated: r.ran };
}

export function onSubagentStop(input: HookInput, deps: HookDeps): null {
  const project = projectOf(input, deps);
  if (!project) return null;
  const cfg = config(deps, project);
  if (!cfg) return null;
  recordSubagent(input, deps, cfg, project);
  return null;
}

// --- PostToolUse on Agent/Task -------------------------------------------------------------------

export function onAgentToolDone(input: HookInput, deps: HookDeps): HookResult | null {
  if (!input.tool_name || !SUBAGENT_TOOLS.has(input.tool_name)) return null;
  const project = projectOf(input, deps);
  if (!project) return null;
  const cfg = config(deps, project);
  if (!cfg || !cfg.digest) return null;
  const resp = (
    input.tool_response && typeof input.tool_response === 'object' ? input.tool_response : {}
  ) as Record<string, unknown>;
  const p = sessionPaths(project, input.session_id);
  if (storeState(project, p.dir) !== 'ok') return null;
  const text = readText(p.summary);
  if (!text) return null;
  const entries = parseSummary(text).entries;
  const agentId = typeof resp.agentId === 'string' ? resp.agentId : undefined;
  let entry = agentId ? entries.find((e) => e.agentId === agentId) : undefined;
  if (!entry && !agentId) {
    // Older payloads without agentId: the newest entry of that agent type from the last 10 minutes.
    const type = typeof resp.agentType === 'string' ? resp.agentType : input.tool_input?.subagent_type;
    const since = deps.now().getTime() - 10 * 60_000;
    entry = [...entries].reverse().find((e) => e.agentType === type && Date.parse(e.at) >= since);
  }
  if (!entry) return null;
  const digest = buildDigest(
    entry,
    cfg.locale,
    agentFileRel(input.session_id, entry.agentType, entry.agentId),
    cfg.digestMaxChars,
  );
  return digest ? { additionalContext: digest } : null;
}

// --- SessionStart / SessionEnd -------------------------------------------------------------------

export function onSessionStart(input: HookInput, deps: HookDeps): null {
  const project = projectOf(input, deps);
  if (!project) return null;
  const cfg = config(deps, project);
  if (!cfg) return null;
  const keep = sessionPaths(project, input.session_id).session;
  const removed = cleanupExpired(project, cfg.ttlHours * 3_600_000, deps.now().getTime(), keep);
  if (removed.length) deps.log(`shared-context: removed ${removed.length} expired session folder(s)`);
  return null;
}

/** Splits `<type>-<id>.md` of a file no entry names (ids have no dash; types may). */
function splitAgentFileName(name: string): { agentType: string; agentId: string } {
  const base = name.replace(/\.md$/, '');
  const i = base.lastIndexOf('-');
  return i > 0
    ? { agentType: base.slice(0, i), agentId: base.slice(i + 1) }
    : { agentType: 'agent', agentId: base };
}

/** FR-5.2: the final summary: every agent file is in it, marked final. */
export function finalizeSession(
  input: HookInput,
  deps: HookDeps,
  cfg: ResolvedConfig,
  project: string | null = writableProjectRoot(input.cwd, deps.project.path, deps.env),
): boolean {
  if (!project) return false;
  const p = sessionPaths(project, input.session_id);
  if (storeState(project, p.dir) !== 'ok') return false;
  const r = withLock(p.lock, { timeoutMs: Math.min(cfg.lockTimeoutMs, 800) }, () => {
    const doc = parseSummary(readText(p.summary) ?? '');
    let entries = doc.entries;
    const named = new Set(entries.map((e) => agentFileName(e.agentType, e.agentId)));
    for (const name of agentFiles(p.dir)) {
      if (named.has(name)) continue;
      const path = join(p.dir, name);
      const text = readText(path);
      if (!text || !text.trim()) continue;
      let entry: Entry | undefined;
      if (text.startsWith(GENERATED_MARK)) entry = parseEntries(text)[0];
      else {
        const sections = parseOwnFile(text, customCategories(cfg));
        if (!sections.length) continue;
        let at = deps.now().toISOString();
        try {
          at = new Date(lstatSync(path).mtimeMs).toISOString();
        } catch {}
        entry = { ...splitAgentFileName(name), at, source: 'agent', sections };
        const clean = redact(text);
        if (clean !== text) writeAtomic(project, path, clean);
      }
      if (entry && hasContent(entry)) entries = upsertEntry(entries, entry, cfg.maxEntries);
    }
    entries = [...entries].sort((a, b) => Date.parse(a.at) - Date.parse(b.at)).slice(-cfg.maxEntries);
    if (!entries.length && !doc.entries.length) return false;
    writeAtomic(
      project,
      p.summary,
      renderSummary({ session: input.session_id, updated: deps.now().toISOString(), final: true, entries }),
    );
    return true;
  });
  return r.ran ? r.value : false;
}

export function onSessionEnd(input: HookInput, deps: HookDeps): null {
  const project = projectOf(input, deps);
  if (!project) return null;
  const cfg = config(deps, project);
  if (!cfg) return null;
  finalizeSession(input, deps, cfg, project);
  return null;
}

export const sharedContextHandlers: HandlerTable = {
  SessionStart: [{ name: 'shared-context:cleanup', run: onSessionStart }],
  SubagentStart: [{ name: 'shared-context:inject', run: onSubagentStart }],
  SubagentStop: [{ name: 'shared-context:record', run: onSubagentStop }],
  PostToolUse: [{ name: 'shared-context:digest', run: onAgentToolDone }],
  SessionEnd: [{ name: 'shared-context:final-summary', run: onSessionEnd }],
};
