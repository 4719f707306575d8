// `self-gen analyze`: recorded sessions analysed by Claude Code (claude -p); suggestions stored
// (docs/analysis.md).
import { InvalidArgumentError } from 'commander';
import type { CommandSpec } from '../../command-table.js';
import type { AnalyzeOptions } from './analyze.run.js';

const positiveInt = (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 365)
    throw new InvalidArgumentError('a whole number of days from 1 to 365');
  return n;
};

export const analyzeCommand: CommandSpec<[], AnalyzeOptions> = {
  name: 'analyze',
  description:
    'analyse recorded sessions with Claude Code (claude -p) and store suggestions; unchanged input makes no new call',
  options: [
    {
      flags: '-d, --days <n>',
      description: 'how many days of events (default: analysis.days, 7)',
      parse: positiveInt,
    },
    {
      flags: '-p, --project <name>',
      description: "the project to analyse (default: the current folder's project)",
    },
    { flags: '--all', description: 'analyse every project together (suggestions may be global)' },
    { flags: '--force', description: 'ask Claude again even when the input is unchanged' },
    { flags: '--dry-run', description: 'print the prompt that would be sent, and stop' },
    { flags: '--json', description: 'machine-readable output' },
  ],
  help: '\nExamples:\n  self-gen analyze\n  self-gen analyze --days 30 --project my-app\n  self-gen analyze --all --dry-run',
  run: async (args, o) => (await import('./analyze.run.js')).runAnalyze(args, o),
};
