// What SubagentStart injects (FR-2): the session's entries filtered by the agent type's categories
// (FR-2.3), capped by keeping the newest WHOLE entries (FR-2.4), and the instruction naming the
// agent's own file (FR-4.1). And the one-paragraph digest PostToolUse(Agent) gives the parent.
// What an agent recorded (its type and id, every item, a heading of its own) is data: each is
// quoted (common/quote.ts), and every cut is made between whole quotes.
import { capContext, quoteInline } from '../common/quote.js';
import { CATEGORY_TITLES, ITEM_MAX, shortTime, sortSections, titleOf, type Entry } from './entry.js';
import { strings } from './strings.js';

/** Keeps only the sections in `categories`; entries left empty are dropped. */
export function filterEntries(entries: Entry[], categories: string[], excludeAgentId?: string): Entry[] {
  const allow = new Set(categories);
  const out: Entry[] = [];
  for (const e of entries) {
    if (excludeAgentId && e.agentId === excludeAgentId) continue;
    const sections = e.sections.filter((s) => allow.has(s.category) && s.items.length);
    if (sections.length) out.push({ ...e, sections });
  }
  return out;
}

/** A section's title: ours for the built-in categories, else the agent's heading, quoted. */
function shownTitle(category: string): string {
  return CATEGORY_TITLES[category] ?? quoteInline(titleOf(category), 60);
}

/** Who recorded an entry: its agent type and id, quoted. */
function who(e: Entry): string {
  return `${quoteInline(e.agentType, 80)} · ${quoteInline(e.agentId, 40)}`;
}

/** One entry as injected (compact Markdown): every item one quoted line. */
export function renderInjectedEntry(e: Entry): string {
  const lines = [`### ${who(e)} · ${shortTime(e.at)}`];
  for (const s of sortSections(e.sections)) {
    lines.push(`${shownTitle(s.category)}:`);
    for (const item of s.items) lines.push(`- ${quoteInline(item, ITEM_MAX)}`);
  }
  return lines.join('\n');
}

/** Cuts a rendered entry to `max` characters at a line end (never inside a quote). */
export function cutEntry(text: string, max: number): string {
  return capContext(text, max, '\n- …');
}

export interface InjectOptions {
  maxChars: number;
  session: string;
  locale: string;
  agentType: string;
  /** Set when a filter (not the default categories) applied: shown in the header. */
  filteredBy?: string[] | null;
  summaryRel: string;
}

export interface Injection {
  /** Header + entries + omitted notice: never longer than maxChars. */
  context: string;
  kept: number;
  omitted: number;
}

/** Builds the capped context block from already filtered entries (oldest first). Null when empty. */
export function buildContext(entries: Entry[], o: InjectOptions): Injection | null {
  if (!entries.length) return null;
  const t = strings(o.locale);
  const head = [t.header(o.session)];
  if (o.filteredBy) head.push(t.filtered(o.agentType, o.filteredBy));
  const headText = head.join('\n');
  const rendered = entries.map(renderInjectedEntry);
  const sep = '\n\n';
  // Room for the notice printed when entries are left out (its length depends on the count).
  const noticeFor = (n: number) => (n > 0 ? sep + t.omitted(n, o.maxChars, o.summaryRel) : '');
  const kept: string[] = [];
  let used = headText.length;
  for (let i = rendered.length - 1; i >= 0; i--) {
    const piece = rendered[i]!;
    const omittedIfStop = i; // entries older than this one
    const need = used + sep.length + piece.length + noticeFor(omittedIfStop).length;
    if (need > o.maxChars) break;
    kept.unshift(piece);
    used += sep.length + piece.length;
  }
  if (!kept.length) {
    // The newest entry alone is over the cap: keep its beginning (whole lines).
    const omitted = rendered.length - 1;
    const room = o.maxChars - headText.length - sep.length - noticeFor(omitted).length;
    if (room < 40) return null;
    kept.push(cutEntry(rendered[rendered.length - 1]!, room));
  }
  const omitted = rendered.length - kept.length;
  const context = headText + sep + kept.join(sep) + noticeFor(omitted);
  return { context: capContext(context, o.maxChars), kept: kept.length, omitted };
}

/**
 * Quoted items joined by `sep`: at most `max`, as many whole ones as fit in `room` characters, and
 * (+N) for the rest. '' when not even the first one fits.
 */
function quotedList(items: string[], max: number, room: number, sep: string): string {
  let out = '';
  let n = 0;
  for (const item of items.slice(0, max)) {
    const q = quoteInline(item, 120);
    const next = out ? `${out}${sep}${q}` : q;
    if (next.length > room && n > 0) break;
    if (next.length > room) return '';
    out = next;
    n++;
  }
  return n < items.length ? `${out} (+${items.length - n})` : out;
}

/** PostToolUse(Agent): one paragraph on what the subagent recorded, every item quoted. */
export function buildDigest(e: Entry, locale: string, fileRel: string, maxChars: number): string {
  const t = strings(locale);
  const get = (c: string) => e.sections.find((s) => s.category === c)?.items ?? [];
  const whoText = `${quoteInline(e.agentType, 80)} (${quoteInline(e.agentId, 40)})`;
  const tail = t.digest(whoText, [], quoteInline(fileRel, 200)).length;
  let room = Math.max(40, maxChars - tail);
  const parts: string[] = [];
  const add = (label: string, items: string[], max: number, sep: string) => {
    if (!items.length || room <= label.length + 8) return;
    const list = quotedList(items, max, room - label.length - 8, sep);
    if (!list) return;
    const part = `${label}: ${list}`;
    parts.push(part);
    room -= part.length + 2;
  };
  add(t.digestChanged, get('changes'), 6, ', ');
  add(t.digestFindings, get('findings'), 4, ' | ');
  const commands = get('commands');
  if (commands.length) {
    const part = t.digestCommands(commands.length, commands.filter((c) => c.includes('→ FAILED')).length);
    parts.push(part);
    room -= part.length + 2;
  }
  const explored = get('explored');
  if (explored.length) {
    const part = t.digestExplored(explored.length);
    parts.push(part);
    room -= part.length + 2;
  }
  for (const s of e.sections) {
    if (['changes', 'findings', 'commands', 'explored', 'notes'].includes(s.category) || !s.items.length)
      continue;
    add(shownTitle(s.category), s.items, 3, ' | ');
  }
  if (!parts.length) add(t.digestNotes, get('notes'), 2, ' | ');
  if (!parts.length) return '';
  return capContext(t.digest(whoText, parts, quoteInline(fileRel, 200)), maxChars, '');
}
