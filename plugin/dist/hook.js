import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{createRequire as r}from"node:module";try{r(import.meta.url)("./hook.cjs")}catch{process.exit(0)}
