// The on-disk queue of events that could not be stored at once (a locked database): written by
// insertOrQueue, stored by the next hook or the session-end step. When the data folder cannot be
// written at all, the queue is the spill folder outside it (spill.ts), drained the same way.

import { basename, join } from 'node:path';
import { paths } from '../../common/paths.js';
import { ensureHomeDir, readRegularText, writeFileAtomicIn } from '../../common/safe-fs.js';
import {
  insertPrepared,
  prepareEvent,
  type EventType,
  type NewEventOf,
  type PreparedEvent,
} from './write.js';
import { type DB, isBusyError, isReadOnlyError } from '../db.js';
import { safeSpillDir, spillEvent } from './spill.js';
import { readdirSync, unlinkSync, renameSync } from 'node:fs';

export function queueEvent(p: PreparedEvent, env: NodeJS.ProcessEnv = process.env): string {
  const { home, queueDir: dir } = paths(env);
  try {
    // Created inside the data home without following a symlink; written atomically.
    ensureHomeDir(home, dir, 0o700);
    const name = `${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}.json`;
    writeFileAtomicIn(home, join(dir, name), JSON.stringify(p), 0o600);
    return join(dir, name);
  } catch (e) {
    // The data folder cannot be written (read-only, full, not ours): outside it, until it can.
    try {
      return spillEvent(p, env);
    } catch {
      throw e;
    }
  }
}
/**
 * Inserts an event; when the database stays locked past the busy timeout, the prepared (already
 * redacted) event is written to the queue instead. Returns the new id, or null when queued.
 */
export function insertOrQueue<K extends EventType>(
  db: DB | null,
  e: NewEventOf<K>,
  env: NodeJS.ProcessEnv = process.env,
): number | null {
  const p = prepareEvent(e);
  if (db) {
    try {
      return db.transaction(() => insertPrepared(db, p))();
    } catch (err) {
      // Locked, or a database that cannot be written right now (a read-only folder or disk).
      if (!isBusyError(err) && !isReadOnlyError(err)) throw err;
    }
  }
  queueEvent(p, env);
  return null;
}
export function queuedCount(env: NodeJS.ProcessEnv = process.env): number {
  try {
    return readdirSync(paths(env).queueDir).filter((f) => f.endsWith('.json') && !f.startsWith('.')).length;
  } catch {
    return 0;
  }
}
/**
 * Stores queued events. Each file is claimed by an atomic rename, so two hooks draining at once
 * never insert the same event twice. Returns how many were stored.
 */
export function drainQueue(
  db: DB,
  env: NodeJS.ProcessEnv = process.env,
  max = 500,
  opts: { wait?: boolean } = {},
): number {
  const n = drainDir(db, paths(env).queueDir, max, opts);
  const spill = safeSpillDir(env);
  return spill ? n + drainDir(db, spill, max, opts) : n;
}

/** Stores the queued events of one folder (the queue, or the spill folder). */
function drainDir(db: DB, dir: string, max: number, opts: { wait?: boolean }): number {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
      .sort();
  } catch {
    return 0;
  }
  if (names.length === 0) return 0;
  const claimed: { file: string; event: PreparedEvent | null }[] = [];
  for (const name of names.slice(0, max)) {
    const from = join(dir, name);
    const to = join(dir, `.${name}.claim-${process.pid}`);
    try {
      // fs-safe: rename/unlink of queue entries act on the entry itself (never follow a link), in the checked data/queue/ folder or the private spill folder (spill.ts)
      renameSync(from, to);
    } catch {
      continue; // someone else took it
    }
    let event: PreparedEvent | null = null;
    try {
      // A regular file only (never blocking on a FIFO), at most 8 MiB.
      const text = readRegularText(to, { noFollow: true, maxBytes: 8 * 1024 * 1024 });
      if (text !== null) event = JSON.parse(text) as PreparedEvent;
    } catch {}
    claimed.push({ file: to, event });
  }
  // Draining is opportunistic: when the database is still locked, give up at once (no busy wait).
  const busy = opts.wait ? null : (db.pragma('busy_timeout', { simple: true }) as number);
  if (busy !== null) db.pragma('busy_timeout = 0');
  try {
    db.transaction(() => {
      for (const c of claimed) if (c.event && typeof c.event.type === 'string') insertPrepared(db, c.event);
    })();
  } catch (err) {
    // Give the files back for a later hook.
    for (const c of claimed) {
      try {
        // fs-safe: (as above) gives a claimed queue file back under its own name
        renameSync(
          c.file,
          join(
            dir,
            basename(c.file)
              .replace(/^\./, '')
              .replace(/\.claim-\d+$/, ''),
          ),
        );
      } catch {}
    }
    throw err;
  } finally {
    if (busy !== null) db.pragma(`busy_timeout = ${busy}`);
  }
  for (const c of claimed) {
    try {
      // fs-safe: (as above)
      unlinkSync(c.file);
    } catch {}
  }
  return claimed.filter((c) => c.event).length;
}
