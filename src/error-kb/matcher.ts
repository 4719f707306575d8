// The matcher decides whether a stored error is the query's problem. First the template rule
// (template.ts): a key that is the query's log template with other variables is the
// same error (feature tplSame; not when the names check fires, a variable is of another kind, the
// key is a headline, or the other lines name another cause). Else a few general features of the
// pair (shared error codes, shared rare words — rare in this KB and in a background corpus of
// ordinary errors —, shared signature lines, the names check, the template alignment) are weighed
// by a logistic model fit offline on labelled pairs (bench/fit-matcher.mjs), shipped as numbers in
// matcher-weights.ts. Candidates come from two indexed look-ups (the key's first 30 characters;
// FTS5 over the rarest words); a handful are scored here.
import type { DB } from '../db/db.js';
import { exactEntry, ftsCandidates, kbDocFreq, kbSize, prefixEntries } from './db.js';
import type { KbEntry } from './entry.js';
import {
  errorSignature,
  extractErrorMessage,
  HEADLINE_LINE,
  maskedNames,
  normalizeError,
} from './normalize.js';
import { codes, tokens } from './tokens.js';
import { BACKGROUND, BACKGROUND_DOCS } from './common-words.js';
import { FEATURES, THRESHOLD, WEIGHTS, type Feature } from './matcher-weights.js';
import { sameTemplate, templateDiff } from './template.js';

export { FEATURES, THRESHOLD, WEIGHTS, type Feature };

/** What the matcher knows of the query: its key, its signature lines (raw), its message's names. */
export interface MatchQuery {
  normalized: string;
  signature: string[];
}

export type Features = Record<Feature, number>;

export interface Scored {
  entry: KbEntry;
  features: Features;
  /** The model's probability that the entry is the query's problem. */
  p: number;
}

const CANDIDATES = 10;
const FTS_TERMS = 8;
let bgDocs: Map<string, number> | null = null;
/** How rare a word is among ordinary errors, 0 (in every one) to 1 (in none). */
function bgRarity(t: string): number {
  // made on first use: a command that only stores an error (`kb add`) never scores one
  bgDocs ??= new Map<string, number>(
    BACKGROUND.split(' ').map((p) => {
      const i = p.lastIndexOf(':');
      return [p.slice(0, i), Number(p.slice(i + 1))] as [string, number];
    }),
  );
  return Math.log((BACKGROUND_DOCS + 1) / ((bgDocs.get(t) ?? 0) + 1)) / Math.log(BACKGROUND_DOCS + 1);
}

/** The masked signature lines of an error (the key first). */
function maskedLines(normalized: string, signature: string[]): string[] {
  const rest = signature.slice(1).map(normalizeError).filter(Boolean);
  return [normalized, ...rest.filter((l) => l !== normalized)];
}

/** Weighted Jaccard of two token sets. */
function weighted(a: Set<string>, b: Set<string>, w: (t: string) => number): number {
  let shared = 0;
  let all = 0;
  for (const t of new Set([...a, ...b])) {
    const x = w(t);
    all += x;
    if (a.has(t) && b.has(t)) shared += x;
  }
  return all > 0 ? shared / all : 0;
}

/** The names a fix would write (a name itself, a path's last part), ≥ 3 characters. */
function nameForms(names: string[]): Set<string> {
  return new Set(
    names
      .flatMap((n) => {
        const l = n.toLowerCase().replace(/[\\/]+$/, '');
        return [l, l.split(/[\\/]/).pop() ?? l];
      })
      .filter((f) => f.length >= 3 && /\p{L}/u.test(f)),
  );
}

/** The stored entry's signature lines (the column, else taken again from its raw error). */
export function entrySignature(e: KbEntry): string[] {
  if (e.error_lines) return e.error_lines.split('\n');
  const sig = e.error_raw ? errorSignature(e.error_raw) : [];
  return sig.length ? sig : [e.error_normalized];
}

/**
 * The names check: the stored fix writes a name the stored error named (`express` of `Cannot find
 * module 'express'`) and the query names other things, none of which the fix writes.
 */
export function namesConflict(query: MatchQuery, e: KbEntry): boolean {
  if (!e.resolution) return false;
  const q = nameForms(maskedNames(query.signature[0] ?? ''));
  const s = nameForms(maskedNames(entrySignature(e)[0] ?? extractErrorMessage(e.error_raw ?? '')));
  if (q.size === 0 || s.size === 0) return false;
  const fix = e.resolution.toLowerCase();
  const writes = (f: string) =>
    new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRe(f)}(?![\\p{L}\\p{N}_])`, 'u').test(fix);
  if ([...q].some(writes)) return false;
  return [...s].some((f) => !q.has(f) && writes(f));
}
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The plain words of a text: chunks made of letters only (`refused`, `FATAL`), lower-cased. A chunk
 * with other signs in it (`git.sr.ht/~x/lw`, `my_var`, `fooBar`, `v1`) is a name, and names vary
 * between two reports of one problem; a replaced plain word is more often another problem.
 */
export function plainWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const chunk of text.split(/\s+/)) {
    const w = chunk.replace(/^[("'`[{<]+|[)"'`\]},.:;!?>]+$/g, '');
    if (/^(?:[A-Za-z][a-z]+|[A-Z]{2,})$/.test(w)) out.add(w.toLowerCase());
  }
  return out;
}

