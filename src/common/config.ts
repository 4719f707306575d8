// config.json: all keys optional, validated with zod (zod/mini keeps the hook bundle small).
// A bad file or a bad field never crashes anything: the bad part falls back to its default and
// the problem is reported (doctor prints it).
import * as z from 'zod/mini';
import { lstatSync } from 'node:fs';
import { readRegular } from './safe-fs.js';
import { paths } from './paths.js';
import { localeFromEnv, type Locale as LocaleT } from './locale.js';

const Locale = z.enum(['ko', 'en']);

/**
 * Vector-tier cut-offs in the seed's metric: L2 distance between unit vectors (0 = same direction,
 * √2 ≈ 1.414 = unrelated, 2 = opposite). Below `accept` a match is taken; from `accept` to `reject`
 * only with a shared keyword; from `reject` on never. Seed defaults 0.76 / 0.85 (= cosine distance
 * 0.289 / 0.361). `self-gen kb calibrate` suggests values for the user's own KB.
 */
const l2Distance = () =>
  z
    .number({ error: (iss) => `must be an L2 distance between 0 and 2, got ${JSON.stringify(iss.input)}` })
    .check(
      z.gt(0, { error: (iss) => `must be greater than 0, got ${JSON.stringify(iss.input)}` }),
      z.lte(2, {
        error: (iss) => `must be at most 2 (L2 between unit vectors), got ${JSON.stringify(iss.input)}`,
      }),
    );
export const VecThresholdsConfig = z
  .object({
    accept: z._default(l2Distance(), 0.76),
    reject: z._default(l2Distance(), 0.85),
  })
  .check(
    z.refine((t) => t.accept <= t.reject, {
      error: (iss) => {
        const t = iss.input as { accept: number; reject: number };
        return `accept (${t.accept}) must not be greater than reject (${t.reject})`;
      },
    }),
  );

export const EmbeddingConfig = z.object({
  model: z._default(z.string(), 'Xenova/paraphrase-multilingual-MiniLM-L12-v2'),
  dtype: z._default(z.string(), 'q8'),
  /** A local folder that holds the model (offline machines). */
  modelPath: z.optional(z.string()),
  /** How long a hook waits for the embedding daemon before using the text tiers. */
  daemonTimeoutMs: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(2000)), 60),
  /** The daemon exits after this many idle minutes. */
  daemonIdleMinutes: z._default(z.number().check(z.minimum(0.05), z.maximum(1440)), 15),
  /** Vector-tier thresholds (L2 on unit vectors, the seed's metric). */
  thresholds: z._default(VecThresholdsConfig, { accept: 0.76, reject: 0.85 }),
});

export const CoreConfig = z.object({
  enabled: z._default(z.boolean(), true),
  collectPromptText: z._default(z.boolean(), true),
  retentionDays: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(3650)), 90),
  /** The background pruner keeps the database under this size (MiB). */
  maxDbMb: z._default(z.number().check(z.minimum(16)), 1024),
  /** Unset: the environment's (common/locale.ts: LC_ALL, LC_MESSAGES, LANG; Korean → ko, else en). */
  locale: z.optional(Locale),
  /** SQLite busy timeout for hooks; a write still blocked after it is queued on disk. */
  busyTimeoutMs: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(30000)), 2000),
  embedding: z._default(EmbeddingConfig, EmbeddingConfig.parse({})),
});

export type CoreConfigT = z.infer<typeof CoreConfig>;

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
    // Only a regular file, never blocking on a FIFO or device, at most 1 MiB (issue #12.3).
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

/** Validates one section of config.json that a part owns, with that part's schema. */
export function getSection<S extends z.ZodMiniType>(
  config: LoadedConfig,
  key: string,
  schema: S,
): z.infer<S> {
  return parseLenient(schema, config.raw[key], `config.${key}`, config.problems);
}

/** Shorthand used by every hook: is the system switched on? */
export function isEnabled(config: LoadedConfig = loadConfig()): boolean {
  if (process.env.SELF_GEN_DISABLE === '1') return false;
  return config.enabled;
}
