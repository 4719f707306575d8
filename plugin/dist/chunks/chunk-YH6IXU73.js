import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a as I}from"./chunk-TGU5VZ5J.js";import{g as d}from"./chunk-E4WVWDTE.js";import{b as E}from"./chunk-R3EOXALJ.js";import{chmodSync as g,lstatSync as O,statSync as x}from"node:fs";import{lstatSync as f,readdirSync as b,writeFileSync as A}from"node:fs";import{join as R}from"node:path";var a=".self-generation-home",X=["data","logs","run","models","install","templates","cache","orchestrator","config.json","install.json","hooks-mode.json",a],y="This folder is a self-generation data home (SELF_GEN_HOME).\n`self-gen uninstall --purge` deletes the entries self-generation created here, and nothing else.\n";function k(e){try{return f(R(e,a)).isFile()}catch{return!1}}function u(e){try{if(k(e)||!b(e).every(r=>X.includes(r)))return;A(R(e,a),y,{flag:"wx",mode:384})}catch{}}var _=[`
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
  `],c=_.length,p=`CREATE VIRTUAL TABLE IF NOT EXISTS vec_error_kb USING vec0(
  error_kb_id INTEGER PRIMARY KEY,
  embedding float[384] distance_metric=cosine
)`;var m=I(import.meta.url),S=null;function U(...e){return S??=m("better-sqlite3"),new S(...e)}var h=new Set(["SQLITE_CORRUPT","SQLITE_NOTADB","SQLITE_CORRUPT_VTAB","SQLITE_CORRUPT_INDEX"]);function K(e){let r=e?.code;return typeof r=="string"&&(h.has(r)||r.startsWith("SQLITE_CORRUPT"))}function Q(e){let r=e?.code;return typeof r=="string"&&(r.startsWith("SQLITE_BUSY")||r.startsWith("SQLITE_LOCKED"))}function v(e){d(e.home,e.dataDir,448),u(e.home)}function C(e){if(e.pragma("user_version",{simple:!0})>=c)return;e.transaction(()=>{let s=e.pragma("user_version",{simple:!0});for(let t=s;t<c;t++)e.exec(_[t]),e.pragma(`user_version = ${t+1}`)}).immediate()}var i=class extends Error{code="SQLITE_CORRUPT";fix="run `self-gen repair` (or just wait: the background check after the next session moves it aside)"};function D(e){let r;try{r=O(e)}catch{return"absent"}if(!r.isFile())return"not-regular";if(r.size>0)return"present";try{if(O(e+"-wal").size>0)return"present"}catch{}return"empty"}function F(e,r,o=!1){let s=D(e);if(s==="absent"&&o)throw Object.assign(new Error(`no database at ${e}`),{code:"ENOENT"});if(s==="empty")throw new i(`${e} is empty (0 bytes): its history was lost`);if(s==="not-regular")throw new i(`${e} is not a regular file`);let t=U(e,{fileMustExist:o,timeout:r});try{return s==="absent"&&g(e,384),t.pragma(`busy_timeout = ${r}`),t.pragma("journal_mode",{simple:!0})!=="wal"&&t.pragma("journal_mode = WAL"),t.pragma("synchronous = NORMAL"),t.pragma("foreign_keys = ON"),C(t),t}catch(l){throw t.close(),l}}function w(e={}){let r=E(e.env);return e.mustExist||v(r),F(r.db,e.busyTimeoutMs??2e3,e.mustExist??!1)}var n=null;function W(e={}){let r=E(e.env).db;if(n&&n.key===r&&n.db.open)return n.db;let o=w(e);return n={key:r,db:o},o}function $(){n?.db.open&&n.db.close(),n=null}var N=new WeakSet,L=new WeakSet,T=new WeakMap;async function J(e){if(N.has(e))return!0;try{L.has(e)||(m("sqlite-vec").load(e),L.add(e))}catch(r){return T.set(e,{stage:"load",message:String(r?.message??r)}),!1}try{e.exec(p)}catch(r){let o=r.code;return T.set(e,{stage:"table",code:o,message:String(r?.message??r)}),!1}return T.delete(e),N.add(e),!0}function Z(e){return T.get(e)}function ee(e){return N.has(e)}function re(e){let r=E(e),o=0;for(let s of["","-wal","-shm"])try{o+=x(r.db+s).size}catch{}return o}export{a,X as b,k as c,u as d,c as e,K as f,Q as g,v as h,i,D as j,F as k,w as l,W as m,$ as n,J as o,Z as p,ee as q,re as r};
