import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{b as g,c as l,d as y}from"./hook-chunk-4W2QPDL4.js";import{a as d,b as A,c as _}from"./hook-chunk-CVTP7TC5.js";import{a as u}from"./hook-chunk-F76Z75KA.js";import{h as i,j as O,l as R}from"./hook-chunk-YMTWFCRQ.js";import{b as a}from"./hook-chunk-Y4ZJZHIG.js";import{a as B}from"./hook-chunk-4M6U67UR.js";import{chmodSync as j}from"node:fs";import{dirname as G}from"node:path";async function De(e){i(e.home,e.dir,448);let t=Math.max(2e3,e.staleMs),r=await g(e.lockPath,{timeoutMs:0,staleMs:t,refreshMs:Math.max(1e3,Math.floor(t/3)),onLost:e.onLost});return r?{release:async()=>{r.release()}}:null}function Ue(e){try{R(G(e),e)}catch{}}function we(e,t){let r=null,o=()=>{r&&clearTimeout(r),r=null};return{touch:()=>{o(),r=setTimeout(t,e)},stop:o}}async function Ce(e,t){try{let r=process.umask(127);try{await new Promise((o,n)=>{e.once("error",n),e.listen(t,()=>{e.off("error",n),o()})})}finally{process.umask(r)}return j(t,384),null}catch(r){return r.message}}function Fe(e,t){let r=o=>process.stdout.write(`${new Date().toISOString()} [${process.pid}] ${o}
`);process.title=e,t().then(o=>{o.started||(r(`not started: ${o.reason}`),process.exit(0))},o=>{r(`failed: ${String(o)}`),process.exit(1)})}import{AsyncLocalStorage as P}from"node:async_hooks";import{join as K}from"node:path";var Y="hook-timing.jsonl",b=new P;function Ye(e){return e.SELF_GEN_HOOK_TIMING==="1"}function He(e,t){return b.run(e,t)}function qe(e,t){let r=b.getStore();if(!r)return t();let o=u(),n=()=>{r.spans[e]=(r.spans[e]??0)+(u()-o)},s;try{s=t()}catch(p){throw n(),p}return s instanceof Promise?s.finally(n):(n(),s)}function Ve(e,t){try{let r=a(e);i(r.home,r.logsDir,448);let o=s=>Math.round(s*1e3)/1e3,n=JSON.stringify({...t,totalMs:o(t.totalMs),...t.startMs!==void 0?{startMs:o(t.startMs)}:{},...t.waitMs!==void 0?{waitMs:o(t.waitMs)}:{},spans:Object.fromEntries(Object.entries(t.spans).map(([s,p])=>[s,o(p)]))});O(r.home,K(r.logsDir,Y),n+`
`)}catch{}}import{chmodSync as oe,lstatSync as D,statSync as nt}from"node:fs";import{lstatSync as H,readdirSync as q,writeFileSync as V}from"node:fs";import{join as k}from"node:path";var f=".self-generation-home",z=["data","logs","run","models","install","templates","cache","orchestrator","config.json","install.json","hooks-mode.json",f],W="This folder is a self-generation data home (SELF_GEN_HOME).\n`self-gen uninstall --purge` deletes the entries self-generation created here, and nothing else.\n";function Q(e){try{return H(k(e,f)).isFile()}catch{return!1}}function x(e){try{if(Q(e)||!q(e).every(t=>z.includes(t)))return;V(k(e,f),W,{flag:"wx",mode:384})}catch{}}import{existsSync as J}from"node:fs";import{dirname as $,join as Z}from"node:path";var ee=l(import.meta.url),h=null,E;function te(){try{let e=Z($(y(import.meta.url)("better-sqlite3/package.json")),"build","Release","better_sqlite3.node");return J(e)?e:null}catch{return null}}function re(){return process.env.SG_CLI_BUNDLE==="1"&&E?B("better-sqlite3"):ee("better-sqlite3")}function v(e,t={}){return E===void 0&&(E=te()),h??=re(),new h(e,E&&!t.nativeBinding?{...t,nativeBinding:E}:t)}var m=[`
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
  `],I=m.length,X=`CREATE VIRTUAL TABLE IF NOT EXISTS vec_error_kb USING vec0(
  error_kb_id INTEGER PRIMARY KEY,
  embedding float[384] distance_metric=cosine
)`;var ne=v,se=l(import.meta.url),ie=new Set(["SQLITE_CORRUPT","SQLITE_NOTADB","SQLITE_CORRUPT_VTAB","SQLITE_CORRUPT_INDEX"]);function C(e){let t=e?.code;return typeof t=="string"&&(ie.has(t)||t.startsWith("SQLITE_CORRUPT"))}function lt(e){let t=e?.code;return typeof t=="string"&&(t.startsWith("SQLITE_READONLY")||t==="EROFS"||t==="EACCES"||t==="EPERM")}function _t(e){let t=e?.code;return typeof t=="string"&&(t.startsWith("SQLITE_BUSY")||t.startsWith("SQLITE_LOCKED"))}function ae(e){i(e.home,e.dataDir,448),x(e.home)}function Ee(e){if(e.pragma("user_version",{simple:!0})>=I)return;e.transaction(()=>{let o=e.pragma("user_version",{simple:!0});for(let n=o;n<I;n++)e.exec(m[n]),e.pragma(`user_version = ${n+1}`)}).immediate()}var N=class extends Error{code="SQLITE_CORRUPT";fix="run `self-gen repair` (or just wait: the background check after the next session moves it aside)"};function Te(e){let t;try{t=D(e)}catch{return"absent"}if(!t.isFile())return"not-regular";if(t.size>0)return"present";try{if(D(e+"-wal").size>0)return"present"}catch{}return"empty"}function ce(e,t,r=!1){let o=Te(e);if(o==="absent"&&r)throw Object.assign(new Error(`no database at ${e}`),{code:"ENOENT"});if(o==="empty")throw new N(`${e} is empty (0 bytes): its history was lost`);if(o==="not-regular")throw new N(`${e} is not a regular file`);let n=ne(e,{fileMustExist:r,timeout:t});try{return o==="absent"&&oe(e,384),n.pragma(`busy_timeout = ${t}`),n.pragma("journal_mode",{simple:!0})!=="wal"&&n.pragma("journal_mode = WAL"),n.pragma("synchronous = NORMAL"),n.pragma("foreign_keys = ON"),Ee(n),n}catch(s){throw n.close(),s}}function le(e={}){let t=a(e.env);return e.mustExist||ae(t),ce(t.db,e.busyTimeoutMs??2e3,e.mustExist??!1)}var T=null;function Nt(e={}){let t=a(e.env).db;if(T&&T.key===t&&T.db.open)return T.db;let r=le(e);return T={key:t,db:r},r}var U=new WeakSet,w=new WeakSet,L=new WeakMap;async function pt(e){if(U.has(e))return!0;try{w.has(e)||(se("sqlite-vec").load(e),w.add(e))}catch(t){return L.set(e,{stage:"load",message:String(t?.message??t)}),!1}try{e.exec(X)}catch(t){let r=t.code;return L.set(e,{stage:"table",code:r,message:String(t?.message??t)}),!1}return L.delete(e),U.add(e),!0}import{basename as _e}from"node:path";var Ne=1,F=4e3,pe=64*1024;function c(e,t,r=0){if(typeof e=="string")return _(e,t);if(r>12||e===null||typeof e!="object")return e;if(Array.isArray(e)){let n=e.length<=1e3&&e.every(s=>typeof s=="number")?1e3:200;return e.slice(0,n).map(s=>c(s,t,r+1))}let o={};for(let[n,s]of Object.entries(e))o[n]=c(s,t,r+1);return o}function ue(e){let t=A(c(e,F+256)),r=F,o=JSON.stringify(c(t,r));for(;o.length>pe&&r>50;)r=Math.floor(r/4),o=JSON.stringify(c(t,r));return o}function de(e){let t=new Set,r=[];for(let o of e??[]){if(typeof o!="string")continue;let n=o.trim().replace(/\\/g,"/").replace(/\/+$/,""),s=_e(n);if(!(!s||t.has(n)||n.length>1024)&&(t.add(n),r.push({name:s,path:n}),r.length>=20))break}return r}function fe(e){return{v:Ne,type:e.type,ts:e.ts??new Date().toISOString(),session_id:e.sessionId??null,project:e.project??null,project_path:e.projectPath??null,data:ue(e.data),files:de(e.files?.map(t=>typeof t=="string"?d(t):t)),text:e.text?_(d(_(e.text,8256,"")),8e3):null}}var M=new WeakMap;function S(e,t){let r=M.get(e);r||M.set(e,r=new Map);let o=r.get(t);return o||r.set(t,o=e.prepare(t)),o}function me(e,t){let r=S(e,"INSERT INTO events (v, type, ts, session_id, project, project_path, data) VALUES (?, ?, ?, ?, ?, ?, ?)").run(t.v,t.type,t.ts,t.session_id,t.project,t.project_path,t.data),o=Number(r.lastInsertRowid);for(let n of t.files)S(e,"INSERT INTO event_files (event_id, name, path) VALUES (?, ?, ?)").run(o,n.name,n.path);return t.text&&S(e,"INSERT INTO events_fts (rowid, text) VALUES (?, ?)").run(o,t.text),o}function It(e,t){let r=fe(t);return e.transaction(()=>me(e,r))()}import{lstatSync as Ie,openSync as Le,closeSync as Se,readFileSync as gt,unlinkSync as Oe,writeSync as Re}from"node:fs";import{dirname as ge,join as ye}from"node:path";var Ae=e=>ye(e.dataDir,"needs-check"),be=3600*1e3;function ke(e,t,r=Date.now()){let o=Ae(e);try{let n=Ie(o);if(r-n.mtimeMs<be)return!1;Oe(o)}catch{}try{let n=Le(o,"wx",384);try{Re(n,JSON.stringify({ts:new Date(r).toISOString(),reason:t.slice(0,300)}))}finally{Se(n)}return!0}catch{return!1}}function bt(e,t){if(!(!e||!C(t)||!e.name||e.name===":memory:"))try{ke({dataDir:ge(e.name)},String(t?.message??t))}catch{}}var kt=1024*1024;export{De as a,Ue as b,we as c,Ce as d,Fe as e,Ye as f,He as g,qe as h,Ve as i,C as j,lt as k,_t as l,Nt as m,pt as n,fe as o,S as p,me as q,It as r,ke as s,bt as t};
