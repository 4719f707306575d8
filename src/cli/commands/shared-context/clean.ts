// `self-gen shared-context clean`: delete the session folders past the TTL (what SessionStart does).
import { loadConfig } from '../../../common/config.js';
import { resolveConfig } from '../../../findings/config.js';
import { cleanupExpired } from '../../../findings/file-store.js';
import type { CommandSpec } from '../../command-table.js';
import { numberOption } from '../../options.js';
import { projectOf, projectOption } from './common.js';

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

export const scCleanCommand: CommandSpec<[], ScCleanOptions> = {
  name: 'clean',
  description: 'delete session folders whose newest file is older than the TTL (what SessionStart does)',
  options: [
    {
      flags: '--older-than <hours>',
      description: 'TTL in hours (default: the configured ttlHours, 24)',
      parse: numberOption(0, 24 * 3650, 'a number of hours'),
    },
    { flags: '--all', description: 'delete every session folder' },
    projectOption,
  ],
  help: '\nExamples:\n  self-gen shared-context clean\n  self-gen sc clean --older-than 2\n  self-gen sc clean --all',
  run: runScClean,
};
