import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{j as d}from"./chunk-CXXDYIP4.js";import{c as f}from"./chunk-GQK24KGH.js";import{a as l,c as u}from"./chunk-WNDSEBKL.js";var b={manual:3,"same-command":2,"same-file":2,"tool-usage":2,legacy:0},E=`INSERT INTO error_kb (ts, error_normalized, error_raw, resolution, resolved_by, tool_sequence, use_count)
VALUES (?, ?, ?, ?, ?, ?, 1)
ON CONFLICT(error_normalized) DO UPDATE SET
  ts = excluded.ts,
  resolution = excluded.resolution,
  resolved_by = excluded.resolved_by,
  tool_sequence = excluded.tool_sequence,
  use_count = use_count + 1
RETURNING id`,m="strength DESC, confirmations DESC, first_ts ASC, id ASC",S=e=>u(l(e.trim()),400,"");function O(e,t){return e.prepare(`SELECT * FROM error_kb_fixes WHERE kb_id = ? ORDER BY ${m}`).all(t)}function T(e,t){return e.prepare(`SELECT * FROM error_kb_fixes WHERE kb_id = ? ORDER BY ${m} LIMIT 1`).get(t)??null}function N(e,t){return e.prepare("SELECT project_path, confirmations, last_ts FROM error_kb_fix_projects WHERE fix_id = ? ORDER BY last_ts DESC").all(t)}function g(e,t,r,s){return e.prepare(`INSERT INTO error_kb_fixes
         (kb_id, fix_key, resolution, resolved_by, tool_sequence, proof, strength, confirmations, first_ts, last_ts)
       VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)
       ON CONFLICT(kb_id, fix_key) DO UPDATE SET
         confirmations = confirmations + 1,
         last_ts = excluded.last_ts,
         resolution = CASE WHEN ? THEN excluded.resolution ELSE resolution END,
         resolved_by = CASE WHEN ? THEN excluded.resolved_by ELSE resolved_by END,
         tool_sequence = CASE WHEN ? THEN excluded.tool_sequence ELSE tool_sequence END
       RETURNING id`).get(t,r.fixKey,r.resolution,r.resolvedBy,r.toolSequence,r.proof,b[r.proof],s,s,r.replaceText?1:0,r.replaceText?1:0,r.replaceText?1:0).id}function y(e,t,r,s){let o=e.prepare("SELECT id FROM error_kb WHERE error_normalized = ?").get(t)?.id;if(o===void 0)return null;let n=T(e,o);if(!n)return o;let i=e.prepare("SELECT resolution, resolved_by, tool_sequence FROM error_kb WHERE id = ?").get(o);return i.resolution===n.resolution&&i.resolved_by===n.resolved_by&&i.tool_sequence===n.tool_sequence||e.prepare(E).get(s,t,r,n.resolution,n.resolved_by,n.tool_sequence),o}function k(e,t,r,s=new Date){try{if(!e||typeof t!="string"||!t.trim())return null;let o=u(l(r.resolution.trim()),1e3);if(!o||d(r.resolution)||d(o))return null;let n=S(t),i=s.toISOString(),c=typeof r.errorRaw=="string"?u(l(r.errorRaw),2e3):null,_=r.resolvedBy?u(l(r.resolvedBy),200):null,p=r.toolSequence?.length?JSON.stringify(r.toolSequence.slice(0,50).map(a=>l(String(a)))):null;return e.transaction(()=>{let a=e.prepare("SELECT id FROM error_kb WHERE error_normalized = ?").get(n)?.id;a===void 0&&(a=e.prepare(E).get(i,n,c,o,_,p).id);let x=g(e,a,{fixKey:u(l(r.fixKey),500,""),resolution:o,resolvedBy:_,toolSequence:p,proof:r.proof,replaceText:!1},i);return e.prepare(`INSERT INTO error_kb_fix_projects (fix_id, project_path, confirmations, last_ts) VALUES (?, ?, 1, ?)
         ON CONFLICT(fix_id, project_path) DO UPDATE SET confirmations = confirmations + 1, last_ts = excluded.last_ts`).run(x,l(r.projectPath),i),y(e,n,c,i)}).immediate()}catch(o){return f(e,o),null}}function v(e,t,r,s,o,n=new Date){g(e,t,{fixKey:"manual",resolution:r,resolvedBy:s,toolSequence:o,proof:"manual",replaceText:!0},n.toISOString())}function F(e,t){e.prepare("DELETE FROM error_kb_fixes WHERE kb_id = ?").run(t)}function I(e,t,r=new Date){try{e.prepare(`INSERT INTO error_kb_lookups (kb_id, answered, last_ts) VALUES (?, 1, ?)
       ON CONFLICT(kb_id) DO UPDATE SET answered = answered + 1, last_ts = excluded.last_ts`).run(t,r.toISOString())}catch{}}export{b as a,S as b,O as c,T as d,N as e,k as f,v as g,F as h,I as i};
