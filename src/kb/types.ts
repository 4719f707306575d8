// The error KB's row type, shared by the tiers (search.ts, lexical.ts) so that neither imports the
// other for it (#16: no kb/lexical ↔ kb/search cycle).

/** A row of error_kb (seed 001). */
export interface KbEntry {
  id: number;
  ts: string;
  error_normalized: string;
  error_raw: string | null;
  resolution: string | null;
  resolved_by: string | null;
  tool_sequence: string | null;
  use_count: number;
  last_used: string | null;
}
