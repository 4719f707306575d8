import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);

// src/common/env-vars.ts
var ENV_VARS = [
  {
    name: "SELF_GEN_HOME",
    audience: "user",
    default: "~/.self-generation",
    doc: "the data home (database, config, logs, run files)"
  },
  {
    name: "SELF_GEN_DISABLE",
    audience: "user",
    doc: "`1`: every hook of this process does nothing (as `enabled: false`)"
  },
  {
    name: "SELF_GEN_DEBUG",
    audience: "user",
    doc: "`1`: hooks log to `logs/hooks.log`; the CLI prints stack traces"
  },
  {
    name: "SELF_GEN_BUSY_TIMEOUT_MS",
    audience: "tuning",
    default: "2000",
    doc: "overrides `busyTimeoutMs`: how long a hook waits for a locked database before queueing the event"
  },
  {
    name: "SELF_GEN_SHARED_CONTEXT",
    audience: "user",
    doc: "`0`: the shared context between subagents is off (`sharedContext.enabled`)"
  },
  {
    name: "SELF_GEN_SHARED_CONTEXT_MAX_CHARS",
    audience: "user",
    default: "4000",
    doc: "overrides `sharedContext.maxChars`"
  },
  {
    name: "SELF_GEN_SHARED_CONTEXT_TRANSCRIPT_LINES",
    audience: "user",
    default: "500",
    doc: "overrides `sharedContext.transcriptLines`"
  },
  {
    name: "SELF_GEN_SHARED_CONTEXT_TTL_HOURS",
    audience: "user",
    default: "24",
    doc: "overrides `sharedContext.ttlHours`"
  },
  {
    name: "SELF_GEN_HOOK_BASH",
    audience: "user",
    doc: "the bash \u2265 4 the warm hooks use (default: found on the PATH); `none`: the sh + curl client"
  },
  {
    name: "SELF_GEN_NO_HOOK_SERVER",
    audience: "user",
    doc: "`1`: never start the warm hook server (warm hooks then use the process path)"
  },
  {
    name: "SELF_GEN_HOOK_SERVER_IDLE_MS",
    audience: "tuning",
    default: "1800000",
    doc: "the warm hook server exits after this long without a hook"
  },
  {
    name: "SELF_GEN_HOOK_CLIENT_TIMEOUT",
    audience: "tuning",
    default: "1.5",
    doc: "seconds a warm hook client waits for the server before the process path"
  },
  {
    name: "SELF_GEN_HOOK_DEADLINE_MS",
    audience: "tuning",
    default: "8000",
    doc: "a hook process exits 0 after this long, whatever it is doing"
  },
  {
    name: "SELF_GEN_HOOK_SERVER_LOCK_STALE_MS",
    audience: "tuning",
    default: "10000",
    doc: "a warm server start lock older than this is taken over"
  },
  {
    name: "SELF_GEN_NO_CODE_CACHE",
    audience: "tuning",
    doc: "`1`: hook processes load their code without the V8 code cache"
  },
  {
    name: "SELF_GEN_CODE_CACHE_REFRESH",
    audience: "tuning",
    doc: "`1`: every hook process refreshes the code cache (else 1 run in 25)"
  },
  {
    name: "SELF_GEN_DAEMON_IDLE_MS",
    audience: "tuning",
    doc: "the embedding daemon exits after this long idle (overrides `embedding.daemonIdleMinutes`)"
  },
  {
    name: "SELF_GEN_DAEMON_LOCK_STALE_MS",
    audience: "tuning",
    default: "10000",
    doc: "an embedding daemon's start lock older than this is taken over"
  },
  { name: "SELF_GEN_NO_DAEMON", audience: "user", doc: "`1`: SessionStart starts no embedding daemon" },
  {
    name: "SELF_GEN_NO_BACKGROUND",
    audience: "tests",
    doc: "`1`: hooks start no detached worker (tests, demos)"
  },
  {
    name: "SELF_GEN_HOOK_TIMING",
    audience: "tests",
    doc: "`1` (benchmarks): each hook appends where its time went to `logs/hook-timing.jsonl`"
  },
  {
    name: "SELF_GEN_DAEMON_SCRIPT",
    audience: "tests",
    doc: "another embedding daemon script (tests, benchmarks)"
  },
  { name: "SELF_GEN_HOOK_SERVER_SCRIPT", audience: "tests", doc: "another warm hook server script (tests)" },
  {
    name: "SELF_GEN_BOOTSTRAP_VERBOSE",
    audience: "user",
    doc: "`1`: the plugin's native-package install prints its progress"
  },
  {
    name: "SELF_GEN_NPM",
    audience: "user",
    doc: "the npm the plugin's native-package install uses (default: on the PATH, else next to node)"
  },
  {
    name: "SELF_GEN_NATIVE_DIR",
    audience: "internal",
    doc: "set by the plugin's hook gate: where its native packages are installed"
  },
  {
    name: "SELF_GEN_EVENT_TIME",
    audience: "internal",
    doc: "set by the plugin's replay of kept events: when Claude Code fired the event"
  },
  {
    name: "SELF_GEN_HOOK_WARM",
    audience: "internal",
    doc: "set by the warm hook clients on their fallback to the process path"
  }
];

// scripts/config-docs.ts
var AUDIENCE = {
  user: "switch",
  tuning: "tuning",
  tests: "tests",
  internal: "set by us"
};
function renderEnvTable() {
  const rows = ENV_VARS.map(
    (v) => `| \`${v.name}\` | ${"default" in v ? `\`${v.default}\`` : "\u2013"} | ${AUDIENCE[v.audience]} | ${v.doc} |`
  );
  return ["| variable | default | kind | what it does |", "|---|---|---|---|", ...rows].join("\n");
}
function replaceGenerated(doc, name, body) {
  const open = `<!-- generated:${name} (npm run gen:config) -->`;
  const close = `<!-- /generated:${name} -->`;
  const a = doc.indexOf(open);
  const b = doc.indexOf(close);
  if (a < 0 || b < a) throw new Error(`docs/configuration.md has no ${open} \u2026 ${close} block`);
  return `${doc.slice(0, a + open.length)}

${body}

${doc.slice(b)}`;
}
function renderConfigDoc(doc) {
  return replaceGenerated(doc, "env", renderEnvTable());
}
export {
  renderConfigDoc,
  renderEnvTable,
  replaceGenerated
};
