// `self-gen doctor` checks of the orchestrator: its config section and the current session's files.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { getSection, loadConfig } from '../common/config.js';
import { getProjectName } from '../common/project.js';
import type { CheckResult } from '../hook/contract/part.js';
import { formatIssue } from './errors.js';
import { orchPaths, rel } from './paths.js';

export async function orchestratorChecks(ctx: {
  env: NodeJS.ProcessEnv;
  projectDir: string;
}): Promise<CheckResult[]> {
  const config = loadConfig(ctx.env);
  const cfg = getSection(config, 'orchestrator');
  const out: CheckResult[] = config.problems
    .filter((m) => m.startsWith('config.orchestrator'))
    .map((m) => ({
      name: 'orchestrator config',
      level: 'warn' as const,
      message: m,
      fix: `edit ${config.path}`,
    }));
  // No orchestrator folder, no session: the paths (an md5 of the root: node:crypto) are not needed.
  if (!existsSync(join(ctx.projectDir, '.claude', 'orchestrator'))) return out;
  const p = orchPaths(ctx.projectDir);
  if (!existsSync(p.sessionFile)) return out;
  // loaded only when there is a session to validate: its schemas take a few ms to build
  const { validateAll } = await import('./ops.js');
  const r = await validateAll({
    projectRoot: ctx.projectDir,
    projectName: getProjectName(ctx.projectDir),
    cfg,
  });
  out.push(
    r.issues.length
      ? {
          name: 'orchestrator',
          level: 'error',
          message: `${r.issues.length} problem(s): ${formatIssue(r.issues[0]!)}`,
          fix: r.fixes[0] ? `self-gen orch validate; ${r.fixes[0]}` : 'self-gen orch validate',
        }
      : {
          name: 'orchestrator',
          level: 'ok',
          message: `${r.checked.length} file(s) valid in ${rel(p, p.sessionDir)}`,
        },
  );
  for (const w of r.warnings.slice(0, 3)) out.push({ name: 'orchestrator', level: 'warn', message: w });
  return out;
}
