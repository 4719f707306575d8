// The KB's storage door: every query on error_kb, error_kb_fts, error_kb_vocab, error_kb_fixes,
// error_kb_fix_projects, error_kb_lookups, vec_error_kb (sqlite-vec) and the team provenance tables
// (error_kb_fix_team, error_kb_forgotten, error_kb_team_projects: src/team fills them) lives in
// store/ (test/unit/guard-sql-owners.test.ts), one file a group of tables. The matching logic
// (search.ts, lexical.ts, candidates.ts…) imports them from here and never runs SQL.
export type { KbEntry } from './entry.js';
export * from './store/entries.js';
export * from './store/fixes.js';
export * from './store/team.js';
export * from './store/lookups.js';
export * from './store/vectors.js';
