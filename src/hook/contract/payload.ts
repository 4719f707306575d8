// Validation of hook payloads. Required: session_id and a known event name. Optional fields of the
// wrong type are dropped (not fatal); unknown fields are kept.
import * as z from 'zod/mini';
import { HOOK_EVENTS, type HookEvent, type HookInput } from './types.js';

const optStr = z.optional(z.string());
const Payload = z.looseObject({
  hook_event_name: z.enum(HOOK_EVENTS),
  session_id: z.string().check(z.minLength(1), z.maxLength(512)),
  transcript_path: optStr,
  cwd: z._default(z.string(), ''),
  permission_mode: optStr,
  prompt_id: optStr,
  agent_id: optStr,
  agent_type: optStr,
  prompt: optStr,
  tool_name: optStr,
  tool_input: z.optional(z.record(z.string(), z.unknown())),
  tool_use_id: optStr,
  error: optStr,
  is_interrupt: z.optional(z.boolean()),
  duration_ms: z.optional(z.number()),
  source: optStr,
  reason: optStr,
  model: optStr,
  agent_transcript_path: optStr,
  last_assistant_message: optStr,
  stop_hook_active: z.optional(z.boolean()),
});

const REQUIRED = new Set(['hook_event_name', 'session_id']);

export function isHookEvent(name: unknown): name is HookEvent {
  return typeof name === 'string' && (HOOK_EVENTS as readonly string[]).includes(name);
}

/**
 * Parses the stdin text of a hook. `eventArg` (from the command line) fills a missing
 * hook_event_name. Returns null when the payload cannot be used.
 */
export function parsePayload(text: string, eventArg?: string): HookInput | null {
  if (!text || !text.trim()) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const obj = { ...(value as Record<string, unknown>) };
  if (obj.hook_event_name === undefined && isHookEvent(eventArg)) obj.hook_event_name = eventArg;
  for (let attempt = 0; attempt < 10; attempt++) {
    const r = Payload.safeParse(obj);
    if (r.success) return r.data as HookInput;
    let dropped = false;
    for (const issue of r.error.issues) {
      const key = issue.path[0];
      if (typeof key !== 'string' || REQUIRED.has(key)) return null;
      dropped = delete obj[key] || dropped;
    }
    if (!dropped) return null;
  }
  return null;
}
