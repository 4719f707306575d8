// Forward-only schema migrations, versioned with PRAGMA user_version.
// Table names and the error_kb columns are fixed by the original requirements (docs/architecture.md).

export const MIGRATIONS: string[] = [
  // 1: the initial schema
  `
  CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    v INTEGER NOT NULL DEFAULT 1,
    type TEXT NOT NULL,
    ts TEXT NOT NULL,
    session_id TEXT,
    project TEXT,
    project_path TEXT,
    data TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(data))
  );
  CREATE INDEX IF NOT EXISTS idx_events_type_ts ON events(type, ts);
  CREATE INDEX IF NOT EXISTS idx_events_session ON events(session_id, type, ts);
  CREATE INDEX IF NOT EXISTS idx_events_project_path ON events(project_path, type, ts);
  CREATE INDEX IF NOT EXISTS idx_events_project ON events(project, type, ts);
  CREATE INDEX IF NOT EXISTS idx_events_agent_type
    ON events(json_extract(data, '$.agentType'), ts) WHERE type = 'subagent_stop';

  -- Files an event names (error text, tool input), matched by base name then by path component.
  CREATE TABLE IF NOT EXISTS event_files (
    event_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    path TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS idx_event_files_name ON event_files(name, event_id);
  CREATE INDEX IF NOT EXISTS idx_event_files_event ON event_files(event_id);

  -- Full-text index over event text (prompt, error, command, file); rowid = events.id.
  CREATE VIRTUAL TABLE IF NOT EXISTS events_fts USING fts5(
    text, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
  );

  CREATE TABLE IF NOT EXISTS error_kb (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ts TEXT NOT NULL,
    error_normalized TEXT NOT NULL UNIQUE,
    error_raw TEXT,
    resolution TEXT,
    resolved_by TEXT,
    tool_sequence TEXT,
    use_count INTEGER DEFAULT 0,
    last_used TEXT
  );
  CREATE UNIQUE INDEX IF NOT EXISTS idx_error_kb_error ON error_kb(error_normalized);

  -- Lexical tier of the KB search (BM25), kept in step with error_kb by triggers.
  CREATE VIRTUAL TABLE IF NOT EXISTS error_kb_fts USING fts5(
    error_normalized, error_raw, content = 'error_kb', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER IF NOT EXISTS error_kb_ai AFTER INSERT ON error_kb BEGIN
    INSERT INTO error_kb_fts(rowid, error_normalized, error_raw)
    VALUES (new.id, new.error_normalized, coalesce(new.error_raw, ''));
  END;
  CREATE TRIGGER IF NOT EXISTS error_kb_ad AFTER DELETE ON error_kb BEGIN
    INSERT INTO error_kb_fts(error_kb_fts, rowid, error_normalized, error_raw)
    VALUES ('delete', old.id, old.error_normalized, coalesce(old.error_raw, ''));
  END;
  CREATE TRIGGER IF NOT EXISTS error_kb_au AFTER UPDATE OF error_normalized, error_raw ON error_kb BEGIN
    INSERT INTO error_kb_fts(error_kb_fts, rowid, error_normalized, error_raw)
    VALUES ('delete', old.id, old.error_normalized, coalesce(old.error_raw, ''));
    INSERT INTO error_kb_fts(rowid, error_normalized, error_raw)
    VALUES (new.id, new.error_normalized, coalesce(new.error_raw, ''));
  END;

  CREATE TABLE IF NOT EXISTS analysis_cache (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ts TEXT NOT NULL,
    project TEXT,
    days INTEGER NOT NULL,
    input_hash TEXT NOT NULL,
    analysis TEXT NOT NULL CHECK (json_valid(analysis))
  );
  CREATE UNIQUE INDEX IF NOT EXISTS idx_analysis_cache_key
    ON analysis_cache(ifnull(project, ''), days, input_hash);
  CREATE INDEX IF NOT EXISTS idx_analysis_cache_project_ts ON analysis_cache(project, ts);

  CREATE TABLE IF NOT EXISTS feedback (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ts TEXT NOT NULL,
    suggestion_id TEXT NOT NULL,
    action TEXT NOT NULL CHECK (action IN ('accepted', 'dismissed')),
    project TEXT,
    type TEXT,
    text TEXT
  );
  CREATE INDEX IF NOT EXISTS idx_feedback_suggestion ON feedback(suggestion_id);

  -- Small key/value state (last analysis, last prune, …).
  CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT);
  `,
  // 2: the KB prefix tier (LIKE 'first 30 chars%', ASCII case-insensitive) served by an index on
  // lower(error_normalized) instead of a scan of every entry.
  `
  CREATE INDEX IF NOT EXISTS idx_error_kb_lower ON error_kb(lower(error_normalized));
  `,
  // 3: candidate fixes per error (error-kb/candidates.ts): how each was proven, how often confirmed, in
  // which projects; error_kb.resolution shows the best one. Real lookups answered, per entry.
  // Resolutions recorded before this version become 'legacy' candidates (unknown proof and
  // project: never advised until confirmed again or kept with `kb edit`).
  `
  CREATE TABLE IF NOT EXISTS error_kb_fixes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kb_id INTEGER NOT NULL,
    fix_key TEXT NOT NULL,
    resolution TEXT NOT NULL,
    resolved_by TEXT,
    tool_sequence TEXT,
    proof TEXT NOT NULL,
    strength INTEGER NOT NULL,
    confirmations INTEGER NOT NULL DEFAULT 1,
    first_ts TEXT NOT NULL,
    last_ts TEXT NOT NULL,
    UNIQUE (kb_id, fix_key)
  );
  CREATE TABLE IF NOT EXISTS error_kb_fix_projects (
    fix_id INTEGER NOT NULL,
    project_path TEXT NOT NULL,
    confirmations INTEGER NOT NULL DEFAULT 1,
    last_ts TEXT NOT NULL,
    PRIMARY KEY (fix_id, project_path)
  );
  CREATE TABLE IF NOT EXISTS error_kb_lookups (
    kb_id INTEGER PRIMARY KEY,
    answered INTEGER NOT NULL DEFAULT 0,
    last_ts TEXT
  );
  INSERT OR IGNORE INTO error_kb_fixes
    (kb_id, fix_key, resolution, resolved_by, tool_sequence, proof, strength, confirmations, first_ts, last_ts)
    SELECT id, 'legacy', resolution, resolved_by, tool_sequence, 'legacy', 0, 1, ts, ts
    FROM error_kb WHERE resolution IS NOT NULL;
  CREATE TRIGGER IF NOT EXISTS error_kb_fixes_cascade AFTER DELETE ON error_kb BEGIN
    DELETE FROM error_kb_fixes WHERE kb_id = old.id;
    DELETE FROM error_kb_lookups WHERE kb_id = old.id;
  END;
  CREATE TRIGGER IF NOT EXISTS error_kb_fix_projects_cascade AFTER DELETE ON error_kb_fixes BEGIN
    DELETE FROM error_kb_fix_projects WHERE fix_id = old.id;
  END;
  `,
  // 4: the project folder the advice was last given in ("came back after" counts
  // recurrences there only).
  `ALTER TABLE error_kb_lookups ADD COLUMN last_project TEXT;`,
  // 5: the opt-in team store (src/team, docs/team.md). Teammates' confirmations of a
  // fix, per member, machine and project (set, never added, by each pull: idempotent); forgets to
  // push as tombstones; this machine's project identities (hashed remote URL); how often advice came
  // from the team; the sync state (a cursor per member, what was pushed).
  `
  CREATE TABLE IF NOT EXISTS error_kb_fix_team (
    fix_id INTEGER NOT NULL,
    member TEXT NOT NULL,
    machine TEXT NOT NULL,
    project_id TEXT NOT NULL,
    project_name TEXT NOT NULL,
    confirmations INTEGER NOT NULL,
    last_ts TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (fix_id, member, machine, project_id)
  );
  CREATE INDEX IF NOT EXISTS idx_error_kb_fix_team_member ON error_kb_fix_team(member);
  CREATE TRIGGER IF NOT EXISTS error_kb_fix_team_cascade AFTER DELETE ON error_kb_fixes BEGIN
    DELETE FROM error_kb_fix_team WHERE fix_id = old.id;
  END;
  CREATE TABLE IF NOT EXISTS error_kb_forgotten (
    error_key TEXT PRIMARY KEY,
    ts TEXT NOT NULL,
    pushed INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE IF NOT EXISTS error_kb_team_projects (
    project_path TEXT PRIMARY KEY,
    project_id TEXT NOT NULL,
    name TEXT NOT NULL
  );
  ALTER TABLE error_kb_lookups ADD COLUMN team_answered INTEGER NOT NULL DEFAULT 0;
  CREATE TABLE IF NOT EXISTS team_cursors (
    member TEXT PRIMARY KEY,
    seq INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS team_pushed (
    project_id TEXT NOT NULL,
    error_key TEXT NOT NULL,
    fix_key TEXT NOT NULL,
    digest TEXT NOT NULL,
    PRIMARY KEY (project_id, error_key, fix_key)
  );
  `,
  // 6: the fix policy's verdict with each candidate fix (owner:
  // error-kb/db.ts; written by the background review, fix-policy/background-review.ts), reset whenever the
  // fix text changes; and the repository each confirmation came from (a clone or worktree of the
  // same repository is one project).
  `
  ALTER TABLE error_kb_fixes ADD COLUMN policy_class TEXT;
  ALTER TABLE error_kb_fixes ADD COLUMN policy_reason TEXT;
  ALTER TABLE error_kb_fixes ADD COLUMN policy_text TEXT;
  ALTER TABLE error_kb_fixes ADD COLUMN policy_version INTEGER;
  CREATE INDEX IF NOT EXISTS idx_error_kb_fixes_policy ON error_kb_fixes(policy_version);
  CREATE TRIGGER IF NOT EXISTS error_kb_fixes_policy_reset AFTER UPDATE OF resolution ON error_kb_fixes
    WHEN old.resolution IS NOT new.resolution BEGIN
    UPDATE error_kb_fixes SET policy_class = NULL, policy_reason = NULL, policy_text = NULL, policy_version = NULL
      WHERE id = new.id;
  END;
  ALTER TABLE error_kb_fix_projects ADD COLUMN repo TEXT;
  `,
  // 7: the signature of an entry's error (its two or three most error-like lines,
  // error-kb/normalize.ts errorSignature), shown with advice and compared by the matcher; the FTS vocabulary
  // (in how many entries a word occurs: the matcher's rarity in this KB)
  `
  ALTER TABLE error_kb ADD COLUMN error_lines TEXT;
  CREATE VIRTUAL TABLE IF NOT EXISTS error_kb_vocab USING fts5vocab(error_kb_fts, 'row');
  `,
  // 8: the rule of the fix policy's table that decided a verdict (fix-policy/rules.ts), cited by
  // `kb show`; reset with the verdict when the fix text changes.
  `
  ALTER TABLE error_kb_fixes ADD COLUMN policy_rule TEXT;
  DROP TRIGGER IF EXISTS error_kb_fixes_policy_reset;
  CREATE TRIGGER IF NOT EXISTS error_kb_fixes_policy_reset AFTER UPDATE OF resolution ON error_kb_fixes
    WHEN old.resolution IS NOT new.resolution BEGIN
    UPDATE error_kb_fixes SET policy_class = NULL, policy_reason = NULL, policy_text = NULL, policy_version = NULL,
      policy_rule = NULL WHERE id = new.id;
  END;
  `,
  // 9: the version of each entry's key (error-kb/error-key.ts KEY_VERSION); entries of an older
  // version are re-keyed from their raw error by the session-end step kb-rekey (error-kb/rekey.ts).
  // Every key stored before is version 1.
  `
  ALTER TABLE error_kb ADD COLUMN key_version INTEGER NOT NULL DEFAULT 1;
  CREATE INDEX IF NOT EXISTS idx_error_kb_key_version ON error_kb(key_version);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** The vector table needs sqlite-vec loaded; it is created by ensureVec(). */
export const VEC_TABLE_SQL = `CREATE VIRTUAL TABLE IF NOT EXISTS vec_error_kb USING vec0(
  error_kb_id INTEGER PRIMARY KEY,
  embedding float[384] distance_metric=cosine
)`;
