import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a,b,c}from"./chunk-BDMIBXYK.js";import"./chunk-67BG23Y2.js";export{a as OrchError,b as formatIssue,c as orchError};
