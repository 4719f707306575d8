// What a subagent contributed (FR-3.1, FR-3.2), from the agent's own file (FR-4.3) or the last N
// lines of its transcript. Extraction is a list of rules (NFR-5): each rule looks at the tool calls
// (with their results) and/or the final message and returns items for a category. Built-in rules:
//   changes   Write/Edit/MultiEdit/NotebookEdit that succeeded → "src/a.ts (Write, Edit ×2)"
//   explored  Read/Grep/Glob/LS and read-only shell commands (ls, cat, grep, git log…) → areas
//   commands  other Bash commands, with `→ ok` or `→ FAILED (Exit code 1: first error line)`
//   findings  lines of the final message under a Findings/Issues/Review/Verdict… heading, or that
//             start with Issue:/Bug:/Verdict:/Risk:/… (Korean keywords too), or a bare verdict
//   notes     when no finding line exists: the first lines of the final message
// Everything is redacted before it becomes an item.
import { readTailLines, summarizeTranscript, type ToolCall } from '../common/transcript.js';
import { oneLine, redact } from '../common/redact.js';

import { CD_PROGRAMS, FILE_READERS, isReadOnlyGit } from '../common/shell-words.js';
import { addItem, type Entry, type EntrySource, type Section } from './entry.js';

import { relToProject, STORE_DIR } from './file-store.js';

export interface CallWithResult {
  name: string;
  input: Record<string, unknown>;
  /** null when the result is not in the lines read. */
  failed: boolean | null;
  /** The result text (redacted, at most 2000 characters). */
  resultText: string;
}

export interface RuleContext {
  projectPath: string;
  /** A path relative to the project when it is inside it. */
  rel: (path: string) => string;
}

export interface RuleItem {
  category: string;
  text: string;
}

type Many = RuleItem | RuleItem[] | null | undefined | void;

/** A pluggable extraction rule (register with registerExtractionRule, or declare in config). */
export interface ExtractionRule {
  name: string;
  /** Called once per tool call, in order. */
  toolCall?: (call: CallWithResult, ctx: RuleContext) => Many;
  /** Called for all calls at once (rules that merge across calls, like `changes`). */
  toolCalls?: (calls: CallWithResult[], ctx: RuleContext) => Many;
  /** Called with the final message (redacted). */
  finalMessage?: (text: string, ctx: RuleContext) => Many;
}

export const EDIT_TOOLS = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);
const READ_TOOLS = new Set(['Read', 'NotebookRead', 'LS']);
const SEARCH_TOOLS = new Set(['Grep', 'Glob']);

export const LIMITS: Record<string, number> = {
  changes: 40,
  findings: 30,
  commands: 20,
  explored: 25,
  notes: 8,
};

export function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function filePathOf(input: Record<string, unknown>): string {
  return str(input.file_path) || str(input.notebook_path) || str(input.path);
}

/** Is the path inside .claude/shared-context/? (the agent's own notes are not code changes) */
export function inStore(path: string): boolean {
  return path
    .split('\\')
    .join('/')
    .includes(STORE_DIR.split('\\').join('/') + '/');
}

/**
 * Read-only shell commands that look around the code count as navigation (explored), not as
 * commands: common/shell-words.ts's file readers, changing folders, git that only looks.
 */
export function isNavigationCommand(command: string): boolean {
  const segments = command.split(/\s*(?:&&|\|\||;|\|)\s*/).filter((s) => s.trim());
  if (!segments.length) return false;
  return segments.every((seg) => {
    const words = seg
      .trim()
      .split(/\s+/)
      .filter((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w));
    const [cmd] = words;
    if (!cmd) return false;
    if (cmd === 'git') return isReadOnlyGit(words);
    if (cmd === 'sed') return words.includes('-n') && !words.some((w) => w.startsWith('-i'));
    return FILE_READERS.has(cmd) || CD_PROGRAMS.has(cmd);
  });
}

function commandResult(c: CallWithResult): string {
  if (c.failed === null) return '';
  if (!c.failed) return ' → ok';
  const lines = c.resultText
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const exit = lines.find((l) => /^exit code \d+/i.test(l));
  const other = lines.find((l) => !/^exit code \d+/i.test(l) && !/^<\/?tool_use_error>$/.test(l));
  const why = [exit, other?.replace(/<\/?tool_use_error>/g, '')].filter(Boolean).join(': ');
  return ` → FAILED${why ? ` (${oneLine(why, 160)})` : ''}`;
}

