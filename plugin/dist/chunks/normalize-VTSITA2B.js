import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a,b,c,d,e,f}from"./chunk-HJVBWR4B.js";import"./chunk-67BG23Y2.js";export{c as KEY_MAX,f as extractErrorMessage,b as keyWithReporter,e as maskedNames,d as normalizeDetail,a as normalizeError};
