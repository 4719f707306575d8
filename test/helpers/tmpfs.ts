// Small tmpfs mounts for the full-disk tests. Mounting needs root (CI and this machine run as
// root); where it cannot be done, those tests are skipped.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let probed: boolean | undefined;

/** Whether a tmpfs can be mounted here (probed once per test file). */
export function canMountTmpfs(): boolean {
  if (probed !== undefined) return probed;
  probed = false;
  if (process.getuid?.() !== 0) return probed;
  try {
    const d = mkdtempSync(join(tmpdir(), 'sg-mnt-probe-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', d], { stdio: 'ignore' });
    execFileSync('umount', [d], { stdio: 'ignore' });
    rmdirSync(d);
    probed = true;
  } catch {
    probed = false;
  }
  return probed;
}

/** Mounts a tmpfs of `size` (e.g. '2m') on the folder `dir`. */
export function mountTmpfs(dir: string, size: string): void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
}
