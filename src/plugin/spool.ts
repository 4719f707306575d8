// Events that arrive before the plugin's native dependencies are ready are kept, not lost: the
// plugin's hook gate (src/bin/plugin-hook.cts) hands the hook's input to dist/plugin-spool.cjs
// (src/bin/plugin-spool.ts), which writes it — redacted like every stored event — as one file in
// ${CLAUDE_PLUGIN_DATA}/spool/. Once the install is ready, plugin-bootstrap replays them in order
// through the usual hook (dist/hook-core.cjs), so the first session is recorded and learned from
// (its advice, of course, comes too late for that session); then the fix policy judges the fixes
// the replay learned (judgeReplayed), so the next session may offer them. Bounded: at most
// MAX_FILES files of at most MAX_BYTES each; entries older than a day are dropped.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { redactDeep } from '../common/redact.js';
import { ensureDirIn, readRegularText, unlinkIn, writeFileAtomicIn } from '../common/safe-fs.js';
import { processStartMs } from '../common/clock.js';

const MAX_FILES = 2000;
const MAX_BYTES = 1024 * 1024;
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface SpoolEntry {
  event: string;
  at: number;
  cwd: string;
  projectDir?: string;
  input: unknown;
}

export const spoolDir = (data: string): string => join(data, 'spool');

function names(data: string): string[] {
  try {
    return readdirSync(spoolDir(data))
      .filter((n) => /^\d+-\d+-[A-Za-z]+\.json$/.test(n))
      .sort();
  } catch {
    return [];
  }
}

export function spoolCount(data: string): number {
  return names(data).length;
}

/** Keeps one hook input (a JSON text); false when it was not kept (full, too large, not JSON). */
export function writeSpool(
  data: string,
  event: string,
  text: string,
  env: NodeJS.ProcessEnv = process.env,
  now = Math.floor(processStartMs()), // when this hook process started: the event's time
): boolean {
  if (!/^[A-Za-z]{1,40}$/.test(event) || text.length > MAX_BYTES) return false;
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return false;
  }
  const dir = spoolDir(data);
  ensureDirIn(data, dir, 0o700);
  if (names(data).length >= MAX_FILES) return false;
  const entry: SpoolEntry = {
    event,
    at: now,
    cwd: process.cwd(),
    ...(env.CLAUDE_PROJECT_DIR ? { projectDir: env.CLAUDE_PROJECT_DIR } : {}),
    input: redactDeep(input),
  };
  // Sortable names: the time, then the pid, then the event.
  const name = `${String(now).padStart(15, '0')}-${process.pid}-${event}.json`;
  writeFileAtomicIn(data, join(dir, name), JSON.stringify(entry), 0o600);
  return true;
}

/**
 * Runs every kept event through the usual hook (`node <pluginRoot>/dist/hook-core.cjs <Event>`),
 * oldest first, then removes it. Returns how many were replayed.
 */
export function replaySpool(opts: {
  data: string;
  pluginRoot: string;
  nativeDir: string;
  env?: NodeJS.ProcessEnv;
  now?: number;
}): number {
  const env = opts.env ?? process.env;
  const now = opts.now ?? Date.now();
  const dir = spoolDir(opts.data);
  const core = join(opts.pluginRoot, 'dist', 'hook-core.cjs');
  let done = 0;
  for (const name of names(opts.data)) {
    const file = join(dir, name);
    const text = readRegularText(file, { maxBytes: MAX_BYTES * 2 });
    unlinkIn(opts.data, file);
    let e: SpoolEntry;
    try {
      e = JSON.parse(text ?? '') as SpoolEntry;
    } catch {
      continue;
    }
    if (!e || typeof e.event !== 'string' || now - Number(e.at) > MAX_AGE_MS) continue;
    spawnSync(process.execPath, [core, e.event], {
      input: JSON.stringify(e.input),
      cwd: typeof e.cwd === 'string' && existsSync(e.cwd) ? e.cwd : opts.data,
      env: {
        ...env,
        SELF_GEN_NATIVE_DIR: opts.nativeDir,
        SELF_GEN_EVENT_TIME: String(e.at),
        ...(e.projectDir ? { CLAUDE_PROJECT_DIR: e.projectDir } : {}),
      },
      stdio: ['pipe', 'ignore', 'ignore'],
      timeout: 60_000,
    });
    done++;
  }
  return done;
}

/**
 * The fix policy's review of the fixes a replay learned: the worker's `fix-policy` job (what the
 * detached worker of a recorded session runs), here awaited, so the install is called ready only
 * once they are judged (until then a learned fix is withheld). The job judges only unjudged fixes.
 */
export function judgeReplayed(opts: {
  pluginRoot: string;
  nativeDir: string;
  env?: NodeJS.ProcessEnv;
}): void {
  const worker = join(opts.pluginRoot, 'dist', 'worker.js');
  if (!existsSync(worker)) return;
  spawnSync(process.execPath, [worker, 'fix-policy'], {
    cwd: opts.nativeDir,
    env: { ...(opts.env ?? process.env), SELF_GEN_NATIVE_DIR: opts.nativeDir },
    stdio: 'ignore',
    timeout: 60_000,
  });
}
