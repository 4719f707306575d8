// One agent's contribution (an entry) and the two documents made of entries: the agent file
// `<type>-<id>.md` and the session's `_summary.md`. Both are readable Markdown with one-line
// markers so they can be parsed back exactly:
//
//   <!-- sc:entry {"agentType":"…","agentId":"…","at":"ISO","source":"transcript"} -->
//   ## general-purpose · a32c958c9f43b4a04 · 2026-11-21 22:58 UTC · from transcript
//   ### Changes
//   - lib/a.ts (Write)
//   <!-- sc:end -->
//
// Every item is a single `- ` line, so nothing inside an item can forge a marker or a heading.
import { oneLine } from '../common/redact.js';

export interface Section {
  category: string;
  items: string[];
}

export type EntrySource = 'agent' | 'transcript' | 'agent+transcript' | 'message';

export interface Entry {
  agentType: string;
  agentId: string;
  /** ISO time the entry was recorded (SubagentStop), or the agent file's mtime. */
  at: string;
  source: EntrySource;
  sections: Section[];
}

export const CATEGORY_TITLES: Record<string, string> = {
  changes: 'Changes',
  findings: 'Findings',
  commands: 'Commands',
  explored: 'Explored',
  notes: 'Notes',
};
const TITLE_TO_CATEGORY: Record<string, string> = Object.fromEntries(
  Object.entries(CATEGORY_TITLES).map(([k, v]) => [v.toLowerCase(), k]),
);
/** Display order; custom categories follow in the order they appear. */
export const CATEGORY_ORDER = ['changes', 'findings', 'commands', 'explored', 'notes'];

export const ITEM_MAX = 300;

export function titleOf(category: string): string {
  return CATEGORY_TITLES[category] ?? category;
}

export function categoryOfTitle(title: string): string {
  const t = title.trim();
  return TITLE_TO_CATEGORY[t.toLowerCase()] ?? t;
}

export function sortSections(sections: Section[]): Section[] {
  const rank = (c: string) => {
    const i = CATEGORY_ORDER.indexOf(c);
    return i < 0 ? CATEGORY_ORDER.length : i;
  };
  return sections
    .map((s, i) => ({ s, i }))
    .sort((a, b) => rank(a.s.category) - rank(b.s.category) || a.i - b.i)
    .map((x) => x.s);
}

/** True when the entry holds at least one item. */
export function hasContent(e: Entry): boolean {
  return e.sections.some((s) => s.items.length > 0);
}

function metaJson(e: Entry): string {
  // `<` and `>` escaped so the JSON can never close the comment.
  return JSON.stringify({ agentType: e.agentType, agentId: e.agentId, at: e.at, source: e.source })
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e');
}

export function shortTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
}

const SOURCE_LABEL: Record<EntrySource, string> = {
  agent: 'written by the agent',
  transcript: 'from transcript',
  'agent+transcript': 'written by the agent + transcript',
  message: 'from final message',
};

export function entryHeading(e: Entry): string {
  return `## ${oneLine(e.agentType, 80)} · ${oneLine(e.agentId, 80)} · ${shortTime(e.at)} · ${SOURCE_LABEL[e.source] ?? e.source}`;
}

/** The entry as a Markdown block (markers included). */
export function renderEntry(e: Entry): string {
  const out = [`<!-- sc:entry ${metaJson(e)} -->`, entryHeading(e)];
  for (const s of sortSections(e.sections)) {
    if (!s.items.length) continue;
    out.push(`### ${oneLine(titleOf(s.category), 60)}`);
    for (const item of s.items) out.push(`- ${oneLine(item, ITEM_MAX)}`);
  }
  out.push('<!-- sc:end -->');
  return out.join('\n');
}

const ENTRY_START = /^<!-- sc:entry (\{.*\}) -->$/;
const ENTRY_END = '<!-- sc:end -->';

/** Parses every entry block of a document (bad blocks are skipped). */
export function parseEntries(text: string): Entry[] {
  const out: Entry[] = [];
  let cur: Entry | null = null;
  let section: Section | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const m = ENTRY_START.exec(line);
    if (m) {
      cur = null;
      section = null;
      try {
        const meta = JSON.parse(m[1]!) as Partial<Entry>;
        if (typeof meta.agentId === 'string' && typeof meta.agentType === 'string') {
          cur = {
            agentType: meta.agentType,
            agentId: meta.agentId,
            at: typeof meta.at === 'string' ? meta.at : new Date(0).toISOString(),
            source: (meta.source as EntrySource) ?? 'transcript',
            sections: [],
          };
        }
      } catch {}
      continue;
    }
    if (!cur) continue;
    if (line === ENTRY_END) {
      out.push(cur);
      cur = null;
      section = null;
      continue;
    }
    if (line.startsWith('### ')) {
      section = { category: categoryOfTitle(line.slice(4)), items: [] };
      cur.sections.push(section);
    } else if (line.startsWith('- ') && section) {
      section.items.push(line.slice(2));
    }
  }
  return out;
}

export const GENERATED_MARK = '<!-- self-gen:shared-context generated';

/** The agent file self-generation writes when the agent did not write its own. */
export function renderAgentFile(e: Entry): string {
  return (
    `${GENERATED_MARK} by the SubagentStop hook from the agent's transcript; ` +
    `the agent may replace this file with its own notes -->\n` +
    renderEntry(e) +
    '\n'
  );
}

export interface SummaryDoc {
  session: string;
  updated: string;
  final: boolean;
  entries: Entry[];
}

const SUMMARY_META = /^<!-- sc:summary (\{.*\}) -->$/m;

export function renderSummary(doc: SummaryDoc): string {
  const meta = JSON.stringify({ v: 1, session: doc.session, updated: doc.updated, final: doc.final })
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e');
  const head = [
    `# Shared context · session ${oneLine(doc.session, 120)}`,
    `<!-- sc:summary ${meta} -->`,
    `${doc.entries.length} entr${doc.entries.length === 1 ? 'y' : 'ies'}, oldest first; ` +
      `updated ${shortTime(doc.updated)}${doc.final ? ' (final: the session ended)' : ''}.`,
    'Maintained by self-generation under a lock: agents write their own `<type>-<id>.md` file, never this one.',
    '',
  ];
  return head.join('\n') + doc.entries.map(renderEntry).join('\n\n') + (doc.entries.length ? '\n' : '');
}

export function parseSummary(text: string): SummaryDoc {
  let session = '';
  let updated = '';
  let final = false;
  const m = SUMMARY_META.exec(text);
  if (m) {
    try {
      const meta = JSON.parse(m[1]!) as { session?: unknown; updated?: unknown; final?: unknown };
      if (typeof meta.session === 'string') session = meta.session;
      if (typeof meta.updated === 'string') updated = meta.updated;
      final = meta.final === true;
    } catch {}
  }
  return { session, updated, final, entries: parseEntries(text) };
}

/** Inserts or replaces the entry of `e.agentId` (the new one goes last: newest), keeping `max`. */
export function upsertEntry(entries: Entry[], e: Entry, max: number): Entry[] {
  const rest = entries.filter((x) => x.agentId !== e.agentId);
  rest.push(e);
  return rest.slice(-max);
}

/** Adds `item` to the entry's section `category` (created on first use), without duplicates. */
export function addItem(sections: Section[], category: string, item: string, limit = 40): void {
  const text = oneLine(item, ITEM_MAX);
  if (!text) return;
  let s = sections.find((x) => x.category === category);
  if (!s) {
    s = { category, items: [] };
    sections.push(s);
  }
  if (s.items.length >= limit || s.items.includes(text)) return;
  s.items.push(text);
}
