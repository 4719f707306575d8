// Stable suggestion identity (no dependencies: the hook bundle reaches this module).
import { createHash } from 'node:crypto';

export const SUGGESTION_TYPES = ['claude_md', 'skill', 'hook'] as const;
export type SuggestionType = (typeof SUGGESTION_TYPES)[number];

/** Collapses whitespace and case, drops final punctuation: the text part of a suggestion's identity. */
export function normalizeText(s: string): string {
  return s
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.。!\s]+$/u, '')
    .trim();
}

const PREFIX: Record<SuggestionType, string> = { claude_md: 'm', skill: 's', hook: 'h' };

/** A short stable id: type letter + 7 hex of sha256(type | project | normalized text). */
export function suggestionId(type: SuggestionType, text: string, project: string | null): string {
  const h = createHash('sha256')
    .update(`${type}\u0000${project ?? ''}\u0000${normalizeText(text)}`)
    .digest('hex');
  return PREFIX[type] + h.slice(0, 7);
}

/** The key used to recognise a suggestion the user already dismissed or applied, whatever its scope. */
export function textKey(type: string, text: string): string {
  return `${type}\u0000${normalizeText(text)}`;
}
