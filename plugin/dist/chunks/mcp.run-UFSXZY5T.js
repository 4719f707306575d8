import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import"./chunk-67BG23Y2.js";async function t(){let{runStdioServer:r}=await import("./server-V7EQMQGO.js");await r(),process.exit(0)}export{t as runMcp};
