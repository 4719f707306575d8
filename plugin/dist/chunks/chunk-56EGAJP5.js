import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a as l,c as i}from"./chunk-BQTOVTKH.js";var b=/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb]|\udb40[\udc00-\uddef]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;function s(r){return r.replace(/\r\n?/g,`
`).replace(b,"")}function m(r,n){return i(s(String(r??"")).replace(/\s+/g," ").trim(),n)}function d(r,n){let t=0,e=0;for(let u of r)e=u===n?e+1:0,e>t&&(t=e);return t}var x="(empty)";function h(r,n=200){let t=m(l(String(r??"")),n);if(!t)return x;let e="`".repeat(d(t,"`")+1);return`${e} ${t} ${e}`}function T(r,n={}){let t=s(l(String(r??""))).replace(/\s+$/,"");t=t.replace(/^\n+/,"");let e=n.max??4e3;if(t.length>e){let o=i(t,e,""),f=o.lastIndexOf(`
`);t=(f>e/2?o.slice(0,f):o)+`
\u2026 (cut)`}let u="`".repeat(Math.max(3,d(t,"`")+1)),c=(n.lang??"").replace(/[^A-Za-z0-9-]/g,"").slice(0,20);return`${u}${c}
${t}
${u}`}function p(r){let n=null;for(let t of r.split(`
`)){let e=/^ {0,3}(`{3,}|~{3,})(.*)$/.exec(t);if(!e)continue;let u=e[1],c=u[0];if(n)c===n.ch&&u.length>=n.n&&e[2].trim()===""&&(n=null);else{if(c==="`"&&e[2].includes("`"))continue;n={ch:c,n:u.length}}}return n?n.ch.repeat(n.n):null}function k(r,n,t=`
\u2026 (cut)`){if(r.length<=n)return r;let e=Math.max(0,n-t.length);for(let u=0;u<6;u++){let c=i(r,e,"");if(!p(c)){let g=c.lastIndexOf(`
`);c=g>=0?c.slice(0,g):""}let o=p(c),f=(o?`${c}${t}
${o}`:`${c}${t}`).replace(/^\n/,"");if(f.length<=n||e===0)return f;e=Math.max(0,e-(f.length-n))}return t.trim()}function a(r,n=0){if(typeof r=="string")return s(r);if(n>20||r===null||typeof r!="object")return r;if(Array.isArray(r))return r.map(e=>a(e,n+1));let t={};for(let[e,u]of Object.entries(r))t[s(e)]=a(u,n+1);return t}export{h as a,T as b,k as c,a as d};
