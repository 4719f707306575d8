import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{b as s,q as i,r as a}from"./chunk-YA66QSWF.js";import{a as t,c as o}from"./chunk-BQTOVTKH.js";var g=2e4;function u(e){if(typeof e!="string"||!e)return{raw:"",message:"",normalized:"",signature:[]};try{let r=t(o(e,g,"")),n=a(r);return{raw:r,message:n,normalized:s(n),signature:i(r)}}catch{return{raw:"",message:"",normalized:"",signature:[]}}}function l(e){let r=u(e).signature;return r.length?r.map(n=>n.slice(0,500)).join(`
`):null}export{g as a,u as b,l as c};
