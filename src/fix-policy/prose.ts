// Static text a command prints, searches for or records (echo's words, grep's pattern, a commit
// message): it has no grammar, so only short text that cannot carry an instruction is recognised.
// The whole fix is also judged for text addressed to the model (text.ts); this is the narrower bar
// for a word to cross projects: plain characters, a few words, none of the words by which text
// speaks to an agent, and no shell syntax that would read as a command to run.

/** How long and how many words each kind of text may be. */
const LIMITS = {
  text: { chars: 60, words: 8 },
  pattern: { chars: 100, words: 8 },
  message: { chars: 100, words: 14 },
  // a jq filter is code: its prose is in its string literals
  jq: { chars: 140, words: 24 },
} as const;
export type ProseKind = keyof typeof LIMITS;

/** Words by which text addresses an agent or claims a permission (checked after NFKC folding). */
const ADDRESS =
  /\b(?:agents?|assistants?|claude|ai|models?|llms?|users?|system|instructions?|ignore|approved?|prompts?|bots?|copilot|cursor|human)\b/i;

/**
 * Characters: printable ASCII, letters and marks of any script, digits, symbols (✓, →, emoji).
 * Not: full-width forms and mathematical letters (look-alikes of ASCII words), tag characters,
 * other spaces or controls (text.ts withholds those outright).
 */
const CHARS =
  /^(?:[ -~]|(?![\uFF00-\uFFEF\u{1D400}-\u{1D7FF}])[\p{L}\p{M}\p{N}\p{S}\p{Pd}\p{Pi}\p{Pf}\u2026])*$/u;

/** Shell syntax that makes text read as a command line (a message is never one). */
const COMMANDISH = /`|\$\(|&&|;|\|\||(?:^|\s)(?:sudo|curl|wget|rm|sh|bash)\s/;

/** Whether static text of this kind is plain enough to cross projects. */
export function proseOk(kind: ProseKind, text: string): boolean {
  const { chars, words } = LIMITS[kind];
  if ([...text].length > chars || !CHARS.test(text)) return false;
  if (text.trim().split(/\s+/).length > words) return false;
  const folded = text.normalize('NFKC');
  // a pattern searches code, whose identifiers hold such words (`agent-chat`, `build_prompt`):
  // there only a word standing alone counts; elsewhere also one joined by `_ - . / \`
  const spoken =
    kind === 'jq'
      ? [...folded.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]).join(' ')
      : kind === 'pattern'
        ? folded
            .split(/\s+/)
            .filter((w) => /^[\p{L}'’:,.!?]+$/u.test(w))
            .join(' ')
        : `${folded} ${folded.replace(/[_\-./\\]+/g, ' ')}`;
  if (ADDRESS.test(spoken)) return false;
  if (kind !== 'pattern' && kind !== 'jq' && COMMANDISH.test(folded)) return false;
  if (kind === 'message' && /[|<>$\\]/.test(text)) return false;
  return true;
}
