// The parts, listed once, in order: one descriptor per part (one folder per seed requirement) with
// its events, hook handlers, session-end steps, jobs and doctor checks. Every loader is lazy: this
// file imports no feature code, so a hook process loads only the parts its event (and, where a
// cheap test says so, its tool) concerns; the worker loads only background steps; the CLI only
// checks.
//
// Order matters, and is the order of everything:
// - hook handlers: recording first, then context providers, the most specific first — the runner
//   caps the joined context at 10,000 characters, so what comes last is what a cut would shorten
//   (an orchestrated agent's contracts come before the shared-context summary);
// - session-end steps: the integrity check first (later steps then use a sound database), store
//   queued events, retention, hook latency, the fix policy's verdicts on new fixes, embeddings for
//   new error_kb entries, then AI analysis
//   when enough new data exists;
// - doctor checks: after the core checks of src/cli/checks.ts.
import { SUBAGENT_TOOLS } from '../hook/contract/tool-input.js';
import {
  HOOK_EVENTS,
  type Capability,
  type Handler,
  type HandlerTable,
  type HookDeps,
  type HookInput,
} from '../hook/contract/types.js';
import type { Background, Check, Job, PartDescriptor, Step } from '../hook/contract/part.js';

const notSubagentTool = (i: HookInput) =>
  i.hook_event_name !== 'PostToolUse' || SUBAGENT_TOOLS.has(i.tool_name ?? '');

// `...(process.env.SG_HOOK_BUNDLE !== '1' && { background, checks })`: the hook bundles are built
// with SG_HOOK_BUNDLE defined as "1" (scripts/build.mjs), so esbuild drops these loaders there and
// a hook process does not even contain worker or CLI code (test/integration/guard-hook-bundle.test.ts).
// Written out in each part: esbuild only drops a branch whose condition it sees as a constant.
/**
 * What one part offers the others through deps, each loaded lazily when a part that needs it is:
 * learning from a recorded success (error-kb), reading the hook's own transcript (recording).
 */
export const CAPABILITIES: { [K in Capability]-?: () => Promise<NonNullable<HookDeps[K]>> } = {
  learn: async () => (await import('../error-kb/index.js')).learnFromSuccess,
  ingestOwn: async () => (await import('../recording/ingest.js')).ingestOwnTranscript,
};

/** The capabilities `names`, loaded. */
export async function loadCapabilities(names: readonly Capability[]): Promise<Partial<HookDeps>> {
  const loaded = await Promise.all(names.map(async (n) => [n, await CAPABILITIES[n]()] as const));
  return Object.fromEntries(loaded) as Partial<HookDeps>;
}

/** A part's handler table with the capabilities it needs put on deps (unless deps has them). */
async function wired(p: PartDescriptor): Promise<HandlerTable> {
  if (!p.handlers) return NONE;
  const [table, caps] = await Promise.all([p.handlers(), loadCapabilities(p.needs ?? [])]);
  if (!p.needs?.length) return table;
  const out: HandlerTable = {};
  for (const [event, list] of Object.entries(table) as [keyof HandlerTable, Handler[]][])
    out[event] = list.map((h) => ({
      name: h.name,
      run: (input, deps) => h.run(input, Object.assign(deps, { ...caps, ...pick(deps, p.needs!) })),
    }));
  return out;
}

/** The capabilities deps already has (a test or caller's own win over the wired ones). */
function pick(deps: HookDeps, names: Capability[]): Partial<HookDeps> {
  const out: Partial<HookDeps> = {};
  for (const n of names) if (deps[n]) Object.assign(out, { [n]: deps[n] });
  return out;
}

