// Every key of config.json, declared once: the core keys and each part's section, with its schema
// (config-schemas.ts; zod/mini: hooks load them on every call) and what each key does. loadConfig
// validates the core keys, getSection a part's section by its key. docs/configuration.md's key
// tables and docs/config.schema.json are generated from here (npm run gen:config), and
// test/unit/config-registry.test.ts fails when they are stale or the code reads an undeclared section.
import type * as z from 'zod/mini';
import {
  AdviceConfig,
  AnalysisConfig,
  CoreConfig,
  ErrorAdviceConfig,
  KbSearchConfig,
  OrchestratorConfig,
  PreToolGuideConfig,
  SharedContextSchema,
  SubagentContextConfig,
  TeamConfig,
} from './config-schemas.js';

export * from './config-schemas.js';

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
    get schema() {
      return PreToolGuideConfig();
    },
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
    get schema() {
      return SubagentContextConfig();
    },
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
    get schema() {
      return ErrorAdviceConfig();
    },
    doc: 'the PostToolUseFailure advice (how a known error was fixed before)',
    keys: { enabled: 'the PostToolUseFailure advice on/off' },
  },
  advice: {
    get schema() {
      return AdviceConfig();
    },
    doc: 'which learned fixes may be offered where',
    keys: {
      minOtherProjectConfirmations:
        'confirmations in other projects a learned fix needs before it is offered in this one; it also needs at least two other repositories',
      lexicalTier:
        'no effect (the lexical tier is gone: the matcher decides); kept so old config files stay valid',
    },
  },
  kbSearch: {
    get schema() {
      return KbSearchConfig();
    },
    doc: 'how the error knowledge base finds an error again (hooks, `kb search`, MCP)',
    keys: {
      mode: "`matcher`: exact key → template rule and fitted model → vector; `seed`: seed 001's tiers exactly (exact → same first 30 characters with length ratio ≥ 0.7 → vector). See error-kb.md for the figures",
    },
  },
  team: {
    get schema() {
      return TeamConfig();
    },
    doc: 'the team store (set by `self-gen team connect|mute|unmute|disconnect`)',
    keys: {
      url: 'the store, `postgres://role@host/db?sslmode=…`, never with its password (`SELF_GEN_TEAM_PASSWORD` or the 0600 file `team-password`); absent: off',
      muted: 'members whose fixes are never pulled here',
      connectTimeoutMs: 'how long a sync waits for a connection (doctor: at most 1500)',
    },
  },
  sharedContext: {
    get schema() {
      return SharedContextSchema();
    },
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
    get schema() {
      return OrchestratorConfig();
    },
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
    get schema() {
      return AnalysisConfig();
    },
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
