// `self-gen kb calibrate`: the distance distributions of same-problem pairs vs unrelated errors on
// the user's own KB (needs the embedding model), and thresholds that fit them (error-kb/calibrate.ts).
import type { CommandSpec } from '../../command-table.js';
import { count } from './args.js';
import type { KbCalibrateOptions } from './calibrate.run.js';

export const kbCalibrateCommand: CommandSpec<[], KbCalibrateOptions> = {
  name: 'calibrate',
  description:
    'distance distributions of same-problem vs unrelated errors on your KB (needs the embedding model), and suggested vector thresholds',
  options: [
    {
      flags: '--max-entries <n>',
      description: 'embed at most this many entries',
      parse: count,
      default: 400,
    },
    { flags: '--json', description: 'machine-readable output' },
  ],
  help: "\nSame-problem pairs: entries fixed by the same resolution, or with the same normalised beginning.\nUnrelated pairs: random entries with no fix, beginning or error code in common.\nDistances are L2 between unit vectors (the seed's metric, as embedding.thresholds in config.json).\n\nExample:\n  self-gen kb calibrate",
  run: async (args, o) => (await import('./calibrate.run.js')).runKbCalibrate(args, o),
};
