// Opens the dashboard in the user's browser with the platform's opener when there is one (never
// fails: without an opener the URL printed by `self-gen ui` is what the user opens). The opener is
// given the path of a launcher page (0600 in the data home's 0700 run folder) that redirects to a
// one-time login address: no secret is in the opener's argv (`ps` shows it to every local user)
// or its environment.
import { spawnDetached } from '../common/process.js';
import { ensureHomeDir, unlinkIn, writeFileAtomicIn } from '../common/safe-fs.js';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

function onPath(cmd: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, cmd);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {}
  }
  return null;
}

/** The opener command for this platform, or null when none is installed. */
export function opener(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): { cmd: string; args: string[] } | null {
  if (platform === 'darwin') return onPath('open', env) ? { cmd: 'open', args: [] } : null;
  if (platform === 'win32') return { cmd: 'cmd', args: ['/c', 'start', '""'] };
  for (const c of ['xdg-open', 'wslview', 'gio']) {
    const f = onPath(c, env);
    if (f) return { cmd: f, args: c === 'gio' ? ['open'] : [] };
  }
  return null;
}

/** Starts the opener detached on `target` (a URL or a file); true when one was started. */
export function openBrowser(target: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const o = opener(process.platform, env);
  if (!o) return false;
  return spawnDetached(o.cmd, [...o.args, target], { env });
}

/** Where the launcher page of the dashboard on `port` is written. */
export function launcherPath(runDir: string, port: number): string {
  return join(runDir, `ui-${port}.html`);
}

/** Writes the launcher page (0600) that sends the browser to `loginUrl`; returns its path. */
export function writeLauncher(home: string, runDir: string, port: number, loginUrl: string): string {
  ensureHomeDir(home, runDir, 0o700);
  const file = launcherPath(runDir, port);
  // loginUrl is http://127.0.0.1:<port>/login?code=<base64url>: nothing in it needs escaping.
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">' +
    `<meta http-equiv="refresh" content="0;url=${loginUrl}"><title>self-generation</title></head>` +
    `<body><p><a href="${loginUrl}">Open the self-generation dashboard</a></p></body></html>\n`;
  writeFileAtomicIn(home, file, html, 0o600);
  return file;
}

/** Removes the launcher page (when the dashboard stops). */
export function removeLauncher(home: string, runDir: string, port: number): void {
  try {
    unlinkIn(home, launcherPath(runDir, port));
  } catch {}
}
