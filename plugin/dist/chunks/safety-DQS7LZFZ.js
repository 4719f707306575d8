import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{j as a}from"./chunk-PVGV666R.js";import"./chunk-E4FZMKKO.js";import"./chunk-67BG23Y2.js";export{a as unsafeFix};
