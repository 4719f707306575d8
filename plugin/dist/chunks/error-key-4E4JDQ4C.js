import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a,b}from"./chunk-UDGFGDZ6.js";import"./chunk-32YRFBUO.js";import"./chunk-E4FZMKKO.js";import"./chunk-67BG23Y2.js";export{a as RAW_MAX,b as errorKey};
