// The model's answer: JSON extraction (bare, fenced, or embedded in prose), schema validation,
// normalisation into stored suggestions with stable ids.
import * as z from 'zod/mini';
import { redactDeep, truncate } from '../common/redact.js';
import { HOOK_EVENTS } from '../hook/contract/types.js';
import type { Analysis, Suggestion } from './cache.js';
import { SUGGESTION_TYPES, suggestionId, type SuggestionType } from './ids.js';

export { normalizeText, suggestionId, textKey, SUGGESTION_TYPES, type SuggestionType } from './ids.js';

/** Events a suggested hook may use: the ones self-generation handles, and two more Claude Code has. */
export const HOOK_EVENT_NAMES = [...HOOK_EVENTS, 'PreCompact', 'Notification'] as const;

const Text = z.string().check(z.trim(), z.minLength(1));

const RawSuggestion = z.object({
  type: z.enum(SUGGESTION_TYPES),
  rule: Text,
  summary: z.optional(z.string()),
  evidence: z.optional(z.string()),
  project: z.optional(z.nullable(z.string())),
  skill: z.optional(
    z.object({
      name: Text,
      description: z.optional(z.string()),
      body: z.optional(z.string()),
    }),
  ),
  hook: z.optional(
    z.object({
      event: z.enum(HOOK_EVENT_NAMES),
      matcher: z.optional(z.string()),
      command: Text,
    }),
  ),
});
type RawSuggestionT = z.infer<typeof RawSuggestion>;

const RawAnswer = z.object({
  summary: z.optional(z.string()),
  suggestions: z.array(z.unknown()),
});

export interface StoredSuggestion extends Suggestion {
  id: string;
  type: SuggestionType;
  rule: string;
  summary: string;
  project: string | null;
  evidence?: string;
  skill?: { name: string; description: string; body: string };
  hook?: { event: string; matcher?: string; command: string };
}

export interface StoredAnalysis extends Analysis {
  suggestions: StoredSuggestion[];
  summary: string;
  project: string | null;
  days: number;
  generatedAt: string;
  stats: { events: number; sessions: number };
  model?: string;
  warnings?: string[];
}

export class AnswerError extends Error {
  constructor(
    public kind: 'no_json' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

export function skillSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  return slug || 'skill';
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Balanced `{…}` spans of the text that parse as JSON (strings and escapes respected), first five. */
function balancedObjects(text: string): unknown[] {
  const found: unknown[] = [];
  for (
    let start = text.indexOf('{');
    start !== -1 && found.length < 5;
    start = text.indexOf('{', start + 1)
  ) {
    let depth = 0;
    let inStr = false;
    let esc = false;
    for (let i = start; i < text.length; i++) {
      const ch = text[i];
      if (inStr) {
        if (esc) esc = false;
        else if (ch === '\\') esc = true;
        else if (ch === '"') inStr = false;
        continue;
      }
      if (ch === '"') inStr = true;
      else if (ch === '{') depth++;
      else if (ch === '}' && --depth === 0) {
        const v = tryParse(text.slice(start, i + 1));
        if (v !== undefined) {
          found.push(v);
          start = i; // continue after this object
        }
        break;
      }
    }
  }
  return found;
}

/**
 * Finds the JSON object in a model answer: the whole text, else a ```json fenced block, else an
 * object embedded in prose. Prefers a candidate that has a `suggestions` key.
 */
export function extractJson(text: string): unknown {
  const trimmed = text.trim();
  const candidates: unknown[] = [];
  const whole = tryParse(trimmed);
  if (whole !== undefined) candidates.push(whole);
  for (const m of trimmed.matchAll(/```[a-zA-Z]*[ \t]*\r?\n([\s\S]*?)```/g)) {
    const v = tryParse((m[1] ?? '').trim());
    if (v !== undefined) candidates.push(v);
  }
  if (candidates.length === 0) candidates.push(...balancedObjects(trimmed));
  const objects = candidates.filter((c) => c !== null && typeof c === 'object' && !Array.isArray(c));
  const best = objects.find((o) => 'suggestions' in (o as object)) ?? objects[0];
  if (best === undefined) {
    const preview = truncate(trimmed.replace(/\s+/g, ' '), 120);
    throw new AnswerError(
      'no_json',
      `the answer holds no JSON object${preview ? ` (it begins: "${preview}")` : ' (it is empty)'}`,
    );
  }
  return best;
}

function issuesText(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 4)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

function normalizeOne(s: RawSuggestionT, scopeProject: string | null): StoredSuggestion {
  // A project analysis may only speak for its own project (or globally).
  let project = s.project && s.project.trim() ? s.project.trim() : null;
  if (scopeProject !== null && project !== null) project = scopeProject;
  const rule = truncate(s.rule.replace(/\s+/g, ' ').trim(), 500);
  const out: StoredSuggestion = {
    id: suggestionId(s.type, rule, project),
    type: s.type,
    rule,
    summary: truncate((s.summary ?? '').trim(), 600),
    project,
  };
  if (s.evidence) out.evidence = truncate(s.evidence.trim(), 400);
  if (s.type === 'skill') {
    const name = skillSlug(s.skill?.name ?? rule);
    out.skill = {
      name,
      description: truncate((s.skill?.description ?? rule).replace(/\s+/g, ' ').trim(), 300),
      body: truncate((s.skill?.body ?? `${rule}\n\n${out.summary}`).trim(), 8000),
    };
  }
  if (s.type === 'hook') {
    if (!s.hook) throw new Error('a hook suggestion needs hook.event and hook.command');
    out.hook = { event: s.hook.event, command: truncate(s.hook.command.trim(), 1000) };
    if (s.hook.matcher) out.hook.matcher = truncate(s.hook.matcher, 200);
  }
  return out;
}

export interface ParsedAnswer {
  summary: string;
  suggestions: StoredSuggestion[];
  warnings: string[];
}

/**
 * Validates an extracted answer. The outer shape must be right; a single malformed suggestion is
 * dropped with a warning, but when every suggestion is malformed the answer is invalid.
 */
export function validateAnswer(value: unknown, scopeProject: string | null): ParsedAnswer {
  const outer = RawAnswer.safeParse(value);
  if (!outer.success)
    throw new AnswerError(
      'invalid',
      `the answer does not match the schema: ${issuesText(outer.error.issues)}`,
    );
  const warnings: string[] = [];
  const seen = new Set<string>();
  const suggestions: StoredSuggestion[] = [];
  outer.data.suggestions.forEach((item, i) => {
    const r = RawSuggestion.safeParse(item);
    if (!r.success) {
      warnings.push(`suggestions.${i} dropped: ${issuesText(r.error.issues)}`);
      return;
    }
    try {
      const s = normalizeOne(redactDeep(r.data), scopeProject);
      if (seen.has(s.id)) return;
      seen.add(s.id);
      suggestions.push(s);
    } catch (e) {
      warnings.push(`suggestions.${i} dropped: ${(e as Error).message}`);
    }
  });
  if (outer.data.suggestions.length > 0 && suggestions.length === 0) {
    throw new AnswerError(
      'invalid',
      `no suggestion in the answer matches the schema: ${warnings.slice(0, 2).join('; ')}`,
    );
  }
  return {
    summary: truncate((outer.data.summary ?? '').trim(), 2000),
    suggestions: suggestions.slice(0, 20),
    warnings,
  };
}

/** extractJson + validateAnswer. */
export function parseAnswer(text: string, scopeProject: string | null): ParsedAnswer {
  return validateAnswer(extractJson(text), scopeProject);
}
