// `orch record knowledge`: an entry added to knowledge.yaml.
import { OrchError, orchError } from '../errors.js';
import type { KnowledgeField, KnowledgeFileT } from '../schemas.js';
import { emptyKnowledge, readKnowledgeDoc, writeKnowledge } from '../file-store.js';
import { nowOf, pathsOf, withLock, type OpsEnv } from './shared.js';

export interface KnowledgeInput {
  /** patterns: the topic (key); decisions: the topic. */
  topic?: string;
  /** decisions: why. */
  rationale?: string;
  /** decisions: files it is about. */
  refs?: string[];
  /** pitfalls: why it is a pitfall. */
  reason?: string;
  /** pitfalls: where it was learned (e.g. R1/T1-S1). */
  learnedFrom?: string;
}

function nextId(prefix: string, ids: string[]): string {
  let max = 0;
  for (const id of ids) {
    const m = new RegExp(`^${prefix}(\\d+)$`).exec(id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `${prefix}${max + 1}`;
}

/** Adds to knowledge.yaml in the skill's format; returns the entry's key or id. */
export async function addKnowledge(
  env: OpsEnv,
  field: KnowledgeField,
  text: string,
  o: KnowledgeInput = {},
): Promise<string> {
  if (!text.trim()) throw orchError('knowledge', field, 'text is empty');
  const p = pathsOf(env);
  return withLock(p, async () => {
    const now = nowOf(env);
    const doc = await readKnowledgeDoc(p);
    // Written back in the skill's exact format: what was mended is written mended, but an entry
    // that could not be read is never dropped from the file behind the user's back.
    const lost = (doc?.warnings ?? []).filter((w) => w.message.startsWith('left out'));
    if (lost.length)
      throw new OrchError(
        lost,
        'correct (or remove) these entries of knowledge.yaml first; nothing was written',
      );
    const k: KnowledgeFileT = doc?.value ?? emptyKnowledge(p, env.projectName, now);
    let key: string;
    if (field === 'patterns') {
      if (!o.topic?.trim())
        throw orchError(
          'knowledge',
          'patterns',
          'a pattern needs a topic',
          'pass --topic <name>, e.g. --topic error_handling',
        );
      key = o.topic.trim();
      k.patterns[key] = text.trim();
    } else if (field === 'decisions') {
      key = nextId(
        'D',
        k.decisions.map((d) => d.id),
      );
      k.decisions.push({
        id: key,
        topic: o.topic?.trim() || 'general',
        decision: text.trim(),
        rationale: o.rationale?.trim() ?? '',
        refs: o.refs ?? [],
        created_at: now.toISOString(),
      });
    } else {
      key = nextId(
        'P',
        k.pitfalls.map((d) => d.id),
      );
      k.pitfalls.push({
        id: key,
        description: text.trim(),
        reason: o.reason?.trim() ?? '',
        ...(o.learnedFrom ? { learned_from: o.learnedFrom } : {}),
      });
    }
    k.updated_at = now.toISOString();
    await writeKnowledge(p, k);
    return key;
  });
}
