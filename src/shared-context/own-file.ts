// The agent's own file (FR-4.3): its headings mapped to categories, its lines read as items, and
// merged with what the transcript gave.

import { redact } from '../common/redact.js';

import { addItem, type EntrySource, type Section } from './entry.js';
import { LIMITS } from './extract.js';

// --- The agent's own file (FR-4.3) ---------------------------------------------------------------

const HEADING_CATEGORIES: [RegExp, string][] = [
  [/chang|modif|edit|writ|implement|변경|수정|구현/i, 'changes'],
  [
    /find|issue|bug|problem|review|verdict|result|risk|concern|conclusion|발견|이슈|문제|리뷰|결론|결과|판정|위험/i,
    'findings',
  ],
  [/command|ran\b|run|test|build|명령|실행|테스트|빌드/i, 'commands'],
  [/explor|navig|read|search|context|area|structure|탐색|조사|구조|읽/i, 'explored'],
];

export function categoryOfHeading(title: string, extra: string[] = []): string {
  const t = title.trim();
  const exact = extra.find((c) => c.toLowerCase() === t.toLowerCase());
  if (exact) return exact;
  for (const [re, cat] of HEADING_CATEGORIES) if (re.test(t)) return cat;
  return 'notes';
}

/**
 * Parses a Markdown file an agent wrote: headings choose the category (Changes, Findings,
 * Commands, Explored; anything else is Notes); each non-empty line or list item is an item. The
 * text is redacted before it is split, so a multi-line private key goes as a whole.
 */
export function parseOwnFile(text: string, customCategories: string[] = []): Section[] {
  const sections: Section[] = [];
  let category = 'notes';
  let inFence = false;
  let sawHeading = false;
  for (const raw of redact(text).split('\n')) {
    const line = raw.trim();
    if (line.startsWith('```')) {
      inFence = !inFence;
      continue;
    }
    if (!line || line.startsWith('<!--')) continue;
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    if (h && !inFence) {
      // The first top-level title (`# Notes of …`) names the file, not a section.
      if (h[1] === '#' && !sawHeading) {
        sawHeading = true;
        continue;
      }
      sawHeading = true;
      category = categoryOfHeading(h[2]!.replace(/\*+/g, ''), customCategories);
      continue;
    }
    const item = line.replace(/^(?:[-*•+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+)/, '');
    addItem(sections, category, item, Math.max(LIMITS[category] ?? 20, 20));
  }
  return sections.filter((s) => s.items.length);
}

/**
 * FR-4.3: the agent's own notes win. Categories the agent did not write about are filled from the
 * transcript (the files it changed, the commands it ran): objective facts the agent may omit.
 */
export function mergeOwnAndTranscript(
  own: Section[],
  fromTranscript: Section[],
): { sections: Section[]; source: EntrySource } {
  if (!own.length) return { sections: fromTranscript, source: 'transcript' };
  const have = new Set(own.map((s) => s.category));
  const fill = fromTranscript.filter(
    (s) => !have.has(s.category) && s.category !== 'notes' && s.category !== 'findings',
  );
  return { sections: [...own, ...fill], source: fill.length ? 'agent+transcript' : 'agent' };
}
