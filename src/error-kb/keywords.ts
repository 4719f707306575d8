// Keywords of normalized errors: the seed's keyword check (words of ≥ 3 letters shared by the query
// and a match) and the token weights of the lexical tier.

/** Placeholders left by normalizeError: never keywords. */
const PLACEHOLDER_RE = /<(?:STR|PATH|N)>/g;
const WORD_RE = /[\p{L}\p{N}]+/gu;

/** Words that carry no meaning of their own (never a keyword). */
const STOP = new Set(
  'the and for with from this that these those are was were been being has have had but its into onto than then there their you your our any all via per also use using'.split(
    ' ',
  ),
);

/** A word that carries no meaning of its own (`the`, `for`, `with`…). */
export const isStopWord = (w: string): boolean => STOP.has(w);

/**
 * Words that occur in errors of every kind: they count for the seed's keyword check but weigh
 * little in the lexical score and never make a match on their own.
 */
const GENERIC = new Set(
  `error errors err fail failed failure fatal warning warn cannot can could not found find file files directory dir
  invalid unexpected unable exception line lines column code exit status command run running process
  value type types name named object undefined null none true false did does doesn must may might should would
  will expected got received while when which what where how because due some one two more most other such
  only been use used new old get set see try tried please check make sure same given no yes of to in on at by
  is be it an as or if so do up out off over under after before again
  project default goal execute org com plugin plugins apache maven exist exists mean syscall permission denied`.split(
    /\s+/,
  ),
);

/** Program names: shared, they say the tool is the same, not the problem. */
const TOOLS = new Set(
  'npm npx yarn pnpm node deno bun python python3 pip pip3 pytest cargo rustc git docker bash zsh sh go java javac mvn gradle make cmake gcc clang tsc vite jest vitest eslint sudo apt brew curl wget ssh psql mysql redis kubectl'.split(
    ' ',
  ),
);

/** The seed's keywords: words of three or more characters (placeholders and stop words removed). */
export function keywords(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.replace(PLACEHOLDER_RE, ' ').toLowerCase().matchAll(WORD_RE)) {
    const w = m[0];
    if (w.length >= 3 && /\p{L}/u.test(w) && !STOP.has(w)) out.add(w);
  }
  return out;
}

/** True when the two texts share at least one keyword (REQ-RA-002, low-confidence vector band). */
export function sharesKeyword(a: string, b: string): boolean {
  const ka = keywords(a);
  for (const w of keywords(b)) if (ka.has(w)) return true;
  return false;
}

// Identity tokens: error codes and error class names. Two errors that both carry some and share
// none are different problems (TypeError vs ReferenceError, ENOTEMPTY vs ERESOLVE, E0382 vs E0425).
const CODE_RE = /\b(?:E[A-Z]{3,}|ERR_[A-Z0-9_]+|[A-Z]{1,4}\d{3,5}|[A-Z][A-Za-z]*(?:Error|Exception))\b/g;
const NOT_CODES = new Set([
  'ERROR',
  'ERRORS',
  'EXIT',
  'EXPECTED',
  'EMPTY',
  'EVERY',
  'ELSE',
  'EOF',
  'ENV',
  'EXEC',
  'EXPORT',
]);

export function codes(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.replace(PLACEHOLDER_RE, ' ').matchAll(CODE_RE)) {
    if (!NOT_CODES.has(m[0])) out.add(m[0].toLowerCase());
  }
  return out;
}

/** The shell that reported an error (`bash: x: …`, `zsh: …`) says nothing about the problem. */
const SHELLS = new Set(['bash', 'zsh', 'sh', 'dash', 'fish', 'ksh']);

/** Tokens of the lexical tier: words of two or more characters, as FTS5's unicode61 splits them. */
export function tokens(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.replace(PLACEHOLDER_RE, ' ').toLowerCase().matchAll(WORD_RE)) {
    const w = m[0];
    if (w.length >= 2 && /\p{L}/u.test(w) && !STOP.has(w) && !SHELLS.has(w)) out.add(w);
  }
  return out;
}

/**
 * Identifier runs left unmasked by normalizeError: qualified or joined names (`org.demo.App`,
 * `registry.acme.local`, `github.com/spf13/cobra`, `main.migrations`, `ActiveRecord::Base`,
 * `user_id`), camelCase names (`finenaZepa`, `GradleWrapperMain`) and hyphenated names with a digit
 * (`web-1`). Like the masked parts (`<STR>`, `<PATH>`), they name *what* the error is about, which
 * varies from one occurrence of a problem to the next, not *which* problem it is.
 */
