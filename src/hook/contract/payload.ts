// Validation of hook payloads. Required: session_id and a known event name. Optional fields of the
// wrong type are dropped (not fatal); unknown fields are kept.
import * as z from 'zod/mini';
import { redact } from '../../common/redact.js';
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

/**
 * A name from the outside, made safe to write in a log line: redacted first (a secret is never cut
 * into a piece the rules no longer see), then letters, digits, `_-.` only, capped.
 */
export function safeName(v: unknown): string {
  const s = redact(typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)));
  const clean = s.replace(/[^A-Za-z0-9_.-]/g, '?').slice(0, 40);
  return s.length > 40 ? `${clean}…` : clean;
}

/**
 * Why parsePayload(text, eventArg) gives null, in one short line that holds none of the payload's
 * text (it may carry secrets): only its size, its shape and an event name made safe.
 */
export function rejectionReason(text: string, eventArg?: string): string {
  const size = `${Buffer.byteLength(text)} bytes`;
  if (!text || !text.trim()) return 'empty payload';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return `unreadable payload: not JSON (${size})`;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return `unreadable payload: not a JSON object (${size})`;
  const obj = value as Record<string, unknown>;
  const name = obj.hook_event_name ?? eventArg;
  if (name === undefined) return 'payload names no event (no hook_event_name, no event argument)';
  if (!isHookEvent(name)) return `unknown event "${safeName(name)}"`;
  const sid = obj.session_id;
  if (typeof sid !== 'string' || sid.length < 1 || sid.length > 512)
    return `${name} payload without a valid session_id`;
  return `${name} payload could not be validated (${size})`;
}
