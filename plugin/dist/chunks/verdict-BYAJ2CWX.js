import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a,b,c}from"./chunk-PI6FJDID.js";import"./chunk-67BG23Y2.js";export{b as NOT_REVIEWED,a as POLICY_VERSION,c as storedVerdict};
