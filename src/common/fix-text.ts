// What a fix text may never carry into Claude's context, whatever it does: words
// that speak to the model or the user, characters that hide or reorder text; and the longest text
// offered verbatim. Pure text checks, no parser: the fix policy (fix-policy/text.ts) uses them, and
// so does the verdict a learned fix has before the policy judged it (error-kb/verdict.ts).

/** Longest fix text offered verbatim; a longer one is withheld, never cut (a cut command is another command). */
export const MAX_OFFERED = 600;

/** Text that speaks to the model or the user instead of describing a fix. */
export const ADDRESSES_MODEL =
  /\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+|the\s+|your\s+)?(?:previous|prior|above|earlier|preceding|former|system)\b|\bnote\s+to\s+(?:claude|the\s+(?:ai|assistant|model|agent|llm)|ai|assistant|llm)\b|\b(?:claude|assistant|ai|agent|model)\s*[,:]\s*(?:please\s+)?(?:you|do|run|execute|ignore|always|never|must)\b|\byou\s+(?:must|should|need\s+to|have\s+to|are\s+(?:required|instructed|now))\b|\b(?:do\s+not|don'?t|never)\s+(?:tell|inform|mention|reveal|show|report|ask|warn)\b|\b(?:system\s+prompt|system\s+message|new\s+instructions|developer\s+message|jailbreak)\b|<\/?\s*(?:system|instructions?|assistant|user|human|im_start|im_end|tool_result|function_results|antml|important|admin)\b[^>]*>|\[\/?(?:INST|SYS)\]|<<\/?SYS>>|\b(?:human|assistant|system)\s*:\s*\S|\bas\s+an\s+ai\b|\bimportant\s*:\s*(?:you|claude|always|never|do)\b|\b(?:tell|ask)\s+the\s+user\b|\bwithout\s+(?:asking|telling|confirmation)\b|\b(?:claude(?:\s+code)?|assistant|ai(?:\s+agent)?|agent|model|llm|copilot|cursor|bot)\s*[,:]\s*\w|\b(?:note|message|instructions?)\s+for\s+(?:the\s+)?(?:ai|assistant|model|agent|llm|claude)\b|\bdear\s+(?:claude|assistant|ai|agent)\b/i;

/** Characters that hide or reorder text (controls, bidi overrides, zero-width). */
const HIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

export type TextProblem =
  'the text addresses the model or the user' | 'the text carries hidden or control characters';

/**
 * A word or character every alternative of ADDRESSES_MODEL needs: text without one cannot match it,
 * and this small expression is far cheaper to compile than the large one (a test checks that they
 * agree on every corpus line).
 */
export const MAY_ADDRESS =
  /\b(?:ignore|disregard|forget|override|note|claude|assistant|ai|agent|model|you|do|don|dont|never|system|new|developer|jailbreak|human|as|important|tell|ask|without|llm|copilot|cursor|bot|message|instructions?|dear)\b|[<[]/i;

/** Why this text may not be offered whatever it does, or null. */
export function textProblem(text: string): TextProblem | null {
  // words may be joined by `_`, `-`, `.`, `/` or case (a file named NOTE_TO_CLAUDE_ignore_previous…)
  const spaced = text.replace(/[_\-./\\]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');
  if (
    (MAY_ADDRESS.test(text) || MAY_ADDRESS.test(spaced)) &&
    (ADDRESSES_MODEL.test(text) || ADDRESSES_MODEL.test(spaced))
  )
    return 'the text addresses the model or the user';
  if (HIDDEN.test(text)) return 'the text carries hidden or control characters';
  return null;
}
