// Vitest globalSetup of the projects that run the built code (integration, e2e, reliability): builds
// dist/ once, before any test file starts, when it is missing. No test file builds dist/ itself: a
// rebuild swaps the folder, and a file running beside it would meet `Cannot find module …/dist/…`.
// (`npm test` builds first; this covers `npx vitest run <file>` on a fresh clone.)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './env.js';

/** The entries the tests start. */
export const DIST_ENTRIES = ['hook.cjs', 'hook.js', 'cli.js', 'worker.js', 'hook-server.js'].map((f) =>
  join(ROOT, 'dist', f),
);

/** Throws a clear error when dist/ is not built (the global setup builds it before the run). */
export function requireDist(): void {
  const missing = DIST_ENTRIES.filter((f) => !existsSync(f));
  if (missing.length) throw new Error(`${missing.join(', ')} missing: build first (npm run build)`);
}

export default function setup(): void {
  if (DIST_ENTRIES.every((f) => existsSync(f))) return;
  execFileSync(process.execPath, ['scripts/build.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
