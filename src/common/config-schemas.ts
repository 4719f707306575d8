// The schemas of config.json (zod/mini: hooks load them on every call): the core keys and each
// part's section. What each key does, and which section is whose, is in config-registry.ts.
import * as z from 'zod/mini';
import { ROLES, type Role } from './roles.js';

// ---------------------------------------------------------------- core (top-level keys)

const Locale = z.enum(['ko', 'en']);

/**
 * A part's section schema, built on first use: building every section's schema costs a command a
 * few ms, and most commands read the core keys only (the core schema is built at once).
 */
function lazySchema<S>(build: () => S): () => S {
  let schema: S | undefined;
  return () => (schema ??= build());
}

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

// ---------------------------------------------------------------- real-time assistance

export const PreToolGuideConfig = lazySchema(() =>
  z.object({
    enabled: z._default(z.boolean(), true),
    maxFileErrors: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(10)), 3),
    failureRateThreshold: z._default(z.number().check(z.minimum(0), z.maximum(1)), 0.3),
    failureWindow: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(200)), 20),
    minRuns: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(200)), 5),
  }),
);
export type PreToolGuideConfigT = z.infer<ReturnType<typeof PreToolGuideConfig>>;

/** The seed's code agents; an agent type that contains one of them is a code agent. */
export const CODE_AGENTS: readonly string[] = [
  'executor',
  'executor-low',
  'executor-high',
  'architect',
  'architect-medium',
  'designer',
  'designer-high',
  'build-fixer',
  'build-fixer-low',
];

export const SubagentContextConfig = lazySchema(() =>
  z.object({
    enabled: z._default(z.boolean(), true),
    codeAgents: z._default(z.array(z.string().check(z.minLength(1))), [...CODE_AGENTS]),
    maxChars: z._default(z.number().check(z.int(), z.minimum(50), z.maximum(10000)), 500),
    maxErrors: z._default(z.number().check(z.int(), z.minimum(0), z.maximum(20)), 3),
    maxRules: z._default(z.number().check(z.int(), z.minimum(0), z.maximum(20)), 3),
    analysisHours: z._default(z.number().check(z.minimum(1)), 48),
  }),
);
export type SubagentContextConfigT = z.infer<ReturnType<typeof SubagentContextConfig>>;

export const ErrorAdviceConfig = lazySchema(() =>
  z.object({
    enabled: z._default(z.boolean(), true),
  }),
);

// ---------------------------------------------------------------- error knowledge base

export const AdviceConfig = lazySchema(() =>
  z.object({
    minOtherProjectConfirmations: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(100)), 2),
    /**
     * Offer fixes found by the lexical (keyword) tier. Off by default: on a fresh held-out set it
     * matched 12 % of unrelated errors (bench/kb-quality.mjs), and wrong advice is worse than none.
     * The seed's tiers (exact, prefix, vector) are always used; `kb search` still shows lexical hits.
     */
    lexicalTier: z._default(z.boolean(), false),
  }),
);
export type AdviceConfigT = z.infer<ReturnType<typeof AdviceConfig>>;

/**
 * How the error KB is searched. `matcher` (default): the exact key, then the template rule and the
 * fitted model (error-kb/matcher.ts), then the vector tier. `seed`: seed 001's search exactly — the
 * same key, else the first 30 characters with a length ratio ≥ 0.7, else the vector tier.
 */
export const KbSearchConfig = lazySchema(() =>
  z.object({
    mode: z._default(z.enum(['matcher', 'seed']), 'matcher'),
  }),
);
export type KbSearchConfigT = z.infer<ReturnType<typeof KbSearchConfig>>;

export const TeamConfig = lazySchema(() =>
  z.object({
    url: z.optional(z.string()),
    muted: z._default(z.array(z.string()), []),
    connectTimeoutMs: z._default(z.number().check(z.int(), z.minimum(100), z.maximum(60_000)), 3000),
  }),
);
export type TeamConfigT = z.infer<ReturnType<typeof TeamConfig>>;

// ---------------------------------------------------------------- shared context

/** The categories the built-in rules produce. Custom rules may add their own names. */
export const BUILTIN_CATEGORIES = ['changes', 'findings', 'commands', 'explored', 'notes'] as const;

export const Category = z.string().check(z.minLength(1), z.maxLength(40));

/** A rule declared in config (compiled by shared-context/rule-registry.ts; an invalid regex skips the rule). */
export const RuleConfig = lazySchema(() =>
  z.object({
    name: z.string().check(z.minLength(1), z.maxLength(60)),
    category: Category,
    tool: z.optional(z.string()),
    field: z.optional(z.string()),
    match: z.optional(z.string()),
    onlyFailed: z.optional(z.boolean()),
    finalMessage: z.optional(z.string()),
    label: z.optional(z.string().check(z.maxLength(60))),
  }),
);
export type RuleConfigT = z.infer<ReturnType<typeof RuleConfig>>;