/** Shared rarity mass over the smaller side's (containment: one report may print more lines). */
function contained(a: Set<string>, b: Set<string>, w: (t: string) => number): number {
  const mass = (s: Set<string>) => [...s].reduce((x, t) => x + w(t), 0);
  const shared = mass(new Set([...a].filter((t) => b.has(t))));
  const min = Math.min(mass(a), mass(b));
  return min > 0 ? shared / min : 0;
}

/** A path where the other names a bare name, or the other way round (`'./routes'` vs `'express'`). */
function kindDiffers(a: string, b: string): boolean {
  const kinds = (s: string) =>
    maskedNames(s).map((n) => /^(?:\/|\.{1,2}\/|~\/|[A-Za-z]:\\)|^(?!@)[^/]*\//.test(n));
  const x = kinds(a);
  const y = kinds(b);
  return x.length === y.length && x.some((k, i) => k !== y[i]);
}

/** The features of one (query, stored entry) pair; `rarity` weighs a word. */
export function features(query: MatchQuery, e: KbEntry, rarity: (t: string) => number): Features {
  const qLines = maskedLines(query.normalized, query.signature);
  const eLines = maskedLines(e.error_normalized, entrySignature(e));
  const qAll = tokens(qLines.join(' '));
  const eAll = tokens(eLines.join(' '));
  const qc = codes(qLines.join(' '));
  const ec = codes(eLines.join(' '));
  const codeShared = [...qc].some((c) => ec.has(c));
  const qNames = nameForms(maskedNames(query.signature[0] ?? ''));
  const eNames = nameForms(maskedNames(entrySignature(e)[0] ?? e.error_normalized));
  const sharedLines = qLines.filter((l) => eLines.includes(l)).length;
  const eSig = entrySignature(e);
  const qkw = plainWords(query.normalized);
  const ekw = plainWords(e.error_normalized);
  const qsw = plainWords(qLines.join(' '));
  const esw = plainWords(eLines.join(' '));
  const t = templateDiff(query.normalized, e.error_normalized);
  const conflict = namesConflict(query, e);
  const kinds = kindDiffers(query.signature[0] ?? '', eSig[0] ?? '');
  return {
    ...templateFeatures(t),
    tplSame:
      sameTemplate(t) &&
      !conflict &&
      !kinds &&
      !HEADLINE_LINE.test(query.normalized) &&
      !otherLinesDiffer(qLines, eLines)
        ? 1
        : 0,
    rareAll: weighted(qAll, eAll, rarity),
    rareKey: weighted(tokens(query.normalized), tokens(e.error_normalized), rarity),
    rareRaw: weighted(tokens(query.signature.join(' ')), tokens(eSig.join(' ')), rarity),
    sameKey: query.normalized === e.error_normalized ? 1 : 0,
    codeShared: codeShared ? 1 : 0,
    codeConflict: qc.size > 0 && ec.size > 0 && !codeShared ? 1 : 0,
    lines: sharedLines / Math.max(qLines.length, eLines.length),
    namesShared: [...qNames].some((n) => eNames.has(n)) ? 1 : 0,
    namesConflict: conflict ? 1 : 0,
    wordsKey: weighted(qkw, ekw, rarity),
    wordsSig: weighted(qsw, esw, rarity),
    wordsContained: contained(qsw, esw, rarity),
  };
}

/**
 * Both errors print lines besides the key and none of one side's is the same template as one of the
 * other's: one headline over two causes (ssh's `Host key verification failed.` after a changed key,
 * or after an unknown host).
 */
function otherLinesDiffer(qLines: string[], eLines: string[]): boolean {
  const q = qLines.slice(1);
  const e = eLines.slice(1);
  if (q.length === 0 || e.length === 0) return false;
  return !q.some((a) => e.some((b) => sameTemplate(templateDiff(a, b))));
}

/** The aligned difference of the two keys as templates (template.ts), as features. */
function templateFeatures(t: ReturnType<typeof templateDiff>) {
  const cap = (n: number) => Math.min(4, n) / 4;
  return {
    tplConst: t.constMax > 0 ? t.constSame / t.constMax : 0,
    tplReplaced: cap(t.constReplaced),
    tplExtra: cap(t.constExtra),
    tplCode: t.codeDiff > 0 ? 1 : 0,
    tplVarExtra: cap(t.varExtra),
  };
}

/** The model's probability for a feature vector. */
export function probability(f: Features): number {
  let z = WEIGHTS.bias;
  for (const k of FEATURES) z += WEIGHTS[k] * f[k];
  return 1 / (1 + Math.exp(-z));
}

/**
 * How rare words are in this KB and among ordinary errors; the KB's counts are read per word, once,
 * from the FTS5 vocabulary (indexed look-ups).
 */
function kbRarity(db: DB) {
  const df = new Map<string, number>();
  const n = kbSize(db);
  const load = (words: Iterable<string>) => {
    const missing = [...new Set(words)].filter((w) => !df.has(w));
    const found = kbDocFreq(db, missing);
    for (const w of missing) df.set(w, found.get(w) ?? 0);
  };
  const kb = (t: string) => Math.log((n + 1) / ((df.get(t) ?? 0) + 1)) / Math.log(n + 2);
  return { n, df, load, rarity: (t: string) => (bgRarity(t) + kb(t)) / 2 };
}

/**
 * The query's words that few entries hold (an FTS5 OR query of the rarest, at most FTS_TERMS), or ''.
 * Common words are left out: they find nothing particular and make the look-up slow.
 */
function ftsTerms(words: Set<string>, df: Map<string, number>, n: number): string {
  const cap = Math.max(20, n * 0.02);
  return [...words]
    .filter((w) => /\p{L}/u.test(w) && (df.get(w) ?? 0) > 0 && (df.get(w) ?? 0) <= cap)
    .sort((a, b) => (df.get(a) ?? 0) - (df.get(b) ?? 0) || b.length - a.length)
    .slice(0, FTS_TERMS)
    .map((w) => `"${w}"`)
    .join(' OR ');
}

const MAX_CHAR = String.fromCodePoint(0x10ffff);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

/**
 * The candidates (entries with a resolution), scored, best first. The entry of the same key is scored
 * first: when it reaches the threshold it is the answer (the exact tier) and nothing else is looked
 * up; `exactOnly`: only that entry. Throws on database errors.
 */
export function scoreCandidates(
  db: DB,
  query: MatchQuery,
  exactOnly = false,
  threshold = THRESHOLD,
): Scored[] {
  const qLines = maskedLines(query.normalized, query.signature);
  const words = tokens(qLines.join(' '));
  const r = kbRarity(db);
  r.load([...words, ...tokens(query.signature.join(' '))]);
  const score = (entries: KbEntry[]): Scored[] => {
    r.load(
      entries.flatMap((e) => [
        ...tokens([...maskedLines(e.error_normalized, entrySignature(e)), ...entrySignature(e)].join(' ')),
      ]),
    );
    return entries.map((entry) => {
      const f = features(query, entry, r.rarity);
      return { entry, features: f, p: probability(f) };
    });
  };
  const exact = exactEntry(db, query.normalized);
  const first = exact ? score([exact]) : [];
  if (exactOnly || (first[0] && answers(first[0], threshold))) return first;
  const byId = new Map<number, KbEntry>();
  const head30 = query.normalized.slice(0, 30);
  const low = head30.replace(/[A-Z]/g, (c) => c.toLowerCase());
  for (const e of prefixEntries(db, low, low + MAX_CHAR, escapeLike(head30) + '%')) byId.set(e.id, e);
  const fts = ftsTerms(words, r.df, r.n);
  if (fts) for (const e of ftsCandidates(db, fts, CANDIDATES)) if (!byId.has(e.id)) byId.set(e.id, e);
  if (exact) byId.delete(exact.id);
  return [...first, ...score([...byId.values()])].sort((a, b) => b.p - a.p);
}

/**
 * The matcher's judgement of one stored entry for a query, without the KB (rarity among ordinary
 * errors only): for paths that look an entry up by its key and must still not show a look-alike's fix.
 */
export function judge(query: MatchQuery, e: KbEntry, threshold = THRESHOLD): boolean {
  const f = features(query, e, bgRarity);
  return answers({ entry: e, features: f, p: probability(f) }, threshold);
}

/**
 * Whether a candidate may answer: it is the query's template (only variables differ, no names
 * conflict, no other cause printed: feature tplSame), or the model scores it at least the threshold.
 */
export function answers(s: Scored, threshold = THRESHOLD): boolean {
  return s.features.tplSame === 1 || s.p >= threshold;
}

/**
 * The matcher's decision: the best candidate of the query's template (the same key first), else the
 * best when it scores at least the threshold. `scored` is sorted best first.
 */
export function decide(scored: Scored[], threshold = THRESHOLD): Scored | null {
  const template = scored.filter((s) => s.features.tplSame === 1);
  const best = template.find((s) => s.features.sameKey === 1) ?? template[0] ?? scored[0];
  return best && answers(best, threshold) ? best : null;
}
