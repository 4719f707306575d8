// The `analysis` section of config.json (all keys optional), declared in the config registry.
import { getSection, type LoadedConfig } from '../common/config.js';
import type { AnalysisConfigT } from '../common/config-registry.js';

export type { AnalysisConfigT } from '../common/config-registry.js';

export function analysisConfig(config: LoadedConfig): AnalysisConfigT {
  return getSection(config, 'analysis');
}
