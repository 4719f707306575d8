import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a,b,c,d}from"./chunk-XUXWGCWP.js";import"./chunk-67BG23Y2.js";export{c as NOT_REVIEWED,b as POLICY_DIGEST,a as POLICY_VERSION,d as storedVerdict};
