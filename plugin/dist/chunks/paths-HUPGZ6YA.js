import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a,b}from"./chunk-R3EOXALJ.js";import"./chunk-67BG23Y2.js";export{a as dataHome,b as paths};
