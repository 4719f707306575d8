// config.json: all keys optional, validated with zod (zod/mini keeps the hook bundle small); every
// key is declared in config-registry.ts.
// A bad file or a bad field never crashes anything: the bad part falls back to its default and
// the problem is reported (doctor prints it).
import * as z from 'zod/mini';
import { lstatSync } from 'node:fs';
import { readRegular } from './safe-fs.js';
import { paths } from './paths.js';
import { localeFromEnv, type Locale as LocaleT } from './locale.js';
import {
  CONFIG_SECTIONS,
  CoreConfig,
  type CoreConfigT,
  type SectionKey,
  type SectionT,
} from './config-registry.js';

export interface LoadedConfig extends Omit<CoreConfigT, 'locale'> {
  /** config.json's `locale`, else the environment's. */
  locale: LocaleT;
  /** The raw parsed file, for parts that validate their own section (see getSection). */
  raw: Record<string, unknown>;
  /** Problems found (file unreadable, invalid JSON, invalid fields). Empty when all is well. */
  problems: string[];
  path: string;
}

function dropPath(obj: Record<string, unknown>, path: PropertyKey[]): boolean {
  let cur: unknown = obj;
  for (let i = 0; i < path.length - 1; i++) {
    if (cur === null || typeof cur !== 'object') return false;
    cur = (cur as Record<PropertyKey, unknown>)[path[i] as PropertyKey];
  }
  if (cur === null || typeof cur !== 'object' || path.length === 0) return false;
  return delete (cur as Record<PropertyKey, unknown>)[path[path.length - 1] as PropertyKey];
}

/**
 * Parses `input` with `schema`; each invalid field is reported and dropped (so its default
 * applies) instead of failing the whole object.
 */
export function parseLenient<S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
  where: string,
  problems: string[],
): z.infer<S> {
  const value: unknown = input === undefined ? {} : structuredClone(input);
  for (let attempt = 0; attempt < 20; attempt++) {
    const r = schema.safeParse(value);
    if (r.success) return r.data as z.infer<S>;
    let dropped = false;
    for (const issue of r.error.issues) {
      const at = issue.path.map(String).join('.');
      problems.push(`${where}${at ? '.' + at : ''}: ${issue.message} (default used)`);
      if (issue.path.length > 0 && value && typeof value === 'object') {
        dropped = dropPath(value as Record<string, unknown>, issue.path) || dropped;
      }
    }
    if (!dropped) break;
  }
  return schema.parse({}) as z.infer<S>;
}

/**
 * The last config parsed in this process, by what it was parsed from (the file's path and text, the
 * busy-timeout override): the warm hook server loads the config for every hook, and the file is
 * still read each time (a change is seen at once), only the validation is saved. Callers get a copy
 * (getSection appends to `problems`).
 */
let lastParsed: { key: string; value: LoadedConfig } | null = null;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): LoadedConfig {
  const file = paths(env).config;
  const problems: string[] = [];
  let text: string | null = null;
  let cacheable = false;
  try {
    lstatSync(file);
    // Only a regular file, never blocking on a FIFO or device, at most 1 MiB.
    const r = readRegular(file, { maxBytes: 1024 * 1024 });
    if (!r) problems.push(`${file}: not a regular file or cannot be read (defaults used)`);
    else if (r.truncated) problems.push(`${file}: larger than 1 MiB (defaults used)`);
    else {
      text = r.data.toString('utf8');
      cacheable = true;
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') problems.push(`${file}: cannot be read (${code ?? String(e)})`);
    else cacheable = true;
  }
  const key = cacheable
    ? `${file}\0${env.SELF_GEN_BUSY_TIMEOUT_MS ?? ''}\0${localeFromEnv(env)}\0${text ?? '\0absent'}`
    : null;
  if (key !== null && lastParsed?.key === key) return structuredClone(lastParsed.value);
  const value = parseConfig(file, text, problems, env);
  lastParsed = key !== null ? { key, value: structuredClone(value) } : null;
  return value;
}

function parseConfig(
  file: string,
  text: string | null,
  problems: string[],
  env: NodeJS.ProcessEnv,
): LoadedConfig {
  let raw: Record<string, unknown> = {};
  if (text !== null && text.trim()) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        raw = parsed as Record<string, unknown>;
      else problems.push(`${file}: must hold a JSON object (defaults used)`);
    } catch (e) {
      problems.push(`${file}: invalid JSON (${(e as Error).message}); defaults used`);
    }
  }
  const core = parseLenient(CoreConfig, raw, 'config', problems);
  const busy = Number(env.SELF_GEN_BUSY_TIMEOUT_MS);
  if (Number.isInteger(busy) && busy > 0) core.busyTimeoutMs = busy;
  return { ...core, locale: core.locale ?? localeFromEnv(env), raw, problems, path: file };
}

/**
 * Validates one section of config.json that a part owns, with the registry's schema for it (a key
 * the registry does not declare does not type-check). The third argument is accepted for callers
 * that still pass the section's schema; the registry's is used.
 */
export function getSection<K extends SectionKey>(config: LoadedConfig, key: K): SectionT<K> {
  return parseLenient(
    CONFIG_SECTIONS[key].schema,
    config.raw[key],
    `config.${key}`,
    config.problems,
  ) as SectionT<K>;
}

/** Shorthand used by every hook: is the system switched on? */
export function isEnabled(config: LoadedConfig = loadConfig()): boolean {
  if (process.env.SELF_GEN_DISABLE === '1') return false;
  return config.enabled;
}
