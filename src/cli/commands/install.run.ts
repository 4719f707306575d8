// `self-gen install`: the hooks into Claude Code settings, and the MCP server (user scope).
import { spawnSync } from 'node:child_process';
import { getProjectPath } from '../../common/project.js';
import { CliError } from '../errors.js';
import { install, onPath } from '../install.js';
import { installMcp, MCP_SERVER_NAME } from '../mcp-install.js';
import { printWarning } from '../output.js';

export interface InstallOptions {
  project?: boolean;
  shared?: boolean;
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

function printMcpInstall(m: ReturnType<typeof installMcp>): void {
  if (m.status === 'foreign')
    printWarning(
      `note: ${m.file} already has another MCP server named "${MCP_SERVER_NAME}"; it was left as it is\n  fix: claude mcp remove --scope user ${MCP_SERVER_NAME}, then run self-gen install again`,
    );
  else if (m.status === 'unchanged') console.log(`MCP server "${MCP_SERVER_NAME}" already in ${m.file}`);
  else console.log(`MCP server "${MCP_SERVER_NAME}" ${m.status} in ${m.file} (user scope; see docs/mcp.md)`);
}

export function runInstall(_args: [], opts: InstallOptions): void {
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
}
