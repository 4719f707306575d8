import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{b as a,c as b,d as c,e as d}from"./chunk-IXT3PPUD.js";import"./chunk-JN3KAZXB.js";import"./chunk-IHCJNKD4.js";import"./chunk-DMWB7T5C.js";import"./chunk-R3EOXALJ.js";import"./chunk-67BG23Y2.js";export{c as getSection,d as isEnabled,b as loadConfig,a as parseLenient};
