// Every key of config.json, declared once: the core keys and each part's section, with its schema
// (zod/mini: hooks load this on every call) and what each key does. loadConfig validates the core
// keys, getSection a part's section by its key. docs/configuration.md's key tables and
// docs/config.schema.json are generated from here (npm run gen:config), and
// test/unit/config-registry.test.ts fails when they are stale or the code reads an undeclared section.
import * as z from 'zod/mini';
import { ROLES, type Role } from './roles.js';

// ---------------------------------------------------------------- core (top-level keys)

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

// ---------------------------------------------------------------- real-time assistance

export const PreToolGuideConfig = z.object({
  enabled: z._default(z.boolean(), true),
  maxFileErrors: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(10)), 3),
  failureRateThreshold: z._default(z.number().check(z.minimum(0), z.maximum(1)), 0.3),
  failureWindow: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(200)), 20),
  minRuns: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(200)), 5),
});
export type PreToolGuideConfigT = z.infer<typeof PreToolGuideConfig>;

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

export const SubagentContextConfig = z.object({
  enabled: z._default(z.boolean(), true),
  codeAgents: z._default(z.array(z.string().check(z.minLength(1))), [...CODE_AGENTS]),
  maxChars: z._default(z.number().check(z.int(), z.minimum(50), z.maximum(10000)), 500),
  maxErrors: z._default(z.number().check(z.int(), z.minimum(0), z.maximum(20)), 3),
  maxRules: z._default(z.number().check(z.int(), z.minimum(0), z.maximum(20)), 3),
  analysisHours: z._default(z.number().check(z.minimum(1)), 48),
});
export type SubagentContextConfigT = z.infer<typeof SubagentContextConfig>;

export const ErrorAdviceConfig = z.object({
  enabled: z._default(z.boolean(), true),
});

// ---------------------------------------------------------------- error knowledge base

export const AdviceConfig = z.object({
  minOtherProjectConfirmations: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(100)), 2),
  /**
   * Offer fixes found by the lexical (keyword) tier. Off by default: on a fresh held-out set it
   * matched 12 % of unrelated errors (bench/kb-quality.mjs), and wrong advice is worse than none.
   * The seed's tiers (exact, prefix, vector) are always used; `kb search` still shows lexical hits.
   */
  lexicalTier: z._default(z.boolean(), false),
});
export type AdviceConfigT = z.infer<typeof AdviceConfig>;

/**
 * How the error KB is searched. `matcher` (default): the exact key, then the template rule and the
 * fitted model (error-kb/matcher.ts), then the vector tier. `seed`: seed 001's search exactly — the
 * same key, else the first 30 characters with a length ratio ≥ 0.7, else the vector tier.
 */
export const KbSearchConfig = z.object({
  mode: z._default(z.enum(['matcher', 'seed']), 'matcher'),
});
export type KbSearchConfigT = z.infer<typeof KbSearchConfig>;

export const TeamConfig = z.object({
  url: z.optional(z.string()),
  muted: z._default(z.array(z.string()), []),
  connectTimeoutMs: z._default(z.number().check(z.int(), z.minimum(100), z.maximum(60_000)), 3000),
});
export type TeamConfigT = z.infer<typeof TeamConfig>;

// ---------------------------------------------------------------- shared context

/** The categories the built-in rules produce. Custom rules may add their own names. */
export const BUILTIN_CATEGORIES = ['changes', 'findings', 'commands', 'explored', 'notes'] as const;

export const Category = z.string().check(z.minLength(1), z.maxLength(40));

/** A rule declared in config (compiled by shared-context/extract.ts; an invalid regex skips the rule). */
export const RuleConfig = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(60)),
  category: Category,
  tool: z.optional(z.string()),
  field: z.optional(z.string()),
  match: z.optional(z.string()),
  onlyFailed: z.optional(z.boolean()),
  finalMessage: z.optional(z.string()),
  label: z.optional(z.string().check(z.maxLength(60))),
});
export type RuleConfigT = z.infer<typeof RuleConfig>;

export const SharedContextSchema = z.object({
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
  rules: z._default(z.array(RuleConfig), []),
  disabledRules: z._default(z.array(z.string()), []),
});
export type SharedContextConfig = z.infer<typeof SharedContextSchema>;

// ---------------------------------------------------------------- orchestrator

// The orchestrator skill's roles (common/roles.ts; orchestrator/schemas.ts re-exports them).
export { ROLES, type Role };

const RolePatterns = z.array(z.string().check(z.minLength(1)));
/** Per role (the ROLES list, not written out again): optional agent names. */
const ROLE_PATTERNS = Object.fromEntries(ROLES.map((r) => [r, z.optional(RolePatterns)])) as {
  [R in Role]: z.ZodMiniOptional<typeof RolePatterns>;
};

export const OrchestratorConfig = z.object({
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
});
export type OrchestratorConfigT = z.infer<typeof OrchestratorConfig>;

