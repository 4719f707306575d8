// The project folder a hook may write into: only an existing, absolute, real
// directory. A payload `cwd` that is relative (`../../..`), empty or names nothing that exists, or a
// CLAUDE_PROJECT_DIR of that kind, gives null: the hook then writes nothing under a project.
import { isAbsolute } from 'node:path';
import { realDir } from './safe-fs.js';

/**
 * The real path of the project folder to write under, or null.
 *   cwd          the payload's `cwd` (undefined when the payload has none)
 *   projectPath  the project identity derived from it (getProjectPath)
 */
export function writableProjectRoot(
  cwd: unknown,
  projectPath: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  if (cwd !== undefined && cwd !== null) {
    if (typeof cwd !== 'string' || !isAbsolute(cwd) || !realDir(cwd)) return null;
  }
  const fromEnv = env.CLAUDE_PROJECT_DIR;
  if (fromEnv !== undefined && fromEnv.trim() !== '' && !realDir(fromEnv.trim())) return null;
  return realDir(projectPath);
}