const changesRule: ExtractionRule = {
  name: 'changes',
  toolCalls: (calls, ctx) => {
    const byFile = new Map<string, string[]>();
    for (const c of calls) {
      if (!EDIT_TOOLS.has(c.name) || c.failed === true) continue;
      const path = filePathOf(c.input);
      if (!path || inStore(path)) continue;
      const rel = ctx.rel(path);
      const tools = byFile.get(rel) ?? [];
      tools.push(c.name);
      byFile.set(rel, tools);
    }
    return [...byFile].map(([file, tools]) => {
      const counts = new Map<string, number>();
      for (const t of tools) counts.set(t, (counts.get(t) ?? 0) + 1);
      const how = [...counts].map(([t, n]) => (n > 1 ? `${t} ×${n}` : t)).join(', ');
      return { category: 'changes', text: `${file} (${how})` };
    });
  },
};

const exploredRule: ExtractionRule = {
  name: 'explored',
  toolCall: (c, ctx) => {
    if (READ_TOOLS.has(c.name)) {
      const p = filePathOf(c.input);
      if (!p || inStore(p)) return null;
      return { category: 'explored', text: `${ctx.rel(p)}${c.failed ? ' (not found)' : ''}` };
    }
    if (SEARCH_TOOLS.has(c.name)) {
      const pattern = str(c.input.pattern);
      const where = str(c.input.path);
      const glob = str(c.input.glob);
      return {
        category: 'explored',
        text: `${c.name} ${JSON.stringify(oneLine(pattern, 120))}${glob ? ` (${glob})` : ''}${where ? ` in ${ctx.rel(where)}` : ''}`,
      };
    }
    if (c.name === 'Bash' && isNavigationCommand(str(c.input.command))) {
      return {
        category: 'explored',
        text: `\`${oneLine(str(c.input.command), 160)}\`${c.failed ? ' (failed)' : ''}`,
      };
    }
    return null;
  },
};

const commandsRule: ExtractionRule = {
  name: 'commands',
  toolCall: (c) => {
    if (c.name !== 'Bash') return null;
    const command = str(c.input.command);
    if (!command.trim() || isNavigationCommand(command)) return null;
    return { category: 'commands', text: `\`${oneLine(command, 200)}\`${commandResult(c)}` };
  },
};

const FINDING_HEADING =
  /^#{1,6}\s*\**\s*(findings?|issues?|problems?|bugs?|review|code review|verdict|results?|conclusions?|summary|recommendations?|concerns?|risks?|blockers?|errors?|발견|이슈|문제|리뷰|결론|결과|요약|판정|권장|위험)(?![A-Za-z])/i;
const FINDING_KEY =
  /^(?:[-*•+]\s+|\d+[.)]\s+)?(?:\[[^\]]{1,20}\]\s*)?\**\s*(issues?|findings?|bugs?|problems?|errors?|warnings?|risks?|verdict|result|status|conclusion|recommendations?|root cause|cause|fix(?:ed)?|todo|concerns?|blockers?|critical|high|medium|low|major|minor|severity|modified|changed|reviewed|이슈|문제|발견|결론|판정|결과|권장|원인|수정|위험)\s*\**\s*[:：]/i;
const VERDICT_WORD =
  /^(?:[-*•]\s+)?\**\s*(LGTM|APPROVED?|REQUEST[_ ]CHANGES|CHANGES REQUESTED|PASS(?:ED)?|FAIL(?:ED)?|BLOCKED|승인|반려|통과|실패)(?![A-Za-z0-9_])/;

/** The finding lines of a final message (list markers kept off). */
export function findingLines(text: string): string[] {
  const out: string[] = [];
  let underHeading = false;
  // Under a findings heading: every list item, and plain lines of the first paragraph only.
  let firstParagraph = false;
  let inFence = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('```')) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    if (!line) {
      firstParagraph = false;
      continue;
    }
    if (/^#{1,6}\s/.test(line)) {
      underHeading = FINDING_HEADING.test(line);
      firstParagraph = underHeading;
      continue;
    }
    const isItem = /^(?:[-*•+]\s+|\d+[.)]\s+)/.test(line);
    if ((underHeading && (isItem || firstParagraph)) || FINDING_KEY.test(line) || VERDICT_WORD.test(line)) {
      out.push(line.replace(/^(?:[-*•+]\s+|\d+[.)]\s+)/, ''));
    }
  }
  return out;
}

