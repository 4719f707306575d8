// Template alignment: two reports of one error are one log template with other
// variables. As log parsers do (Drain, the Loghub benchmarks), a message is split into tokens and
// each token is a constant (a word of the template: `Cannot`, `find`, `module`, an error code) or a
// variable (a path, a URL, a number or version, a quoted part, a name: `renderList`, `my_var`,
// `left-pad`). Two messages are aligned token by token (edit distance: constants match when equal,
// any variable matches any variable) and the aligned difference decides: only variables differ →
// the same template (a recurrence); a constant word replaced, added or dropped → another error.

/** A token's kind: a constant word, an error code (a constant that names the error), or a variable. */
export type TokenKind = 'word' | 'code' | 'path' | 'url' | 'number' | 'quoted' | 'name';

export interface TemplateToken {
  text: string;
  kind: TokenKind;
}

const PLACEHOLDER: Record<string, TokenKind> = { STR: 'quoted', PATH: 'path', N: 'number' };
const isVariable = (k: TokenKind) => k !== 'word' && k !== 'code';

/** The most tokens of a message compared (the rest is detail, and the alignment stays cheap). */
export const TEMPLATE_TOKENS = 48;

const QUOTED =
  /'[^'\n]{0,100}'(?![\p{L}\p{N}])|"[^"\n]{0,100}"|`[^`'\n]{0,100}['`]|‘[^’\n]{0,100}’|“[^”\n]{0,100}”/gu;
const URL = /^[a-z][\w+.-]*:\/\/\S+$/i;
const PATH = /^(?:[A-Za-z]:\\|~\/|\.{1,2}\/|\/)|[\\/]/;
const NUMBER =
  /^(?:v?\d+(?:[.,:_-]\d+)*(?:ms|us|ns|s|m|h|k|kb|mb|gb|kib|mib|gib|%)?|0x[0-9a-f]+|[0-9a-f]*\d[0-9a-f]*[a-f][0-9a-f]*|[0-9a-f]*[a-f][0-9a-f]*\d[0-9a-f]*)$/i;
/** Error codes and exception classes, qualified ones too (`java.lang.NullPointerException`). */
const CODE =
  /^(?:E[A-Z]{3,}|ERR_[A-Z0-9_]+|[A-Z]{1,4}\d{3,5}|(?:[\w$]+\.)*[A-Z][A-Za-z]*(?:Error|Exception|Warning))$/;
/**
 * A plain word: letters only, lower-case after an optional capital, or all capitals (`FATAL`, `ERR`);
 * `can't`; lower-case words joined by hyphens (`block-scoped`, `non-zero`, `ssh-add`).
 */
const WORD = /^(?:[A-Za-z][a-z]*(?:'[a-z]+)?|[A-Z]{2,}|[a-z]+(?:-[a-z]+)+)$/;
const EDGE = /^[([{<"'`,.;:!?]+|[)\]}>"'`,.;:!?]+$/g;

/** A hex id long enough to be a hash, or a number: a variable even when it looks like a word. */
function numberLike(s: string): boolean {
  if (/^[0-9a-f]+$/i.test(s) && s.length < 7 && !/\d/.test(s)) return false; // `face`, `added`
  return NUMBER.test(s);
}

function classify(chunk: string): TokenKind {
  if (URL.test(chunk)) return 'url';
  if (numberLike(chunk)) return 'number';
  if (CODE.test(chunk)) return 'code';
  if (WORD.test(chunk)) return 'word';
  if (PATH.test(chunk)) return 'path';
  return 'name';
}

/** The tokens of one whitespace-separated chunk (no quotes in it). */
function chunkTokens(chunk: string, out: TemplateToken[]): void {
  const c = chunk.replace(EDGE, '');
  if (!c) return;
  if (URL.test(c) || (PATH.test(c) && !/[:=,()]/.test(c.replace(/^[A-Za-z]:\\/, '')))) {
    out.push({ text: c, kind: URL.test(c) ? 'url' : 'path' });
    return;
  }
  // `host:3000`, `error[E0425]`, `key=value`, `f(x)`: the parts, each classified
  const parts = c.split(/[:=,()[\]{}<>]+/).map((p) => p.replace(EDGE, ''));
  if (parts.length > 1 && parts.every((p) => !p || /^\d+$/.test(p) || numberLike(p))) {
    out.push({ text: c, kind: 'number' }); // 127.0.0.1:8080, 10:20:30
    return;
  }
  for (const p of parts) if (p) out.push({ text: p, kind: classify(p) });
}

/** A message's template tokens (at most TEMPLATE_TOKENS). Never throws. */
export function templateTokens(message: string): TemplateToken[] {
  const out: TemplateToken[] = [];
  if (typeof message !== 'string' || !message) return out;
  let rest = message.slice(0, 2000);
  const quoted: string[] = [];
  // a key's placeholders (normalize.ts) are variables of their kind
  rest = rest.replace(/<(STR|PATH|N)>/g, (_m, k: string) => ` \uE001${k}\uE001 `);
  rest = rest.replace(QUOTED, (q) => {
    quoted.push(q.slice(1, -1));
    return ` \uE000${quoted.length - 1}\uE000 `;
  });
  for (const chunk of rest.split(/\s+/)) {
    const q = /^\uE000(\d+)\uE000$/.exec(chunk);
    const ph = /^\uE001(STR|PATH|N)\uE001$/.exec(chunk);
    if (ph) out.push({ text: `<${ph[1]}>`, kind: PLACEHOLDER[ph[1]!]! });
    else if (q) {
      const text = quoted[Number(q[1])] ?? '';
      // a quoted sentence is part of the message (`'certificate verify failed: …'`), not a name
      if ((text.match(/\p{L}{2,}/gu) ?? []).length >= 3 && /\s/.test(text))
        for (const c of text.split(/\s+/)) chunkTokens(c, out);
      else out.push({ text, kind: PATH.test(text) && !URL.test(text) ? 'path' : 'quoted' });
    } else chunkTokens(chunk, out);
    if (out.length >= TEMPLATE_TOKENS) break;
  }
  return out.slice(0, TEMPLATE_TOKENS);
}

/** What the alignment of two messages found. */
export interface TemplateDiff {
  /** Constant tokens aligned equal. */
  constSame: number;
  /** The larger side's constant tokens. */
  constMax: number;
  /** A constant aligned with another constant (`EADDRINUSE` / `EACCES`, `denied` / `found`). */
  constReplaced: number;
  /** Constants one side has and the other lacks. */
  constExtra: number;
  /** Error codes replaced, added or dropped. */
  codeDiff: number;
  /** Variables aligned with each other. */
  varSame: number;
  /** Variables aligned with a variable of another kind (a path where the other has a bare name). */
  varKindDiff: number;
  /** Variables one side has and the other lacks, or aligned with a constant. */
  varExtra: number;
}

type Op = 'same' | 'var' | 'sub' | 'del' | 'ins';

const sameConst = (a: TemplateToken, b: TemplateToken) =>
  !isVariable(a.kind) && !isVariable(b.kind) && a.text.toLowerCase() === b.text.toLowerCase();

/** The edit script of two token lists (constants equal or variables both: free; else 1). */
function align(a: TemplateToken[], b: TemplateToken[]): [Op, TemplateToken | null, TemplateToken | null][] {
  const n = a.length;
  const m = b.length;
  const d: number[][] = Array.from({ length: n + 1 }, (_, i) =>
    Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const cost = (x: TemplateToken, y: TemplateToken) =>
    sameConst(x, y) || (isVariable(x.kind) && isVariable(y.kind)) ? 0 : 1;
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++)
      d[i]![j] = Math.min(
        d[i - 1]![j - 1]! + cost(a[i - 1]!, b[j - 1]!),
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
      );
  const ops: [Op, TemplateToken | null, TemplateToken | null][] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const x = a[i - 1];
    const y = b[j - 1];
    if (i > 0 && j > 0 && d[i]![j] === d[i - 1]![j - 1]! + cost(x!, y!)) {
      ops.push([cost(x!, y!) ? 'sub' : isVariable(x!.kind) ? 'var' : 'same', x!, y!]);
      i--;
      j--;
    } else if (i > 0 && d[i]![j] === d[i - 1]![j]! + 1) {
      ops.push(['del', x!, null]);
      i--;
    } else {
      ops.push(['ins', null, y!]);
      j--;
    }
  }
  return ops.reverse();
}

/** Aligns two messages as templates and counts their differences. */
export function templateDiff(a: string, b: string): TemplateDiff {
  const ta = templateTokens(a);
  const tb = templateTokens(b);
  const consts = (t: TemplateToken[]) => t.filter((x) => !isVariable(x.kind)).length;
  const r: TemplateDiff = {
    constSame: 0,
    constMax: Math.max(consts(ta), consts(tb)),
    constReplaced: 0,
    constExtra: 0,
    codeDiff: 0,
    varSame: 0,
    varKindDiff: 0,
    varExtra: 0,
  };
  for (const [op, x, y] of align(ta, tb)) {
    if (op === 'same') r.constSame++;
    else if (op === 'var') {
      r.varSame++;
      if (kindGroup(x!.kind) !== kindGroup(y!.kind)) r.varKindDiff++;
    } else {
      const sides = [x, y].filter((t): t is TemplateToken => t !== null);
      const constants = sides.filter((t) => !isVariable(t.kind));
      if (op === 'sub' && constants.length === 2) r.constReplaced++;
      else if (constants.length) r.constExtra++;
      if (sides.some((t) => isVariable(t.kind))) r.varExtra++;
      if (constants.some((t) => t.kind === 'code')) r.codeDiff++;
    }
  }
  return r;
}

/**
 * Kinds that stand for one another in two reports: a path and a URL; a number, a version and a hex
 * id. A quoted part is not a bare name: the quotes are constants of the template (`'<*>'` vs `<*>`).
 */
function kindGroup(k: TokenKind): string {
  return k === 'path' || k === 'url' ? 'path' : k;
}

/** The same template: every constant aligned with its equal, nothing added or dropped but variables. */
export function sameTemplate(d: TemplateDiff): boolean {
  return d.constMax > 0 && d.constReplaced === 0 && d.constExtra === 0 && d.varKindDiff === 0;
}