export const PARTS: PartDescriptor[] = [
  {
    name: 'recording',
    seed: 'data-collection/log-writer',
    // learning is error-kb's step, run on each success recorded (from the hook or the transcript)
    needs: ['learn'],
    events: [
      'SessionStart',
      'UserPromptSubmit',
      'PostToolUse',
      'PostToolUseFailure',
      'SubagentStart',
      'SubagentStop',
      'Stop',
      'SessionEnd',
    ],
    handlers: async () => (await import('../recording/handlers.js')).collectorHandlers,
    ...(process.env.SG_HOOK_BUNDLE !== '1' && {
      background: async () => {
        const [integrity, steps, ingest, timing, caps] = await Promise.all([
          import('../recording/integrity-steps.js'),
          import('../recording/steps.js'),
          import('../recording/ingest-step.js'),
          import('../recording/hook-timing.js'),
          loadCapabilities(['learn']),
        ]);
        return {
          sessionEnd: [
            { name: 'integrity', run: integrity.integrityStep },
            { name: 'drain-queue', run: steps.drainQueueStep },
            { name: 'retention', run: steps.retentionStep },
            // the session's tool calls from its transcripts (what the hooks left)
            { name: 'ingest-transcript', run: (ctx) => ingest.ingestStep(ctx, caps) },
            { name: 'hook-timing', run: timing.hookTimingStep },
          ],
          jobs: {
            prune: steps.pruneJob,
            'integrity-check': integrity.integrityCheckJob,
            'ingest-pending': (ctx) => ingest.ingestPendingJob(ctx, caps),
          },
        };
      },
    }),
  },
  {
    // judges learned fixes (a shell parser, WebAssembly): background only; hooks read its verdicts
    name: 'fix-policy',
    seed: 'safe advice (issue #22)',
    events: [],
    ...(process.env.SG_HOOK_BUNDLE !== '1' && {
      background: async () => {
        const { fixPolicyJob } = await import('../fix-policy/jobs.js');
        return {
          sessionEnd: [{ name: 'fix-policy', run: fixPolicyJob }],
          jobs: { 'fix-policy': fixPolicyJob },
        };
      },
    }),
  },
  {
    name: 'error-kb',
    seed: 'realtime-assist/error-kb',
    events: ['PostToolUseFailure'],
    handlers: async () => (await import('../error-kb/handlers.js')).errorAdviceHandlers,
    ...(process.env.SG_HOOK_BUNDLE !== '1' && {
      background: async () => {
        const jobs = await import('../error-kb/jobs.js');
        return {
          // re-keying first: kb-embed then embeds the new keys
          sessionEnd: [
            { name: 'kb-rekey', run: jobs.kbRekeyStep },
            { name: 'kb-embed', run: jobs.kbEmbedStep },
          ],
          jobs: { embed: jobs.embedJob, rekey: jobs.rekeyJob },
        };
      },
      checks: async () => [(await import('../error-kb/checks.js')).embeddingChecks],
    }),
  },
  {
    name: 'pre-tool-guide',
    seed: 'realtime-assist/pre-tool-guide',
    // reads the session's own transcript before the Bash guide (its successes may close an error)
    needs: ['learn', 'ingestOwn'],
    events: ['PreToolUse'],
    handlers: async () => (await import('../pre-tool-guide/handlers.js')).preToolGuideHandlers,
  },
  {
    name: 'orchestrator',
    seed: 'orchestrator/context-injection',
    events: ['SubagentStart', 'SubagentStop'],
    handlers: async () => (await import('../orchestrator/handlers.js')).orchestratorHandlers,
    ...(process.env.SG_HOOK_BUNDLE !== '1' && {
      checks: async () => [(await import('../orchestrator/checks.js')).orchestratorChecks],
    }),
  },
  {
    name: 'subagent-context',
    seed: 'realtime-assist/subagent-context',
    events: ['SubagentStart'],
    handlers: async () => (await import('../subagent-context/handlers.js')).subagentContextHandlers,
  },
  {
    name: 'shared-context',
    seed: 'shared-context',
    events: ['SessionStart', 'PostToolUse', 'SubagentStart', 'SubagentStop', 'SessionEnd'],
    when: notSubagentTool,
    handlers: async () => (await import('../shared-context/handlers.js')).sharedContextHandlers,
    ...(process.env.SG_HOOK_BUNDLE !== '1' && {
      checks: async (): Promise<Check[]> => {
        const { sharedContextCheck } = await import('../shared-context/checks.js');
        return [(ctx) => sharedContextCheck(ctx.env, ctx.projectDir)];
      },
    }),
  },
  {
    name: 'analysis',
    seed: 'ai-analysis/ai-analyzer',
    events: ['SessionStart'],
    handlers: async () => (await import('../analysis/handlers.js')).analysisHandlers,
    ...(process.env.SG_HOOK_BUNDLE !== '1' && {
      background: async () => {
        const jobs = await import('../analysis/jobs.js');
        return {
          sessionEnd: [{ name: 'analysis-trigger', run: jobs.analysisTriggerStep }],
          jobs: { analyze: jobs.analyzeJob },
        };
      },
      checks: async () => [(await import('../analysis/checks.js')).analysisChecks],
    }),
  },
  {
    // the opt-in team store (docs/team.md): no hook handler, ever (hooks stay off the network)
    name: 'team',
    seed: 'team store (issue #25)',
    events: [],
    ...(process.env.SG_HOOK_BUNDLE !== '1' && {
      background: async () => {
        const { teamSyncStep } = await import('../team/jobs.js');
        return {
          sessionEnd: [{ name: 'team-sync', run: teamSyncStep }],
          jobs: { 'team-sync': teamSyncStep },
        };
      },
      checks: async () => [(await import('../team/checks.js')).teamChecks],
    }),
  },
  {
    name: 'embed',
    seed: 'realtime-assist/error-kb',
    events: ['SessionStart'],
    handlers: async () => (await import('../embed/handlers.js')).embedHandlers,
  },
];

