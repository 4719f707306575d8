// search_errors (the KB search of the hooks, read-only) and forget_fix (the only write). A fix is
// shown only through the advice filter of the hooks (provenance.ts mcpFix): an entry whose fix may
// not be advised here is listed with a note, never with the fix.
import * as z from 'zod';
import type { DB } from '../../db/db.js';
import { line } from '../bound.js';
import { fixContext, mcpFix, noFixReason, type FixContext } from '../provenance.js';
import { answer, defineTool, DETAIL_HINT, limitArg, ToolError, type ToolAnswer } from '../tool-contract.js';
import {
  getEntry,
  listEntries,
  removeEntries,
  searchErrorKB,
  errorKey,
  describeResolution,
  candidates,
  storedVerdict,
} from '../../error-kb/index.js';

/** The fix fields of an answer: the fix with its provenance, or a note saying why there is none. */
function fixFields(db: DB, kbId: number, ctx: FixContext, currentRaw?: string, max = 600) {
  const f = mcpFix(db, kbId, ctx, currentRaw);
  if (!f) return { fix: null, note: noFixReason(db, kbId) };
  return {
    fix: line(f.fix, max),
    ...(f.toolSequence ? { toolSequence: f.toolSequence } : {}),
    provenance: f.provenance,
  };
}

async function kbDetail(db: DB, id: number, ctx: FixContext): Promise<ToolAnswer> {
  const e = getEntry(db, id);
  if (!e)
    throw new ToolError(`no knowledge-base entry #${id}`, 'find entry ids with search_errors (query=…)');
  return answer({
    id: e.id,
    error: e.error_normalized,
    errorRaw: e.error_raw,
    recorded: e.ts,
    ...fixFields(db, e.id, ctx, undefined, 2000),
  });
}

export const searchErrors = defineTool({
  name: 'search_errors',
  title: 'Search the error knowledge base',
  description:
    'Search what self-generation learned about an error: which fix resolved it before. Pass the error ' +
    'message (or words from it) as `query`; it is normalised exactly as the hooks do (paths, numbers, ' +
    'quoted names replaced), then looked up by tier: exact, similar (the fitted matcher), vector ' +
    '(through the running embedding daemon only). Answers `match` (the entry the hooks would advise, with its tier, ' +
    'fix and provenance) and `entries` (other entries whose text contains the query, one line each). ' +
    'A fix is shown only when the hooks would advise it in this project: proven, safe, and, when ' +
    'learned in another project, confirmed there often enough (provenance.fromAnotherProject says so); ' +
    'otherwise `fix` is null with a note. `detail=<id>` gives one entry in full. Read-only.',
  shape: {
    query: z.string().max(20_000).optional().describe('the error message, or words from it'),
    detail: z.number().int().positive().optional().describe('a knowledge-base entry id: its full record'),
    limit: limitArg(10),
  },
  readOnly: true,
  async run(a, d) {
    const db = d.db();
    const ctx = fixContext(d);
    if (a.detail !== undefined) return kbDetail(db, a.detail, ctx);
    const q = (a.query ?? '').trim();
    if (!q)
      throw new ToolError(
        'search_errors needs a query (an error message or words from it) or detail=<id>',
        'call search_errors with query="<the error text>"',
      );
    const key = errorKey(q); // the one key of hooks and CLI
    const normalized = key.normalized;
    const match = normalized
      ? await searchErrorKB(db, normalized, {
          normalized: true,
          message: key.message, // the names check, as in the hooks
          raw: key.raw, // the context check of a wrapper key, as in the hooks
          bump: false, // a look-up by Claude is not advice given: counts stay as they are
          env: d.env,
          now: d.now(),
          ...(d.embedder !== undefined ? { embedder: d.embedder } : {}),
        })
      : null;
    const limit = a.limit ?? 10;
    const seen = new Set<number>(match ? [match.id] : []);
    const entries: Record<string, unknown>[] = [];
    // Index lines: only entries with a fix that may be advised here (the others are no advice).
    for (const contains of [q.slice(0, 300), normalized.slice(0, 300)]) {
      if (!contains || entries.length >= limit) continue;
      for (const e of listEntries(db, { contains, sort: 'used', limit: 4 * limit + seen.size })) {
        if (seen.has(e.id) || !e.resolution || entries.length >= limit) continue;
        seen.add(e.id);
        const f = mcpFix(db, e.id, ctx);
        if (!f) continue;
        entries.push({
          id: e.id,
          error: line(e.error_normalized, 160),
          fix: line(f.fix, 200),
          provenance: f.provenance.text,
          ...(f.provenance.fromAnotherProject ? { fromAnotherProject: true } : {}),
        });
      }
    }
    return answer(
      {
        query: normalized || null,
        match: match
          ? {
              id: match.id,
              tier: match.tier,
              error: line(match.error_normalized, 300),
              ...fixFields(db, match.id, ctx, q),
            }
          : null,
        entries,
        ...(match || entries.length
          ? { hint: DETAIL_HINT }
          : { note: 'nothing is known about this error: no advice' }),
      },
      'entries',
    );
  },
});

export const forgetFix = defineTool({
  name: 'forget_fix',
  title: 'Forget a learned fix (deletes it)',
  description:
    'THE ONLY TOOL THAT CHANGES ANYTHING: deletes one knowledge-base entry (the error and its learned ' +
    'fix, with its embedding) by id, so it is never given as advice again. Use it only when the user ' +
    'asks to, or when the fix is clearly wrong. It cannot be undone (the fix is learned again only ' +
    'if the same error is resolved again). Take the id from search_errors, recent_errors or file_history.',
  shape: {
    id: z.number().int().positive().describe('the knowledge-base entry id (kbId / match.id)'),
  },
  readOnly: false,
  async run(a, d) {
    const db = d.db();
    const e = getEntry(db, a.id);
    if (!e)
      throw new ToolError(
        `no knowledge-base entry #${a.id} (nothing was changed)`,
        'find the id with search_errors',
      );
    const cands = candidates(db, a.id);
    const n = cands.length;
    const shown = cands.find((c) => c.resolution === e.resolution);
    const verdict = shown ? storedVerdict(shown) : { cls: 'withheld', reason: 'not a proven fix', text: '' };
    // The function `self-gen kb rm` uses: the entry, its candidate fixes (with their projects and
    // lookups) and its embedding go together.
    await removeEntries(db, [a.id]);
    return answer({
      forgotten: a.id,
      error: line(e.error_normalized, 300),
      // A fix the policy withholds is never written out, not even as the one deleted.
      ...(verdict.cls === 'withheld'
        ? { withheldFix: verdict.reason }
        : { fix: line(describeResolution({ ...e, resolution: verdict.text }), 300) }),
      candidatesForgotten: n,
      note: 'deleted with its candidate fixes: this fix is no longer given as advice',
    });
  },
});
