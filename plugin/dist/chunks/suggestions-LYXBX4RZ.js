import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{h as a,i as b,j as c,k as d,l as e,m as f,n as g}from"./chunk-EVE45ATL.js";import"./chunk-67BG23Y2.js";export{c as allFeedback,a as asStored,g as closedKeys,b as feedbackFor,f as findSuggestion,e as listSuggestions,d as recordFeedback};