const NONE: HandlerTable = {};

/** handlersFor's answers for PARTS, by event and the parts it wanted (the warm server asks per hook). */
const loaded = new Map<string, Promise<Handler[]>>();

/** The handlers for one payload, loading only the parts concerned. */
export function handlersFor(input: HookInput, parts: PartDescriptor[] = PARTS): Promise<Handler[]> {
  const event = input.hook_event_name;
  const wanted = parts.filter((p) => p.events.includes(event) && (!p.when || p.when(input)));
  const load = async () => {
    const tables = await Promise.all(wanted.map(wired));
    return tables.flatMap((t) => t[event] ?? []);
  };
  if (parts !== PARTS) return load();
  const key = `${event}:${wanted.map((p) => p.name).join(',')}`;
  let hit = loaded.get(key);
  if (!hit) {
    hit = load();
    loaded.set(key, hit);
    // A part that failed to load is tried again by the next hook.
    hit.catch(() => loaded.delete(key));
  }
  return hit;
}

/** Every part loaded and merged into one table (the hook server, tests, tools). */
export async function loadAllHandlers(parts: PartDescriptor[] = PARTS): Promise<HandlerTable> {
  const tables = await Promise.all(parts.map(wired));
  const out: HandlerTable = {};
  for (const event of HOOK_EVENTS) {
    const list = tables.flatMap((t) => t[event] ?? []);
    if (list.length) out[event] = list;
  }
  return out;
}

/** The session-end steps (in order) and the named jobs of every part (the worker). */
export async function loadBackground(
  parts: PartDescriptor[] = PARTS,
): Promise<{ sessionEnd: Step[]; jobs: Record<string, Job> }> {
  const all: Background[] = await Promise.all(
    parts.map((p) => (p.background ? p.background() : ({} as Background))),
  );
  const jobs: Record<string, Job> = {};
  for (const b of all) Object.assign(jobs, b.jobs);
  return { sessionEnd: all.flatMap((b) => b.sessionEnd ?? []), jobs };
}

/** The doctor checks of every part, in order (the CLI). */
export async function loadChecks(parts: PartDescriptor[] = PARTS): Promise<{ part: string; check: Check }[]> {
  const lists = await Promise.all(parts.map(async (p) => (p.checks ? await p.checks() : []) as Check[]));
  return parts.flatMap((p, i) => lists[i]!.map((check) => ({ part: p.name, check })));
}
