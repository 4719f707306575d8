// The SessionStart digest: a few open suggestions for this project. Two indexed queries (newest
// analyses, their feedback), no claude call.
import type { DB } from '../db/db.js';
import { truncate } from '../common/redact.js';
import type { StoredSuggestion } from './answer.js';
import { listSuggestions } from './suggestions.js';

export const TEXT = {
  en: {
    head: (n: number) =>
      `${n} open suggestion(s) from self-generation's analysis of recent sessions ` +
      '(the user applies one with `self-gen apply <id>`, dismisses with `self-gen dismiss <id>`):',
    claude_md: 'CLAUDE.md rule',
    skill: (name: string) => `skill "${name}"`,
    hook: (event: string) => `hook (${event})`,
    more: (n: number) => `(+${n} more)`,
  },
  ko: {
    head: (n: number) =>
      `self-generation이 최근 세션을 분석해 만든 미적용 제안 ${n}건 ` +
      '(적용: `self-gen apply <id>`, 무시: `self-gen dismiss <id>`):',
    claude_md: 'CLAUDE.md 규칙',
    skill: (name: string) => `스킬 "${name}"`,
    hook: (event: string) => `훅 (${event})`,
    more: (n: number) => `외 ${n}건`,
  },
};

export function digestLine(s: StoredSuggestion, locale: 'ko' | 'en'): string {
  const t = TEXT[locale];
  const kind =
    s.type === 'claude_md'
      ? t.claude_md
      : s.type === 'skill'
        ? t.skill(s.skill?.name ?? '?')
        : t.hook(s.hook?.event ?? '?');
  return `- [${s.id}] ${kind}: ${truncate(s.rule.replace(/\s+/g, ' '), 160)}`;
}

export function renderDigest(
  items: StoredSuggestion[],
  o: { max: number; chars: number; locale: 'ko' | 'en' },
): string {
  if (items.length === 0 || o.max <= 0) return '';
  const t = TEXT[o.locale];
  const lines = [t.head(items.length)];
  let shown = 0;
  for (const s of items.slice(0, o.max)) {
    const line = digestLine(s, o.locale);
    if ([...lines, line].join('\n').length > o.chars - 20) break;
    lines.push(line);
    shown++;
  }
  if (shown === 0) {
    // Not even one whole line fits: the first one, cut.
    const room = o.chars - lines[0]!.length - 1;
    if (room < 40) return '';
    lines.push(truncate(digestLine(items[0]!, o.locale), room));
    shown = 1;
  }
  if (items.length > shown) lines.push(t.more(items.length - shown));
  return truncate(lines.join('\n'), o.chars);
}

export function buildDigest(
  db: DB,
  project: string,
  o: { max: number; chars: number; maxAgeDays: number; locale: 'ko' | 'en'; now?: Date },
): string {
  if (o.max <= 0) return '';
  const open = listSuggestions(db, project, { maxAgeHours: o.maxAgeDays * 24, now: o.now });
  return renderDigest(open, o);
}
