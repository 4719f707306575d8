import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
var t=["code-explore","planner","architect","qa-test-first","implementer","qa-verification"];function r(e){return t.includes(e)}export{t as a,r as b};
