// Which handlers run for which event, in order, loaded lazily: a hook process imports only the parts
// that have something to do for its event (and, where a cheap test says so, for its tool), so the
// common hooks never pay for loading the orchestrator, shared context or analysis code.
//
// Order: recording first, then context providers, the most specific first — the runner caps the
// joined context at 10,000 characters, so what comes last is what a cut would shorten (an
// orchestrated agent's contracts come before the shared-context summary).
import { SUBAGENT_TOOLS } from './tool-input.js';
import { HOOK_EVENTS, type Handler, type HandlerTable, type HookEvent, type HookInput } from './types.js';

export interface Part {
  name: string;
  /** The events this part has handlers for (a unit test checks this against the loaded table). */
  events: HookEvent[];
  /** A cheap test on the payload: false → the part is not even loaded. */
  when?: (input: HookInput) => boolean;
  load: () => Promise<HandlerTable>;
}

const notSubagentTool = (i: HookInput) =>
  i.hook_event_name !== 'PostToolUse' || SUBAGENT_TOOLS.has(i.tool_name ?? '');

export const PARTS: Part[] = [
  {
    name: 'collectors',
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
    load: async () => (await import('./collectors.js')).collectorHandlers,
  },
  {
    name: 'error-advice',
    events: ['PostToolUseFailure'],
    load: async () => (await import('./error-advice.js')).errorAdviceHandlers,
  },
  {
    name: 'pre-tool-guide',
    events: ['PreToolUse'],
    load: async () => (await import('./pre-tool-guide.js')).preToolGuideHandlers,
  },
  {
    name: 'orchestrator',
    events: ['SubagentStart', 'SubagentStop'],
    load: async () => (await import('../orchestrator/hooks.js')).orchestratorHandlers,
  },
  {
    name: 'subagent-context',
    events: ['SubagentStart'],
    load: async () => (await import('./subagent-context.js')).subagentContextHandlers,
  },
  {
    name: 'shared-context',
    events: ['SessionStart', 'PostToolUse', 'SubagentStart', 'SubagentStop', 'SessionEnd'],
    when: notSubagentTool,
    load: async () => (await import('../shared-context/hooks.js')).sharedContextHandlers,
  },
  {
    name: 'analysis',
    events: ['SessionStart'],
    load: async () => (await import('../analysis/hooks.js')).analysisHandlers,
  },
  {
    name: 'embed',
    events: ['SessionStart'],
    load: async () => (await import('../embed/hooks.js')).embedHandlers,
  },
];

/** The handlers for one payload, loading only the parts concerned. */
export async function handlersFor(input: HookInput, parts: Part[] = PARTS): Promise<Handler[]> {
  const event = input.hook_event_name;
  const wanted = parts.filter((p) => p.events.includes(event) && (!p.when || p.when(input)));
  const tables = await Promise.all(wanted.map((p) => p.load()));
  return tables.flatMap((t) => t[event] ?? []);
}

/** Every part loaded and merged into one table (tests, tools). */
export async function loadAllHandlers(parts: Part[] = PARTS): Promise<HandlerTable> {
  const tables = await Promise.all(parts.map((p) => p.load()));
  const out: HandlerTable = {};
  for (const event of HOOK_EVENTS) {
    const list = tables.flatMap((t) => t[event] ?? []);
    if (list.length) out[event] = list;
  }
  return out;
}
