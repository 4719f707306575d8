import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a as P,c as I,d as O,e as L}from"./chunks/chunk-DLJZHH63.js";import{a as B}from"./chunks/chunk-NC2GKAVL.js";import{a as w,c as b}from"./chunks/chunk-WNDSEBKL.js";import{e as T,f as D,h,k as x,m as f}from"./chunks/chunk-JAWSZM2H.js";import{e as J}from"./chunks/chunk-67BG23Y2.js";var j=J(B(),1);import{spawn as M,spawnSync as H}from"node:child_process";import{closeSync as V,existsSync as g,readFileSync as Y,renameSync as R}from"node:fs";import{delimiter as K,dirname as A,isAbsolute as z,join as c,resolve as k}from"node:path";import{fileURLToPath as q}from"node:url";var Q=1200*1e3;function W(e=process.env){let r=e.SELF_GEN_NPM?.trim();if(r)return r;for(let o of(e.PATH??"").split(K))if(o&&g(c(o,"npm")))return c(o,"npm");return c(A(process.execPath),"npm")}function $(e,r){h(e,P(e).status,JSON.stringify(r,null,2)+`
`)}function X(e,r=8){try{let o=Y(e,"utf8");return b(w(o.trim().split(`
`).slice(-r).join(`
`)),1500)}catch{return""}}var Z=`
const { createRequire } = require('node:module');
const req = createRequire(process.argv[1] + '/package.json');
const Database = req('better-sqlite3');
const db = new Database(':memory:');
req('sqlite-vec').load(db);
db.prepare('select vec_version() as v').get();
db.close();
req('re2js').RE2JS.compile('a+');
`;async function tt(e){let r=e.env??process.env,o=Date.now(),t=k(e.data),s=P(t),p=O(e.pluginRoot);D(t,448);let v;try{v=await j.default.lock(t,{lockfilePath:s.lock,realpath:!1,stale:3e4,update:5e3,retries:0,onCompromised:()=>{}})}catch{return{outcome:"busy",status:null}}let l=I(t),C=l?.finishedAt?Date.parse(l.finishedAt)>=o-1e3:!1,F=l?.state==="ready"&&L(l.pins,p)&&g(s.dir);if(C||F&&!e.force)return await v().catch(()=>{}),{outcome:"busy",status:l};let y={state:"installing",pins:p,startedAt:new Date().toISOString(),pid:process.pid},n=c(t,`native.tmp-${process.pid}`),u;try{$(t,y),f(t,n),T(t,n,448),h(t,c(n,"package.json"),JSON.stringify({name:"self-generation-native",private:!0,allowScripts:Object.fromEntries(Object.entries(p).map(([a,i])=>[`${a}@${i}`,!0]))},null,2)+`
`);let m=Object.entries(p).map(([a,i])=>`${a}@${i}`),d=x(s.log),S;try{S=await new Promise(a=>{let i=M(W(r),["install","--prefix",n,"--save-exact","--omit=dev","--no-audit","--no-fund","--no-update-notifier","--loglevel=warn",...m],{cwd:n,env:r,stdio:["ignore",d,d]}),_=setTimeout(()=>i.kill("SIGKILL"),Q);i.on("error",()=>{clearTimeout(_),a(null)}),i.on("close",G=>{clearTimeout(_),a(G)})})}finally{V(d)}if(S!==0)throw new Error(`npm install exited ${S??"without starting"}`);let E=H(process.execPath,["-e",Z,n],{env:r,encoding:"utf8",timeout:6e4});if(E.status!==0)throw new Error(`the installed packages do not load: ${(E.stderr||"").trim().split(`
`)[0]}`);let N=c(t,`native.old-${process.pid}`);g(s.dir)&&R(s.dir,N),R(n,s.dir),f(t,N),u={...y,state:"ready",finishedAt:new Date().toISOString()}}catch(m){try{f(t,n)}catch{}let d=String(m?.message??m).split(`
`)[0];u={...y,state:"failed",finishedAt:new Date().toISOString(),error:b(w(d),300)+(g(s.log)?`
${X(s.log)}`:"")}}try{$(t,u)}finally{await v().catch(()=>{})}return{outcome:u.state==="ready"?"ready":"failed",status:u}}async function et(){let e=process.env.CLAUDE_PLUGIN_DATA?.trim();if(!e||!z(e)){process.stderr.write(`plugin-bootstrap: CLAUDE_PLUGIN_DATA is not set
fix: run it with CLAUDE_PLUGIN_DATA=<the plugin data folder> (self-gen doctor names it)
`),process.exitCode=2;return}let r=A(q(import.meta.url)),o=process.env.CLAUDE_PLUGIN_ROOT?.trim()||A(r),t=await tt({data:e,pluginRoot:o,force:process.argv.includes("--force")});(process.stdout.isTTY||process.env.SELF_GEN_BOOTSTRAP_VERBOSE==="1")&&process.stdout.write(t.outcome==="busy"?`nothing to do: ${t.status?.state==="ready"?"already ready (--force reinstalls)":"another install ran or runs"}
`:`${t.outcome}${t.status?.error?`: ${t.status.error}`:""}
`),t.outcome==="failed"&&(process.exitCode=1)}var U=process.argv[1]?k(process.argv[1]):"";U&&U===q(import.meta.url)&&et().catch(()=>{process.exitCode=1});export{tt as bootstrap,W as findNpm};
