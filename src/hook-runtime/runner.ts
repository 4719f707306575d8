// Dispatches one hook payload to the handlers of its event and builds the single JSON answer.
import { isEnabled } from '../common/config.js';
import { redact, truncate } from '../common/redact.js';
import { flagDamage } from './damage.js';
import { parsePayload } from './payload.js';
import {
  CONTEXT_CAP,
  CONTEXT_EVENTS,
  type Handler,
  type HandlerTable,
  type HookDeps,
  type HookInput,
} from './types.js';

/** Where handlers come from: a loaded table, or a lazy loader (registry.handlersFor). */
export type HandlerSource = HandlerTable | ((input: HookInput) => Promise<Handler[]>);

export function formatOutput(event: string, context: string): string {
  return JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: context } });
}

/** Runs every handler of the event; a failing handler is logged and skipped, never fatal. */
export async function dispatch(input: HookInput, deps: HookDeps, source: HandlerSource): Promise<string> {
  if (!isEnabled(deps.config)) return '';
  const event = input.hook_event_name;
  const contexts: string[] = [];
  const handlers = typeof source === 'function' ? await source(input) : (source[event] ?? []);
  for (const h of handlers) {
    try {
      const r = await h.run(input, deps);
      const ctx = r && typeof r.additionalContext === 'string' ? r.additionalContext.trim() : '';
      if (ctx) contexts.push(ctx);
    } catch (e) {
      deps.log(`${event}/${h.name} failed: ${(e as Error)?.stack ?? String(e)}`);
      flagDamage(deps, e);
    }
  }
  if (contexts.length === 0 || !CONTEXT_EVENTS.has(event)) return '';
  // Injected text is redacted once more: a file an agent wrote itself may still hold a secret.
  return formatOutput(event, truncate(redact(contexts.join('\n\n')), CONTEXT_CAP));
}

/** Parses stdin text and dispatches; returns '' (print nothing) or one JSON object. */
export async function runHook(
  text: string,
  eventArg: string | undefined,
  makeDeps: (input: HookInput) => HookDeps,
  source: HandlerSource,
): Promise<string> {
  const input = parsePayload(text, eventArg);
  if (!input) return '';
  return dispatch(input, makeDeps(input), source);
}
