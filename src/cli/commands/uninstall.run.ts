// `self-gen uninstall`: removes exactly the hooks self-gen added; `--purge` also the recorded data.
import { createInterface } from 'node:readline/promises';
import { HOME_MARKER } from '../../common/home.js';
import { paths } from '../../common/paths.js';
import { getProjectPath } from '../../common/project.js';
import { stopDaemon } from '../../embed/index.js';
import { stopWarmServer } from '../../hook/host/server-client.js';
import { CliError } from '../errors.js';
import { uninstall } from '../install.js';
import { MCP_SERVER_NAME, uninstallMcp } from '../mcp-install.js';
import { planPurge, runPurge, type PurgePlan } from '../purge.js';

export interface UninstallOptions {
  project?: boolean;
  purge?: boolean;
  yes?: boolean;
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

function printMcpUninstall(m: ReturnType<typeof uninstallMcp>): void {
  if (m.status === 'removed') console.log(`${m.file}: MCP server "${MCP_SERVER_NAME}" removed`);
  else if (m.status === 'foreign')
    console.log(`${m.file}: the MCP server "${MCP_SERVER_NAME}" there is not ours; it was left as it is`);
}

const HOW = {
  original: 'your original file was restored byte for byte',
  deleted: 'the file did not exist before install and was removed',
  edited: 'our entries were removed; your other changes were kept',
  unchanged: 'no self-generation hooks were found',
  missing: 'the file does not exist (nothing to remove; it was not recreated)',
} as const;

async function purge(plan: PurgePlan): Promise<void> {
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
}

export async function runUninstall(_args: [], opts: UninstallOptions): Promise<void> {
  // Check the purge first: when it is refused, nothing is changed at all.
  const plan = opts.purge ? planPurge() : null;
  if (plan && plan.ours.length > 0 && !opts.yes) await confirmPurge(plan);
  const projectDir = getProjectPath(process.cwd());
  // --project: the machine-local file and the shared one (older versions wrote there).
  const scopes = opts.project ? (['local', 'project'] as const) : (['user'] as const);
  const results = scopes.map((scope) => uninstall(scope, { projectDir }));
  const shown = results.filter((r, i) => r.restored !== 'missing' || i === 0);
  for (const r of shown) console.log(`${r.settingsPath}: ${r.removed} hook(s) removed; ${HOW[r.restored]}`);
  if (!opts.project) printMcpUninstall(uninstallMcp());
  // The warm hook server keeps the hook code loaded: it goes with the hooks (a hook still
  // installed elsewhere starts it again on demand).
  const stopped = await stopWarmServer();
  if (stopped) console.log(`hook server stopped (pid ${stopped})`);
  if (plan) await purge(plan);
  else dataStays();
}

/** A word as the shell reads it back: bare when plain, else in single quotes. */
const shellWord = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

// Without --purge the recorded data stays: the last lines say where, and the exact command that
// deletes it (naming this data home when it is not the default one).
function dataStays(): void {
  let plan: PurgePlan;
  try {
    plan = planPurge();
  } catch (e) {
    const fix = e instanceof CliError && e.fix ? `; ${e.fix}` : '';
    console.log(`your data was not touched: ${paths().home}${fix}`);
    return;
  }
  if (plan.ours.length === 0) return;
  const home = process.env.SELF_GEN_HOME?.trim() ? `SELF_GEN_HOME=${shellWord(plan.home)} ` : '';
  console.log(
    `your data stays in ${plan.home} (${plan.ours.filter((e) => e !== HOME_MARKER).join(', ')})\n` +
      `to delete it too: ${home}self-gen uninstall --purge`,
  );
}
