// Fix text is data, not instructions (issue #22.2): what a fix may never carry into Claude's
// context, and how a stored fix text splits into its steps (error-kb/resolution.ts describeFix
// writes them: "ran `…`", "ran `…` instead of `…`", "Edit <file>: <before → after>", "Write <file>
// (<size>)", joined by "; then ").
import type { Reason } from './rules.js';

/** Longest fix text offered verbatim; a longer one is withheld, never cut (a cut command is another command). */
export const MAX_OFFERED = 600;

/** Text that speaks to the model or the user instead of describing a fix. */
const ADDRESSES_MODEL =
  /\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+|the\s+|your\s+)?(?:previous|prior|above|earlier|preceding|former|system)\b|\bnote\s+to\s+(?:claude|the\s+(?:ai|assistant|model|agent|llm)|ai|assistant|llm)\b|\b(?:claude|assistant|ai|agent|model)\s*[,:]\s*(?:please\s+)?(?:you|do|run|execute|ignore|always|never|must)\b|\byou\s+(?:must|should|need\s+to|have\s+to|are\s+(?:required|instructed|now))\b|\b(?:do\s+not|don'?t|never)\s+(?:tell|inform|mention|reveal|show|report|ask|warn)\b|\b(?:system\s+prompt|system\s+message|new\s+instructions|developer\s+message|jailbreak)\b|<\/?\s*(?:system|instructions?|assistant|user|human|im_start|im_end|tool_result|function_results|antml|important|admin)\b[^>]*>|\[\/?(?:INST|SYS)\]|<<\/?SYS>>|\b(?:human|assistant|system)\s*:\s*\S|\bas\s+an\s+ai\b|\bimportant\s*:\s*(?:you|claude|always|never|do)\b|\b(?:tell|ask)\s+the\s+user\b|\bwithout\s+(?:asking|telling|confirmation)\b|\b(?:claude(?:\s+code)?|assistant|ai(?:\s+agent)?|agent|model|llm|copilot|cursor|bot)\s*[,:]\s*\w|\b(?:note|message|instructions?)\s+for\s+(?:the\s+)?(?:ai|assistant|model|agent|llm|claude)\b|\bdear\s+(?:claude|assistant|ai|agent)\b/i;

/**
 * Words that name an AI agent. A fix has no reason to name one in a file, a branch or a comment it
 * writes; text that does may be written to be read by one, so it stays where it was proven.
 */
const NAMES_AGENT = /\b(?:claude|assistants?|ai|agents?|llms?|copilot|chatgpt|gpt|gemini|codex)\b/i;

/** Whether a fix's words, split where names join them (`ATTENTION_AI__…`, `claude-please-…`), name an AI agent. */
export function namesAgent(text: string): boolean {
  return NAMES_AGENT.test(text.replace(/[_\-./\\]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2'));
}

/** Characters that hide or reorder text (controls, bidi overrides, zero-width). */
const HIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/** Why this text may not be offered whatever it does, or null. */
export function textProblem(text: string): Reason | null {
  // words may be joined by `_`, `-`, `.`, `/` or case (a file named NOTE_TO_CLAUDE_ignore_previous…)
  const spaced = text.replace(/[_\-./\\]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');
  if (ADDRESSES_MODEL.test(text) || ADDRESSES_MODEL.test(spaced))
    return 'the text addresses the model or the user';
  if (HIDDEN.test(text)) return 'the text carries hidden or control characters';
  return null;
}

export type Step =
  | { kind: 'ran'; command: string; instead?: string; text: string }
  | { kind: 'file'; tool: string; path: string; detail: string; text: string }
  | { kind: 'usage'; text: string }
  | { kind: 'other'; text: string };

/** The fixed texts of Claude Code's tool-usage fixes (error-kb/resolution.ts TOOL_USAGE_FIX). */
const USAGE = new Set([
  'Read the file first, then Edit/Write it',
  'Read the file again (it changed since the last Read), then Edit',
  'Read the file again and copy old_string exactly from its current text',
  'Edit with old_string copied exactly from the current file text',
  'make old_string unique (include more surrounding lines) or set replace_all',
]);

const SEP = '; then ';
const FILE_STEP = /^(Edit|MultiEdit|Write|NotebookEdit) (\S+)(?:(: [\s\S]*)|( \([\s\S]*\)))?$/;

/** `x` quoted in backticks at `at`: the end index of the closing backtick that a separator follows. */
function closing(text: string, from: number, follow: RegExp): number {
  for (let j = text.indexOf('`', from); j !== -1; j = text.indexOf('`', j + 1))
    if (follow.test(text.slice(j + 1))) return j;
  return -1;
}

/** Splits a learned fix text into its steps; the "(+N earlier step(s))" suffix is dropped. */
export function stepsOf(resolution: string): Step[] {
  let text = resolution.trim().replace(/ \(\+\d+ earlier step\(s\)\)$/, '');
  const out: Step[] = [];
  const END = /^(?:; then |$)/;
  while (text.length) {
    if (text.startsWith('ran `')) {
      const j = closing(text, 5, /^(?:; then | instead of `|$)/);
      if (j !== -1) {
        const command = text.slice(5, j);
        let rest = text.slice(j + 1);
        let instead: string | undefined;
        if (rest.startsWith(' instead of `')) {
          const k = closing(rest, 13, END);
          if (k !== -1) {
            instead = rest.slice(13, k);
            rest = rest.slice(k + 1);
          }
        }
        const t = text.slice(0, text.length - rest.length);
        out.push({ kind: 'ran', command, ...(instead !== undefined ? { instead } : {}), text: t });
        text = rest.startsWith(SEP) ? rest.slice(SEP.length) : rest;
        if (!rest.startsWith(SEP) && rest.length) {
          out.push({ kind: 'other', text: rest });
          break;
        }
        continue;
      }
    }
    const at = text.indexOf(SEP);
    const one = at === -1 ? text : text.slice(0, at);
    text = at === -1 ? '' : text.slice(at + SEP.length);
    const f = FILE_STEP.exec(one);
    if (USAGE.has(one)) out.push({ kind: 'usage', text: one });
    else if (f) out.push({ kind: 'file', tool: f[1]!, path: f[2]!, detail: f[3] ?? f[4] ?? '', text: one });
    else out.push({ kind: 'other', text: one });
  }
  return out;
}

/** The commands quoted in free text (a fix typed by the user): backquoted spans and `Bash: …` lines. */
export function quotedCommands(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/`([^`]{1,1000})`/g)) out.push(m[1]!);
  for (const m of text.matchAll(/\bBash:\s*([^\n`]{1,1000})/g)) out.push(m[1]!);
  return out;
}
