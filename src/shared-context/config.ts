// Configuration of the shared context (docs/shared-context.md): the `sharedContext` section of
// ~/.self-generation/config.json, overridden key by key by the project's
// `.claude/shared-context-config.json`, overridden by SELF_GEN_SHARED_CONTEXT_* variables.
// Bad fields fall back to their defaults (reported in `problems`); nothing here ever throws.
import * as z from 'zod/mini';
import { lstatSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { dirState, readRegular } from '../common/safe-fs.js';
import { getSection, type LoadedConfig } from '../common/config.js';
import {
  Category,
  RuleConfig,
  SharedContextSchema,
  type RuleConfigT,
  type SharedContextConfig,
} from '../common/config-registry.js';

// The section's schema is declared in the config registry.
export { BUILTIN_CATEGORIES, type RuleConfigT, type SharedContextConfig } from '../common/config-registry.js';

/** Built-in filters: reviewers get code changes and findings, not navigation noise. */
export const BUILTIN_FILTERS: Record<string, string[]> = {
  review: ['changes', 'findings'],
  critic: ['changes', 'findings'],
  audit: ['changes', 'findings'],
  verif: ['changes', 'findings', 'commands'],
  qa: ['changes', 'findings', 'commands'],
  test: ['changes', 'findings', 'commands'],
  explore: ['changes', 'explored', 'findings', 'notes'],
  navigat: ['changes', 'explored', 'findings', 'notes'],
};

export const PROJECT_CONFIG_FILE = join('.claude', 'shared-context-config.json');

export interface ResolvedConfig extends SharedContextConfig {
  locale: 'ko' | 'en';
  problems: string[];
}

/** The most of `.claude/shared-context-config.json` that is read (a bigger file is ignored). */
export const PROJECT_CONFIG_MAX_BYTES = 256 * 1024;
const READ_OPTS = { maxBytes: PROJECT_CONFIG_MAX_BYTES, noFollow: true };

function readProjectFile(projectPath: string, problems: string[]): Record<string, unknown> {
  const file = join(projectPath, PROJECT_CONFIG_FILE);
  try {
    lstatSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR')
      problems.push(`${file}: cannot be read (${code ?? String(e)})`);
    return {};
  }
  // Only a regular file, never blocking (a FIFO or device is skipped), at most 256 KiB, and never
  // through a symlink (the file or `.claude`): a repository cannot make us read a file elsewhere.
  const r = dirState(projectPath, dirname(file)) === 'ok' ? readRegular(file, READ_OPTS) : null;
  if (!r) {
    problems.push(`${file}: a symlink, not a regular file, or cannot be read (ignored)`);
    return {};
  }
  if (r.truncated) {
    problems.push(`${file}: larger than ${PROJECT_CONFIG_MAX_BYTES} bytes (ignored)`);
    return {};
  }
  const text = r.data.toString('utf8');
  if (!text.trim()) return {};
  try {
    const v: unknown = JSON.parse(text);
    if (!v || typeof v !== 'object' || Array.isArray(v)) {
      problems.push(`${file}: must hold a JSON object (ignored)`);
      return {};
    }
    // Either the section itself or {"sharedContext": {...}}.
    const inner = (v as Record<string, unknown>).sharedContext;
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) return inner as Record<string, unknown>;
    return v as Record<string, unknown>;
  } catch (e) {
    problems.push(`${file}: invalid JSON (${(e as Error).message}); ignored`);
    return {};
  }
}

function envNumber(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Validates the keys present in `raw` one by one (absent keys stay absent: no defaults). Inside
 * `filters` and `rules` each element is checked on its own, so one bad element drops only itself.
 */
export function pickValid(
  raw: Record<string, unknown>,
  where: string,
  problems: string[],
): Partial<SharedContextConfig> {
  const shape = SharedContextSchema().def.shape as Record<string, z.ZodMiniType>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const field = shape[k];
    if (!field) {
      problems.push(`${where}.${k}: unknown key (ignored)`);
      continue;
    }
    if (v === undefined) continue;
    if (k === 'filters' && v && typeof v === 'object' && !Array.isArray(v)) {
      const filters: Record<string, string[]> = {};
      for (const [fk, fv] of Object.entries(v as Record<string, unknown>)) {
        const r = z.array(Category).safeParse(fv);
        if (r.success) filters[fk] = r.data;
        else problems.push(`${where}.filters.${fk}: must be a list of category names (ignored)`);
      }
      out.filters = filters;
      continue;
    }
    if (k === 'rules' && Array.isArray(v)) {
      const rules: RuleConfigT[] = [];
      v.forEach((rv, i) => {
        const r = RuleConfig().safeParse(rv);
        if (r.success) rules.push(r.data);
        else problems.push(`${where}.rules.${i}: ${r.error.issues[0]?.message ?? 'invalid'} (rule ignored)`);
      });
      out.rules = rules;
      continue;
    }
    const r = field.safeParse(v);
    if (r.success) out[k] = r.data;
    else problems.push(`${where}.${k}: ${r.error.issues[0]?.message ?? 'invalid'} (ignored)`);
  }
  return out as Partial<SharedContextConfig>;
}

