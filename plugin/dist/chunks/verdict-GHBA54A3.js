import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{b as a,c as b,d as c,e as d,f as e,g as f}from"./chunk-IWLH7OWI.js";import"./chunk-67BG23Y2.js";export{e as NOT_JUDGED_RULE,d as NOT_JUDGED_YET,c as NOT_REVIEWED,b as POLICY_DIGEST,a as POLICY_VERSION,f as storedVerdict};
