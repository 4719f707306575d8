import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{j as a}from"./chunk-CXXDYIP4.js";import"./chunk-WNDSEBKL.js";import"./chunk-67BG23Y2.js";export{a as unsafeFix};
