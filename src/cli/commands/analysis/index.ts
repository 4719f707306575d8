// The AI analysis commands (top level): analyze, suggestions, apply, dismiss (docs/analysis.md).
import type { CommandSpec } from '../../command-table.js';
import { analyzeCommand } from './analyze.js';
import { applyCommand } from './apply.js';
import { dismissCommand } from './dismiss.js';
import { suggestionsCommand } from './suggestions.js';

export const analysisCommands: CommandSpec[] = [
  analyzeCommand,
  suggestionsCommand,
  applyCommand,
  dismissCommand,
];