const findingsRule: ExtractionRule = {
  name: 'findings',
  finalMessage: (text) => findingLines(text).map((l) => ({ category: 'findings', text: l })),
};

const notesRule: ExtractionRule = {
  name: 'notes',
  finalMessage: (text) => {
    if (findingLines(text).length) return null;
    return text
      .split('\n')
      .map((l) =>
        l
          .trim()
          .replace(/^#{1,6}\s+/, '')
          .replace(/^(?:[-*•+]\s+)/, ''),
      )
      .filter((l) => l && !l.startsWith('```'))
      .slice(0, 3)
      .map((l) => ({ category: 'notes', text: l }));
  },
};

export const BUILTIN_RULES: ExtractionRule[] = [
  changesRule,
  findingsRule,
  commandsRule,
  exploredRule,
  notesRule,
];

function asList(m: Many): RuleItem[] {
  if (!m) return [];
  return Array.isArray(m) ? m : [m];
}

/** Joins tool calls with their results. */
export function callsWithResults(
  calls: ToolCall[],
  results: { toolUseId: string; isError: boolean; text: string }[],
): CallWithResult[] {
  const byId = new Map(results.map((r) => [r.toolUseId, r]));
  return calls.map((c) => {
    const r = byId.get(c.id);
    return {
      name: c.name,
      input: c.input,
      failed: r ? r.isError : null,
      resultText: r ? redact(r.text.slice(0, 2000)) : '',
    };
  });
}

/** Redacts every string of a tool input (shallow objects; what the rules look at). */
function redactInput(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (typeof v === 'string') out[k] = redact(v.length > 4000 ? v.slice(0, 4000) : v);
    else if (k !== 'content' && k !== 'new_string' && k !== 'old_string') out[k] = v;
  }
  return out;
}

/** Runs the rules; returns the sections (items redacted, deduplicated, capped per category). */
export function runRules(
  rules: ExtractionRule[],
  calls: CallWithResult[],
  finalText: string,
  ctx: RuleContext,
  log: (m: string) => void = () => {},
): Section[] {
  const sections: Section[] = [];
  const add = (items: RuleItem[]) => {
    for (const it of items) {
      if (!it || typeof it.text !== 'string' || typeof it.category !== 'string' || !it.category) continue;
      addItem(sections, it.category, redact(it.text), LIMITS[it.category] ?? 20);
    }
  };
  const safeCalls = calls.map((c) => ({ ...c, input: redactInput(c.input) }));
  const final = redact(finalText);
  for (const rule of rules) {
    try {
      if (rule.toolCalls) add(asList(rule.toolCalls(safeCalls, ctx)));
      if (rule.toolCall) for (const c of safeCalls) add(asList(rule.toolCall(c, ctx)));
      if (rule.finalMessage && final.trim()) add(asList(rule.finalMessage(final, ctx)));
    } catch (e) {
      log(`shared-context rule ${rule.name} failed: ${String(e)}`);
    }
  }
  return sections.filter((s) => s.items.length);
}

export interface TranscriptExtraction {
  sections: Section[];
  /** Lines read (0 when the transcript could not be read). */
  lines: number;
  badLines: number;
}

/** Extraction from the last `maxLines` lines of the agent transcript, plus the hook's final message. */
export function extractFromTranscript(
  transcriptPath: string | undefined,
  lastMessage: string | undefined,
  maxLines: number,
  rules: ExtractionRule[],
  ctx: RuleContext,
  log?: (m: string) => void,
): TranscriptExtraction {
  const lines = transcriptPath ? readTailLines(transcriptPath, maxLines) : [];
  const s = summarizeTranscript(lines);
  const calls = callsWithResults(s.toolCalls, s.results);
  // The hook's last_assistant_message is the agent's answer; the transcript's last text is the fallback.
  const final = (lastMessage && lastMessage.trim() ? lastMessage : s.finalText) ?? '';
  return { sections: runRules(rules, calls, final, ctx, log), lines: lines.length, badLines: s.badLines };
}

export function ruleContext(projectPath: string): RuleContext {
  return { projectPath, rel: (p: string) => relToProject(projectPath, p) };
}

/** Builds an Entry (helper for tests and the hooks). */
export function makeEntry(
  agentType: string,
  agentId: string,
  at: string,
  source: EntrySource,
  sections: Section[],
): Entry {
  return { agentType, agentId, at, source, sections };
}
