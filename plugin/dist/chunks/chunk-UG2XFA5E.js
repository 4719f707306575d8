import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{b as a,e as p}from"./chunk-HW65C3NW.js";import{b as r}from"./chunk-FLVO3DR5.js";function c(e,t){return e.prepare(`SELECT e.type, e.ts, e.data FROM events_fts f JOIN events e ON e.id = f.rowid
       WHERE events_fts MATCH ? AND e.project_path = ? AND e.type IN (${t.types.map(()=>"?").join(",")})
       ORDER BY rank LIMIT ?`).all(t.match,t.projectPath,...t.types,t.limit).map(s=>({type:s.type,ts:s.ts,data:p(s.data)}))}var i="e.id, e.v, e.type, e.ts, e.session_id, e.project, e.project_path, e.data";function R(e,t){let n=t.projectPath===null?"":"AND e.project_path = ?";return r(e,`SELECT ${i} FROM events_fts f JOIN events e ON e.id = f.rowid
     WHERE events_fts MATCH ? ${n} AND e.type IN (${t.types.map(()=>"?").join(",")})
     ORDER BY rank, e.ts DESC, e.id DESC LIMIT ${Math.max(1,Math.min(Math.floor(t.limit),500))}`).all(t.match,...t.projectPath===null?[]:[t.projectPath],...t.types).map(a)}function l(e,t){let n=E=>Math.max(0,Math.min(Math.floor(E),200)),s=r(e,`SELECT ${i} FROM events e WHERE e.session_id = ? AND (e.ts < ? OR (e.ts = ? AND e.id < ?))
     ORDER BY e.ts DESC, e.id DESC LIMIT ${n(t.before)}`).all(t.sessionId,t.ts,t.ts,t.id),o=r(e,`SELECT ${i} FROM events e WHERE e.session_id = ? AND (e.ts > ? OR (e.ts = ? AND e.id >= ?))
     ORDER BY e.ts, e.id LIMIT ${n(t.after)+1}`).all(t.sessionId,t.ts,t.ts,t.id);return[...s.reverse(),...o].map(a)}export{c as a,R as b,l as c};
