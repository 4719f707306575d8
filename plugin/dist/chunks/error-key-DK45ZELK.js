import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a,b}from"./chunk-7H7QF6DY.js";import"./chunk-2JLM7UBF.js";import"./chunk-WNDSEBKL.js";import"./chunk-67BG23Y2.js";export{a as RAW_MAX,b as errorKey};
