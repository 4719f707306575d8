import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a as L}from"./hook-chunk-FVWDUBYW.js";import{a as l,b as O,c}from"./hook-chunk-CVTP7TC5.js";import{f as a,h as I}from"./hook-chunk-RQK33KFR.js";import{b as i}from"./hook-chunk-Y4ZJZHIG.js";import{chmodSync as G,lstatSync as y,statSync as Le}from"node:fs";import{lstatSync as w,readdirSync as C,writeFileSync as F}from"node:fs";import{join as R}from"node:path";var p=".self-generation-home",M=["data","logs","run","models","install","templates","cache","orchestrator","config.json","install.json","hooks-mode.json",p],B="This folder is a self-generation data home (SELF_GEN_HOME).\n`self-gen uninstall --purge` deletes the entries self-generation created here, and nothing else.\n";function j(e){try{return w(R(e,p)).isFile()}catch{return!1}}function S(e){try{if(j(e)||!C(e).every(t=>M.includes(t)))return;F(R(e,p),B,{flag:"wx",mode:384})}catch{}}var d=[`
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
  `],f=d.length,g=`CREATE VIRTUAL TABLE IF NOT EXISTS vec_error_kb USING vec0(
  error_kb_id INTEGER PRIMARY KEY,
  embedding float[384] distance_metric=cosine
)`;var k=L(import.meta.url),A=null;function P(...e){return A??=k("better-sqlite3"),new A(...e)}var K=new Set(["SQLITE_CORRUPT","SQLITE_NOTADB","SQLITE_CORRUPT_VTAB","SQLITE_CORRUPT_INDEX"]);function h(e){let t=e?.code;return typeof t=="string"&&(K.has(t)||t.startsWith("SQLITE_CORRUPT"))}function Ae(e){let t=e?.code;return typeof t=="string"&&(t.startsWith("SQLITE_READONLY")||t==="EROFS"||t==="EACCES"||t==="EPERM")}function be(e){let t=e?.code;return typeof t=="string"&&(t.startsWith("SQLITE_BUSY")||t.startsWith("SQLITE_LOCKED"))}function Y(e){a(e.home,e.dataDir,448),S(e.home)}function H(e){if(e.pragma("user_version",{simple:!0})>=f)return;e.transaction(()=>{let n=e.pragma("user_version",{simple:!0});for(let o=n;o<f;o++)e.exec(d[o]),e.pragma(`user_version = ${o+1}`)}).immediate()}var _=class extends Error{code="SQLITE_CORRUPT";fix="run `self-gen repair` (or just wait: the background check after the next session moves it aside)"};function V(e){let t;try{t=y(e)}catch{return"absent"}if(!t.isFile())return"not-regular";if(t.size>0)return"present";try{if(y(e+"-wal").size>0)return"present"}catch{}return"empty"}function z(e,t,r=!1){let n=V(e);if(n==="absent"&&r)throw Object.assign(new Error(`no database at ${e}`),{code:"ENOENT"});if(n==="empty")throw new _(`${e} is empty (0 bytes): its history was lost`);if(n==="not-regular")throw new _(`${e} is not a regular file`);let o=P(e,{fileMustExist:r,timeout:t});try{return n==="absent"&&G(e,384),o.pragma(`busy_timeout = ${t}`),o.pragma("journal_mode",{simple:!0})!=="wal"&&o.pragma("journal_mode = WAL"),o.pragma("synchronous = NORMAL"),o.pragma("foreign_keys = ON"),H(o),o}catch(s){throw o.close(),s}}function W(e={}){let t=i(e.env);return e.mustExist||Y(t),z(t.db,e.busyTimeoutMs??2e3,e.mustExist??!1)}var E=null;function xe(e={}){let t=i(e.env).db;if(E&&E.key===t&&E.db.open)return E.db;let r=W(e);return E={key:t,db:r},r}var b=new WeakSet,x=new WeakSet,u=new WeakMap;async function ke(e){if(b.has(e))return!0;try{x.has(e)||(k("sqlite-vec").load(e),x.add(e))}catch(t){return u.set(e,{stage:"load",message:String(t?.message??t)}),!1}try{e.exec(g)}catch(t){let r=t.code;return u.set(e,{stage:"table",code:r,message:String(t?.message??t)}),!1}return u.delete(e),b.add(e),!0}import{basename as q}from"node:path";var Q=1,X=4e3,J=64*1024;function T(e,t,r=0){if(typeof e=="string")return c(e,t);if(r>12||e===null||typeof e!="object")return e;if(Array.isArray(e)){let o=e.length<=1e3&&e.every(s=>typeof s=="number")?1e3:200;return e.slice(0,o).map(s=>T(s,t,r+1))}let n={};for(let[o,s]of Object.entries(e))n[o]=T(s,t,r+1);return n}function $(e){let t=O(T(e,X+256)),r=X,n=JSON.stringify(T(t,r));for(;n.length>J&&r>50;)r=Math.floor(r/4),n=JSON.stringify(T(t,r));return n}function Z(e){let t=new Set,r=[];for(let n of e??[]){if(typeof n!="string")continue;let o=n.trim().replace(/\\/g,"/").replace(/\/+$/,""),s=q(o);if(!(!s||t.has(o)||o.length>1024)&&(t.add(o),r.push({name:s,path:o}),r.length>=20))break}return r}function ee(e){return{v:Q,type:e.type,ts:e.ts??new Date().toISOString(),session_id:e.sessionId??null,project:e.project??null,project_path:e.projectPath??null,data:$(e.data),files:Z(e.files?.map(t=>typeof t=="string"?l(t):t)),text:e.text?c(l(c(e.text,8256,"")),8e3):null}}var D=new WeakMap;function m(e,t){let r=D.get(e);r||D.set(e,r=new Map);let n=r.get(t);return n||r.set(t,n=e.prepare(t)),n}function te(e,t){let r=m(e,"INSERT INTO events (v, type, ts, session_id, project, project_path, data) VALUES (?, ?, ?, ?, ?, ?, ?)").run(t.v,t.type,t.ts,t.session_id,t.project,t.project_path,t.data),n=Number(r.lastInsertRowid);for(let o of t.files)m(e,"INSERT INTO event_files (event_id, name, path) VALUES (?, ?, ?)").run(n,o.name,o.path);return t.text&&m(e,"INSERT INTO events_fts (rowid, text) VALUES (?, ?)").run(n,t.text),n}function ve(e,t){let r=ee(t);return e.transaction(()=>te(e,r))()}import{AsyncLocalStorage as re}from"node:async_hooks";import{performance as U}from"node:perf_hooks";import{join as oe}from"node:path";var ne="hook-timing.jsonl",v=new re;function Ge(e){return e.SELF_GEN_HOOK_TIMING==="1"}function Pe(e,t){return v.run(e,t)}function Ke(e,t){let r=v.getStore();if(!r)return t();let n=U.now(),o=()=>{r.spans[e]=(r.spans[e]??0)+(U.now()-n)},s;try{s=t()}catch(N){throw o(),N}return s instanceof Promise?s.finally(o):(o(),s)}function Ye(e,t){try{let r=i(e);a(r.home,r.logsDir,448);let n=s=>Math.round(s*1e3)/1e3,o=JSON.stringify({...t,totalMs:n(t.totalMs),...t.startMs!==void 0?{startMs:n(t.startMs)}:{},...t.waitMs!==void 0?{waitMs:n(t.waitMs)}:{},spans:Object.fromEntries(Object.entries(t.spans).map(([s,N])=>[s,n(N)]))});I(r.home,oe(r.logsDir,ne),o+`
`)}catch{}}import{lstatSync as se,openSync as ie,closeSync as Ee,readFileSync as qe,unlinkSync as Te,writeSync as ae}from"node:fs";import{dirname as ce,join as _e}from"node:path";var Ne=e=>_e(e.dataDir,"needs-check"),le=3600*1e3;function pe(e,t,r=Date.now()){let n=Ne(e);try{let o=se(n);if(r-o.mtimeMs<le)return!1;Te(n)}catch{}try{let o=ie(n,"wx",384);try{ae(o,JSON.stringify({ts:new Date(r).toISOString(),reason:t.slice(0,300)}))}finally{Ee(o)}return!0}catch{return!1}}function $e(e,t){if(!(!e||!h(t)||!e.name||e.name===":memory:"))try{pe({dataDir:ce(e.name)},String(t?.message??t))}catch{}}var Ze=1024*1024;export{h as a,Ae as b,be as c,xe as d,ke as e,ee as f,m as g,te as h,ve as i,pe as j,$e as k,Ge as l,Pe as m,Ke as n,Ye as o};
