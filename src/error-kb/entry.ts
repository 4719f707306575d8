// A row of the error_kb table, as the search tiers and the KB commands read it.
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
