import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{f as r}from"./hook-chunk-NKRFVZIU.js";function o(e){try{let t=JSON.parse(e);return t&&typeof t=="object"?t:{}}catch{return{}}}function m(e,t,n){return r(e,`SELECT id, ts, project_path AS projectPath, data FROM events
     WHERE session_id = ? AND type = 'tool_error' AND json_extract(data, '$.tool') = ?
     ORDER BY ts DESC, id DESC LIMIT 100`).all(t,n).map(s=>({...s,data:o(s.data)}))}function g(e,t,n){return!!r(e,"SELECT 1 FROM events WHERE session_id = ? AND type = 'resolution' AND json_extract(data, '$.errorEventId') = ? LIMIT 1").get(t,n)}function R(e,t,n){return r(e,`SELECT e.id, e.ts, e.project_path AS projectPath, e.data, f.path
     FROM (SELECT event_id, path FROM event_files WHERE name = ? ORDER BY event_id DESC LIMIT ${Math.max(1,Math.floor(n))}) f
     CROSS JOIN events e ON e.id = f.event_id
     WHERE e.type = 'tool_error'
     ORDER BY e.ts DESC, e.id DESC LIMIT 200`).all(t)}function D(e,t){return r(e,`SELECT f.path FROM event_files f JOIN events e ON e.id = f.event_id
       WHERE f.name = ? AND e.type = 'tool_use' AND e.project_path = ? AND e.ts < ?
         AND json_extract(e.data, '$.tool') IN (${t.tools.map(()=>"?").join(",")}) LIMIT 50`).all(t.name,t.projectPath,t.before,...t.tools).map(n=>n.path)}function v(e,t){return r(e,`SELECT json_extract(data, '$.tool') AS tool, json_extract(data, '$.error') AS error,
            json_extract(data, '$.isInterrupt') AS interrupt, json_extract(data, '$.errorRaw') AS raw
     FROM events WHERE project_path = ? AND type = 'tool_error' ORDER BY ts DESC, id DESC LIMIT 30`).all(t)}function f(e,t,n){return r(e,`SELECT json_extract(data, '$.success') AS success, json_extract(data, '$.failureReason') AS reason
     FROM events
     WHERE type = 'subagent_stop' AND json_extract(data, '$.agentType') = ?
     ORDER BY ts DESC LIMIT ?`).all(t,n)}function S(e,t){return r(e,"SELECT min(id) AS id FROM events WHERE session_id = ? AND type = 'tool_error' AND ts >= ? AND ts <= ? AND id < ?").get(t.sessionId,t.since,t.until,t.beforeId)?.id??null}function O(e,t){return r(e,`SELECT id, type, data FROM events
     WHERE session_id = ? AND type IN ('tool_use', 'tool_error', 'resolution') AND id >= ? AND id <= ?
       AND (ts <= ? OR id = ?)
     ORDER BY ts DESC, id DESC LIMIT ${Math.max(1,Math.floor(t.max))}`).all(t.sessionId,t.fromId,t.toId,t.until,t.toId)}export{o as a,m as b,g as c,R as d,D as e,v as f,f as g,S as h,O as i};
