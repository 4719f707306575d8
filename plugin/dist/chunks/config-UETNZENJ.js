import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a,b,c,d,e,f,g}from"./chunk-3PFNNP4B.js";import"./chunk-UIHINULX.js";import"./chunk-E4WVWDTE.js";import"./chunk-R3EOXALJ.js";import"./chunk-67BG23Y2.js";export{c as CoreConfig,b as EmbeddingConfig,a as VecThresholdsConfig,f as getSection,g as isEnabled,e as loadConfig,d as parseLenient};
