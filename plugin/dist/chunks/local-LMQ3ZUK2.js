import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a as b,b as c,c as d}from"./chunk-SBYTAKGE.js";import{b as a}from"./chunk-R3H5PYYW.js";import"./chunk-464GD2QE.js";import"./chunk-67BG23Y2.js";export{b as LocalModelMissingError,c as configureTransformers,d as loadLocalEmbedder,a as modelLocation};
