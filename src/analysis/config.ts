// The `analysis` section of config.json (all keys optional). zod/mini: the hook bundle reaches it.
import * as z from 'zod/mini';
import { getSection, type LoadedConfig } from '../common/config.js';

export const AnalysisConfig = z.object({
  /** The Claude Code binary run headless (`claude -p`). A bare name is looked up on PATH. */
  claudePath: z._default(z.string().check(z.minLength(1)), 'claude'),
  /** `--model` for the analysis call; unset = Claude Code's default model. */
  model: z.optional(z.string().check(z.minLength(1))),
  /** Extra arguments appended to the `claude` command line. */
  extraArgs: z._default(z.array(z.string()), []),
  /** The call is killed after this long. */
  timeoutMs: z._default(z.number().check(z.int(), z.minimum(1000), z.maximum(3_600_000)), 300_000),
  /** Default window of `self-gen analyze` and of the automatic analysis. */
  days: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(365)), 7),
  /** Fewer events than this in the window: "not enough data", no call. */
  minEvents: z._default(z.number().check(z.int(), z.minimum(1)), 20),
  /** Run the analysis in the background when a session ends and enough new data exists. */
  auto: z._default(z.boolean(), true),
  /** Automatic analysis needs at least this many events recorded since the last one. */
  minNewEvents: z._default(z.number().check(z.int(), z.minimum(1)), 50),
  /** …and at least this long since the last attempt (successful or not). */
  minIntervalMinutes: z._default(z.number().check(z.minimum(0)), 60),
  /** A prompt template of your own (see docs/analysis.md, "The prompt template"); default: the data home's override or the shipped one. */
  templatePath: z.optional(z.string().check(z.minLength(1))),
  /** The event summary inside the prompt is cut to this many characters. */
  maxPromptChars: z._default(z.number().check(z.int(), z.minimum(2000), z.maximum(400_000)), 40_000),
  /** SessionStart digest: at most this many open suggestions… */
  digestMax: z._default(z.number().check(z.int(), z.minimum(0), z.maximum(20)), 3),
  /** …in at most this many characters. */
  digestChars: z._default(z.number().check(z.int(), z.minimum(100), z.maximum(4000)), 700),
  /** The digest only uses analyses newer than this. */
  digestMaxAgeDays: z._default(z.number().check(z.minimum(0.01), z.maximum(365)), 14),
});

export type AnalysisConfigT = z.infer<typeof AnalysisConfig>;

export function analysisConfig(config: LoadedConfig): AnalysisConfigT {
  return getSection(config, 'analysis', AnalysisConfig);
}
