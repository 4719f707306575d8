// CLI commands of this part (filled in by its issue).
import type { Command } from 'commander';

export function registerAnalysis(_program: Command): void {}
