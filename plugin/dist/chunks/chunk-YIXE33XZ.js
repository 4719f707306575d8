import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{g as y}from"./chunk-ZEUMCJDZ.js";import{c as a}from"./chunk-GQK24KGH.js";import{a as o,c as l}from"./chunk-WNDSEBKL.js";var g=`INSERT INTO error_kb (ts, error_normalized, error_raw, resolution, resolved_by, tool_sequence, use_count)
VALUES (?, ?, ?, ?, ?, ?, 1)
ON CONFLICT(error_normalized) DO UPDATE SET
  ts = excluded.ts,
  resolution = excluded.resolution,
  resolved_by = excluded.resolved_by,
  tool_sequence = excluded.tool_sequence,
  use_count = use_count + 1`;function S(e){return typeof e.resolution=="string"&&e.resolution.trim()?l(o(e.resolution.trim()),1e3):!e.resolvedBy&&!e.toolSequence?.length?null:JSON.stringify({...e.resolvedBy?{resolvedBy:e.resolvedBy}:{},...e.toolSequence?.length?{toolSequence:e.toolSequence.slice(0,50)}:{}})}function v(e,t,r={},n=new Date){try{if(!e||typeof t!="string"||!t.trim())return null;let u=l(o(t.trim()),400,""),i=S(r),c=r.resolvedBy?l(o(String(r.resolvedBy)),200):null,d=Array.isArray(r.toolSequence)?JSON.stringify(r.toolSequence.slice(0,50).map(s=>o(String(s)))):null;return e.transaction(()=>{let s=e.prepare(g+" RETURNING id").get(n.toISOString(),u,typeof r.errorRaw=="string"?l(o(r.errorRaw),2e3):null,i,c,d);return s&&i&&y(e,s.id,i,c,d,n),s?.id??null}).immediate()}catch(u){return a(e,u),null}}function _(e){let t=e.resolution?.trim();if(!t)return"";if(t.startsWith("{"))try{let r=JSON.parse(t);if(r.description)return r.description;let n=Array.isArray(r.toolSequence)&&r.toolSequence.length?r.toolSequence.join(" \u2192 "):"";return[r.resolvedBy?`resolved with ${r.resolvedBy}`:"",n?`(${n})`:""].filter(Boolean).join(" ")}catch{}return t}export{S as a,v as b,_ as c};
