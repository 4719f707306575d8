// Which handlers run for which event, in order. Each part of the design exports its own table;
// the tables are merged in this order: recording first, then context providers, the most specific
// first — the runner caps the joined context at 10,000 characters, so what comes last is what a cut
// would shorten (an orchestrated agent's contracts come before the shared-context summary).
import { collectorHandlers } from './collectors.js';
import { errorAdviceHandlers } from './error-advice.js';
import { preToolGuideHandlers } from './pre-tool-guide.js';
import { subagentContextHandlers } from './subagent-context.js';
import { sharedContextHandlers } from '../shared-context/hooks.js';
import { orchestratorHandlers } from '../orchestrator/hooks.js';
import { analysisHandlers } from '../analysis/hooks.js';
import { embedHandlers } from '../embed/hooks.js';
import { HOOK_EVENTS, type HandlerTable } from './types.js';

export const TABLES: HandlerTable[] = [
  collectorHandlers,
  errorAdviceHandlers,
  preToolGuideHandlers,
  orchestratorHandlers,
  subagentContextHandlers,
  sharedContextHandlers,
  analysisHandlers,
  embedHandlers,
];

export function mergeTables(tables: HandlerTable[]): HandlerTable {
  const out: HandlerTable = {};
  for (const event of HOOK_EVENTS) {
    const list = tables.flatMap((t) => t[event] ?? []);
    if (list.length) out[event] = list;
  }
  return out;
}

export const HANDLERS: HandlerTable = mergeTables(TABLES);