/**
 * The effective configuration for a project. Precedence (highest first): environment variables,
 * the project's `.claude/shared-context-config.json`, the global `sharedContext` section, defaults.
 * `filters` are merged per key (project over global over built-in); other keys are replaced.
 */
export function resolveConfig(
  config: LoadedConfig,
  projectPath: string,
  env: NodeJS.ProcessEnv = process.env,
): ResolvedConfig {
  const problems: string[] = [];
  // The global section: lenient, bad fields fall back to defaults (reported in config.problems).
  const before = config.problems.length;
  const merged: SharedContextConfig = getSection(config, 'sharedContext');
  problems.push(...config.problems.slice(before));
  const project = pickValid(readProjectFile(projectPath, problems), PROJECT_CONFIG_FILE, problems);
  for (const [k, v] of Object.entries(project)) {
    if (k === 'filters') merged.filters = { ...merged.filters, ...(v as Record<string, string[]>) };
    else (merged as Record<string, unknown>)[k] = v;
  }
  // Environment overrides (NFR-4), validated through the same schema.
  const fromEnv: Record<string, unknown> = {};
  const sw = env.SELF_GEN_SHARED_CONTEXT;
  if (sw !== undefined && sw.trim() !== '') fromEnv.enabled = !/^(0|false|off|no)$/i.test(sw.trim());
  const maxChars = envNumber(env, 'SELF_GEN_SHARED_CONTEXT_MAX_CHARS');
  if (maxChars !== undefined) fromEnv.maxChars = maxChars;
  const ttl = envNumber(env, 'SELF_GEN_SHARED_CONTEXT_TTL_HOURS');
  if (ttl !== undefined) fromEnv.ttlHours = ttl;
  const lines = envNumber(env, 'SELF_GEN_SHARED_CONTEXT_TRANSCRIPT_LINES');
  if (lines !== undefined) fromEnv.transcriptLines = lines;
  Object.assign(merged, pickValid(fromEnv, 'env SELF_GEN_SHARED_CONTEXT', problems));
  return { ...merged, locale: config.locale === 'en' ? 'en' : 'ko', problems };
}

export interface FilterMatch {
  /** The categories this agent type receives. */
  categories: string[];
  /** The filter key that matched (null: defaultCategories). */
  key: string | null;
}

/** Pluggable filters registered from code: return categories for an agent type, or null to pass. */
export type AgentFilter = (agentType: string) => string[] | null | undefined;
const codeFilters: AgentFilter[] = [];

export function registerAgentFilter(filter: AgentFilter): () => void {
  codeFilters.push(filter);
  return () => {
    const i = codeFilters.indexOf(filter);
    if (i >= 0) codeFilters.splice(i, 1);
  };
}

/** Which categories an agent type receives (code filters, then config, then built-in filters). */
export function categoriesFor(agentType: string | undefined, cfg: SharedContextConfig): FilterMatch {
  const type = (agentType ?? '').toLowerCase();
  for (const f of codeFilters) {
    try {
      const r = f(agentType ?? '');
      if (Array.isArray(r)) return { categories: r, key: 'code' };
    } catch {}
  }
  const pick = (table: Record<string, string[]>): FilterMatch | null => {
    let best: string | null = null;
    for (const key of Object.keys(table)) {
      const k = key.toLowerCase();
      if (k === '*' || !k || !type.includes(k)) continue;
      if (best === null || k.length > best.length) best = key;
    }
    return best === null ? null : { categories: table[best] ?? [], key: best };
  };
  const user = pick(cfg.filters);
  if (user) return user;
  const builtin = pick(BUILTIN_FILTERS);
  if (builtin) return builtin;
  const star = cfg.filters['*'];
  if (star) return { categories: star, key: '*' };
  return { categories: cfg.defaultCategories, key: null };
}
