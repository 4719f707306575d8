import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a}from"./chunk-SLXM6O37.js";import"./chunk-5C4TYWXW.js";import"./chunk-IXT3PPUD.js";import"./chunk-JN3KAZXB.js";import"./chunk-IHCJNKD4.js";import"./chunk-DMWB7T5C.js";import"./chunk-R3EOXALJ.js";import"./chunk-67BG23Y2.js";export{a as teamChecks};
