import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
var e=["pending","in_progress","completed"],t=["patterns","decisions","pitfalls"];export{e as a,t as b};
