// Health checks for `self-gen doctor` / `status`: the core checks here, then each part's (src/parts).
import { accessSync, constants, existsSync, statfsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { paths } from '../common/paths.js';
import { loadConfig } from '../common/config.js';
import { inspectDbFile, isCorruptError, openDb, type DB } from '../db/db.js';
import { spillDir, spilledCount } from '../db/events/spill.js';
import { describeJobFailure, jobFailures } from '../db/job-failures.js';
import { pendingNotices, readNeedsCheck } from '../db/recovery-log.js';
import { readRejections, rejectLogFile } from '../hook/runtime/reject-log.js';
import { installedHooks, onPath, settingsPath } from './install.js';
import { installedPlugin, pluginChecks } from '../plugin/index.js';
import { loadChecks } from '../parts/index.js';
import type { CheckContext, CheckResult, Level } from '../hook/contract/part.js';
import { databaseCheck, dbFailure, mb, REPAIR_FIX } from './db-checks.js';
import { hookServerCheck } from './hook-switch.js';
import { mcpStatus } from './mcp-install.js';

export type { Check, CheckContext, CheckResult, Level } from '../hook/contract/part.js';

function installCheck(ctx: CheckContext): CheckResult[] {
  const out: CheckResult[] = [];
  const files = [
    settingsPath('user', { env: ctx.env }),
    settingsPath('project', { projectDir: ctx.projectDir }),
    settingsPath('local', { projectDir: ctx.projectDir }),
  ];
  let found = 0;
  for (const f of files) {
    const { events, scripts, portable } = installedHooks(f);
    if (events.length === 0) continue;
    found++;
    out.push({
      name: 'hooks',
      level: 'ok',
      message: `${events.length} hooks installed in ${f} (${[...new Set(events)].join(', ')})`,
    });
    if (portable && !onPath('self-gen', ctx.env)) {
      out.push({
        name: 'hooks',
        level: 'error',
        message: `${f} runs \`self-gen hook …\`, but self-gen is not on PATH: those hooks do nothing here`,
        fix: 'npm install -g self-generation (or npm link in the self-generation folder)',
      });
    }
    for (const s of scripts) {
      if (!existsSync(s)) {
        out.push({
          name: 'hooks',
          level: 'error',
          message: `the hook script ${s} named in ${f} does not exist`,
          fix: 'run `npm run build` in the self-generation folder, then `self-gen install` again',
        });
      }
    }
  }
  const plugin = pluginChecks(ctx.env);
  out.push(...plugin);
  if (found > 0 && installedPlugin(ctx.env).length > 0) {
    out.push({
      name: 'hooks',
      level: 'warn',
      message: 'the plugin and hooks in settings.json are both installed: every event is recorded twice',
      fix: 'keep one: `self-gen uninstall` (keeps the plugin) or `claude plugin uninstall self-generation@self-generation`',
    });
  }
  if (found === 0 && plugin.length === 0) {
    out.push({
      name: 'hooks',
      level: 'warn',
      message: 'no self-generation hooks are installed',
      fix: 'run `self-gen install`',
    });
  }
  return out;
}

/** The nearest existing ancestor of `path` (itself when it exists), with what it is. */
function nearestExisting(path: string): { path: string; isDir: boolean } | null {
  let cur = resolve(path);
  for (;;) {
    try {
      return { path: cur, isDir: statSync(cur).isDirectory() };
    } catch {}
    const up = dirname(cur);
    if (up === cur) return null;
    cur = up;
  }
}

function homeCheck(ctx: CheckContext): CheckResult[] {
  const p = paths(ctx.env);
  if (!existsSync(p.home)) {
    const base = nearestExisting(p.home);
    if (base && !base.isDir) {
      return [
        {
          name: 'data home',
          level: 'error',
          message: `${p.home} cannot be created: ${base.path} is a file, not a folder (hooks record nothing; they still exit 0)`,
          fix: `point SELF_GEN_HOME at a folder (or unset it for ~/.self-generation), or move ${base.path} away`,
        },
      ];
    }
    return [
      {
        name: 'data home',
        level: 'info',
        message: `${p.home} does not exist yet (created by the first hook)`,
      },
    ];
  }
  const out: CheckResult[] = [];
  try {
    accessSync(p.home, constants.W_OK);
  } catch {
    out.push({
      name: 'data home',
      level: 'error',
      message: `${p.home} is not writable: hooks cannot record anything (they still exit 0)`,
      fix: `make it writable (chmod u+w ${p.home}; or remount the disk read-write), or point SELF_GEN_HOME elsewhere`,
    });
  }
  try {
    const fs = statfsSync(p.home);
    const free = fs.bavail * fs.bsize;
    if (free < 16 * 1024 * 1024) {
      out.push({
        name: 'disk',
        level: free < 1024 * 1024 ? 'error' : 'warn',
        message: `only ${mb(free)} free on the disk of ${p.home}: events cannot be stored when it is full`,
        fix: 'free disk space (or point SELF_GEN_HOME at another disk); recording resumes by itself',
      });
    }
  } catch {}
  const mode = statSync(p.home).mode & 0o777;
  if (mode & 0o077) {
    out.push({
      name: 'data home',
      level: 'warn',
      message: `${p.home} is readable by others (mode ${mode.toString(8)})`,
      fix: `chmod 700 ${p.home}`,
    });
  }
  if (out.length === 0) out.push({ name: 'data home', level: 'ok', message: p.home });
  return out;
}

function configCheck(ctx: CheckContext): CheckResult[] {
  const c = loadConfig(ctx.env);
  if (c.problems.length === 0) {
    return [
      { name: 'config', level: 'ok', message: existsSync(c.path) ? c.path : `${c.path} (absent: defaults)` },
    ];
  }
  return c.problems.map((m) => ({
    name: 'config',
    level: 'warn' as Level,
    message: m,
    fix: `edit ${c.path}`,
  }));
}

/** Hook calls in the last week that did nothing because their input could not be used. */
const REJECT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
function hookInputCheck(ctx: CheckContext, now = Date.now()): CheckResult[] {
  const recent = readRejections(ctx.env).filter((r) => now - Date.parse(r.ts) < REJECT_WINDOW_MS);
  const last = recent.at(-1);
  if (!last) return [];
  const file = rejectLogFile(ctx.env);
  return [
    {
      name: 'hook input',
      level: 'warn',
      message: `${recent.length} hook call(s) did nothing this week because their input could not be used; the last at ${last.ts}${last.event ? ` (event argument ${last.event})` : ''}: ${last.reason}; see ${file}`,
      fix: `if your hook commands were edited by hand, run \`self-gen install\` to rewrite them (a hook run by hand needs Claude Code's JSON payload on stdin); delete ${file} to clear this notice`,
    },
  ];
}

/** Events kept outside the data folder because it could not be written (spill.ts). */
function spillCheck(ctx: CheckContext): CheckResult[] {
  const n = spilledCount(ctx.env);
  if (n <= 0) return [];
  const p = paths(ctx.env);
  return [
    {
      name: 'queue',
      level: 'warn',
      message: `${n} event(s) could not be written to ${p.dataDir} (read-only or full) and wait in ${spillDir(ctx.env)}; the first hook after it is writable again stores them`,
      fix: `make ${p.dataDir} writable (chmod u+w, or remount the disk read-write; free space if it is full); the events are kept until then`,
    },
  ];
}

/** Background jobs (analysis, embeddings, team sync) failing now, each with its fix (job-failures.ts). */
function jobsCheck(ctx: CheckContext): CheckResult[] {
  if (!ctx.db) return [];
  return jobFailures(ctx.db).map((f) => ({
    name: 'background jobs',
    level: 'warn' as const,
    message: describeJobFailure(f),
    fix: f.fix,
  }));
}

function recoveryCheck(ctx: CheckContext): CheckResult[] {
  const p = paths(ctx.env);
  const out: CheckResult[] = [];
  for (const n of pendingNotices(p).slice(-5)) {
    if (n.kind === 'rebuilt') {
      out.push({
        name: 'recovery',
        level: 'warn',
        message: `a damaged full-text index was rebuilt at ${n.ts} (${(n.rebuilt ?? []).join(', ')}); nothing was lost`,
        fix: 'nothing to do; `self-gen repair --ack` clears this notice',
      });
      continue;
    }
    const copied = n.salvaged ? Object.values(n.salvaged).reduce((a, b) => a + b, 0) : 0;
    out.push({
      name: 'recovery',
      level: 'error',
      message: `the database was moved aside at ${n.ts} to ${n.movedTo} (${n.reason}); ${n.salvaged ? `${copied} readable row(s) were copied into the fresh database` : 'a fresh database was started'}; see ${p.recoveryLog}`,
      fix: `inspect or delete ${n.movedTo} (sqlite3 .recover may get more out of it), then run \`self-gen repair --ack\``,
    });
  }
  const flag = readNeedsCheck(p);
  if (flag) {
    out.push({
      name: 'recovery',
      level: 'error',
      message: `a damaged database was reported${flag.ts ? ` at ${flag.ts}` : ''} (${flag.reason ?? 'unknown'}); the background check has not repaired it yet`,
      fix: 'run `self-gen repair` now (or wait for the check after the next session)',
    });
  }
  return out;
}

/** Runs one check; a check that throws becomes an error line instead of a crash. */
async function guarded(
  name: string,
  fn: () => CheckResult[] | Promise<CheckResult[]>,
): Promise<CheckResult[]> {
  try {
    return await fn();
  } catch (e) {
    return [
      {
        name,
        level: 'error',
        message: `this check could not run: ${String((e as Error)?.message ?? e).split('\n')[0]}`,
        fix: isCorruptError(e)
          ? REPAIR_FIX
          : 'run `self-gen doctor` again; if this stays, report it with this line',
      },
    ];
  }
}

export async function runChecks(
  opts: { env?: NodeJS.ProcessEnv; projectDir?: string; deep?: boolean } = {},
): Promise<CheckResult[]> {
  const env = opts.env ?? process.env;
  const results: CheckResult[] = [];
  const major = Number(process.versions.node.split('.')[0]);
  results.push(
    major >= 20
      ? { name: 'node', level: 'ok', message: `Node.js ${process.versions.node}` }
      : {
          name: 'node',
          level: 'error',
          message: `Node.js ${process.versions.node} is too old`,
          fix: 'install Node.js 20 or newer',
        },
  );
  const bare: CheckContext = { env, projectDir: '', db: null, deep: false };
  results.push(...(await guarded('data home', () => homeCheck(bare))));
  results.push(...(await guarded('config', () => configCheck(bare))));
  results.push(...(await guarded('recovery', () => recoveryCheck(bare))));
  results.push(...(await guarded('hook input', () => hookInputCheck(bare))));
  results.push(...(await guarded('queue', () => spillCheck(bare))));
  const p = paths(env);
  let db: DB | null = null;
  let opened = true;
  if (inspectDbFile(p.db) !== 'absent') {
    try {
      db = openDb({ env, mustExist: true, busyTimeoutMs: 3000 });
    } catch (e) {
      opened = false;
      results.push(dbFailure(p.db, 'opening it', e));
    }
  }
  const ctx: CheckContext = {
    env,
    projectDir: opts.projectDir ?? process.cwd(),
    db,
    deep: opts.deep ?? false,
  };
  if (opened) results.push(...(await guarded('database', () => databaseCheck(ctx))));
  results.push(...(await guarded('background jobs', () => jobsCheck(ctx))));
  results.push(...(await guarded('hooks', () => installCheck(ctx))));
  for (const { part, check } of await loadChecks()) results.push(...(await guarded(part, () => check(ctx))));
  results.push(...(await guarded('mcp server', () => [{ name: 'mcp server', ...mcpStatus(env) }])));
  results.push(...(await guarded('hook server', () => hookServerCheck(ctx))));
  try {
    db?.close();
  } catch {}
  return results;
}
