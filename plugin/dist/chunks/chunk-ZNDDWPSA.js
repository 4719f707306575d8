import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a as s}from"./chunk-BNSIC2RL.js";import{AsyncLocalStorage as m}from"node:async_hooks";var p=new m;function h(i,r){let n=p.getStore();if(!n)return r();let e=s(),o=()=>{n.spans[i]=(n.spans[i]??0)+(s()-e)},t;try{t=r()}catch(a){throw o(),a}return t instanceof Promise?t.finally(o):(o(),t)}export{h as a};
