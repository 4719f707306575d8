import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a,b}from"./chunk-P6VKAX4M.js";import"./chunk-67BG23Y2.js";export{b as extractErrorMessage,a as normalizeError};
