// What a hook does when SQLite reports a damaged database: flag it for the background integrity
// check and start that check (detached) once. Nothing heavier ever runs in a hook.
import { paths } from '../../common/paths.js';
import { isCorruptError } from '../../db/db.js';
import { markNeedsCheck } from '../../db/recovery-log.js';
import type { HookDeps } from '../contract/types.js';

/** True when `err` is a damage report (then it has been flagged); false for any other error. */
export function flagDamage(deps: Pick<HookDeps, 'env' | 'log' | 'spawnBackground'>, err: unknown): boolean {
  if (!isCorruptError(err)) return false;
  deps.log(`damaged database: ${String(err)}; flagged for the integrity check`);
  if (
    markNeedsCheck(paths(deps.env), String((err as Error)?.message ?? err)) &&
    deps.env.SELF_GEN_NO_BACKGROUND !== '1'
  )
    deps.spawnBackground('integrity-check');
  return true;
}
