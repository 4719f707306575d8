import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a as i,b as R}from"./chunk-BL5HXHKR.js";import{i as I}from"./chunk-RX6IX7YY.js";import{b as n}from"./chunk-R3EOXALJ.js";import{a as U}from"./chunk-67BG23Y2.js";import{chmodSync as M,lstatSync as A,statSync as j}from"node:fs";import{lstatSync as k,readdirSync as y,writeFileSync as x}from"node:fs";import{join as p}from"node:path";var N=".self-generation-home",D=["data","logs","run","models","install","templates","cache","orchestrator","config.json","install.json","hooks-mode.json",N],C="This folder is a self-generation data home (SELF_GEN_HOME).\n`self-gen uninstall --purge` deletes the entries self-generation created here, and nothing else.\n";function v(e){try{return k(p(e,N)).isFile()}catch{return!1}}function O(e){try{if(v(e)||!y(e).every(r=>D.includes(r)))return;x(p(e,N),C,{flag:"wx",mode:384})}catch{}}import{existsSync as g}from"node:fs";import{dirname as F,join as h}from"node:path";var B=i(import.meta.url),u=null,s;function G(){try{let e=h(F(R(import.meta.url)("better-sqlite3/package.json")),"build","Release","better_sqlite3.node");return g(e)?e:null}catch{return null}}function w(){return process.env.SG_CLI_BUNDLE==="1"&&s?U("better-sqlite3"):B("better-sqlite3")}function S(e,r={}){return s===void 0&&(s=G()),u??=w(),new u(e,s&&!r.nativeBinding?{...r,nativeBinding:s}:r)}var c=[`
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

  -- Small key/value state (last analysis, last prune, \u2026).
  CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT);
  `,`
  CREATE INDEX IF NOT EXISTS idx_error_kb_lower ON error_kb(lower(error_normalized));
  `,`
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
  `,"ALTER TABLE error_kb_lookups ADD COLUMN last_project TEXT;",`
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
  `,`
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
  `,`
  ALTER TABLE error_kb ADD COLUMN error_lines TEXT;
  CREATE VIRTUAL TABLE IF NOT EXISTS error_kb_vocab USING fts5vocab(error_kb_fts, 'row');
  `,`
  ALTER TABLE error_kb_fixes ADD COLUMN policy_rule TEXT;
  DROP TRIGGER IF EXISTS error_kb_fixes_policy_reset;
  CREATE TRIGGER IF NOT EXISTS error_kb_fixes_policy_reset AFTER UPDATE OF resolution ON error_kb_fixes
    WHEN old.resolution IS NOT new.resolution BEGIN
    UPDATE error_kb_fixes SET policy_class = NULL, policy_reason = NULL, policy_text = NULL, policy_version = NULL,
      policy_rule = NULL WHERE id = new.id;
  END;
  `,`
  ALTER TABLE error_kb ADD COLUMN key_version INTEGER NOT NULL DEFAULT 1;
  CREATE INDEX IF NOT EXISTS idx_error_kb_key_version ON error_kb(key_version);
  `],l=c.length,f=`CREATE VIRTUAL TABLE IF NOT EXISTS vec_error_kb USING vec0(
  error_kb_id INTEGER PRIMARY KEY,
  embedding float[384] distance_metric=cosine
)`;var b=S,P=i(import.meta.url),Y=new Set(["SQLITE_CORRUPT","SQLITE_NOTADB","SQLITE_CORRUPT_VTAB","SQLITE_CORRUPT_INDEX"]);function _e(e){let r=e?.code;return typeof r=="string"&&(Y.has(r)||r.startsWith("SQLITE_CORRUPT"))}function ae(e){let r=e?.code;return typeof r=="string"&&(r.startsWith("SQLITE_READONLY")||r==="EROFS"||r==="EACCES"||r==="EPERM")}function Ne(e){let r=e?.code;return typeof r=="string"&&(r.startsWith("SQLITE_BUSY")||r.startsWith("SQLITE_LOCKED"))}function q(e){I(e.home,e.dataDir,448),O(e.home)}function X(e){if(e.pragma("user_version",{simple:!0})>=l)return;e.transaction(()=>{let E=e.pragma("user_version",{simple:!0});for(let t=E;t<l;t++)e.exec(c[t]),e.pragma(`user_version = ${t+1}`)}).immediate()}var a=class extends Error{code="SQLITE_CORRUPT";fix="run `self-gen repair` (or just wait: the background check after the next session moves it aside)"};function H(e){let r;try{r=A(e)}catch{return"absent"}if(!r.isFile())return"not-regular";if(r.size>0)return"present";try{if(A(e+"-wal").size>0)return"present"}catch{}return"empty"}function K(e,r,o=!1){let E=H(e);if(E==="absent"&&o)throw Object.assign(new Error(`no database at ${e}`),{code:"ENOENT"});if(E==="empty")throw new a(`${e} is empty (0 bytes): its history was lost`);if(E==="not-regular")throw new a(`${e} is not a regular file`);let t=b(e,{fileMustExist:o,timeout:r});try{return E==="absent"&&M(e,384),t.pragma(`busy_timeout = ${r}`),t.pragma("journal_mode",{simple:!0})!=="wal"&&t.pragma("journal_mode = WAL"),t.pragma("synchronous = NORMAL"),t.pragma("foreign_keys = ON"),X(t),t}catch(d){throw t.close(),d}}function z(e={}){let r=n(e.env);return e.mustExist||q(r),K(r.db,e.busyTimeoutMs??2e3,e.mustExist??!1)}function ce(){let e=b(":memory:");return X(e),e}var T=null;function le(e={}){let r=n(e.env).db;if(T&&T.key===r&&T.db.open)return T.db;let o=z(e);return T={key:r,db:o},o}function Le(){T?.db.open&&T.db.close(),T=null}var L=new WeakSet,m=new WeakSet,_=new WeakMap;async function de(e){if(L.has(e))return!0;try{m.has(e)||(P("sqlite-vec").load(e),m.add(e))}catch(r){return _.set(e,{stage:"load",message:String(r?.message??r)}),!1}try{e.exec(f)}catch(r){let o=r.code;return _.set(e,{stage:"table",code:o,message:String(r?.message??r)}),!1}return _.delete(e),L.add(e),!0}function Ie(e){return _.get(e)}function Re(e){return L.has(e)}function pe(e){let r=n(e),o=0;for(let E of["","-wal","-shm"])try{o+=j(r.db+E).size}catch{}return o}export{S as a,_e as b,ae as c,Ne as d,q as e,a as f,H as g,K as h,z as i,ce as j,le as k,Le as l,de as m,Ie as n,Re as o,pe as p};
