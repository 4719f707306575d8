// The fix an MCP tool may show for a knowledge-base entry, and where it comes from. Every MCP tool
// that shows a fix goes through `mcpFix`: the advice filter of the hooks (error-kb/advice.ts adviceFor:
// never a fix the fix policy withholds, never a legacy or unproven one, a fix from another project only with the
// configured confirmations and labelled so), for the MCP server's project, with the provenance in
// the hooks' words (provenanceText). A look-up by Claude is not advice given: nothing is counted.
import type { DB } from '../db/db.js';
import { getSection, loadConfig } from '../common/config.js';
import { localeFromEnv } from '../common/locale.js';
import {
  adviceFor,
  provenanceText,
  type Advice,
  candidates,
  NOT_REVIEWED,
  storedVerdict,
  describeResolution,
  formatToolSequence,
} from '../error-kb/index.js';
import type { McpDeps } from './tool-contract.js';

export interface Provenance {
  /** manual: typed by the user; this-project: learned here; other-projects: learned elsewhere. */
  source: Advice['provenance']['source'];
  /** True when the fix was learned in another project (never in this one). */
  fromAnotherProject: boolean;
  /** Confirmations counted for the source (this project, or all other projects). */
  confirmations: number;
  /** How many other projects confirmed it (source other-projects). */
  projects: number;
  /** When it was last confirmed. */
  lastConfirmed: string;
  /** The one-line form the hooks show (provenanceText). */
  text: string;
  /** The tool whose call resolved the error (null when unknown). */
  resolvedBy: string | null;
}

export interface ShownFix {
  kbId: number;
  fix: string;
  toolSequence: string | null;
  provenance: Provenance;
}

/** Why an entry with candidates shows no fix (never the fix text itself). */
export const NO_PROVEN_FIX = 'no proven fix yet: nothing is advised for this error';
/** A fix exists but the fix policy withholds it: it needs a human look (never the fix text itself). */
export const withheldNote = (kbId: number, reason: string) =>
  `a fix was recorded but is not offered (${reason}): it needs a human look: \`self-gen kb show ${kbId}\``;

/** The configured advice bar and locale, read once per tool call (fixContext). */
export interface FixContext {
  deps: McpDeps;
  now: Date;
  minOtherProjectConfirmations: number;
  locale: 'ko' | 'en';
  /** Whether keyword (lexical-tier) matches may be presented as the match (advice.lexicalTier). */
  lexicalTier: boolean;
}

export function fixContext(d: McpDeps): FixContext {
  const ctx: FixContext = {
    deps: d,
    now: d.now(),
    minOtherProjectConfirmations: 2,
    locale: localeFromEnv(d.env),
    lexicalTier: false,
  };
  try {
    const cfg = loadConfig(d.env);
    const advice = getSection(cfg, 'advice');
    ctx.minOtherProjectConfirmations = advice.minOtherProjectConfirmations;
    ctx.lexicalTier = advice.lexicalTier;
    ctx.locale = cfg.locale === 'en' ? 'en' : 'ko';
  } catch {
    // an unreadable config: the defaults (the default bar)
  }
  return ctx;
}

/** The provenance line of a fix the user typed (the hooks show none), per locale. */
export const MANUAL_PROVENANCE: Record<'ko' | 'en', string> = {
  ko: '사용자가 직접 입력한 해결',
  en: 'fix given by the user (kb add / kb edit)',
};

export function provenanceOf(a: Advice, now: Date, locale: 'ko' | 'en'): Provenance {
  const p = a.provenance;
  return {
    source: p.source,
    fromAnotherProject: p.source === 'other-projects',
    confirmations: p.confirmations,
    projects: p.projects,
    lastConfirmed: p.lastTs,
    text: provenanceText(p, now, locale) || MANUAL_PROVENANCE[locale],
    resolvedBy: a.resolvedBy,
  };
}

/**
 * The fix that may be shown for KB entry `kbId` in the server's project, or null. `currentRaw`
 * is the raw text of the error being looked at, when known (a fix naming another module or file
 * than this error's is not shown, as in the hooks).
 */
export function mcpFix(db: DB, kbId: number, ctx: FixContext, currentRaw?: string): ShownFix | null {
  const a = adviceFor(db, kbId, {
    projectPath: ctx.deps.project.path,
    now: ctx.now,
    minOtherProjectConfirmations: ctx.minOtherProjectConfirmations,
    count: false, // a look-up by Claude is not advice given
    ...(currentRaw !== undefined ? { currentRaw } : {}),
  });
  if (!a) return null;
  return {
    kbId,
    fix: describeResolution({ resolution: a.resolution, resolved_by: a.resolvedBy }),
    toolSequence: formatToolSequence(a.toolSequence) || null,
    provenance: provenanceOf(a, ctx.now, ctx.locale),
  };
}

/** Why entry `kbId` shows no fix: withheld by the fix policy, or not proven (legacy, unconfirmed here, too few elsewhere). */
export function noFixReason(db: DB, kbId: number): string {
  try {
    const cs = candidates(db, kbId).filter((c) => c.proof !== 'legacy');
    const verdicts = cs.map((c) => storedVerdict(c));
    if (cs.length > 0 && verdicts.every((v) => v.cls === 'withheld')) {
      const judged = verdicts.find((v) => v.reason !== NOT_REVIEWED);
      return withheldNote(kbId, judged?.reason ?? NOT_REVIEWED);
    }
  } catch {
    // fall through
  }
  return NO_PROVEN_FIX;
}
