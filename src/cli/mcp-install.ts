// Registering the MCP server the way `claude mcp add --scope user self-generation -- node <dist/mcp.js>`
// does: an entry `mcpServers["self-generation"] = { type: "stdio", command, args, env: {} }` in the
// user's Claude Code config (~/.claude.json, or $CLAUDE_CONFIG_DIR/.claude.json), every other key
// kept as it is. Uninstall takes out exactly that entry (only when it is ours).
import { existsSync, lstatSync, readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ensureHome, lstatOrNull, unlinkIn, writeFileAtomicIn } from '../common/safe-fs.js';
import { distFile } from '../common/dist.js';
import { isOurScript } from '../common/our-hooks.js';
import { installedPlugin, PLUGIN_NAME } from '../plugin/index.js';
import { CliError } from './errors.js';

export const MCP_SERVER_NAME = 'self-generation';

export interface McpServerEntry {
  type: 'stdio';
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** The user-scope Claude Code config file, where `claude mcp add --scope user` writes. */
export function claudeJsonPath(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.CLAUDE_CONFIG_DIR?.trim();
  return dir ? join(dir, '.claude.json') : join(env.HOME ?? '', '.claude.json');
}

export function mcpScriptPath(): string {
  return distFile('mcp.js');
}

export function mcpServerEntry(script = mcpScriptPath()): McpServerEntry {
  return { type: 'stdio', command: 'node', args: [script], env: {} };
}

/** Ours: `node <self-generation>/dist/mcp.js`, or `self-gen mcp`. */
export function isOurMcpEntry(v: unknown): boolean {
  if (!v || typeof v !== 'object') return false;
  const e = v as { command?: unknown; args?: unknown };
  const args = Array.isArray(e.args) ? e.args : [];
  if (e.command === 'self-gen' && args[0] === 'mcp' && args.length === 1) return true;
  return (
    e.command === 'node' &&
    args.length === 1 &&
    typeof args[0] === 'string' &&
    /[/\\]dist[/\\]mcp\.js$/.test(args[0]) &&
    isOurScript(args[0])
  );
}

type Json = Record<string, unknown>;

function readConfig(file: string): { text: string | null; obj: Json } {
  let st;
  try {
    st = lstatSync(file);
  } catch {
    return { text: null, obj: {} };
  }
  if (!st.isFile())
    throw new CliError(
      `${file} is not a regular file; the MCP server was not registered`,
      `move it aside, or register it by hand: claude mcp add --scope user ${MCP_SERVER_NAME} -- node "${mcpScriptPath()}"`,
    );
  const text = readFileSync(file, 'utf8');
  if (!text.trim()) return { text, obj: {} };
  let obj: unknown;
  try {
    obj = JSON.parse(text);
  } catch (e) {
    throw new CliError(
      `${file} is not valid JSON (${(e as Error).message}); it was not changed`,
      'fix the file by hand (Claude Code rewrites it when it starts), then run the command again',
    );
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj))
    throw new CliError(
      `${file} does not hold a JSON object; it was not changed`,
      'fix or move the file aside',
    );
  return { text, obj: obj as Json };
}

/**
 * The file actually written: ~/.claude.json itself, or — when it is a link to a regular file (dotfiles)
 * — its target, so the link stays (as for ~/.claude/settings.json). A link to anything else is refused.
 */
function realConfigFile(file: string): string {
  const st = lstatOrNull(file);
  if (!st || st.isFile()) return file;
  let real = '';
  if (st.isSymbolicLink()) {
    try {
      real = realpathSync(file);
    } catch {}
  }
  if (!real || !lstatOrNull(real)?.isFile())
    throw new CliError(
      `${file} is not a regular file (or a link to one); it was not changed`,
      'replace it with a regular file, or add the server by hand with `claude mcp add`',
    );
  return real;
}

/** Written through a temp file and a rename (Claude Code reads it at any time), mode 0600. */
function writeConfig(file: string, obj: Json): void {
  const real = realConfigFile(file);
  const dir = ensureHome(dirname(real), 0o700); // the user's home or CLAUDE_CONFIG_DIR: their own choice
  writeFileAtomicIn(dir, join(dir, basename(real)), JSON.stringify(obj, null, 2), 0o600);
}

