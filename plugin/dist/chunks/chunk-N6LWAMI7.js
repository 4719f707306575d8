import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a as I}from"./chunk-XXGR63W6.js";import{f as N}from"./chunk-N3MVRSEB.js";import{b as a}from"./chunk-464GD2QE.js";import{chmodSync as v,lstatSync as S,statSync as h}from"node:fs";import{lstatSync as L,readdirSync as A,writeFileSync as y}from"node:fs";import{join as u}from"node:path";var T=".self-generation-home",b=["data","logs","run","models","install","templates","cache","orchestrator","config.json","install.json",T],g="This folder is a self-generation data home (SELF_GEN_HOME).\n`self-gen uninstall --purge` deletes the entries self-generation created here, and nothing else.\n";function X(e){try{return L(u(e,T)).isFile()}catch{return!1}}function p(e){try{if(X(e)||!A(e).every(r=>b.includes(r)))return;y(u(e,T),g,{flag:"wx",mode:384})}catch{}}var c=[`
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
  `],l=c.length,m=`CREATE VIRTUAL TABLE IF NOT EXISTS vec_error_kb USING vec0(
  error_kb_id INTEGER PRIMARY KEY,
  embedding float[384] distance_metric=cosine
)`;var f=I(import.meta.url),O=null;function x(...e){return O??=f("better-sqlite3"),new O(...e)}var C=new Set(["SQLITE_CORRUPT","SQLITE_NOTADB","SQLITE_CORRUPT_VTAB","SQLITE_CORRUPT_INDEX"]);function Y(e){let r=e?.code;return typeof r=="string"&&(C.has(r)||r.startsWith("SQLITE_CORRUPT"))}function H(e){let r=e?.code;return typeof r=="string"&&(r.startsWith("SQLITE_BUSY")||r.startsWith("SQLITE_LOCKED"))}function w(e){N(e.home,e.dataDir,448),p(e.home)}function U(e){if(e.pragma("user_version",{simple:!0})>=l)return;e.transaction(()=>{let n=e.pragma("user_version",{simple:!0});for(let t=n;t<l;t++)e.exec(c[t]),e.pragma(`user_version = ${t+1}`)}).immediate()}var E=class extends Error{code="SQLITE_CORRUPT";fix="run `self-gen repair` (or just wait: the background check after the next session moves it aside)"};function k(e){let r;try{r=S(e)}catch{return"absent"}if(!r.isFile())return"not-regular";if(r.size>0)return"present";try{if(S(e+"-wal").size>0)return"present"}catch{}return"empty"}function D(e,r,o=!1){let n=k(e);if(n==="absent"&&o)throw Object.assign(new Error(`no database at ${e}`),{code:"ENOENT"});if(n==="empty")throw new E(`${e} is empty (0 bytes): its history was lost`);if(n==="not-regular")throw new E(`${e} is not a regular file`);let t=x(e,{fileMustExist:o,timeout:r});try{return n==="absent"&&v(e,384),t.pragma(`busy_timeout = ${r}`),t.pragma("journal_mode",{simple:!0})!=="wal"&&t.pragma("journal_mode = WAL"),t.pragma("synchronous = NORMAL"),t.pragma("foreign_keys = ON"),U(t),t}catch(d){throw t.close(),d}}function B(e={}){let r=a(e.env);return e.mustExist||w(r),D(r.db,e.busyTimeoutMs??2e3,e.mustExist??!1)}var s=null;function W(e={}){let r=a(e.env).db;if(s&&s.key===r&&s.db.open)return s.db;let o=B(e);return s={key:r,db:o},o}function $(){s?.db.open&&s.db.close(),s=null}var _=new WeakSet,R=new WeakSet,i=new WeakMap;async function J(e){if(_.has(e))return!0;try{R.has(e)||(f("sqlite-vec").load(e),R.add(e))}catch(r){return i.set(e,{stage:"load",message:String(r?.message??r)}),!1}try{e.exec(m)}catch(r){let o=r.code;return i.set(e,{stage:"table",code:o,message:String(r?.message??r)}),!1}return i.delete(e),_.add(e),!0}function Z(e){return i.get(e)}function ee(e){return _.has(e)}function re(e){let r=a(e),o=0;for(let n of["","-wal","-shm"])try{o+=h(r.db+n).size}catch{}return o}export{T as a,b,X as c,p as d,l as e,Y as f,H as g,w as h,E as i,k as j,D as k,B as l,W as m,$ as n,J as o,Z as p,ee as q,re as r};
