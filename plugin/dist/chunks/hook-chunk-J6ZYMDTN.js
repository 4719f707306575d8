import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a as A}from"./hook-chunk-WBGY7F4E.js";import{a as R,b as h,c as g}from"./hook-chunk-7PR6D4A7.js";import{f as T,g as L,m as x}from"./hook-chunk-REX7EQ2D.js";import{b as E}from"./hook-chunk-Y4ZJZHIG.js";import{chmodSync as Z,lstatSync as C,statSync as ht}from"node:fs";import{lstatSync as K,readdirSync as q,writeFileSync as Q}from"node:fs";import{join as j}from"node:path";var N=".self-generation-home",V=["data","logs","run","models","install","templates","cache","orchestrator","config.json","install.json","hooks-mode.json",N],z="This folder is a self-generation data home (SELF_GEN_HOME).\n`self-gen uninstall --purge` deletes the entries self-generation created here, and nothing else.\n";function J(t){try{return K(j(t,N)).isFile()}catch{return!1}}function w(t){try{if(J(t)||!q(t).every(e=>V.includes(e)))return;Q(j(t,N),z,{flag:"wx",mode:384})}catch{}}var S=[`
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
  `],I=S.length,b=`CREATE VIRTUAL TABLE IF NOT EXISTS vec_error_kb USING vec0(
  error_kb_id INTEGER PRIMARY KEY,
  embedding float[384] distance_metric=cosine
)`;var F=A(import.meta.url),M=null;function tt(...t){return M??=F("better-sqlite3"),new M(...t)}var et=new Set(["SQLITE_CORRUPT","SQLITE_NOTADB","SQLITE_CORRUPT_VTAB","SQLITE_CORRUPT_INDEX"]);function P(t){let e=t?.code;return typeof e=="string"&&(et.has(e)||e.startsWith("SQLITE_CORRUPT"))}function U(t){let e=t?.code;return typeof e=="string"&&(e.startsWith("SQLITE_BUSY")||e.startsWith("SQLITE_LOCKED"))}function nt(t){T(t.home,t.dataDir,448),w(t.home)}function rt(t){if(t.pragma("user_version",{simple:!0})>=I)return;t.transaction(()=>{let r=t.pragma("user_version",{simple:!0});for(let s=r;s<I;s++)t.exec(S[s]),t.pragma(`user_version = ${s+1}`)}).immediate()}var f=class extends Error{code="SQLITE_CORRUPT";fix="run `self-gen repair` (or just wait: the background check after the next session moves it aside)"};function st(t){let e;try{e=C(t)}catch{return"absent"}if(!e.isFile())return"not-regular";if(e.size>0)return"present";try{if(C(t+"-wal").size>0)return"present"}catch{}return"empty"}function ot(t,e,n=!1){let r=st(t);if(r==="absent"&&n)throw Object.assign(new Error(`no database at ${t}`),{code:"ENOENT"});if(r==="empty")throw new f(`${t} is empty (0 bytes): its history was lost`);if(r==="not-regular")throw new f(`${t} is not a regular file`);let s=tt(t,{fileMustExist:n,timeout:e});try{return r==="absent"&&Z(t,384),s.pragma(`busy_timeout = ${e}`),s.pragma("journal_mode",{simple:!0})!=="wal"&&s.pragma("journal_mode = WAL"),s.pragma("synchronous = NORMAL"),s.pragma("foreign_keys = ON"),rt(s),s}catch(i){throw s.close(),i}}function it(t={}){let e=E(t.env);return t.mustExist||nt(e),ot(e.db,t.busyTimeoutMs??2e3,t.mustExist??!1)}var u=null;function Bt(t={}){let e=E(t.env).db;if(u&&u.key===e&&u.db.open)return u.db;let n=it(t);return u={key:e,db:n},n}var B=new WeakSet,k=new WeakSet,O=new WeakMap;async function kt(t){if(B.has(t))return!0;try{k.has(t)||(F("sqlite-vec").load(t),k.add(t))}catch(e){return O.set(t,{stage:"load",message:String(e?.message??e)}),!1}try{t.exec(b)}catch(e){let n=e.code;return O.set(t,{stage:"table",code:n,message:String(e?.message??e)}),!1}return O.delete(t),B.add(t),!0}import{readdirSync as Et,renameSync as W,unlinkSync as ct}from"node:fs";import{basename as H,join as l}from"node:path";function at(t,e={}){let n=(t.match(/[\p{L}\p{N}_]+/gu)??[]).slice(0,e.max??16);if(n.length===0)return"";let r=n.map(s=>`"${s}"`).join(e.op==="OR"?" OR ":" ");return e.column?`${e.column} : (${r})`:r}var ut=1,$=4e3,lt=64*1024;function p(t,e,n=0){if(typeof t=="string")return g(t,e);if(n>12||t===null||typeof t!="object")return t;if(Array.isArray(t)){let s=t.length<=1e3&&t.every(i=>typeof i=="number")?1e3:200;return t.slice(0,s).map(i=>p(i,e,n+1))}let r={};for(let[s,i]of Object.entries(t))r[s]=p(i,e,n+1);return r}function pt(t){let e=h(p(t,$+256)),n=$,r=JSON.stringify(p(e,n));for(;r.length>lt&&n>50;)n=Math.floor(n/4),r=JSON.stringify(p(e,n));return r}function dt(t){let e=new Set,n=[];for(let r of t??[]){if(typeof r!="string")continue;let s=r.trim().replace(/\\/g,"/").replace(/\/+$/,""),i=H(s);if(!(!i||e.has(s)||s.length>1024)&&(e.add(s),n.push({name:i,path:s}),n.length>=20))break}return n}function Y(t){return{v:ut,type:t.type,ts:t.ts??new Date().toISOString(),session_id:t.sessionId??null,project:t.project??null,project_path:t.projectPath??null,data:pt(t.data),files:dt(t.files?.map(e=>typeof e=="string"?R(e):e)),text:t.text?g(R(g(t.text,8256,"")),8e3):null}}var X=new WeakMap;function o(t,e){let n=X.get(t);n||X.set(t,n=new Map);let r=n.get(e);return r||n.set(e,r=t.prepare(e)),r}function y(t,e){let n=o(t,"INSERT INTO events (v, type, ts, session_id, project, project_path, data) VALUES (?, ?, ?, ?, ?, ?, ?)").run(e.v,e.type,e.ts,e.session_id,e.project,e.project_path,e.data),r=Number(n.lastInsertRowid);for(let s of e.files)o(t,"INSERT INTO event_files (event_id, name, path) VALUES (?, ?, ?)").run(r,s.name,s.path);return e.text&&o(t,"INSERT INTO events_fts (rowid, text) VALUES (?, ?)").run(r,e.text),r}function Kt(t,e){let n=Y(e);return t.transaction(()=>y(t,n))()}function Tt(t,e=process.env){let{home:n,queueDir:r}=E(e);T(n,r,448);let s=`${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2,8)}.json`;return L(n,l(r,s),JSON.stringify(t),384),l(r,s)}function qt(t,e,n=process.env){let r=Y(e);if(t)try{return t.transaction(()=>y(t,r))()}catch(s){if(!U(s))throw s}return Tt(r,n),null}function Qt(t,e=process.env,n=500,r={}){let s=E(e).queueDir,i;try{i=Et(s).filter(a=>a.endsWith(".json")&&!a.startsWith(".")).sort()}catch{return 0}if(i.length===0)return 0;let c=[];for(let a of i.slice(0,n)){let d=l(s,a),_=l(s,`.${a}.claim-${process.pid}`);try{W(d,_)}catch{continue}let D=null;try{let v=x(_,{noFollow:!0,maxBytes:8388608});v!==null&&(D=JSON.parse(v))}catch{}c.push({file:_,event:D})}let m=r.wait?null:t.pragma("busy_timeout",{simple:!0});m!==null&&t.pragma("busy_timeout = 0");try{t.transaction(()=>{for(let a of c)a.event&&typeof a.event.type=="string"&&y(t,a.event)})()}catch(a){for(let d of c)try{W(d.file,l(s,H(d.file).replace(/^\./,"").replace(/\.claim-\d+$/,"")))}catch{}throw a}finally{m!==null&&t.pragma(`busy_timeout = ${m}`)}for(let a of c)try{ct(a.file)}catch{}return c.filter(a=>a.event).length}function G(t){try{let e=JSON.parse(t);return e&&typeof e=="object"?e:{}}catch{return{}}}function Vt(t,e){return o(t,"SELECT ts FROM events WHERE session_id = ? AND type = 'session_start' ORDER BY ts ASC LIMIT 1").get(e)?.ts??null}function zt(t,e){let n=o(t,"SELECT type, count(*) AS n FROM events WHERE session_id = ? GROUP BY type").all(e);return Object.fromEntries(n.map(r=>[r.type,r.n]))}function Jt(t,e){return o(t,`SELECT ts, json_extract(data, '$.agentId') AS agentId FROM events
     WHERE session_id = ? AND type = 'subagent_start' ORDER BY ts DESC LIMIT 200`).all(e)}function Zt(t,e,n){return o(t,`SELECT id, ts, project_path AS projectPath, data FROM events
     WHERE session_id = ? AND type = 'tool_error' AND json_extract(data, '$.tool') = ?
     ORDER BY ts DESC, id DESC LIMIT 100`).all(e,n).map(s=>({...s,data:G(s.data)}))}function te(t,e,n){return!!o(t,"SELECT 1 FROM events WHERE session_id = ? AND type = 'resolution' AND json_extract(data, '$.errorEventId') = ? LIMIT 1").get(e,n)}function ee(t,e,n){return o(t,`SELECT e.id, e.ts, e.project_path AS projectPath, e.data, f.path
     FROM (SELECT event_id, path FROM event_files WHERE name = ? ORDER BY event_id DESC LIMIT ${Math.max(1,Math.floor(n))}) f
     CROSS JOIN events e ON e.id = f.event_id
     WHERE e.type = 'tool_error'
     ORDER BY e.ts DESC, e.id DESC LIMIT 200`).all(e)}function ne(t,e){return o(t,`SELECT f.path FROM event_files f JOIN events e ON e.id = f.event_id
       WHERE f.name = ? AND e.type = 'tool_use' AND e.project_path = ? AND e.ts < ?
         AND json_extract(e.data, '$.tool') IN (${e.tools.map(()=>"?").join(",")}) LIMIT 50`).all(e.name,e.projectPath,e.before,...e.tools).map(n=>n.path)}function re(t,e){return t.prepare(`SELECT e.type, e.ts, e.data FROM events_fts f JOIN events e ON e.id = f.rowid
       WHERE events_fts MATCH ? AND e.project_path = ? AND e.type IN (${e.types.map(()=>"?").join(",")})
       ORDER BY rank LIMIT ?`).all(e.match,e.projectPath,...e.types,e.limit).map(r=>({type:r.type,ts:r.ts,data:G(r.data)}))}function se(t,e){return o(t,`SELECT json_extract(data, '$.tool') AS tool, json_extract(data, '$.error') AS error,
            json_extract(data, '$.isInterrupt') AS interrupt, json_extract(data, '$.errorRaw') AS raw
     FROM events WHERE project_path = ? AND type = 'tool_error' ORDER BY ts DESC, id DESC LIMIT 30`).all(e)}function oe(t,e,n){return o(t,`SELECT json_extract(data, '$.success') AS success, json_extract(data, '$.failureReason') AS reason
     FROM events
     WHERE type = 'subagent_stop' AND json_extract(data, '$.agentType') = ?
     ORDER BY ts DESC LIMIT ?`).all(e,n)}function ie(t,e){return o(t,"SELECT min(id) AS id FROM events WHERE session_id = ? AND type = 'tool_error' AND ts >= ? AND ts <= ? AND id < ?").get(e.sessionId,e.since,e.until,e.beforeId)?.id??null}function ae(t,e){return o(t,`SELECT id, type, data FROM events
     WHERE session_id = ? AND type IN ('tool_use', 'tool_error', 'resolution') AND id >= ? AND id <= ?
       AND (ts <= ? OR id = ?)
     ORDER BY ts DESC, id DESC LIMIT ${Math.max(1,Math.floor(e.max))}`).all(e.sessionId,e.fromId,e.toId,e.until,e.toId)}function Ee(t,e){let n=o(t,`SELECT json_extract(data, '$.toolUseId') AS id FROM events
     WHERE session_id = ? AND type IN ('tool_use', 'tool_error')`).all(e);return new Set(n.map(r=>r.id).filter(r=>typeof r=="string"&&!!r))}function ce(t,e,n){return!!o(t,`SELECT 1 FROM events WHERE session_id = ? AND type = 'tool_use'
       AND json_extract(data, '$.source') = 'transcript' AND json_extract(data, '$.toolUseId') = ? LIMIT 1`).get(e,n)}import{lstatSync as gt,openSync as ft,closeSync as mt,readFileSync as Te,unlinkSync as _t,writeSync as Rt}from"node:fs";import{dirname as Nt,join as St}from"node:path";var It=t=>St(t.dataDir,"needs-check"),Ot=3600*1e3;function yt(t,e,n=Date.now()){let r=It(t);try{let s=gt(r);if(n-s.mtimeMs<Ot)return!1;_t(r)}catch{}try{let s=ft(r,"wx",384);try{Rt(s,JSON.stringify({ts:new Date(n).toISOString(),reason:e.slice(0,300)}))}finally{mt(s)}return!0}catch{return!1}}function me(t,e){if(!(!t||!P(e)||!t.name||t.name===":memory:"))try{yt({dataDir:Nt(t.name)},String(e?.message??e))}catch{}}var _e=1024*1024;export{P as a,Bt as b,kt as c,at as d,o as e,Kt as f,qt as g,Qt as h,G as i,Vt as j,zt as k,Jt as l,Zt as m,te as n,ee as o,ne as p,re as q,se as r,oe as s,ie as t,ae as u,Ee as v,ce as w,yt as x,me as y};
