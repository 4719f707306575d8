import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
var e=["exact","similar","vector"],r=["exact","prefix","vector"],t=30,o=.7,c=20;export{e as a,r as b,t as c,o as d,c as e};
