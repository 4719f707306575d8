// What the orch commands share: the project's context, orchestrator errors as CLI errors, reading a
// contract (the argument parsers are in args.ts).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { getSection, loadConfig } from '../../../common/config.js';
import { getProjectName, getProjectPath } from '../../../common/project.js';
import { OrchError, type OpsEnv, type OrchestratorConfigT } from '../../../orchestrator/index.js';
import { CliError } from '../../errors.js';

/** The `orch` group's own option, which every subcommand gets. */
export interface OrchOptions {
  project?: string;
}

export interface OrchCtx extends OpsEnv {
  locale: 'ko' | 'en';
}

export function ctxOf(o: OrchOptions): OrchCtx {
  const root = o.project ? resolve(o.project) : getProjectPath(process.cwd());
  if (!existsSync(root))
    throw new CliError(`project folder not found: ${root}`, 'pass an existing folder with --project');
  const config = loadConfig();
  const cfg: OrchestratorConfigT = getSection(config, 'orchestrator');
  return {
    projectRoot: root,
    projectName: getProjectName(root),
    cfg,
    locale: config.locale === 'en' ? 'en' : 'ko',
  };
}

/** Runs an operation; orchestrator errors become one clear CLI error with the fix. */
export async function orchestrate<T>(fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof OrchError)
      throw new CliError(e.message, e.fix ?? 'check the files with `self-gen orch validate`');
    throw e;
  }
}

/** A YAML document from a file, or from stdin when none (or `-`) is given. */
export function readInput(file: string | undefined): { text: string; name: string } {
  if (!file || file === '-') {
    if (process.stdin.isTTY)
      throw new CliError(
        'no input: give a file, or pipe the YAML on stdin',
        'self-gen orch record contract explored explored.yaml',
      );
    return { text: readFileSync(0, 'utf8'), name: '<stdin>' };
  }
  try {
    return { text: readFileSync(file, 'utf8'), name: file };
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}
