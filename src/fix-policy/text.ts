// Fix text is data, not instructions: what a fix may never carry into Claude's
// context, and how a stored fix text splits into its steps (error-kb/resolution.ts describeFix
// writes them: "ran `…`", "ran `…` instead of `…`", "Edit <file>: <before → after>", "Write <file>
// (<size>)", joined by "; then ").
export { MAX_OFFERED, textProblem } from '../common/fix-text.js';

/**
 * Words that name an AI agent. A fix has no reason to name one in a file, a branch or a comment it
 * writes; text that does may be written to be read by one, so it stays where it was proven.
 */
const NAMES_AGENT = /\b(?:claude|assistants?|ai|agents?|llms?|copilot|chatgpt|gpt|gemini|codex)\b/i;

/** Whether a fix's words, split where names join them (`ATTENTION_AI__…`, `claude-please-…`), name an AI agent. */
export function namesAgent(text: string): boolean {
  return NAMES_AGENT.test(text.replace(/[_\-./\\]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2'));
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
