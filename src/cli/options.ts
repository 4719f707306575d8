// The shared option parsers of the CLI: every numeric, enum and date option is checked when it is
// parsed; a bad value ends the command with one line and a `fix:` (see output.ts, formatError).
import { InvalidArgumentError } from 'commander';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';

/** A whole number in [min, max]. */
export function intOption(min: number, max: number, what = 'a whole number'): (v: string) => number {
  return (v: string) => {
    const s = v.trim();
    const n = /^[+-]?\d+$/.test(s) ? Number(s) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max)
      throw new InvalidArgumentError(`expected ${what} from ${min} to ${max}`);
    return n;
  };
}

/** A number (decimals allowed) in [min, max]. */
export function numberOption(min: number, max: number, what = 'a number'): (v: string) => number {
  return (v: string) => {
    const s = v.trim();
    const n = /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s) ? Number(s) : NaN;
    if (!Number.isFinite(n) || n < min || n > max)
      throw new InvalidArgumentError(`expected ${what} from ${min} to ${max}`);
    return n;
  };
}

/** One of `values`. */
export function enumOption<T extends string>(values: readonly T[]): (v: string) => T {
  return (v: string) => {
    if (!(values as readonly string[]).includes(v))
      throw new InvalidArgumentError(`expected one of ${values.join(', ')}`);
    return v as T;
  };
}

const DURATION = /^(\d+)\s*(m|min|h|d|w)$/i;
const UNIT_MS: Record<string, number> = { m: 60e3, min: 60e3, h: 3600e3, d: 86400e3, w: 7 * 86400e3 };
const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * A point in time, as the ISO string events are stored with: an ISO date or date-time
 * (`2026-11-20`, `2026-11-20T08:00Z`; no zone = UTC), or a duration back from now (`90m`, `12h`, `7d`, `2w`).
 */
export function sinceOption(now: () => Date = () => new Date()): (v: string) => string {
  return (v: string) => {
    const s = v.trim();
    const d = DURATION.exec(s);
    if (d) return new Date(now().getTime() - Number(d[1]) * UNIT_MS[d[2]!.toLowerCase()]!).toISOString();
    if (ISO.test(s)) {
      const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(s) && s.length > 10;
      const t = Date.parse(
        hasZone ? s.replace(' ', 'T') : `${s.replace(' ', 'T')}${s.length > 10 ? 'Z' : ''}`,
      );
      const iso = Number.isFinite(t) ? new Date(t).toISOString() : '';
      // Date.parse rolls 2026-02-30 over to March: a date that does not exist is refused.
      if (iso && (hasZone || iso.slice(0, 10) === s.slice(0, 10))) return iso;
    }
    throw new InvalidArgumentError(
      'expected an ISO date or time (2026-11-20, 2026-11-20T08:00Z) or a duration back from now (90m, 12h, 7d, 2w)',
    );
  };
}

export const LOCALES = ['en', 'ko'] as const;
export type Locale = (typeof LOCALES)[number];

/** The event types `events -t` accepts: the events owner's list. */
export { EVENT_TYPES } from '../db/event-data.js';

/** An existing folder (resolved to an absolute path); a missing one or a file is refused. */
export function dirOption(): (v: string) => string {
  return (v: string) => {
    const p = resolve(v);
    let ok = false;
    try {
      ok = statSync(p).isDirectory();
    } catch {}
    if (!ok) throw new InvalidArgumentError(`expected an existing folder (${p} is not one)`);
    return p;
  };
}
