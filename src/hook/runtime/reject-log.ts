// logs/hook-rejects.log in the data home: one line for each hook call that did nothing because its
// input could not be used (an unknown event, a payload that is not JSON…), so that such a call
// leaves a trace that `self-gen doctor` reports. Bounded: past MAX_BYTES only the newest KEEP lines
// are kept. A line holds the time, the event argument and the reason, never the payload's text.
import { join } from 'node:path';
import { paths } from '../../common/paths.js';
import { oneLine, redact } from '../../common/redact.js';
import { safeName } from '../contract/payload.js';
import { appendFileIn, ensureHomeDir, readTextIn, writeFileAtomicIn } from '../../common/safe-fs.js';

export const MAX_BYTES = 16 * 1024;
export const KEEP_LINES = 50;
const MAX_LINE = 300;

export const rejectLogFile = (env: NodeJS.ProcessEnv): string => join(paths(env).logsDir, 'hook-rejects.log');

export interface Rejection {
  ts: string;
  event: string;
  reason: string;
}

const clean = (s: string, max: number) => oneLine(redact(s), max);

/** Appends one rejection; never throws (a read-only home just keeps no trace). */
export function recordRejection(
  env: NodeJS.ProcessEnv,
  event: string | undefined,
  reason: string,
  now: Date = new Date(),
): void {
  try {
    const { home, logsDir } = paths(env);
    const file = rejectLogFile(env);
    ensureHomeDir(home, logsDir, 0o700);
    const line: Rejection = {
      ts: now.toISOString(),
      event: event === undefined ? '' : safeName(event),
      reason: clean(reason, MAX_LINE),
    };
    appendFileIn(home, file, JSON.stringify(line) + '\n');
    const text = readTextIn(home, file, { maxBytes: MAX_BYTES * 2, tail: true });
    if (text !== null && Buffer.byteLength(text) > MAX_BYTES) {
      const lines = text.split('\n').filter((l) => l.trim());
      writeFileAtomicIn(home, file, lines.slice(-KEEP_LINES).join('\n') + '\n');
    }
  } catch {}
}

/** The logged rejections, oldest first (bad lines skipped); [] when there are none. */
export function readRejections(env: NodeJS.ProcessEnv): Rejection[] {
  const { home } = paths(env);
  const text = readTextIn(home, rejectLogFile(env), { maxBytes: MAX_BYTES * 2, tail: true });
  if (!text) return [];
  const out: Rejection[] = [];
  for (const l of text.split('\n')) {
    if (!l.trim()) continue;
    try {
      const r = JSON.parse(l) as Partial<Rejection>;
      if (r && typeof r.ts === 'string' && typeof r.reason === 'string')
        out.push({ ts: r.ts, event: typeof r.event === 'string' ? r.event : '', reason: r.reason });
    } catch {}
  }
  return out;
}
