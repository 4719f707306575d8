import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{d as o}from"./chunk-IXT3PPUD.js";function s(i){return o(i,"analysis")}export{s as a};
