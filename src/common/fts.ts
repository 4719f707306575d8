// ftsQuery: the one builder of SQLite FTS5 MATCH expressions from free text (events search, the
// error KB's matcher candidates). Every word is quoted, so no text can inject FTS5 syntax.

export interface FtsQueryOptions {
  /** How the words combine: all of them (default, FTS5's implicit AND) or any of them. */
  op?: 'AND' | 'OR';
  /** At most this many words (default 16), in the order given. */
  max?: number;
  /** Only this column of the FTS table (`error_normalized : (…)`). */
  column?: string;
}

/** The FTS5 expression for the words of `text` ('' when it has none). */
export function ftsQuery(text: string, opts: FtsQueryOptions = {}): string {
  const words = (text.match(/[\p{L}\p{N}_]+/gu) ?? []).slice(0, opts.max ?? 16);
  if (words.length === 0) return '';
  const list = words.map((w) => `"${w}"`).join(opts.op === 'OR' ? ' OR ' : ' ');
  return opts.column ? `${opts.column} : (${list})` : list;
}
