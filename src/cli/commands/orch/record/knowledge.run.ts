// `self-gen orch record knowledge <field> <text>`: a pattern, decision or pitfall in knowledge.yaml.
import { addKnowledge, type KnowledgeField } from '../../../../orchestrator/index.js';
import { ctxOf, orchestrate, type OrchOptions } from '../common.js';

export interface OrchRecordKnowledgeOptions extends OrchOptions {
  topic?: string;
  rationale?: string;
  ref?: string[];
  reason?: string;
  learnedFrom?: string;
}

export async function runOrchRecordKnowledge(
  [field, text]: [KnowledgeField, string],
  o: OrchRecordKnowledgeOptions,
): Promise<void> {
  const key = await orchestrate(() =>
    addKnowledge(ctxOf(o), field, text, {
      topic: o.topic,
      rationale: o.rationale,
      refs: o.ref,
      reason: o.reason,
      learnedFrom: o.learnedFrom,
    }),
  );
  console.log(`${field}: ${key}`);
}
