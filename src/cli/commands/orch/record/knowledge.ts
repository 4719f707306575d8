// `self-gen orch record knowledge <field> <text>`: a pattern, decision or pitfall in knowledge.yaml.
import type { CommandSpec } from '../../../command-table.js';
import { fieldArg } from '../args.js';
import { KNOWLEDGE_FIELDS } from '../../../../orchestrator/names.js';
import type { OrchRecordKnowledgeOptions } from './knowledge.run.js';
import type { KnowledgeField } from '../../../../orchestrator/names.js';

export const orchRecordKnowledgeCommand: CommandSpec<[KnowledgeField, string], OrchRecordKnowledgeOptions> = {
  name: 'knowledge',
  description: `add to knowledge.yaml in the skill's format (${KNOWLEDGE_FIELDS.join(', ')})`,
  arguments: [
    { name: '<field>', description: KNOWLEDGE_FIELDS.join(' | '), parse: fieldArg },
    { name: '<text>', description: 'the pattern text, the decision, or the pitfall description' },
  ],
  options: [
    {
      flags: '--topic <name>',
      description: 'patterns: the topic (required); decisions: the topic (default general)',
    },
    { flags: '--rationale <text>', description: 'decisions: why' },
    { flags: '--ref <path...>', description: 'decisions: files it is about' },
    { flags: '--reason <text>', description: 'pitfalls: why it is a pitfall' },
    { flags: '--learned-from <ref>', description: 'pitfalls: where it was learned, e.g. R1/T1-S1' },
  ],
  help: '\nExamples:\n  self-gen orch record knowledge patterns "errors are Result values" --topic error_handling\n  self-gen orch record knowledge decisions "in-memory window" --topic rate-limit --rationale "one process"\n  self-gen orch record knowledge pitfalls "the session cookie is signed" --reason "edits break login" --learned-from R1/T1-S1',
  run: async (args, o) => (await import('./knowledge.run.js')).runOrchRecordKnowledge(args, o),
};
