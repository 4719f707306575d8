import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{createRequire as o}from"node:module";import{join as u}from"node:path";function s(i){let c=o(i),r=null;return e=>{try{return c(e)}catch(n){let t=process.env.SELF_GEN_NATIVE_DIR?.trim();if(!t||n?.code!=="MODULE_NOT_FOUND")throw n;return r??=o(u(t,"package.json")),r(e)}}}export{s as a};
