import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a as b,b as c,c as d}from"./chunk-HIDE5RKU.js";import"./chunk-G37YO6XX.js";import{b as a}from"./chunk-WXOUVKQS.js";import"./chunk-R3EOXALJ.js";import"./chunk-67BG23Y2.js";export{b as LocalModelMissingError,c as configureTransformers,d as loadLocalEmbedder,a as modelLocation};
