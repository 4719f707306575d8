import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
function o(e,t,n){return(n===void 0?e.prepare(`SELECT id FROM events ORDER BY ts LIMIT ${Math.floor(t)}`).all():e.prepare(`SELECT id FROM events WHERE ts < ? ORDER BY ts LIMIT ${Math.floor(t)}`).all(n)).map(r=>r.id)}function i(e,t){let n=e.prepare("DELETE FROM event_files WHERE event_id = ?"),s=e.prepare("DELETE FROM events_fts WHERE rowid = ?"),r=e.prepare("DELETE FROM events WHERE id = ?");e.transaction(()=>{for(let E of t)n.run(E),s.run(E),r.run(E)})()}function d(e){e.exec(`INSERT INTO events_fts(rowid, text)
        SELECT e.id, group_concat(j.value, ' ') FROM events e, json_tree(e.data) j
        WHERE j.type = 'text' GROUP BY e.id`)}export{o as a,i as b,d as c};