// ---------------------------------------------------------------- AI analysis

export const AnalysisConfig = z.object({
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
});
export type AnalysisConfigT = z.infer<typeof AnalysisConfig>;

// ---------------------------------------------------------------- the registry

export interface ConfigEntry<S extends z.ZodMiniType = z.ZodMiniType> {
  schema: S;
  /** One line for the docs and the JSON schema. */
  doc: string;
  /**
   * What each key does, by path inside the entry (`thresholds.accept`, `rules[].name`; `roles.*`
   * for every key of an object). Every key needs one (the docs generator fails without).
   */
  keys: Record<string, string>;
}

/** The top-level keys (loadConfig validates them; `embedding` is one of them). */
export const CORE_CONFIG = {
  schema: CoreConfig,
  doc: 'the core keys',
  keys: {
    enabled: 'master switch (`SELF_GEN_DISABLE=1` in the environment does the same for one process)',
    collectPromptText: 'store prompt text (redacted); `false` stores only its length',
    retentionDays: 'events older than this are deleted in the background',
    maxDbMb: 'the background pruner deletes the oldest events beyond this size (MiB)',
    locale:
      'language of everything injected (advice, guides, contexts, MCP provenance, `self-gen demo`); unset: the environment\'s (see "Language")',
    busyTimeoutMs: 'how long a hook waits for a locked database before queueing the event on disk',
    embedding: 'the embedding model and daemon of the error knowledge base',
    'embedding.model': 'model id (`model pull` target, folder name under `models/`)',
    'embedding.dtype': 'Transformers.js dtype; q8 = `onnx/model_quantized.onnx`',
    'embedding.modelPath':
      'a local folder with `config.json`, `tokenizer.json`, `onnx/model_quantized.onnx` (offline machines); used instead of the download',
    'embedding.daemonTimeoutMs':
      'how long a hook waits for the embedding daemon before answering without the vector tier',
    'embedding.daemonIdleMinutes': 'the daemon exits after this idle time',
    'embedding.thresholds':
      'vector-tier cut-offs, L2 between unit vectors (cosine 0.711 / 0.639): accept below `accept`, keyword check up to `reject`; `accept` must not be greater than `reject`; `kb calibrate` suggests values',
    'embedding.thresholds.accept': 'a match closer than this is taken',
    'embedding.thresholds.reject': 'a match this far or farther is never taken',
  },
} satisfies ConfigEntry;

