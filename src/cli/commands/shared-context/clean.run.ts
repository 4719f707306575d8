// `self-gen shared-context clean`: delete the session folders past the TTL (what SessionStart does).
import { loadConfig } from '../../../common/config.js';
import { resolveConfig, cleanupExpired } from '../../../shared-context/index.js';
import { projectOf } from './common.js';

export interface ScCleanOptions {
  olderThan?: number;
  all?: boolean;
  project?: string;
}

export function runScClean(_args: [], o: ScCleanOptions): void {
  const project = projectOf(o.project);
  const hours = o.olderThan ?? resolveConfig(loadConfig(), project).ttlHours;
  const removed = cleanupExpired(project, o.all ? -1 : hours * 3_600_000, Date.now());
  console.log(
    removed.length
      ? `deleted ${removed.length} session folder(s): ${removed.join(', ')}`
      : 'nothing to delete',
  );
}
