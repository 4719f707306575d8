import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a,b,c}from"./hook-chunk-MUNYW765.js";import"./hook-chunk-4M6U67UR.js";export{a as OrchError,b as formatIssue,c as orchError};