export const SharedContextSchema = lazySchema(() =>
  z.object({
    enabled: z._default(z.boolean(), true),
    maxChars: z._default(z.number().check(z.int(), z.minimum(300), z.maximum(9500)), 4000),
    transcriptLines: z._default(z.number().check(z.int(), z.minimum(10), z.maximum(100_000)), 500),
    ttlHours: z._default(z.number().check(z.minimum(0.001), z.maximum(24 * 3650)), 24),
    gitignore: z._default(z.boolean(), true),
    instructWhenEmpty: z._default(z.boolean(), false),
    digest: z._default(z.boolean(), true),
    digestMaxChars: z._default(z.number().check(z.int(), z.minimum(100), z.maximum(4000)), 700),
    maxEntries: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(5000)), 200),
    lockTimeoutMs: z._default(z.number().check(z.int(), z.minimum(10), z.maximum(10_000)), 1500),
    /**
     * Categories per agent type: a key matches when the (lower-cased) agent type contains it; the
     * longest matching key wins; `*` is the fallback. Merged over the built-in filters.
     */
    filters: z._default(z.record(z.string(), z.array(Category)), {}),
    defaultCategories: z._default(z.array(Category), [...BUILTIN_CATEGORIES]),
    rules: z._default(z.array(RuleConfig()), []),
    disabledRules: z._default(z.array(z.string()), []),
  }),
);
export type SharedContextConfig = z.infer<ReturnType<typeof SharedContextSchema>>;

// ---------------------------------------------------------------- orchestrator

// The orchestrator skill's roles (common/roles.ts; orchestrator/schemas.ts re-exports them).
export { ROLES, type Role };

const RolePatterns = z.array(z.string().check(z.minLength(1)));
/** Per role (the ROLES list, not written out again): optional agent names. */
const ROLE_PATTERNS = Object.fromEntries(ROLES.map((r) => [r, z.optional(RolePatterns)])) as {
  [R in Role]: z.ZodMiniOptional<typeof RolePatterns>;
};

export const OrchestratorConfig = lazySchema(() =>
  z.object({
    enabled: z._default(z.boolean(), true),
    /**
     * Agent names per role; replaces that role's defaults. A name matches the agent type itself or
     * its plugin-qualified form `<plugin>:<name>` (case-insensitive).
     */
    roles: z._default(z.object(ROLE_PATTERNS), {}),
    templatesDir: z.optional(z.string()),
    maxRetries: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(10)), 3),
    replanThreshold: z._default(z.number().check(z.minimum(0.01), z.maximum(1)), 0.5),
    /** The hook output is capped at 10,000 anyway. */
    maxContextChars: z._default(z.number().check(z.int(), z.minimum(1000), z.maximum(10000)), 9000),
    memorySearch: z._default(
      z.object({
        enabled: z._default(z.boolean(), true),
        local: z._default(z.boolean(), true),
        limit: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(20)), 3),
        maxChars: z._default(z.number().check(z.int(), z.minimum(200), z.maximum(8000)), 2000),
      }),
      { enabled: true, local: true, limit: 3, maxChars: 2000 },
    ),
    claudeMem: z._default(
      z.object({
        enabled: z._default(z.boolean(), true),
        host: z._default(z.string(), '127.0.0.1'),
        port: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(65535)), 37777),
        timeoutMs: z._default(z.number().check(z.int(), z.minimum(10), z.maximum(5000)), 300),
      }),
      { enabled: true, host: '127.0.0.1', port: 37777, timeoutMs: 300 },
    ),
  }),
);
export type OrchestratorConfigT = z.infer<ReturnType<typeof OrchestratorConfig>>;

// ---------------------------------------------------------------- AI analysis

export const AnalysisConfig = lazySchema(() =>
  z.object({
    claudePath: z._default(z.string().check(z.minLength(1)), 'claude'),
    model: z.optional(z.string().check(z.minLength(1))),
    extraArgs: z._default(z.array(z.string()), []),
    timeoutMs: z._default(z.number().check(z.int(), z.minimum(1000), z.maximum(3_600_000)), 300_000),
    days: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(365)), 7),
    minEvents: z._default(z.number().check(z.int(), z.minimum(1)), 20),
    auto: z._default(z.boolean(), true),
    minNewEvents: z._default(z.number().check(z.int(), z.minimum(1)), 50),
    minIntervalMinutes: z._default(z.number().check(z.minimum(0)), 60),
    templatePath: z.optional(z.string().check(z.minLength(1))),
    maxPromptChars: z._default(z.number().check(z.int(), z.minimum(2000), z.maximum(400_000)), 40_000),
    digestMax: z._default(z.number().check(z.int(), z.minimum(0), z.maximum(20)), 3),
    digestChars: z._default(z.number().check(z.int(), z.minimum(100), z.maximum(4000)), 700),
    digestMaxAgeDays: z._default(z.number().check(z.minimum(0.01), z.maximum(365)), 14),
  }),
);
export type AnalysisConfigT = z.infer<ReturnType<typeof AnalysisConfig>>;
