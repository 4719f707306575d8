// What SubagentStart injects (FR-2): the session's entries filtered by the agent type's categories
// (FR-2.3), capped by keeping the newest WHOLE entries (FR-2.4), and the instruction naming the
// agent's own file (FR-4.1). And the one-paragraph digest PostToolUse(Agent) gives the parent.
import { oneLine, truncate } from '../common/redact.js';
import { shortTime, sortSections, titleOf, type Entry } from './entry.js';
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

/** One entry as injected (compact Markdown). */
export function renderInjectedEntry(e: Entry): string {
  const lines = [`### ${oneLine(e.agentType, 80)} · ${oneLine(e.agentId, 40)} · ${shortTime(e.at)}`];
  for (const s of sortSections(e.sections)) {
    lines.push(`${titleOf(s.category)}:`);
    for (const item of s.items) lines.push(`- ${item}`);
  }
  return lines.join('\n');
}

/** Cuts a rendered entry to `max` characters at a line end when possible, never inside a character. */
export function cutEntry(text: string, max: number): string {
  if (text.length <= max) return text;
  const marker = '\n- …';
  const room = Math.max(0, max - marker.length);
  const lastNl = text.lastIndexOf('\n', room);
  if (lastNl > 0) return text.slice(0, lastNl) + marker;
  return truncate(text, max);
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
  return { context: truncate(context, o.maxChars), kept: kept.length, omitted };
}

/** PostToolUse(Agent): one paragraph on what the subagent recorded. */
export function buildDigest(e: Entry, locale: string, fileRel: string, maxChars: number): string {
  const t = strings(locale);
  const get = (c: string) => e.sections.find((s) => s.category === c)?.items ?? [];
  const parts: string[] = [];
  const changes = get('changes');
  if (changes.length) {
    const more = changes.length > 6 ? ` (+${changes.length - 6})` : '';
    parts.push(`${t.digestChanged}: ${changes.slice(0, 6).join(', ')}${more}`);
  }
  const findings = get('findings');
  if (findings.length) parts.push(`${t.digestFindings}: ${findings.slice(0, 4).join(' | ')}`);
  const commands = get('commands');
  if (commands.length)
    parts.push(t.digestCommands(commands.length, commands.filter((c) => c.includes('→ FAILED')).length));
  const explored = get('explored');
  if (explored.length) parts.push(t.digestExplored(explored.length));
  for (const s of e.sections) {
    if (['changes', 'findings', 'commands', 'explored', 'notes'].includes(s.category) || !s.items.length)
      continue;
    parts.push(`${titleOf(s.category)}: ${s.items.slice(0, 3).join(' | ')}`);
  }
  if (!parts.length) {
    const notes = get('notes');
    if (notes.length) parts.push(`${t.digestNotes}: ${notes.slice(0, 2).join(' | ')}`);
  }
  if (!parts.length) return '';
  const who = `${oneLine(e.agentType, 80)} (${oneLine(e.agentId, 40)})`;
  const tail = t.digest(who, [], fileRel).length;
  const body = truncate(parts.join('; '), Math.max(40, maxChars - tail));
  return truncate(t.digest(who, [body], fileRel), maxChars);
}
