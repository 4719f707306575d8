import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a,b,c,d,e}from"./chunk-4FVMZMWG.js";import"./chunk-QE5SDSC2.js";import"./chunk-KLYZIP2J.js";import"./chunk-JAWSZM2H.js";import"./chunk-AE73CZ37.js";import"./chunk-67BG23Y2.js";export{e as ensureHookServer,d as hookServerPidFile,a as hookServerRequest,b as pingHookServer,c as stopHookServer};