const IDENT_RE =
  /[\p{L}\p{N}_$]+(?:(?:\.|::|\/|@)[\p{L}\p{N}_$]+)+|\b[a-z][a-z\d]*[A-Z][\p{L}\p{N}]*|\b[A-Z][a-z\d]+[A-Z][\p{L}\p{N}]*|\b[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*-\d[\p{L}\p{N}-]*|\b[\p{L}\p{N}]*_[\p{L}\p{N}_]*/gu;

/**
 * Tokens that occur only inside identifier runs (never as a plain word of the same text), error
 * codes and class names excepted (`java.lang.NullPointerException` keeps its class, `ERR_REQUIRE_ESM`
 * its code).
 */
export function identTokens(text: string): Set<string> {
  const plain = text.replace(PLACEHOLDER_RE, ' ');
  const inIdent = new Set<string>();
  const cs = codes(text);
  const skip = (m: string) => cs.has(m.toLowerCase()) || m === m.toUpperCase(); // codes, SQLITE_BUSY
  for (const m of plain.matchAll(IDENT_RE)) {
    if (skip(m[0])) continue;
    for (const w of m[0].toLowerCase().matchAll(WORD_RE)) if (!cs.has(w[0])) inIdent.add(w[0]);
  }
  if (inIdent.size === 0) return inIdent;
  const outside = plain.replace(IDENT_RE, (m) => (skip(m) ? m : ' '));
  for (const w of outside.toLowerCase().matchAll(WORD_RE)) inIdent.delete(w[0]);
  return inIdent;
}

export function weight(token: string): number {
  if (GENERIC.has(token)) return 0.25;
  if (TOOLS.has(token)) return 0.5;
  return 1;
}

/** A token that can make a lexical match (neither generic nor a program name). */
export function distinctive(token: string): boolean {
  return !GENERIC.has(token) && !TOOLS.has(token);
}

export interface Similarity {
  /** Weighted Dice coefficient of the two token sets, 0–1. */
  score: number;
  shared: string[];
  sharedDistinctive: number;
  /** Both carry error codes and they share none. */
  codeConflict: boolean;
  /** Shared distinctive tokens that are not error codes or class names (TypeError, EACCES…). */
  sharedPlain: number;
  /** Only one of the two carries a specific error code (EACCES, TS2307: another tool or problem is likely). */
  codeOneSided: boolean;
  /** Only one of the two carries error class names, and no specific code (TypeError, OperationalError). */
  classOneSided: boolean;
  /** The seed's keyword check (≥ 1 shared word of ≥ 3 letters). */
  keywordShared: boolean;
  /** Both are made only of common words (then only a high overlap makes a match). */
  generic: boolean;
  /** Distinctive words (not names, codes or program names) of the query the candidate lacks… */
  queryOnly: string[];
  /** …and of the candidate the query lacks: words on both sides is a substitution (`close` ↔ `send`). */
  candidateOnly: string[];
}

/** Distinctive tokens of a text, program names included when it has no other distinctive word. */
function distinctiveOf(ts: Set<string>): Set<string> {
  const own = [...ts].filter(distinctive);
  return new Set(own.length ? own : [...ts].filter((t) => TOOLS.has(t)));
}

/** Neither text has a word of its own nor names a program (`File does not exist.`). */
function allGeneric(a: Set<string>, b: Set<string>): boolean {
  return distinctiveOf(a).size === 0 && distinctiveOf(b).size === 0;
}

/** Weight of an identifier token (see IDENT_RE): as little as a generic word. */
export const IDENT_WEIGHT = 0.25;

export function similarity(query: string, candidate: string): Similarity {
  const q = tokens(query);
  const d = tokens(candidate);
  const iq = identTokens(query);
  const id = identTokens(candidate);
  // a token that is an identifier on either side is a name, not a word of the message
  const w = (t: string) => (iq.has(t) || id.has(t) ? Math.min(IDENT_WEIGHT, weight(t)) : weight(t));
  // `zsh: command not found: tsc` vs `bash: tsc: command not found`: when neither error has a word
  // of its own, the program it names is what identifies it.
  // Two messages made only of common words: every word counts (the lexical rule then asks for a
  // high overlap, see accepts()).
  const qw = new Set([...q].filter((t) => !iq.has(t)));
  const dw = new Set([...d].filter((t) => !id.has(t)));
  const generic = allGeneric(qw, dw);
  const dq = generic ? qw : distinctiveOf(qw);
  const dd = generic ? dw : distinctiveOf(dw);
  const cqAll = codes(query);
  const cdAll = codes(candidate);
  let sharedPlain = 0;
  let wq = 0;
  let wd = 0;
  let ws = 0;
  const shared: string[] = [];
  let sharedDistinctive = 0;
  for (const t of q) wq += w(t);
  for (const t of d) {
    wd += w(t);
    if (q.has(t)) {
      ws += w(t);
      shared.push(t);
      if (dq.has(t) && dd.has(t)) {
        sharedDistinctive++;
        if (!cqAll.has(t) && !cdAll.has(t)) sharedPlain++;
      }
    }
  }
  const cq = cqAll;
  const cd = cdAll;
  let codeConflict = false;
  if (cq.size > 0 && cd.size > 0) {
    codeConflict = true;
    for (const c of cq) if (cd.has(c)) codeConflict = false;
  }
  // A bare error class on one side only (`sqlite3.OperationalError: database is locked` vs `Error:
  // SQLITE_BUSY: database is locked`) can be the runtime's wording; a specific code on one side only
  // (EACCES, TS2307, E0382) says another tool or problem is likely.
  const specific = (cs: Set<string>) => [...cs].some((c) => !/(?:error|exception)$/.test(c));
  const oneSided = cq.size > 0 !== cd.size > 0;
  const codeOneSided = oneSided && (specific(cq) || specific(cd));
  const classOneSided = oneSided && !codeOneSided;
  const score = wq + wd > 0 ? (2 * ws) / (wq + wd) : 0;
  const own = (t: string) => distinctive(t) && !cqAll.has(t) && !cdAll.has(t);
  const queryOnly = [...qw].filter((t) => own(t) && !d.has(t));
  const candidateOnly = [...dw].filter((t) => own(t) && !q.has(t));
  return {
    queryOnly,
    candidateOnly,
    score,
    shared,
    sharedDistinctive,
    codeConflict,
    sharedPlain,
    codeOneSided,
    classOneSided,
    keywordShared: sharesKeyword(query, candidate),
    generic,
  };
}
