// The maintained rule set: secretlint's recommended preset (@secretlint/secretlint-rule-preset-recommend),
// run synchronously on plain strings. Each rule is created once (on first use) against a minimal
// context that only collects what the rule reports; no secretlint engine, no async, no files.
// A report carries the secret in its message data (KEY, TOKEN, ID, …) and a range; both are hidden.
// Hot path: the preset is loaded (and its rules created) only when a string holds one of the
// markers its rules need (PREFILTER); most hook strings never load it.
import { createRequire } from 'node:module';

interface RuleContext {
  createTranslator: (messages: unknown) => (id: string, props?: Record<string, unknown>) => string;
  report: (r: { message: string; range?: readonly [number, number] }) => void;
  ignore: () => void;
  registerRule: () => void;
}
interface RuleCreator {
  meta: { id: string };
  create: (context: RuleContext, options: Record<string, unknown>) => { file?: (source: unknown) => unknown };
}
interface Finding {
  rule: string;
  values: string[];
  range: readonly [number, number] | null;
}

// Rules that read files (p12/json service-account files by extension) or only filter comments.
const SKIP = new Set(['@secretlint/secretlint-rule-gcp', '@secretlint/secretlint-rule-filter-comments']);
// Message data that names a thing rather than holding the secret.
const NOT_SECRET_PROPS = new Set(['typeName', 'FILE_NAME', 'NAME', 'TYPE']);
// Rule options: the preset's defaults (access key ids and account ids are left to our own rule).
const OPTIONS: Record<string, Record<string, unknown>> = {};

/**
 * A string none of the preset's rules can report on lacks all of these markers: every rule's pattern
 * starts with (or needs) one of them. Checked by a test against the preset on the whole corpus.
 */
const PREFILTER =
  /PRIVATE KEY|x-oauth-basic|_authToken|npm_[A-Za-z0-9_]{30}|:\/\/[^\s/@]{0,256}:[^\s/@]{0,256}@|hooks\.slack\.com|xox|xapp|SG\.|shp(?:pa|ca|at|ss)_|[rs]k_(?:live|test)_|gh[pousr]_|github_pat_|glpat-|glc_|glsa_|T3BlbkFJ|sk-ant-|gsk_|hf_[a-zA-Z]{30}|lin_api_|ntn_|ops_ey|hv[sbr]\.|vc[pirak]_|dapi[a-fA-F0-9]{32}|dckr_pat_|figd_|cf(?:k|ut|at)_|tskey-/;
const PREFILTER_AWS = /secret_?access_?key/i;

/** Whether the preset could report anything in `text` (cheap; decides whether it runs at all). */
export function presetMayMatch(text: string): boolean {
  return PREFILTER.test(text) || PREFILTER_AWS.test(text);
}

function loadPreset(): { rules: RuleCreator[] } {
  // A literal require: esbuild bundles the preset and initialises it only on this first call.
  // Unbundled (tests), Node's require loads the ESM package.
  const mod = (
    typeof require === 'function'
      ? // eslint-disable-next-line @typescript-eslint/no-require-imports
        require('@secretlint/secretlint-rule-preset-recommend')
      : createRequire(import.meta.url)('@secretlint/secretlint-rule-preset-recommend')
  ) as { creator: { rules: RuleCreator[] } };
  return mod.creator;
}

let handlers: { id: string; file: (source: unknown) => unknown }[] | null = null;
let current: Finding[] = [];
let currentRule = '';
let pendingValues: string[] = [];

const context: RuleContext = {
  createTranslator: () => (id, props) => {
    for (const [k, v] of Object.entries(props ?? {})) {
      if (!NOT_SECRET_PROPS.has(k) && typeof v === 'string' && v.length >= 8) pendingValues.push(v);
    }
    return id;
  },
  report: (r) => {
    current.push({ rule: currentRule, values: pendingValues, range: r.range ?? null });
    pendingValues = [];
  },
  ignore: () => {},
  registerRule: () => {},
};

function load(): { id: string; file: (source: unknown) => unknown }[] {
  if (handlers) return handlers;
  handlers = [];
  for (const rule of loadPreset().rules) {
    const id = rule.meta.id;
    if (SKIP.has(id)) continue;
    try {
      const h = rule.create(context, OPTIONS[id] ?? {});
      if (typeof h.file === 'function') handlers.push({ id, file: h.file.bind(h) });
    } catch {
      // A rule that cannot start on its own is left out; our own rules still run.
    }
  }
  return handlers;
}

/** How many rules of the preset run (for `doctor`-style reports and the docs). */
export function secretlintRuleCount(): number {
  return load().length;
}

/** What the preset reports in `text`: the secret strings and ranges, with the rule that saw each. */
export function secretlintFindings(text: string): Finding[] {
  const source = { content: text, contentType: 'text', ext: '', filePath: undefined };
  const found: Finding[] = [];
  for (const h of load()) {
    current = [];
    pendingValues = [];
    currentRule = h.id.replace('@secretlint/secretlint-rule-', '');
    try {
      const r = h.file(source);
      // A rule that answers asynchronously would report too late to count: none in the preset does
      // for plain text; ignore its promise rather than leave it unhandled.
      if (r && typeof (r as Promise<unknown>).then === 'function') (r as Promise<unknown>).catch(() => {});
    } catch {
      // A rule that throws on odd input must not break redaction.
    }
    found.push(...current);
  }
  current = [];
  pendingValues = [];
  return found;
}

/** Hides everything the preset reports in `text`. */
export function secretlintRedact(text: string): string {
  if (!presetMayMatch(text)) return text;
  const findings = secretlintFindings(text);
  if (findings.length === 0) return text;
  const spans: [number, number, string][] = [];
  for (const f of findings) {
    let hit = false;
    for (const v of f.values) {
      if (v.includes('[REDACTED')) continue;
      for (let i = text.indexOf(v); i >= 0; i = text.indexOf(v, i + v.length)) {
        spans.push([i, i + v.length, f.rule]);
        hit = true;
      }
    }
    if (!hit && f.range) {
      const piece = text.slice(f.range[0], f.range[1]);
      if (!piece.includes('[REDACTED')) spans.push([f.range[0], f.range[1], f.rule]);
    }
  }
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = '';
  let at = 0;
  for (const [s, e, rule] of spans) {
    if (e <= at) continue;
    const from = Math.max(s, at);
    out += text.slice(at, from) + (from === s ? `[REDACTED:${rule}]` : '');
    at = e;
  }
  return out + text.slice(at);
}
