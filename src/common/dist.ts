// Locating the built entries (dist/hook.cjs, dist/worker.js, dist/daemon.js) from any bundle or chunk:
// code may run from dist/, from dist/chunks/, or from sources in tests.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export function distFile(name: string, from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (let i = 0; i < 4; i++) {
    const direct = join(dir, name);
    if (existsSync(direct)) return direct;
    const inDist = join(dir, 'dist', name);
    if (existsSync(inDist)) return inDist;
    dir = dirname(dir);
  }
  // Not built: the path it would have (callers report a missing file clearly).
  return resolve(dirname(fileURLToPath(from)), '..', '..', 'dist', name);
}
