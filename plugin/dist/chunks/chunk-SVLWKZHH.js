import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{e as a}from"./chunk-HW65C3NW.js";import{b as n}from"./chunk-FLVO3DR5.js";function u(e,t,r){return n(e,`SELECT id, ts, project_path AS projectPath, data FROM events
     WHERE session_id = ? AND type = 'tool_error' AND json_extract(data, '$.tool') = ?
     ORDER BY ts DESC, id DESC LIMIT 100`).all(t,r).map(s=>({...s,data:a(s.data)}))}function E(e,t,r){let o=n(e,`SELECT json_extract(data, '$.kbId') AS kbId FROM events
     WHERE session_id = ? AND type = 'resolution' AND json_extract(data, '$.error') = ?
       AND json_extract(data, '$.kbId') IS NOT NULL
     ORDER BY ts DESC, id DESC LIMIT 1`).get(t,r);return typeof o?.kbId=="number"?o.kbId:null}function l(e,t,r){return!!n(e,"SELECT 1 FROM events WHERE session_id = ? AND type = 'resolution' AND json_extract(data, '$.errorEventId') = ? LIMIT 1").get(t,r)}function p(e,t,r){return n(e,`SELECT e.id, e.ts, e.project_path AS projectPath, e.data, f.path
     FROM (SELECT event_id, path FROM event_files WHERE name = ? ORDER BY event_id DESC LIMIT ${Math.max(1,Math.floor(r))}) f
     CROSS JOIN events e ON e.id = f.event_id
     WHERE e.type = 'tool_error'
     ORDER BY e.ts DESC, e.id DESC LIMIT 200`).all(t)}function c(e,t){return n(e,`SELECT f.path FROM event_files f JOIN events e ON e.id = f.event_id
       WHERE f.name = ? AND e.type = 'tool_use' AND e.project_path = ? AND e.ts < ?
         AND json_extract(e.data, '$.tool') IN (${t.tools.map(()=>"?").join(",")}) LIMIT 50`).all(t.name,t.projectPath,t.before,...t.tools).map(r=>r.path)}function D(e,t){return n(e,`SELECT json_extract(data, '$.tool') AS tool, json_extract(data, '$.error') AS error,
            json_extract(data, '$.isInterrupt') AS interrupt, json_extract(data, '$.errorRaw') AS raw
     FROM events WHERE project_path = ? AND type = 'tool_error' ORDER BY ts DESC, id DESC LIMIT 30`).all(t)}function g(e,t,r){return n(e,`SELECT json_extract(data, '$.success') AS success, json_extract(data, '$.failureReason') AS reason
     FROM events
     WHERE type = 'subagent_stop' AND json_extract(data, '$.agentType') = ?
     ORDER BY ts DESC LIMIT ?`).all(t,r)}function R(e,t){return n(e,"SELECT min(id) AS id FROM events WHERE session_id = ? AND type = 'tool_error' AND ts >= ? AND ts <= ? AND id < ?").get(t.sessionId,t.since,t.until,t.beforeId)?.id??null}function m(e,t){return n(e,`SELECT id, type, data FROM events
     WHERE session_id = ? AND type IN ('tool_use', 'tool_error', 'resolution') AND id >= ? AND id <= ?
       AND (ts <= ? OR id = ?)
     ORDER BY ts DESC, id DESC LIMIT ${Math.max(1,Math.floor(t.max))}`).all(t.sessionId,t.fromId,t.toId,t.until,t.toId)}function I(e,t){return n(e,`SELECT project, max(ts) AS last FROM events WHERE type = 'resolution' AND project IS NOT NULL
       AND json_extract(data, '$.error') = ? GROUP BY project ORDER BY last DESC LIMIT 10`).all(t).map(r=>r.project)}function _(e,t,r,o){return n(e,`SELECT count(*) AS n FROM events WHERE type = 'tool_error' AND ts > ? AND project_path = ?
       AND json_extract(data, '$.error') = ?`).get(r,o,t).n}function S(e,t,r){return n(e,"SELECT id, type, data FROM events WHERE id > ? AND type IN ('tool_error', 'resolution') ORDER BY id LIMIT ?").all(t,r)}function f(e,t){return n(e,"SELECT json_extract(data, '$.error') AS error FROM events WHERE id = ? AND type = 'tool_error'").get(t)?.error??null}function A(e,t,r,o){n(e,"UPDATE events SET data = json_set(data, '$.error', ?, '$.keyVersion', ?) WHERE id = ?").run(r,o,t)}export{u as a,E as b,l as c,p as d,c as e,D as f,g,R as h,m as i,I as j,_ as k,S as l,f as m,A as n};
