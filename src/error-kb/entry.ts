// A row of the error_kb table, as the search tiers and the KB commands read it.
export interface KbEntry {
  id: number;
  ts: string;
  error_normalized: string;
  error_raw: string | null;
  /** The signature: the raw output's two or three most error-like lines, one a line (errorSignature). */
  error_lines?: string | null;
  resolution: string | null;
  resolved_by: string | null;
  tool_sequence: string | null;
  use_count: number;
  last_used: string | null;
}
