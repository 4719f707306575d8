// Another process holding the SQLite write lock of a data home's database until the test releases it.
import { spawn } from 'node:child_process';
import { ROOT } from './env.js';

export interface HeldLock {
  /** Resolves once the lock is held. */
  ready: Promise<void>;
  /** Lets the lock go (the holder rolls back and exits). */
  release: () => void;
  /** Resolves when the holder has exited. */
  done: Promise<void>;
  /** True until the holder has exited. */
  held: () => boolean;
}

/**
 * Spawns a node process that opens `dbFile`, takes the write lock (BEGIN IMMEDIATE + one write) and
 * keeps it until `release()` — or `maxMs`, so a failed test never leaves it behind.
 */
export function holdWriteLock(dbFile: string, maxMs = 60_000): HeldLock {
  const p = spawn(
    process.execPath,
    [
      '-e',
      `const D=require('better-sqlite3');const d=new D(process.argv[1]);d.exec('BEGIN IMMEDIATE');
       d.prepare("INSERT INTO kv(key,value) VALUES ('lock','x') ON CONFLICT(key) DO UPDATE SET value='y'").run();
       console.log('locked');
       const end=()=>{d.exec('ROLLBACK');d.close();process.exit(0);};
       process.stdin.on('data',()=>{});process.stdin.on('end',end);setTimeout(end,${maxMs});`,
      dbFile,
    ],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let exited = false;
  const done = new Promise<void>((r) =>
    p.on('close', () => {
      exited = true;
      r();
    }),
  );
  return {
    ready: new Promise<void>((r, reject) => {
      p.stdout!.once('data', () => r());
      p.once('close', (code) => reject(new Error(`the lock holder exited (${code}) before taking the lock`)));
    }),
    release: () => p.stdin!.end(),
    done,
    held: () => !exited,
  };
}
