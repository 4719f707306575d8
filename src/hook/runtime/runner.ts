// Dispatches one hook payload to the handlers of its event and builds the single JSON answer.
import { isEnabled, loadConfig } from '../../common/config.js';
import { span, timingEnabled, withTiming, writeTiming, type HookTiming } from '../../common/timing.js';
import { redact } from '../../common/redact.js';
import { capContext } from '../../common/quote.js';
import { flagDamage } from './damage.js';
import { isHookEvent, parsePayload, rejectionReason, safeName } from '../contract/payload.js';
import { recordRejection } from './reject-log.js';
import {
  CONTEXT_CAP,
  CONTEXT_EVENTS,
  type Handler,
  type HandlerTable,
  type HookDeps,
  type HookInput,
} from '../contract/types.js';
import { sinceStartMs } from '../../common/clock.js';

/** Where handlers come from: a loaded table, or a lazy loader (registry.handlersFor). */
export type HandlerSource = HandlerTable | ((input: HookInput) => Promise<Handler[]>);

const backticks = (s: string) => s.split('`').length - 1;

export function formatOutput(event: string, context: string): string {
  return JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: context } });
}

/** Runs every handler of the event; a failing handler is logged and skipped, never fatal. */
export async function dispatch(input: HookInput, deps: HookDeps, source: HandlerSource): Promise<string> {
  if (!isEnabled(deps.config)) return '';
  const event = input.hook_event_name;
  const contexts: string[] = [];
  const notices: string[] = [];
  const handlers = await span('load-handlers', () =>
    typeof source === 'function' ? source(input) : (source[event] ?? []),
  );
  for (const h of handlers) {
    try {
      const r = await span(`handler:${h.name}`, () => h.run(input, deps));
      const ctx = r && typeof r.additionalContext === 'string' ? r.additionalContext.trim() : '';
      if (ctx) contexts.push(ctx);
      const note = r && typeof r.systemMessage === 'string' ? r.systemMessage.trim() : '';
      if (note) notices.push(note);
    } catch (e) {
      deps.log(`${event}/${h.name} failed: ${(e as Error)?.stack ?? String(e)}`);
      flagDamage(deps, e);
    }
  }
  const context = contexts.length > 0 && CONTEXT_EVENTS.has(event) ? injected(event, contexts, deps) : '';
  if (notices.length === 0) return context ? formatOutput(event, context) : '';
  // A notice for the user rides along in the same (single) JSON object.
  const out: Record<string, unknown> = { systemMessage: redact(notices.join('\n')).slice(0, 2000) };
  if (context) out.hookSpecificOutput = { hookEventName: event, additionalContext: context };
  return JSON.stringify(out);
}

/** The joined additional context, redacted and capped; '' when redaction would break a quote. */
function injected(event: string, contexts: string[], deps: HookDeps): string {
  // Injected text is redacted once more: a file an agent wrote itself may still hold a secret. The
  // cap never leaves a quote open (what follows would read as our words); nor may the redaction
  // (quoted data is redacted before it is quoted: one taking a backtick here means say nothing).
  const joined = contexts.join('\n\n');
  const clean = redact(joined);
  if (backticks(clean) !== backticks(joined)) {
    deps.log(`${event}: redaction changed a quote's backticks; nothing injected`);
    return '';
  }
  return capContext(clean, CONTEXT_CAP);
}

export interface RunHookOptions {
  /** 'process' or 'warm': written in the timing record. */
  path?: string;
  /** Whose SELF_GEN_HOOK_TIMING switches the timing record on (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** sinceStartMs() when the payload arrived (the warm server): the record's `waitMs`. */
  since?: number;
}

/**
 * parsePayload, and a trace of a call that cannot do its job: an input that cannot be used, or an
 * event argument no hook has (a wrong hook command in the settings). Nothing when disabled.
 */
function parseOrRecord(text: string, eventArg: string | undefined, env: NodeJS.ProcessEnv): HookInput | null {
  const input = parsePayload(text, eventArg);
  if (input && (eventArg === undefined || isHookEvent(eventArg))) return input;
  try {
    if (env.SELF_GEN_DISABLE === '1' || !loadConfig(env).enabled) return input;
  } catch {}
  recordRejection(
    env,
    eventArg,
    input
      ? `unknown event argument "${safeName(eventArg)}" (the payload's ${input.hook_event_name} was handled)`
      : rejectionReason(text, eventArg),
  );
  return input;
}

/** Parses stdin text and dispatches; returns '' (print nothing) or one JSON object. */
export async function runHook(
  text: string,
  eventArg: string | undefined,
  makeDeps: (input: HookInput) => HookDeps,
  source: HandlerSource,
  opts: RunHookOptions = {},
): Promise<string> {
  const env = opts.env ?? process.env;
  if (!timingEnabled(env)) {
    const input = parseOrRecord(text, eventArg, env);
    if (!input) return '';
    return dispatch(input, makeDeps(input), source);
  }
  // SELF_GEN_HOOK_TIMING=1 (the session bench): one record of where this hook's time went.
  const t0 = sinceStartMs();
  const record: HookTiming = { event: eventArg ?? '?', path: opts.path ?? 'process', totalMs: 0, spans: {} };
  if (record.path === 'process') record.startMs = t0;
  if (opts.since !== undefined) record.waitMs = t0 - opts.since;
  const out = await withTiming(record, async () => {
    const input = span('parse', () => parseOrRecord(text, eventArg, env));
    if (!input) return '';
    record.event = input.hook_event_name;
    if (typeof input.tool_name === 'string') record.tool = input.tool_name;
    const deps = span('deps', () => makeDeps(input));
    return dispatch(input, deps, source);
  });
  record.totalMs = sinceStartMs() - t0;
  writeTiming(env, record);
  return out;
}
