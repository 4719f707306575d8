// How a knowledge-base entry came to be, as shown to Claude by the MCP tools. One small function
// so the fields added later (confidence, the project an entry was learned in, candidate vs proven)
// are rendered in one place.
import type { KbEntry } from '../kb/search.js';

export interface Provenance {
  /** The tool whose call resolved the error (null when unknown). */
  resolvedBy: string | null;
  /** When the entry was recorded or last refreshed. */
  recorded: string;
  /** How often it was found by a search (hooks and CLI) or re-learned. */
  uses: number;
  lastUsed: string | null;
  /** The project the fix was learned in (null: not stored by this schema version). */
  project: string | null;
}

export function provenanceOf(e: KbEntry & { project?: string | null }): Provenance {
  return {
    resolvedBy: e.resolved_by ?? null,
    recorded: e.ts,
    uses: e.use_count ?? 0,
    lastUsed: e.last_used ?? null,
    project: typeof e.project === 'string' ? e.project : null,
  };
}

/** The one-line form (index lines). */
export function provenanceLine(e: KbEntry & { project?: string | null }): string {
  const p = provenanceOf(e);
  return [
    p.resolvedBy ? `resolved by ${p.resolvedBy}` : 'resolver unknown',
    `used ${p.uses}×`,
    p.lastUsed ? `last used ${p.lastUsed.slice(0, 10)}` : 'never used',
    `recorded ${p.recorded.slice(0, 10)}`,
    ...(p.project ? [`in ${p.project}`] : []),
  ].join(', ');
}
