// Every SELF_GEN_* environment variable the code reads, declared once: what it does, its default and
// who it is for. docs/configuration.md's table is generated from this list (npm run gen:config), and
// test/unit/config-registry.test.ts fails when the code reads a variable that is not declared here
// or the generated page is stale.

export type EnvAudience = 'user' | 'tuning' | 'tests' | 'internal';

export interface EnvVar {
  name: `SELF_GEN_${string}`;
  /** user: a documented switch; tuning: performance knobs; tests: test and benchmark hooks; internal: set by our own processes. */
  audience: EnvAudience;
  default?: string;
  doc: string;
}

export const ENV_VARS = [
  {
    name: 'SELF_GEN_HOME',
    audience: 'user',
    default: '~/.self-generation',
    doc: 'the data home (database, config, logs, run files)',
  },
  {
    name: 'SELF_GEN_DISABLE',
    audience: 'user',
    doc: '`1`: every hook of this process does nothing (as `enabled: false`)',
  },
  {
    name: 'SELF_GEN_DEBUG',
    audience: 'user',
    doc: '`1`: hooks log to `logs/hooks.log`; the CLI prints stack traces',
  },
  {
    name: 'SELF_GEN_BUSY_TIMEOUT_MS',
    audience: 'tuning',
    default: '2000',
    doc: 'overrides `busyTimeoutMs`: how long a hook waits for a locked database before queueing the event',
  },
  {
    name: 'SELF_GEN_SHARED_CONTEXT',
    audience: 'user',
    doc: '`0`: the shared context between subagents is off (`sharedContext.enabled`)',
  },
  {
    name: 'SELF_GEN_SHARED_CONTEXT_MAX_CHARS',
    audience: 'user',
    default: '4000',
    doc: 'overrides `sharedContext.maxChars`',
  },
  {
    name: 'SELF_GEN_SHARED_CONTEXT_TRANSCRIPT_LINES',
    audience: 'user',
    default: '500',
    doc: 'overrides `sharedContext.transcriptLines`',
  },
  {
    name: 'SELF_GEN_SHARED_CONTEXT_TTL_HOURS',
    audience: 'user',
    default: '24',
    doc: 'overrides `sharedContext.ttlHours`',
  },
  {
    name: 'SELF_GEN_HOOK_BASH',
    audience: 'user',
    doc: 'the bash ≥ 4 the warm hooks use (default: found on the PATH); `none`: the sh + curl client',
  },
  {
    name: 'SELF_GEN_NO_HOOK_SERVER',
    audience: 'user',
    doc: '`1`: never start the warm hook server (warm hooks then use the process path)',
  },
  {
    name: 'SELF_GEN_HOOK_SERVER_IDLE_MS',
    audience: 'tuning',
    default: '1800000',
    doc: 'the warm hook server exits after this long without a hook',
  },
  {
    name: 'SELF_GEN_HOOK_CLIENT_TIMEOUT',
    audience: 'tuning',
    default: '1.5',
    doc: 'seconds a warm hook client waits for the server before the process path',
  },
  {
    name: 'SELF_GEN_HOOK_DEADLINE_MS',
    audience: 'tuning',
    default: '8000',
    doc: 'a hook process exits 0 after this long, whatever it is doing',
  },
  {
    name: 'SELF_GEN_HOOK_SERVER_LOCK_STALE_MS',
    audience: 'tuning',
    default: '10000',
    doc: 'a warm server start lock older than this is taken over',
  },
  {
    name: 'SELF_GEN_NO_CODE_CACHE',
    audience: 'tuning',
    doc: '`1`: hook processes and `self-gen` commands load their code without the V8 code cache',
  },
  {
    name: 'SELF_GEN_CODE_CACHE_REFRESH',
    audience: 'tuning',
    doc: '`1`: every hook process and command refreshes its code cache (else 1 run in 25); `0`: never, only a missing or rejected one is written',
  },
  {
    name: 'SELF_GEN_DAEMON_IDLE_MS',
    audience: 'tuning',
    doc: 'the embedding daemon exits after this long idle (overrides `embedding.daemonIdleMinutes`)',
  },
  {
    name: 'SELF_GEN_DAEMON_LOCK_STALE_MS',
    audience: 'tuning',
    default: '10000',
    doc: "an embedding daemon's start lock older than this is taken over",
  },
  { name: 'SELF_GEN_NO_DAEMON', audience: 'user', doc: '`1`: SessionStart starts no embedding daemon' },
  {
    name: 'SELF_GEN_NO_BACKGROUND',
    audience: 'tests',
    doc: '`1`: hooks start no detached worker (tests, demos)',
  },
  {
    name: 'SELF_GEN_HOOK_TIMING',
    audience: 'tests',
    doc: '`1` (benchmarks): each hook appends where its time went to `logs/hook-timing.jsonl`',
  },
  {
    name: 'SELF_GEN_DAEMON_SCRIPT',
    audience: 'tests',
    doc: 'another embedding daemon script (tests, benchmarks)',
  },
  { name: 'SELF_GEN_HOOK_SERVER_SCRIPT', audience: 'tests', doc: 'another warm hook server script (tests)' },
  {
    name: 'SELF_GEN_BOOTSTRAP_VERBOSE',
    audience: 'user',
    doc: "`1`: the plugin's native-package install prints its progress",
  },
  {
    name: 'SELF_GEN_NPM',
    audience: 'user',
    doc: "the npm the plugin's native-package install uses (default: on the PATH, else next to node)",
  },
  {
    name: 'SELF_GEN_TEAM_PASSWORD',
    audience: 'user',
    doc: "the team store's password (else the 0600 file `team-password` in the data home, `PGPASSWORD` or `~/.pgpass`)",
  },
  {
    name: 'SELF_GEN_TEAM_SYNC_INTERVAL_MS',
    audience: 'tuning',
    default: '600000',
    doc: 'how often the warm hook server starts a background team sync',
  },
  {
    name: 'SELF_GEN_TEAM_PAGE_ROWS',
    audience: 'tests',
    doc: 'rows per page of a team pull (tests: smaller pages)',
  },
  {
    name: 'SELF_GEN_NATIVE_DIR',
    audience: 'internal',
    doc: "set by the plugin's hook gate: where its native packages are installed",
  },
  {
    name: 'SELF_GEN_EVENT_TIME',
    audience: 'internal',
    doc: "set by the plugin's replay of kept events: when Claude Code fired the event",
  },
  {
    name: 'SELF_GEN_HOOK_WARM',
    audience: 'internal',
    doc: 'set by the warm hook clients on their fallback to the process path',
  },
] as const satisfies readonly EnvVar[];

export type EnvVarName = (typeof ENV_VARS)[number]['name'];
