import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a as b,b as c,c as d}from"./chunk-LJLEYN23.js";import"./chunk-G37YO6XX.js";import{b as a}from"./chunk-TKB46NHL.js";import"./chunk-AE73CZ37.js";import"./chunk-67BG23Y2.js";export{b as LocalModelMissingError,c as configureTransformers,d as loadLocalEmbedder,a as modelLocation};
