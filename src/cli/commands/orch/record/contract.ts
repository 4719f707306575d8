// `self-gen orch record contract <kind> [file]`: an agent's YAML result, validated, then stored.
import type { CommandSpec } from '../../../command-table.js';
import { kindArg } from '../args.js';
import { CONTRACT_KINDS } from '../../../../orchestrator/paths.js';
import type { OrchRecordContractOptions } from './contract.run.js';
import type { ContractKind } from '../../../../orchestrator/paths.js';

export const orchRecordContractCommand: CommandSpec<
  [ContractKind, string | undefined],
  OrchRecordContractOptions
> = {
  name: 'contract',
  description: `store an agent's YAML result after validating it (${CONTRACT_KINDS.join(', ')}); file or stdin`,
  arguments: [
    { name: '<kind>', description: CONTRACT_KINDS.join(' | '), parse: kindArg },
    { name: '[file]', description: 'the YAML file (default: stdin)' },
  ],
  options: [
    { flags: '--request <id>', description: 'the request (default: request_id in the document)' },
    { flags: '--task <id>', description: 'the task (default: task_id in the document)' },
    { flags: '--subtask <id>', description: 'the subtask (default: subtask_id in the document)' },
    { flags: '--json', description: 'machine-readable output' },
  ],
  help: "\nThe document must be in the orchestrator skill's exact format (docs/orchestrator.md). A test-contract moves\nthe subtask to phase implementation; a test-result with result pass completes it, with fail sends it back\n(exit 2 after maxRetries failing runs: ask the user).\n\nExamples:\n  self-gen orch record contract explored explored.yaml\n  pbpaste | self-gen orch record contract test-result",
  run: async (args, o) => (await import('./contract.run.js')).runOrchRecordContract(args, o),
};
