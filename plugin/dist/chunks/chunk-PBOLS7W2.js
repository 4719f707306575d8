import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
var s=class extends Error{constructor(t,c,i=1){super(t);this.fix=c;this.exitCode=i}fix;exitCode};export{s as a};
