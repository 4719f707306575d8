import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{b as O,c as R}from"./hook-chunk-TEZDXCLT.js";import{a as N,b as S,c}from"./hook-chunk-CVTP7TC5.js";import{h as i,j as I,l as L}from"./hook-chunk-YMTWFCRQ.js";import{b as a}from"./hook-chunk-Y4ZJZHIG.js";import{chmodSync as F}from"node:fs";import{dirname as M}from"node:path";async function Se(e){i(e.home,e.dir,448);let t=Math.max(2e3,e.staleMs),r=await O(e.lockPath,{timeoutMs:0,staleMs:t,refreshMs:Math.max(1e3,Math.floor(t/3)),onLost:e.onLost});return r?{release:async()=>{r.release()}}:null}function ge(e){try{L(M(e),e)}catch{}}function ye(e,t){let r=null,o=()=>{r&&clearTimeout(r),r=null};return{touch:()=>{o(),r=setTimeout(t,e)},stop:o}}async function Ae(e,t){try{let r=process.umask(127);try{await new Promise((o,n)=>{e.once("error",n),e.listen(t,()=>{e.off("error",n),o()})})}finally{process.umask(r)}return F(t,384),null}catch(r){return r.message}}function ke(e,t){let r=o=>process.stdout.write(`${new Date().toISOString()} [${process.pid}] ${o}
`);process.title=e,t().then(o=>{o.started||(r(`not started: ${o.reason}`),process.exit(0))},o=>{r(`failed: ${String(o)}`),process.exit(1)})}import{AsyncLocalStorage as B}from"node:async_hooks";import{performance as g}from"node:perf_hooks";import{join as P}from"node:path";var j="hook-timing.jsonl",y=new B;function Ue(e){return e.SELF_GEN_HOOK_TIMING==="1"}function we(e,t){return y.run(e,t)}function Ce(e,t){let r=y.getStore();if(!r)return t();let o=g.now(),n=()=>{r.spans[e]=(r.spans[e]??0)+(g.now()-o)},s;try{s=t()}catch(_){throw n(),_}return s instanceof Promise?s.finally(n):(n(),s)}function Fe(e,t){try{let r=a(e);i(r.home,r.logsDir,448);let o=s=>Math.round(s*1e3)/1e3,n=JSON.stringify({...t,totalMs:o(t.totalMs),...t.startMs!==void 0?{startMs:o(t.startMs)}:{},...t.waitMs!==void 0?{waitMs:o(t.waitMs)}:{},spans:Object.fromEntries(Object.entries(t.spans).map(([s,_])=>[s,o(_)]))});I(r.home,P(r.logsDir,j),n+`
`)}catch{}}import{chmodSync as W,lstatSync as b,statSync as Ye}from"node:fs";import{lstatSync as G,readdirSync as K,writeFileSync as Y}from"node:fs";import{join as A}from"node:path";var p=".self-generation-home",H=["data","logs","run","models","install","templates","cache","orchestrator","config.json","install.json","hooks-mode.json",p],V="This folder is a self-generation data home (SELF_GEN_HOME).\n`self-gen uninstall --purge` deletes the entries self-generation created here, and nothing else.\n";function z(e){try{return G(A(e,p)).isFile()}catch{return!1}}function k(e){try{if(z(e)||!K(e).every(t=>H.includes(t)))return;Y(A(e,p),V,{flag:"wx",mode:384})}catch{}}var u=[`
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
  `],d=u.length,x=`CREATE VIRTUAL TABLE IF NOT EXISTS vec_error_kb USING vec0(
  error_kb_id INTEGER PRIMARY KEY,
  embedding float[384] distance_metric=cosine
)`;var D=R(import.meta.url),h=null;function q(...e){return h??=D("better-sqlite3"),new h(...e)}var Q=new Set(["SQLITE_CORRUPT","SQLITE_NOTADB","SQLITE_CORRUPT_VTAB","SQLITE_CORRUPT_INDEX"]);function U(e){let t=e?.code;return typeof t=="string"&&(Q.has(t)||t.startsWith("SQLITE_CORRUPT"))}function Qe(e){let t=e?.code;return typeof t=="string"&&(t.startsWith("SQLITE_READONLY")||t==="EROFS"||t==="EACCES"||t==="EPERM")}function Je(e){let t=e?.code;return typeof t=="string"&&(t.startsWith("SQLITE_BUSY")||t.startsWith("SQLITE_LOCKED"))}function J(e){i(e.home,e.dataDir,448),k(e.home)}function $(e){if(e.pragma("user_version",{simple:!0})>=d)return;e.transaction(()=>{let o=e.pragma("user_version",{simple:!0});for(let n=o;n<d;n++)e.exec(u[n]),e.pragma(`user_version = ${n+1}`)}).immediate()}var l=class extends Error{code="SQLITE_CORRUPT";fix="run `self-gen repair` (or just wait: the background check after the next session moves it aside)"};function Z(e){let t;try{t=b(e)}catch{return"absent"}if(!t.isFile())return"not-regular";if(t.size>0)return"present";try{if(b(e+"-wal").size>0)return"present"}catch{}return"empty"}function ee(e,t,r=!1){let o=Z(e);if(o==="absent"&&r)throw Object.assign(new Error(`no database at ${e}`),{code:"ENOENT"});if(o==="empty")throw new l(`${e} is empty (0 bytes): its history was lost`);if(o==="not-regular")throw new l(`${e} is not a regular file`);let n=q(e,{fileMustExist:r,timeout:t});try{return o==="absent"&&W(e,384),n.pragma(`busy_timeout = ${t}`),n.pragma("journal_mode",{simple:!0})!=="wal"&&n.pragma("journal_mode = WAL"),n.pragma("synchronous = NORMAL"),n.pragma("foreign_keys = ON"),$(n),n}catch(s){throw n.close(),s}}function te(e={}){let t=a(e.env);return e.mustExist||J(t),ee(t.db,e.busyTimeoutMs??2e3,e.mustExist??!1)}var E=null;function $e(e={}){let t=a(e.env).db;if(E&&E.key===t&&E.db.open)return E.db;let r=te(e);return E={key:t,db:r},r}var v=new WeakSet,X=new WeakSet,f=new WeakMap;async function Ze(e){if(v.has(e))return!0;try{X.has(e)||(D("sqlite-vec").load(e),X.add(e))}catch(t){return f.set(e,{stage:"load",message:String(t?.message??t)}),!1}try{e.exec(x)}catch(t){let r=t.code;return f.set(e,{stage:"table",code:r,message:String(t?.message??t)}),!1}return f.delete(e),v.add(e),!0}import{basename as re}from"node:path";var oe=1,w=4e3,ne=64*1024;function T(e,t,r=0){if(typeof e=="string")return c(e,t);if(r>12||e===null||typeof e!="object")return e;if(Array.isArray(e)){let n=e.length<=1e3&&e.every(s=>typeof s=="number")?1e3:200;return e.slice(0,n).map(s=>T(s,t,r+1))}let o={};for(let[n,s]of Object.entries(e))o[n]=T(s,t,r+1);return o}function se(e){let t=S(T(e,w+256)),r=w,o=JSON.stringify(T(t,r));for(;o.length>ne&&r>50;)r=Math.floor(r/4),o=JSON.stringify(T(t,r));return o}function ie(e){let t=new Set,r=[];for(let o of e??[]){if(typeof o!="string")continue;let n=o.trim().replace(/\\/g,"/").replace(/\/+$/,""),s=re(n);if(!(!s||t.has(n)||n.length>1024)&&(t.add(n),r.push({name:s,path:n}),r.length>=20))break}return r}function ae(e){return{v:oe,type:e.type,ts:e.ts??new Date().toISOString(),session_id:e.sessionId??null,project:e.project??null,project_path:e.projectPath??null,data:se(e.data),files:ie(e.files?.map(t=>typeof t=="string"?N(t):t)),text:e.text?c(N(c(e.text,8256,"")),8e3):null}}var C=new WeakMap;function m(e,t){let r=C.get(e);r||C.set(e,r=new Map);let o=r.get(t);return o||r.set(t,o=e.prepare(t)),o}function Ee(e,t){let r=m(e,"INSERT INTO events (v, type, ts, session_id, project, project_path, data) VALUES (?, ?, ?, ?, ?, ?, ?)").run(t.v,t.type,t.ts,t.session_id,t.project,t.project_path,t.data),o=Number(r.lastInsertRowid);for(let n of t.files)m(e,"INSERT INTO event_files (event_id, name, path) VALUES (?, ?, ?)").run(o,n.name,n.path);return t.text&&m(e,"INSERT INTO events_fts (rowid, text) VALUES (?, ?)").run(o,t.text),o}function nt(e,t){let r=ae(t);return e.transaction(()=>Ee(e,r))()}import{lstatSync as Te,openSync as ce,closeSync as le,readFileSync as Tt,unlinkSync as _e,writeSync as Ne}from"node:fs";import{dirname as pe,join as ue}from"node:path";var de=e=>ue(e.dataDir,"needs-check"),fe=3600*1e3;function me(e,t,r=Date.now()){let o=de(e);try{let n=Te(o);if(r-n.mtimeMs<fe)return!1;_e(o)}catch{}try{let n=ce(o,"wx",384);try{Ne(n,JSON.stringify({ts:new Date(r).toISOString(),reason:t.slice(0,300)}))}finally{le(n)}return!0}catch{return!1}}function _t(e,t){if(!(!e||!U(t)||!e.name||e.name===":memory:"))try{me({dataDir:pe(e.name)},String(t?.message??t))}catch{}}var Nt=1024*1024;export{Se as a,ge as b,ye as c,Ae as d,ke as e,Ue as f,we as g,Ce as h,Fe as i,U as j,Qe as k,Je as l,$e as m,Ze as n,ae as o,m as p,Ee as q,nt as r,me as s,_t as t};
