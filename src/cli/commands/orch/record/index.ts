// `self-gen orch record …`: requests, contracts, results, retries, knowledge, the end of the session.
import type { CommandSpec } from '../../../command-table.js';
import { orchRecordContractCommand } from './contract.js';
import { orchRecordEndCommand } from './end.js';
import { orchRecordKnowledgeCommand } from './knowledge.js';
import { orchRecordRequestCommand } from './request.js';
import { orchRecordRetryCommand } from './retry.js';
import { orchRecordStatusCommand } from './status.js';

export const orchRecordCommand: CommandSpec = {
  name: 'record',
  description: 'record requests, contracts, results, retries, knowledge, the end of the session',
  commands: [
    orchRecordRequestCommand,
    orchRecordContractCommand,
    orchRecordRetryCommand,
    orchRecordStatusCommand,
    orchRecordKnowledgeCommand,
    orchRecordEndCommand,
  ],
};
