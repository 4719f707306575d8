import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a,b,c,d,e,f,g,h}from"./chunk-R4FHK6SF.js";import"./chunk-67BG23Y2.js";export{f as bump,h as completedBefore,e as countsOf,a as emptyLedger,d as observe,b as readLedger,g as subtaskKey,c as writeLedger};
