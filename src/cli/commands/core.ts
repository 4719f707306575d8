// Core commands: install, uninstall, status, doctor, events, prune.
import type { Command } from 'commander';
import { spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline/promises';
import { paths } from '../../common/paths.js';
import { loadConfig } from '../../common/config.js';
import { openDb } from '../../db/db.js';
import { queryEvents } from '../../db/events/read.js';
import { getProjectPath } from '../../common/project.js';
import { pruneEvents } from '../../db/retention.js';
import { runChecks, type CheckResult } from '../checks.js';
import { CliError } from '../errors.js';
import { openForReading } from '../read-db.js';
import { install, onPath, uninstall } from '../install.js';
import { installMcp, MCP_SERVER_NAME, uninstallMcp } from '../mcp-install.js';
import { printWarning } from '../output.js';
import { planPurge, runPurge, type PurgePlan } from '../purge.js';
import { stopDaemon } from '../../embed/client.js';
import { enumOption, EVENT_TYPES, intOption, sinceOption } from '../options.js';

const MARK: Record<CheckResult['level'], string> = { ok: '✓', warn: '!', error: '✗', info: '·' };

export function printChecks(
  results: CheckResult[],
  write: (s: string) => void = (s) => process.stdout.write(s),
): void {
  for (const r of results) {
    write(`${MARK[r.level]} ${r.name}: ${r.message}\n`);
    if (r.fix && r.level !== 'ok') write(`    fix: ${r.fix}\n`);
  }
}

/** Does git ignore `file` in `projectDir`? True when it cannot tell (no git, not a repository). */
function gitIgnores(projectDir: string, file: string): boolean {
  const r = spawnSync('git', ['check-ignore', '-q', file], {
    cwd: projectDir,
    stdio: 'ignore',
    timeout: 3000,
  });
  // 0: ignored, 1: not ignored, 128 / error: no git or not a repository.
  return r.status !== 1;
}

/** Asks on the terminal; refuses (with the fix) when there is none to ask on. */
async function confirmPurge(plan: PurgePlan): Promise<void> {
  if (!process.stdin.isTTY || !process.stderr.isTTY) {
    throw new CliError(
      `--purge deletes ${plan.home} (${plan.ours.join(', ')}) and needs a confirmation, but there is no terminal to ask on; nothing was changed`,
      'run it in a terminal, or add --yes: self-gen uninstall --purge --yes',
    );
  }
  // The question goes to stderr: stdout is filtered for stored text (output.ts) and may be piped.
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const extra = plan.others.length ? ` (kept: ${plan.others.join(', ')})` : '';
    const a = await rl.question(
      `delete ${plan.ours.join(', ')} in ${plan.home}${extra}? this cannot be undone [y/N] `,
    );
    if (!/^y(es)?$/i.test(a.trim()))
      throw new CliError('not confirmed: nothing was changed', 'answer y to delete, or leave out --purge', 1);
  } finally {
    rl.close();
  }
}

function printMcpInstall(m: ReturnType<typeof installMcp>): void {
  if (m.status === 'foreign')
    printWarning(
      `note: ${m.file} already has another MCP server named "${MCP_SERVER_NAME}"; it was left as it is\n  fix: claude mcp remove --scope user ${MCP_SERVER_NAME}, then run self-gen install again`,
    );
  else if (m.status === 'unchanged') console.log(`MCP server "${MCP_SERVER_NAME}" already in ${m.file}`);
  else console.log(`MCP server "${MCP_SERVER_NAME}" ${m.status} in ${m.file} (user scope; see docs/mcp.md)`);
}

function printMcpUninstall(m: ReturnType<typeof uninstallMcp>): void {
  if (m.status === 'removed') console.log(`${m.file}: MCP server "${MCP_SERVER_NAME}" removed`);
  else if (m.status === 'foreign')
    console.log(`${m.file}: the MCP server "${MCP_SERVER_NAME}" there is not ours; it was left as it is`);
}

