// A cross-process lease in the kv table: one atomic UPSERT takes it, so two sessions ending at the
// same moment run one analysis. A lease past its expiry, or held by a dead process, is taken over.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { DB } from '../db/db.js';
import { kvDropLease, kvGet, kvSwapLease, kvTakeLease } from '../db/kv.js';

export interface LeaseHolder {
  pid: number;
  host: string;
  token: string;
  acquired: string;
  expires: string;
}

export type LeaseResult = { ok: true; token: string } | { ok: false; holder: LeaseHolder | null };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLease(db: DB, key: string): LeaseHolder | null {
  const value = kvGet(db, key);
  if (value === null) return null;
  try {
    return JSON.parse(value) as LeaseHolder;
  } catch {
    return null;
  }
}

export function acquireLease(db: DB, key: string, ttlMs: number, now = new Date()): LeaseResult {
  const holder: LeaseHolder = {
    pid: process.pid,
    host: hostname(),
    token: randomBytes(8).toString('hex'),
    acquired: now.toISOString(),
    expires: new Date(now.getTime() + ttlMs).toISOString(),
  };
  const value = JSON.stringify(holder);
  if (kvTakeLease(db, key, value, now.toISOString())) return { ok: true, token: holder.token };
  // Held and not expired: take it over only when its holder died on this machine.
  const current = readLease(db, key);
  if (current && current.host === holder.host && current.pid !== process.pid && !alive(current.pid)) {
    if (kvSwapLease(db, key, value, current.token)) return { ok: true, token: holder.token };
  }
  return { ok: false, holder: readLease(db, key) };
}

export function releaseLease(db: DB, key: string, token: string): void {
  try {
    kvDropLease(db, key, token);
  } catch {}
}
