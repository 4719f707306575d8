import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{d as a,e as b,f as c,g as d,h as e,i as f,j as g}from"./chunk-SBXUYK55.js";import"./chunk-QWDVYWKY.js";import"./chunk-67BG23Y2.js";export{c as allFeedback,a as asStored,g as closedKeys,b as feedbackFor,f as findSuggestion,e as listSuggestions,d as recordFeedback};
