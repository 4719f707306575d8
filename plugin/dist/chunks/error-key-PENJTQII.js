import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a,b,c}from"./chunk-E7TFDLLP.js";import"./chunk-YA66QSWF.js";import"./chunk-BQTOVTKH.js";import"./chunk-67BG23Y2.js";export{a as RAW_MAX,b as errorKey,c as storedSignature};