/** Each part's section of config.json, by its key: getSection reads only these. */
export const CONFIG_SECTIONS = {
  preToolGuide: {
    schema: PreToolGuideConfig,
    doc: 'the PreToolUse guide (past errors of a file before Edit/Write, failing subagent types)',
    keys: {
      enabled: 'the PreToolUse guide on/off',
      maxFileErrors: 'past errors of the target file shown before Edit/Write',
      failureRateThreshold: 'a subagent type is flagged above this failure rate',
      failureWindow: 'how many recent runs of a subagent type count',
      minRuns: 'no warning below this many recorded runs',
    },
  },
  subagentContext: {
    schema: SubagentContextConfig,
    doc: 'the SubagentStart context for code agents (project errors, analysis rules)',
    keys: {
      enabled: 'the SubagentStart context on/off',
      codeAgents: 'agent types that get it (matched by "contains")',
      maxChars: 'cap of the whole context',
      maxErrors: 'project errors shown',
      maxRules: 'analysis rules shown',
      analysisHours: 'older analyses are ignored',
    },
  },
  errorAdvice: {
    schema: ErrorAdviceConfig,
    doc: 'the PostToolUseFailure advice (how a known error was fixed before)',
    keys: { enabled: 'the PostToolUseFailure advice on/off' },
  },
  advice: {
    schema: AdviceConfig,
    doc: 'which learned fixes may be offered where',
    keys: {
      minOtherProjectConfirmations:
        'confirmations in other projects a learned fix needs before it is offered in this one; it also needs at least two other repositories',
      lexicalTier:
        'no effect (the lexical tier is gone: the matcher decides); kept so old config files stay valid',
    },
  },
  kbSearch: {
    schema: KbSearchConfig,
    doc: 'how the error knowledge base finds an error again (hooks, `kb search`, MCP)',
    keys: {
      mode: "`matcher`: exact key → template rule and fitted model → vector; `seed`: seed 001's tiers exactly (exact → same first 30 characters with length ratio ≥ 0.7 → vector). See error-kb.md for the figures",
    },
  },
  team: {
    schema: TeamConfig,
    doc: 'the team store (set by `self-gen team connect|mute|unmute|disconnect`)',
    keys: {
      url: 'the store, `postgres://role@host/db?sslmode=…`, never with its password (`SELF_GEN_TEAM_PASSWORD` or the 0600 file `team-password`); absent: off',
      muted: 'members whose fixes are never pulled here',
      connectTimeoutMs: 'how long a sync waits for a connection (doctor: at most 1500)',
    },
  },
  sharedContext: {
    schema: SharedContextSchema,
    doc: 'the shared context between subagents (overridden by the project file and SELF_GEN_SHARED_CONTEXT_*)',
    keys: {
      enabled: 'the whole part on/off (env `SELF_GEN_SHARED_CONTEXT=0`)',
      maxChars:
        'cap of the injected context (env `SELF_GEN_SHARED_CONTEXT_MAX_CHARS`); the instruction (~500 characters) comes on top',
      transcriptLines:
        'last N transcript lines read at SubagentStop (env `SELF_GEN_SHARED_CONTEXT_TRANSCRIPT_LINES`)',
      ttlHours:
        'session folders whose newest file is older are deleted at SessionStart (env `SELF_GEN_SHARED_CONTEXT_TTL_HOURS`)',
      gitignore: "add `.claude/shared-context/` to the project's `.gitignore` once",
      instructWhenEmpty: 'give the "write your findings to …" instruction even when there is no context yet',
      digest: "PostToolUse digest of the subagent's entry for the parent agent",
      digestMaxChars: 'cap of the digest',
      maxEntries: '`_summary.md` keeps the newest N entries (agent files are all kept)',
      lockTimeoutMs:
        'how long SubagentStop waits for the summary lock; after that the entry is left in its agent file and merged at SessionEnd',
      filters:
        'categories per agent type: a key matches when the agent type contains it, the longest wins, `*` is the fallback; merged over the built-in filters',
      defaultCategories: 'categories for agent types no filter matches',
      rules: 'extra extraction rules',
      'rules[].name': "the rule's name",
      'rules[].category': 'the category its items go to',
      'rules[].tool': 'regex on the tool name (e.g. `^Bash$`): the rule looks at tool calls',
      'rules[].field': 'the tool input field to test and print (default: command, file_path, pattern, url…)',
      'rules[].match': "regex the field's value must match (default: any value)",
      'rules[].onlyFailed': 'only calls whose result was an error',
      'rules[].finalMessage': 'regex on the lines of the final message; matching lines become items',
      'rules[].label': 'text put before each item (e.g. `Migration:`)',
      disabledRules: 'built-in rules to switch off: `changes`, `findings`, `commands`, `explored`, `notes`',
    },
  },
  orchestrator: {
    schema: OrchestratorConfig,
    doc: "the orchestrator skill's role contexts",
    keys: {
      enabled: 'automatic injection on SubagentStart (the CLI works either way)',
      roles: "agent names per role; replaces that role's defaults",
      'roles.*': 'agent names for this role: the agent type itself or `<plugin>:<name>` (case-insensitive)',
      templatesDir:
        'an extra template folder (absolute, or relative to the project root), after `.claude/orchestrator/templates/`',
      maxRetries: 'retries per kind (implementation, design) before a subtask is failed ("ask the user")',
      replanThreshold: 'share of mismatched assumptions that asks for a re-plan',
      maxContextChars: 'cap of the injected context',
      memorySearch: 'the trigger table and its sources',
      'memorySearch.enabled': 'memory search on/off',
      'memorySearch.local': "search this system's own database (events, error KB) and past contracts",
      'memorySearch.limit': 'hits per search',
      'memorySearch.maxChars': 'cap of the memory part of the context',
      claudeMem: 'the claude-mem worker',
      'claudeMem.enabled': 'ask the claude-mem worker',
      'claudeMem.host': 'its host',
      'claudeMem.port': 'its port',
      'claudeMem.timeoutMs': 'how long to wait for it',
    },
  },
  analysis: {
    schema: AnalysisConfig,
    doc: 'the AI analysis of recorded sessions (`self-gen analyze` and the automatic run)',
    keys: {
      claudePath: 'the Claude Code binary (a bare name is looked up on `PATH`)',
      model: "`--model` for the call (part of the cache key); unset: Claude Code's default",
      extraArgs: 'more arguments for `claude`',
      timeoutMs: 'the call is killed after this',
      days: 'default window of `analyze` and of the automatic run',
      minEvents: 'fewer events in the window: "not enough data"',
      auto: 'run in the background when a session ends',
      minNewEvents: 'automatic run needs this many new events of the project',
      minIntervalMinutes: '… and this long since the last attempt',
      templatePath: "your own prompt template; unset: the data home's override or the shipped one",
      maxPromptChars: 'the event summary in the prompt is cut here',
      digestMax: 'SessionStart digest: at most this many suggestions (0 = off)',
      digestChars: '… in at most this many characters',
      digestMaxAgeDays: '… from analyses newer than this',
    },
  },
} satisfies Record<string, ConfigEntry>;

export type SectionKey = keyof typeof CONFIG_SECTIONS;
export type SectionSchema<K extends SectionKey> = (typeof CONFIG_SECTIONS)[K]['schema'];
export type SectionT<K extends SectionKey> = z.infer<SectionSchema<K>>;
