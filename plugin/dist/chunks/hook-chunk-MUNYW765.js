import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
var s=class extends Error{constructor(e,t){super(e.map(i).join(`
`));this.issues=e;this.fix=t}issues;fix};function i(r){return`${r.file}: ${r.field?`${r.field}: `:""}${r.message}`}function o(r,n,e,t){return new s([{file:r,field:n,message:e}],t)}export{s as a,i as b,o as c};
