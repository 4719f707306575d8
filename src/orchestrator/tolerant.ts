// Tolerant reading of the skill's files. They are written by a model following the skill's prose,
// so they vary: a date where a date-time is expected, a field left out, a number where text is
// expected, one list entry that makes no sense. One such field must not silence everything else.
//
// parseTolerant() parses with a READ schema and, while it fails, mends what can be read anyway,
// each mend a warning naming the file and field:
//   - a date or other parseable time where an ISO 8601 date-time is expected → that date-time;
//     an unreadable or missing one → unknown (1970-01-01T00:00:00.000Z);
//   - a missing or null field → its empty value ([] for a list, {} for a mapping, '' for text, the
//     only allowed value of a one-value field such as `version`, the id the file's place gives);
//   - a number or true/false where text is expected → that text; one text where a list of texts is
//     expected → a list of it;
//   - what still cannot be understood inside a list entry (or a mapping entry of a field named in
//     `entries`) → that entry is left out, the rest kept.
// Only what none of these mends is refused: the file's issues, as before.
import * as z from 'zod/mini';
import { fieldPath, issueMessage, type FieldIssue } from './schemas.js';

export const UNKNOWN_TIME = '1970-01-01T00:00:00.000Z';

export interface TolerantOptions {
  /** Values for fields the file's place already gives (request_id, task_id, subtask_id). */
  known?: Record<string, string>;
  /** Top-level mappings whose entries may be left out one by one (directory_structure, patterns). */
  entries?: string[];
}

export type TolerantResult<T> =
  { ok: true; value: T; warnings: FieldIssue[] } | { ok: false; issues: FieldIssue[] };

interface LooseIssue {
  code?: string;
  path: PropertyKey[];
  expected?: string;
  values?: unknown[];
  origin?: string;
  format?: string;
}

type Container = Record<PropertyKey, unknown> | unknown[];

function parentOf(root: unknown, path: PropertyKey[]): Container | null {
  let cur: unknown = root;
  for (const k of path.slice(0, -1)) {
    if (cur === null || typeof cur !== 'object') return null;
    cur = (cur as Record<PropertyKey, unknown>)[k];
  }
  return cur !== null && typeof cur === 'object' ? (cur as Container) : null;
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  const parent = parentOf(root, path);
  return parent ? (parent as Record<PropertyKey, unknown>)[path[path.length - 1]!] : undefined;
}

const show = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : String(JSON.stringify(v)));

/** A mend for one issue: the new value and what the warning says, or null. */
function mend(i: LooseIssue, v: unknown, opts: TolerantOptions): { value: unknown; message: string } | null {
  const last = i.path[i.path.length - 1];
  const topLevel = i.path.length === 1;
  if (i.code === 'invalid_format' && i.format === 'datetime') {
    const t = typeof v === 'string' || typeof v === 'number' ? Date.parse(String(v)) : NaN;
    return Number.isFinite(t)
      ? {
          value: new Date(t).toISOString(),
          message: `${show(v)} is not an ISO 8601 date-time; read as ${new Date(t).toISOString()}`,
        }
      : { value: UNKNOWN_TIME, message: `${show(v)} is not a date-time; read as unknown (${UNKNOWN_TIME})` };
  }
  if (topLevel && typeof last === 'string' && opts.known?.[last] !== undefined && v !== opts.known[last]) {
    if (v === undefined || v === null || i.code === 'invalid_format' || i.code === 'invalid_type')
      return {
        value: opts.known[last],
        message: `${v == null ? 'missing' : `${show(v)} is not an id`}; read as ${opts.known[last]} (the file's place)`,
      };
  }
  if (v === undefined || v === null) {
    const what = v === undefined ? 'missing' : 'empty (null)';
    if (i.code === 'invalid_value' && i.values?.length === 1)
      return { value: i.values[0], message: `${what}; read as ${show(i.values[0])}` };
    if (i.code === 'invalid_type') {
      if (i.expected === 'array') return { value: [], message: `${what}; read as an empty list` };
      if (i.expected === 'object' || i.expected === 'record')
        return { value: {}, message: `${what}; read as an empty mapping` };
      if (i.expected === 'string') return { value: '', message: `${what}; read as empty text` };
    }
    return null;
  }
  if (
    i.code === 'invalid_type' &&
    i.expected === 'string' &&
    (typeof v === 'number' || typeof v === 'boolean')
  )
    return { value: String(v), message: `${show(v)} is not text; read as "${String(v)}"` };
  if (i.code === 'invalid_type' && i.expected === 'array' && typeof v === 'string')
    return { value: [v], message: `one text, not a list; read as a list of it` };
  if (i.code === 'too_small' && i.origin === 'string' && v === '' && topLevel)
    return { value: 'unknown', message: 'empty; read as "unknown"' };
  return null;
}

/** The innermost list entry (or mapping entry of `entries`) holding `path`: its path, or null. */
function entryOf(path: PropertyKey[], entries: string[]): PropertyKey[] | null {
  for (let k = path.length - 1; k >= 0; k--) if (typeof path[k] === 'number') return path.slice(0, k + 1);
  if (path.length >= 2 && typeof path[0] === 'string' && entries.includes(path[0])) return path.slice(0, 2);
  return null;
}

