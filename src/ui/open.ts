// Opens a URL in the user's browser with the platform's opener when there is one (never fails:
// without an opener the URL printed by `self-gen ui` is what the user opens).
import { spawnDetached } from '../common/process.js';
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

/** Starts the opener detached; true when one was started. */
export function openBrowser(url: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const o = opener(process.platform, env);
  if (!o) return false;
  return spawnDetached(o.cmd, [...o.args, url], { env });
}
