import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
function e(){return process.uptime()*1e3}export{e as a};
