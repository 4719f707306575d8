import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a as I}from"./hook-chunk-IVWGMTI3.js";import{a as _,b as m,c as a}from"./hook-chunk-IZCBKDQY.js";import{f as u}from"./hook-chunk-REX7EQ2D.js";import{b as c}from"./hook-chunk-Y4ZJZHIG.js";import{chmodSync as F,lstatSync as S,statSync as le}from"node:fs";import{lstatSync as X,readdirSync as U,writeFileSync as v}from"node:fs";import{join as L}from"node:path";var N=".self-generation-home",D=["data","logs","run","models","install","templates","cache","orchestrator","config.json","install.json","hooks-mode.json",N],C="This folder is a self-generation data home (SELF_GEN_HOME).\n`self-gen uninstall --purge` deletes the entries self-generation created here, and nothing else.\n";function w(e){try{return X(L(e,N)).isFile()}catch{return!1}}function R(e){try{if(w(e)||!U(e).every(t=>D.includes(t)))return;v(L(e,N),C,{flag:"wx",mode:384})}catch{}}var l=[`
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
  `],p=l.length,O=`CREATE VIRTUAL TABLE IF NOT EXISTS vec_error_kb USING vec0(
  error_kb_id INTEGER PRIMARY KEY,
  embedding float[384] distance_metric=cosine
)`;var b=I(import.meta.url),A=null;function B(...e){return A??=b("better-sqlite3"),new A(...e)}var j=new Set(["SQLITE_CORRUPT","SQLITE_NOTADB","SQLITE_CORRUPT_VTAB","SQLITE_CORRUPT_INDEX"]);function x(e){let t=e?.code;return typeof t=="string"&&(j.has(t)||t.startsWith("SQLITE_CORRUPT"))}function me(e){let t=e?.code;return typeof t=="string"&&(t.startsWith("SQLITE_BUSY")||t.startsWith("SQLITE_LOCKED"))}function M(e){u(e.home,e.dataDir,448),R(e.home)}function G(e){if(e.pragma("user_version",{simple:!0})>=p)return;e.transaction(()=>{let n=e.pragma("user_version",{simple:!0});for(let o=n;o<p;o++)e.exec(l[o]),e.pragma(`user_version = ${o+1}`)}).immediate()}var T=class extends Error{code="SQLITE_CORRUPT";fix="run `self-gen repair` (or just wait: the background check after the next session moves it aside)"};function P(e){let t;try{t=S(e)}catch{return"absent"}if(!t.isFile())return"not-regular";if(t.size>0)return"present";try{if(S(e+"-wal").size>0)return"present"}catch{}return"empty"}function K(e,t,r=!1){let n=P(e);if(n==="absent"&&r)throw Object.assign(new Error(`no database at ${e}`),{code:"ENOENT"});if(n==="empty")throw new T(`${e} is empty (0 bytes): its history was lost`);if(n==="not-regular")throw new T(`${e} is not a regular file`);let o=B(e,{fileMustExist:r,timeout:t});try{return n==="absent"&&F(e,384),o.pragma(`busy_timeout = ${t}`),o.pragma("journal_mode",{simple:!0})!=="wal"&&o.pragma("journal_mode = WAL"),o.pragma("synchronous = NORMAL"),o.pragma("foreign_keys = ON"),G(o),o}catch(s){throw o.close(),s}}function Y(e={}){let t=c(e.env);return e.mustExist||M(t),K(t.db,e.busyTimeoutMs??2e3,e.mustExist??!1)}var i=null;function Le(e={}){let t=c(e.env).db;if(i&&i.key===t&&i.db.open)return i.db;let r=Y(e);return i={key:t,db:r},r}var g=new WeakSet,y=new WeakSet,d=new WeakMap;async function Re(e){if(g.has(e))return!0;try{y.has(e)||(b("sqlite-vec").load(e),y.add(e))}catch(t){return d.set(e,{stage:"load",message:String(t?.message??t)}),!1}try{e.exec(O)}catch(t){let r=t.code;return d.set(e,{stage:"table",code:r,message:String(t?.message??t)}),!1}return d.delete(e),g.add(e),!0}import{basename as V}from"node:path";var z=1,k=4e3,H=64*1024;function E(e,t,r=0){if(typeof e=="string")return a(e,t);if(r>12||e===null||typeof e!="object")return e;if(Array.isArray(e)){let o=e.length<=1e3&&e.every(s=>typeof s=="number")?1e3:200;return e.slice(0,o).map(s=>E(s,t,r+1))}let n={};for(let[o,s]of Object.entries(e))n[o]=E(s,t,r+1);return n}function W(e){let t=m(E(e,k+256)),r=k,n=JSON.stringify(E(t,r));for(;n.length>H&&r>50;)r=Math.floor(r/4),n=JSON.stringify(E(t,r));return n}function q(e){let t=new Set,r=[];for(let n of e??[]){if(typeof n!="string")continue;let o=n.trim().replace(/\\/g,"/").replace(/\/+$/,""),s=V(o);if(!(!s||t.has(o)||o.length>1024)&&(t.add(o),r.push({name:s,path:o}),r.length>=20))break}return r}function Q(e){return{v:z,type:e.type,ts:e.ts??new Date().toISOString(),session_id:e.sessionId??null,project:e.project??null,project_path:e.projectPath??null,data:W(e.data),files:q(e.files?.map(t=>typeof t=="string"?_(t):t)),text:e.text?a(_(a(e.text,8256,"")),8e3):null}}var h=new WeakMap;function f(e,t){let r=h.get(e);r||h.set(e,r=new Map);let n=r.get(t);return n||r.set(t,n=e.prepare(t)),n}function J(e,t){let r=f(e,"INSERT INTO events (v, type, ts, session_id, project, project_path, data) VALUES (?, ?, ?, ?, ?, ?, ?)").run(t.v,t.type,t.ts,t.session_id,t.project,t.project_path,t.data),n=Number(r.lastInsertRowid);for(let o of t.files)f(e,"INSERT INTO event_files (event_id, name, path) VALUES (?, ?, ?)").run(n,o.name,o.path);return t.text&&f(e,"INSERT INTO events_fts (rowid, text) VALUES (?, ?)").run(n,t.text),n}function ye(e,t){let r=Q(t);return e.transaction(()=>J(e,r))()}import{lstatSync as $,openSync as Z,closeSync as ee,readFileSync as Xe,unlinkSync as te,writeSync as re}from"node:fs";import{dirname as oe,join as ne}from"node:path";var se=e=>ne(e.dataDir,"needs-check"),ie=3600*1e3;function Ee(e,t,r=Date.now()){let n=se(e);try{let o=$(n);if(r-o.mtimeMs<ie)return!1;te(n)}catch{}try{let o=Z(n,"wx",384);try{re(o,JSON.stringify({ts:new Date(r).toISOString(),reason:t.slice(0,300)}))}finally{ee(o)}return!0}catch{return!1}}function De(e,t){if(!(!e||!x(t)||!e.name||e.name===":memory:"))try{Ee({dataDir:oe(e.name)},String(t?.message??t))}catch{}}var Ce=1024*1024;export{x as a,me as b,Le as c,Re as d,Q as e,f,J as g,ye as h,Ee as i,De as j};