export function registerCore(program: Command): void {
  program
    .command('install')
    .description(
      'add the self-generation hooks to Claude Code settings (idempotent; keeps your own hooks; keeps a copy of the file)',
    )
    .option(
      '--project',
      'install for this project only, on this machine: .claude/settings.local.json (not committed; Claude Code reads it like settings.json)',
    )
    .option(
      '--shared',
      'with --project: write into the shared .claude/settings.json instead, with the portable command `self-gen hook <Event>` (every user needs self-gen on PATH)',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  self-gen install\n  self-gen install --project\n  self-gen install --project --shared   # for a team: needs `npm i -g self-generation` on every machine',
    )
    .action((opts: { project?: boolean; shared?: boolean }) => {
      if (opts.shared && !opts.project)
        throw new CliError('--shared goes with --project', 'self-gen install --project --shared');
      const scope = opts.project ? (opts.shared ? 'project' : 'local') : 'user';
      const projectDir = getProjectPath(process.cwd());
      const r = install(scope, { projectDir });
      if (!r.changed) {
        console.log(`already installed: ${r.hooks} hooks in ${r.settingsPath} (nothing changed)`);
      } else {
        console.log(`installed ${r.hooks} hooks into ${r.settingsPath}`);
        if (r.backup) console.log(`previous file saved as ${r.backup}`);
        console.log('new Claude Code sessions use them; check with `self-gen doctor`');
      }
      if (scope === 'user') printMcpInstall(installMcp());
      if (scope === 'local' && !gitIgnores(projectDir, r.settingsPath))
        printWarning(
          `note: git does not ignore ${r.settingsPath}; it names this machine's path, so keep it out of commits\n  fix: add .claude/settings.local.json to ${projectDir}/.gitignore`,
        );
      if (scope === 'project' && !onPath('self-gen'))
        printWarning(
          'note: `self-gen` is not on PATH here, so these hooks do nothing until it is\n  fix: npm install -g self-generation (or npm link in the self-generation folder)',
        );
    });

  program
    .command('uninstall')
    .description('remove exactly the hooks self-gen added (restores your settings file when untouched since)')
    .option(
      '--project',
      'uninstall from this project (.claude/settings.local.json and .claude/settings.json)',
    )
    .option(
      '--purge',
      `also delete the recorded data: our own entries in the data home (${paths().home}), only when it is recognisably ours`,
    )
    .option('-y, --yes', 'with --purge: do not ask for confirmation (needed when not on a terminal)')
    .addHelpText(
      'after',
      '\nExamples:\n  self-gen uninstall\n  self-gen uninstall --purge\n  self-gen uninstall --purge --yes   # scripts: no question asked',
    )
    .action(async (opts: { project?: boolean; purge?: boolean; yes?: boolean }) => {
      // Check the purge first: when it is refused, nothing is changed at all.
      const plan = opts.purge ? planPurge() : null;
      if (plan && plan.ours.length > 0 && !opts.yes) await confirmPurge(plan);
      const projectDir = getProjectPath(process.cwd());
      // --project: the machine-local file and the shared one (older versions wrote there).
      const scopes = opts.project ? (['local', 'project'] as const) : (['user'] as const);
      const results = scopes.map((scope) => uninstall(scope, { projectDir }));
      const shown = results.filter((r, i) => r.restored !== 'missing' || i === 0);
      for (const r of shown) {
        const how = {
          original: 'your original file was restored byte for byte',
          deleted: 'the file did not exist before install and was removed',
          edited: 'our entries were removed; your other changes were kept',
          unchanged: 'no self-generation hooks were found',
          missing: 'the file does not exist (nothing to remove; it was not recreated)',
        }[r.restored];
        console.log(`${r.settingsPath}: ${r.removed} hook(s) removed; ${how}`);
      }
      if (!opts.project) printMcpUninstall(uninstallMcp());
      if (!plan) return;
      if (plan.ours.length === 0) {
        console.log(`nothing to delete: ${plan.home} does not exist or holds no self-generation data`);
        return;
      }
      await stopDaemon().catch(() => false);
      const done = runPurge(plan);
      console.log(
        done.keptFolder
          ? `deleted ${done.deleted.join(', ')} in ${plan.home}; kept the folder and what else it holds (${plan.others.join(', ') || 'nothing'})`
          : `deleted ${plan.home}`,
      );
    });

  const statusAction = (deep: boolean) => async (opts: { json?: boolean }) => {
    const results = await runChecks({ projectDir: getProjectPath(process.cwd()), deep });
    if (opts.json) console.log(JSON.stringify(results, null, 2));
    else printChecks(results);
    if (deep && results.some((r) => r.level === 'error')) process.exitCode = 1;
  };
  program
    .command('status')
    .description('what is installed, database size and health, model and daemon')
    .option('--json', 'machine-readable output')
    .action(statusAction(false));
  program
    .command('doctor')
    .description('check everything (full integrity check) and print a fix for each problem; exit 1 on errors')
    .option('--json', 'machine-readable output')
    .action(statusAction(true));

  program
    .command('events')
    .description('list recorded events, newest first')
    .option('-t, --type <type>', `event type (${EVENT_TYPES.join(', ')})`, enumOption(EVENT_TYPES))
    .option('-s, --session <id>', 'only this session')
    .option('-p, --project <name>', 'only this project (name)')
    .option(
      '--since <when>',
      'only events at or after this time: ISO date/time (2026-11-20, 2026-11-20T08:00Z) or 90m, 12h, 7d, 2w ago',
      sinceOption(),
    )
    .option('-q, --search <text>', 'full-text search')
    .option('-n, --limit <n>', 'how many (1 to 10000)', intOption(1, 10000), 20)
    .option('--json', 'print JSON lines')
    .addHelpText(
      'after',
      '\nExamples:\n  self-gen events -t tool_error -n 5\n  self-gen events -q "cannot find module"',
    )
    .action(
      (o: {
        type?: string;
        session?: string;
        project?: string;
        since?: string;
        search?: string;
        limit: number;
        json?: boolean;
      }) => {
        const db = openForReading();
        const rows = queryEvents(db, {
          type: o.type,
          sessionId: o.session,
          project: o.project,
          since: o.since,
          search: o.search,
          limit: o.limit,
        });
        for (const r of rows) {
          if (o.json) console.log(JSON.stringify(r));
          else
            console.log(
              `${r.ts}  ${r.type.padEnd(15)} ${r.project ?? '-'}  ${JSON.stringify(r.data).slice(0, 160)}`,
            );
        }
        if (!o.json && rows.length === 0) console.log('no events match');
        db.close();
      },
    );

  program
    .command('prune')
    .description(
      'apply retention now: delete events older than retentionDays and keep the database under maxDbMb',
    )
    .addHelpText('after', '\nExample:\n  self-gen prune')
    .action(() => {
      const db = openDb({ busyTimeoutMs: 10000 });
      const r = pruneEvents(db, loadConfig(), process.env, { force: true });
      console.log(
        `deleted ${r.deletedByAge} event(s) past retention and ${r.deletedBySize} for the size cap`,
      );
      db.close();
    });

  program
    .command('hook <event>')
    .description(
      'run a hook (reads the Claude Code payload on stdin); the installed hooks call dist/hook.cjs directly',
    );
}
