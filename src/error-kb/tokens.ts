// Words and error codes of a (masked) error text, as SQLite FTS5's unicode61 tokenizer splits them.

const PLACEHOLDER_RE = /<(?:STR|PATH|N)>/g;
const WORD_RE = /[\p{L}\p{N}]+/gu;
/** Words that carry no meaning of their own (never a keyword). */
const STOP = new Set(
  'the and for with from this that are was were been has have had but its into than then you your any all via'.split(
    ' ',
  ),
);

/** Words of two or more characters, lower-cased, placeholders dropped. */
export function tokens(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.replace(PLACEHOLDER_RE, ' ').toLowerCase().matchAll(WORD_RE))
    if (m[0].length >= 2) out.add(m[0]);
  return out;
}

/** The seed's keyword check (vector tier, low-confidence band): a shared word of ≥ 3 letters. */
export function sharesKeyword(a: string, b: string): boolean {
  const kw = (t: string) => [...tokens(t)].filter((w) => w.length >= 3 && /\p{L}/u.test(w) && !STOP.has(w));
  const ka = new Set(kw(a));
  return kw(b).some((w) => ka.has(w));
}

// Error codes and class names: TS2307, E0308, EACCES, ERR_MODULE_NOT_FOUND, TypeError.
const CODE_RE = /\b(?:E[A-Z]{3,}|ERR_[A-Z0-9_]+|[A-Z]{1,4}\d{3,5}|[A-Z][A-Za-z]*(?:Error|Exception))\b/g;
const NOT_CODES = new Set('ERROR ERRORS EXIT EXPECTED EMPTY EVERY ELSE EOF ENV EXEC EXPORT'.split(' '));

/** The error codes and classes a text names, lower-cased. */
export function codes(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.replace(PLACEHOLDER_RE, ' ').matchAll(CODE_RE))
    if (!NOT_CODES.has(m[0])) out.add(m[0].toLowerCase());
  return out;
}
