// Where an event goes when the data folder cannot be written at all (a read-only folder or disk, a
// full disk), so that the on-disk queue inside it cannot hold it either: a private folder outside
// it, one per user and data home — `$XDG_RUNTIME_DIR/self-gen/<h>` or `<temp>/self-gen-<uid>/<h>`
// (`h` names the data home). The next hook that opens the database stores what waits there
// (drainQueue). Each level is made 0700 and used only when it is a real folder, ours and closed
// to everyone else: a folder someone else prepared in a shared temp folder is never written to
// or read from.
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { paths } from '../../common/paths.js';
import { readTextIn, writeFileAtomicIn } from '../../common/safe-fs.js';
import type { PreparedEvent } from './write.js';

const uid = (): number => (typeof process.getuid === 'function' ? process.getuid() : -1);

/** A real folder (not a link), owned by this user, with no access for group or others. */
function isPrivateDir(dir: string): boolean {
  try {
    const st = lstatSync(dir);
    if (!st.isDirectory() || (st.mode & 0o077) !== 0) return false;
    return uid() < 0 || st.uid === uid();
  } catch {
    return false;
  }
}

/** The folder that holds each data home's spill folder (whether or not it exists). */
function spillRoot(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_RUNTIME_DIR?.trim();
  if (xdg && isAbsolute(xdg) && isPrivateDir(xdg)) return join(xdg, 'self-gen');
  return join(tmpdir(), `self-gen-${uid() < 0 ? 'user' : uid()}`);
}

/** The spill folder of this data home (whether or not it exists). */
export function spillDir(env: NodeJS.ProcessEnv = process.env): string {
  const h = createHash('sha256')
    .update(resolve(paths(env).home))
    .digest('hex')
    .slice(0, 16);
  return join(spillRoot(env), h);
}

/** Creates `dir` (one level) 0700 when missing; true when it is then a private folder of ours. */
function ensurePrivate(dir: string): boolean {
  try {
    // fs-safe: one level, never through a link (mkdir makes the entry itself); checked private below
    mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return false;
  }
  return isPrivateDir(dir);
}

/** The spill folder when it exists and is safe to read; null otherwise. */
export function safeSpillDir(env: NodeJS.ProcessEnv = process.env): string | null {
  // Nothing was ever spilled on this machine (no root, or an empty one): no need to name the folder
  // (the hash loads node:crypto, a few ms that `status` and a hook's drain would pay for nothing).
  const root = spillRoot(env);
  try {
    if (!isPrivateDir(root) || readdirSync(root).length === 0) return null;
  } catch {
    return null;
  }
  const dir = spillDir(env);
  return isPrivateDir(dir) ? dir : null;
}

/** Writes one prepared (already redacted) event to the spill folder; throws when it cannot. */
export function spillEvent(p: PreparedEvent, env: NodeJS.ProcessEnv = process.env): string {
  const dir = spillDir(env);
  if (!ensurePrivate(join(dir, '..')) || !ensurePrivate(dir))
    throw new Error(`${dir} is not a private folder of this user`);
  const name = `${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}.json`;
  writeFileAtomicIn(dir, join(dir, name), JSON.stringify(p), 0o600);
  return join(dir, name);
}

/** How many events wait in the spill folder. */
export function spilledCount(env: NodeJS.ProcessEnv = process.env): number {
  const dir = safeSpillDir(env);
  if (!dir) return 0;
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.json') && !f.startsWith('.')).length;
  } catch {
    return 0;
  }
}

/**
 * The notice for the user (a SessionStart systemMessage) while events wait in the spill folder,
 * given once for each run of them: the oldest waiting event is remembered in `.told`, so the next
 * sessions stay quiet until those are stored and a new run begins. Null when there is nothing to say.
 */
export function spillNotice(env: NodeJS.ProcessEnv = process.env): string | null {
  const dir = safeSpillDir(env);
  if (!dir) return null;
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
      .sort();
  } catch {
    return null;
  }
  const oldest = names[0];
  if (!oldest) return null;
  const marker = join(dir, '.told');
  if (readTextIn(dir, marker, { maxBytes: 256 })?.trim() === oldest) return null;
  try {
    writeFileAtomicIn(dir, marker, oldest, 0o600);
  } catch {
    return null; // could not remember it: say nothing rather than every session
  }
  const data = paths(env).dataDir;
  return (
    `self-generation: ${names.length} event(s) could not be written to ${data} (read-only or full); ` +
    `they wait in ${dir} and are stored once it is writable again. ` +
    `fix: make ${data} writable (chmod u+w, remount read-write, or free space); \`self-gen doctor\` says more.`
  );
}
