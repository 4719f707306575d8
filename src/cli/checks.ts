// Health checks for `self-gen doctor` / `status`. Parts add their own with registerCheck().
import { accessSync, constants, existsSync, readFileSync, statfsSync, statSync } from 'node:fs';
import { paths } from '../shared/paths.js';
import { loadConfig } from '../store/config.js';
import { dbSizeBytes, ensureVec, openDb, type DB } from '../store/db.js';
import { queuedCount } from '../store/events.js';
import { SCHEMA_VERSION } from '../store/schema.js';
import { installedHooks, onPath, settingsPath } from './install.js';

export type Level = 'ok' | 'warn' | 'error' | 'info';
export interface CheckResult {
  name: string;
  level: Level;
  message: string;
  fix?: string;
}
export interface CheckContext {
  env: NodeJS.ProcessEnv;
  projectDir: string;
  /** Null when the database could not be opened (see the database check). */
  db: DB | null;
  deep: boolean;
}
export type Check = (ctx: CheckContext) => CheckResult[] | Promise<CheckResult[]>;

const extra: Check[] = [];
export function registerCheck(check: Check): void {
  extra.push(check);
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

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
  if (found === 0) {
    out.push({
      name: 'hooks',
      level: 'warn',
      message: 'no self-generation hooks are installed',
      fix: 'run `self-gen install`',
    });
  }
  return out;
}

function homeCheck(ctx: CheckContext): CheckResult[] {
  const p = paths(ctx.env);
  if (!existsSync(p.home)) {
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

function recoveryCheck(ctx: CheckContext): CheckResult[] {
  const p = paths(ctx.env);
  if (!existsSync(p.recoveryLog)) return [];
  const lines = readFileSync(p.recoveryLog, 'utf8').trim().split('\n').filter(Boolean);
  return lines.slice(-5).map((l) => {
    let e: { ts?: string; movedTo?: string; reason?: string } = {};
    try {
      e = JSON.parse(l) as typeof e;
    } catch {}
    return {
      name: 'recovery',
      level: 'warn' as Level,
      message: `a corrupt database was moved aside at ${e.ts} to ${e.movedTo} (${e.reason}); a fresh one was created`,
      fix: `inspect or delete ${e.movedTo}; then remove ${p.recoveryLog} to clear this notice`,
    };
  });
}

async function databaseCheck(ctx: CheckContext): Promise<CheckResult[]> {
  const p = paths(ctx.env);
  if (!ctx.db) {
    return existsSync(p.db)
      ? [
          {
            name: 'database',
            level: 'error',
            message: `${p.db} cannot be opened`,
            fix: 'see the recovery notes above, or move the file aside',
          },
        ]
      : [
          {
            name: 'database',
            level: 'info',
            message: `${p.db} does not exist yet (created by the first hook)`,
          },
        ];
  }
  const db = ctx.db;
  const out: CheckResult[] = [];
  const version = db.pragma('user_version', { simple: true }) as number;
  const events = (db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
  const last = db.prepare('SELECT ts, type FROM events ORDER BY id DESC LIMIT 1').get() as
    { ts: string; type: string } | undefined;
  out.push({
    name: 'database',
    level: 'ok',
    message: `${p.db}: ${mb(dbSizeBytes(ctx.env))}, schema v${version}/${SCHEMA_VERSION}, ${events} events${last ? `, last ${last.type} at ${last.ts}` : ''}`,
  });
  const mode = statSync(p.db).mode & 0o777;
  if (mode & 0o077)
    out.push({
      name: 'database',
      level: 'warn',
      message: `${p.db} has mode ${mode.toString(8)}`,
      fix: `chmod 600 ${p.db}`,
    });
  const check = ctx.deep ? 'integrity_check' : 'quick_check';
  const res = db.pragma(check) as Record<string, string>[];
  const first = res[0] ? Object.values(res[0])[0] : 'ok';
  if (first !== 'ok') {
    out.push({
      name: 'database',
      level: 'error',
      message: `${check} failed: ${first}`,
      fix: `move ${p.db} aside (the next hook creates a fresh one), or restore it with sqlite3 .recover`,
    });
  }
  const vec = await ensureVec(db);
  out.push(
    vec
      ? { name: 'sqlite-vec', level: 'ok', message: 'loaded; vector search available' }
      : {
          name: 'sqlite-vec',
          level: 'warn',
          message: 'sqlite-vec could not be loaded: only text search tiers work',
          fix: 'reinstall: npm install (sqlite-vec ships its binary in the npm package)',
        },
  );
  const queued = queuedCount(ctx.env);
  if (queued > 0) {
    out.push({
      name: 'queue',
      level: 'warn',
      message: `${queued} event(s) wait in ${p.queueDir} (the database was locked); the next hook stores them`,
      fix: 'nothing to do unless the number keeps growing: then look for a process holding the database',
    });
  }
  return out;
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
  results.push(...homeCheck({ env, projectDir: '', db: null, deep: false }));
  results.push(...configCheck({ env, projectDir: '', db: null, deep: false }));
  results.push(...recoveryCheck({ env, projectDir: '', db: null, deep: false }));
  let db: DB | null = null;
  if (existsSync(paths(env).db)) {
    try {
      db = openDb({ env, mustExist: true, busyTimeoutMs: 3000 });
    } catch (e) {
      results.push({
        name: 'database',
        level: 'error',
        message: `${paths(env).db} cannot be opened: ${(e as Error).message}`,
        fix: 'the next hook moves a corrupt file aside and creates a fresh database; or move it aside now',
      });
    }
  }
  const ctx: CheckContext = {
    env,
    projectDir: opts.projectDir ?? process.cwd(),
    db,
    deep: opts.deep ?? false,
  };
  if (db || !existsSync(paths(env).db)) results.push(...(await databaseCheck(ctx)));
  results.push(...installCheck(ctx));
  for (const c of extra) {
    try {
      results.push(...(await c(ctx)));
    } catch (e) {
      results.push({
        name: 'check',
        level: 'error',
        message: `a check failed to run: ${(e as Error).message}`,
      });
    }
  }
  db?.close();
  return results;
}
