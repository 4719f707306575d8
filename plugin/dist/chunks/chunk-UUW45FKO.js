import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{b as u}from"./chunk-QTQ7PN6E.js";import{a as o,c as n}from"./chunk-ESLCGNXF.js";var c=`INSERT INTO error_kb (ts, error_normalized, error_raw, resolution, resolved_by, tool_sequence, use_count)
VALUES (?, ?, ?, ?, ?, ?, 1)
ON CONFLICT(error_normalized) DO UPDATE SET
  ts = excluded.ts,
  resolution = excluded.resolution,
  resolved_by = excluded.resolved_by,
  tool_sequence = excluded.tool_sequence,
  use_count = use_count + 1`;function d(e){return typeof e.resolution=="string"&&e.resolution.trim()?n(o(e.resolution.trim()),1e3):!e.resolvedBy&&!e.toolSequence?.length?null:JSON.stringify({...e.resolvedBy?{resolvedBy:e.resolvedBy}:{},...e.toolSequence?.length?{toolSequence:e.toolSequence.slice(0,50)}:{}})}function S(e,t,r={},l=new Date){try{if(!e||typeof t!="string"||!t.trim())return null;let s=n(o(t.trim()),400,"");return e.prepare(c+" RETURNING id").get(l.toISOString(),s,typeof r.errorRaw=="string"?n(o(r.errorRaw),2e3):null,d(r),r.resolvedBy?n(o(String(r.resolvedBy)),200):null,Array.isArray(r.toolSequence)?JSON.stringify(r.toolSequence.slice(0,50).map(i=>o(String(i)))):null)?.id??null}catch(s){return u(e,s),null}}function p(e){let t=e.resolution?.trim();if(!t)return"";if(t.startsWith("{"))try{let r=JSON.parse(t);if(r.description)return r.description;let l=Array.isArray(r.toolSequence)&&r.toolSequence.length?r.toolSequence.join(" \u2192 "):"";return[r.resolvedBy?`resolved with ${r.resolvedBy}`:"",l?`(${l})`:""].filter(Boolean).join(" ")}catch{}return t}export{S as a,p as b};
