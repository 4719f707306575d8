import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a as r}from"./chunk-J26YVHO3.js";import{a as t}from"./chunk-PBOLS7W2.js";import{i as o}from"./chunk-IS4ANJHY.js";var G=()=>o({busyTimeoutMs:5e3});async function H(m){try{return await m()}catch(e){throw e instanceof r?new t(e.message,e.fix):e}}export{G as a,H as b};
