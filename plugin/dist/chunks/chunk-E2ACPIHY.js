import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
var e=["exact","similar","vector"],r=["exact","prefix","vector"];var t=20;export{e as a,r as b,t as c};