export interface McpInstallResult {
  file: string;
  status: 'added' | 'updated' | 'unchanged' | 'foreign';
}

/** Adds (or refreshes) our entry in mcpServers. A different server under our name is left alone. */
export function installMcp(env: NodeJS.ProcessEnv = process.env, script = mcpScriptPath()): McpInstallResult {
  const file = claudeJsonPath(env);
  const { obj } = readConfig(file);
  const servers = obj.mcpServers && typeof obj.mcpServers === 'object' ? (obj.mcpServers as Json) : {};
  const cur = servers[MCP_SERVER_NAME];
  const want = mcpServerEntry(script);
  if (cur !== undefined && !isOurMcpEntry(cur)) return { file, status: 'foreign' };
  if (cur !== undefined && JSON.stringify(cur) === JSON.stringify(want)) return { file, status: 'unchanged' };
  obj.mcpServers = { ...servers, [MCP_SERVER_NAME]: want };
  writeConfig(file, obj);
  return { file, status: cur === undefined ? 'added' : 'updated' };
}

export interface McpUninstallResult {
  file: string;
  status: 'removed' | 'absent' | 'foreign';
}

/** Removes exactly our entry; the file is deleted only when nothing else was ever in it. */
export function uninstallMcp(env: NodeJS.ProcessEnv = process.env): McpUninstallResult {
  const file = claudeJsonPath(env);
  if (!existsSync(file)) return { file, status: 'absent' };
  const { obj } = readConfig(file);
  const servers = obj.mcpServers && typeof obj.mcpServers === 'object' ? (obj.mcpServers as Json) : null;
  if (!servers || !(MCP_SERVER_NAME in servers)) return { file, status: 'absent' };
  if (!isOurMcpEntry(servers[MCP_SERVER_NAME])) return { file, status: 'foreign' };
  delete servers[MCP_SERVER_NAME];
  const keys = Object.keys(obj);
  if (keys.length === 1 && keys[0] === 'mcpServers' && Object.keys(servers).length === 0) {
    // The file held nothing but our entry (install created it): take it away again.
    unlinkIn(dirname(file), file); // the entry itself, never a link's target
  } else writeConfig(file, obj);
  return { file, status: 'removed' };
}

export interface McpCheck {
  level: 'ok' | 'warn' | 'info';
  message: string;
  fix?: string;
}

/** For `self-gen doctor`: is the MCP server registered at user scope, and does its script exist? */
export function mcpStatus(env: NodeJS.ProcessEnv = process.env): McpCheck {
  const file = claudeJsonPath(env);
  let entry: unknown;
  try {
    const servers = readConfig(file).obj.mcpServers as Json | undefined;
    entry = servers && typeof servers === 'object' ? servers[MCP_SERVER_NAME] : undefined;
  } catch (e) {
    return { level: 'warn', message: (e as Error).message, fix: (e as CliError).fix };
  }
  if (entry === undefined && installedPlugin(env).length > 0)
    return {
      level: 'ok',
      message: `provided by the plugin (its .mcp.json): tools mcp__plugin_${PLUGIN_NAME}_${MCP_SERVER_NAME}__*`,
    };
  if (entry === undefined)
    return {
      level: 'info',
      message: `not registered in ${file} (the plugin declares it in its .mcp.json)`,
      fix: 'self-gen install (or: claude mcp add --scope user self-generation -- self-gen mcp)',
    };
  if (!isOurMcpEntry(entry))
    return {
      level: 'warn',
      message: `${file} has another MCP server named "${MCP_SERVER_NAME}"`,
      fix: `claude mcp remove --scope user ${MCP_SERVER_NAME}, then self-gen install`,
    };
  const args = (entry as { args?: unknown[] }).args ?? [];
  const script = typeof args[0] === 'string' && args[0] !== 'mcp' ? args[0] : null;
  if (script && !existsSync(script))
    return {
      level: 'warn',
      message: `registered in ${file}, but ${script} does not exist`,
      fix: 'self-gen install (registers this installation) or npm run build',
    };
  return { level: 'ok', message: `registered in ${file} (${script ?? 'self-gen mcp'})` };
}
