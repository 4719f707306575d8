import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a,b,c,d}from"./chunk-Y2RM6TCT.js";import"./chunk-C4HFAWM5.js";import"./chunk-BQTOVTKH.js";import"./chunk-67BG23Y2.js";export{a as KEY_VERSION,b as RAW_MAX,c as errorKey,d as storedSignature};