/** One tolerant parse: the copy being mended and what was said about it. */
interface Mending {
  input: unknown;
  data: unknown;
  file: string;
  opts: TolerantOptions;
  warnings: FieldIssue[];
  /** Where the entries of each list of `data` were in the file (left-out entries shift the rest). */
  places: WeakMap<unknown[], number[]>;
}

/** A path into `data` as a path into the file. */
function orig(t: Mending, path: PropertyKey[]): PropertyKey[] {
  const out: PropertyKey[] = [];
  let cur: unknown = t.data;
  for (const k of path) {
    out.push(Array.isArray(cur) && typeof k === 'number' ? (t.places.get(cur)?.[k] ?? k) : k);
    cur = cur !== null && typeof cur === 'object' ? (cur as Record<PropertyKey, unknown>)[k] : undefined;
  }
  return out;
}

/**
 * Parses `input` with `schema`, mending what can be read anyway (see the top of this file). The
 * input is not changed (a copy is mended). Refused only when something no mend reaches is left.
 */
export function parseTolerant<S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
  file: string,
  opts: TolerantOptions = {},
): TolerantResult<z.infer<S>> {
  const data: unknown = input === undefined ? undefined : structuredClone(input);
  const t: Mending = { input, data, file, opts, warnings: [], places: new WeakMap() };
  for (let round = 0; round < 200; round++) {
    const r = schema.safeParse(data);
    if (r.success) return { ok: true, value: r.data as z.infer<S>, warnings: t.warnings };
    const issues = r.error.issues as unknown as LooseIssue[];
    const { drop, mended } = mendIssues(t, issues);
    const dropped = leaveOut(t, drop);
    if (!mended && !dropped) {
      const plain = (schema.safeParse(input) as { success: boolean; error?: { issues: unknown[] } }).error;
      const all = (plain?.issues ?? issues) as unknown as LooseIssue[];
      return {
        ok: false,
        issues: dedupe(all.map((i) => ({ file, field: fieldPath(i.path), message: issueMessage(i, input) }))),
      };
    }
  }
  return { ok: false, issues: [{ file, field: '', message: 'cannot be read (too many problems)' }] };
}

/** One round: each issue mended in place, or its entry marked to be left out (by its key). */
function mendIssues(t: Mending, issues: LooseIssue[]): { drop: Map<string, PropertyKey[]>; mended: boolean } {
  const drop = new Map<string, PropertyKey[]>();
  let mended = false;
  for (const i of issues) {
    if (i.path.length === 0) continue;
    const v = valueAt(t.data, i.path);
    const m = mend(i, v, t.opts);
    const parent = parentOf(t.data, i.path);
    if (m && parent) {
      (parent as Record<PropertyKey, unknown>)[i.path[i.path.length - 1]!] = m.value;
      t.warnings.push({ file: t.file, field: fieldPath(orig(t, i.path)), message: m.message });
      mended = true;
      continue;
    }
    const entry = entryOf(i.path, t.opts.entries ?? []);
    if (entry) {
      const key = fieldPath(entry);
      if (!drop.has(key)) {
        drop.set(key, entry);
        t.warnings.push({
          file: t.file,
          field: fieldPath(orig(t, entry)),
          message: `left out: ${fieldPath(i.path.slice(entry.length)) || 'the entry'} ${
            valueAt(t.input, orig(t, i.path)) === undefined ? 'required' : issueMessage(i, t.data)
          }`,
        });
      }
    }
  }
  return { drop, mended };
}

/**
 * Entries are left out after the round, the highest index first (earlier indexes stay valid);
 * an entry inside one that goes anyway is not looked for. True when any was left out.
 */
function leaveOut(t: Mending, drop: Map<string, PropertyKey[]>): boolean {
  const keys = [...drop.keys()];
  const outer = [...drop.entries()]
    .filter(([k]) => !keys.some((o) => o !== k && (k.startsWith(`${o}.`) || k.startsWith(`${o}[`))))
    .map(([, e]) => e);
  const byDepth = outer.sort((a, b) => {
    const x = a[a.length - 1];
    const y = b[b.length - 1];
    return typeof x === 'number' && typeof y === 'number' ? y - x : 0;
  });
  // What was mended inside an entry that is left out is not worth a warning of its own.
  const goneKeys = outer.map((e) => fieldPath(orig(t, e)));
  const gone = (field: string) =>
    goneKeys.some((k) => field.startsWith(`${k}.`) || field.startsWith(`${k}[`));
  for (let w = t.warnings.length - 1; w >= 0; w--) if (gone(t.warnings[w]!.field)) t.warnings.splice(w, 1);
  for (const entry of byDepth) {
    const parent = parentOf(t.data, entry);
    const k = entry[entry.length - 1]!;
    if (Array.isArray(parent) && typeof k === 'number') {
      const at = t.places.get(parent) ?? parent.map((_, n) => n);
      at.splice(k, 1);
      t.places.set(parent, at);
      parent.splice(k, 1);
    } else if (parent) delete (parent as Record<PropertyKey, unknown>)[k];
  }
  return byDepth.length > 0;
}

function dedupe(issues: FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const k = `${i.field}\0${i.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** `file: field: message` lines of warnings (for a role's context and the CLI). */
export function warningLines(warnings: FieldIssue[]): string[] {
  return warnings.map((w) => `${w.file}${w.field ? `: ${w.field}` : ''}: ${w.message}`);
}
