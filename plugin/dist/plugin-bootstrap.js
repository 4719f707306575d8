import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a as A,c as L,d as O,e as R}from"./chunks/chunk-DLJZHH63.js";import{c as I}from"./chunks/chunk-35T2GB4S.js";import"./chunks/chunk-6JVSWTS6.js";import{a as h,c as b}from"./chunks/chunk-E4FZMKKO.js";import{e as T,f as D,h as w,k as x,m as f}from"./chunks/chunk-E4WVWDTE.js";import"./chunks/chunk-67BG23Y2.js";import{spawn as M,spawnSync as J}from"node:child_process";import{closeSync as B,existsSync as g,readFileSync as H,renameSync as $}from"node:fs";import{delimiter as V,dirname as E,isAbsolute as Y,join as c,resolve as j}from"node:path";import{fileURLToPath as k}from"node:url";var K=1200*1e3;function z(e=process.env){let r=e.SELF_GEN_NPM?.trim();if(r)return r;for(let s of(e.PATH??"").split(V))if(s&&g(c(s,"npm")))return c(s,"npm");return c(E(process.execPath),"npm")}function q(e,r){w(e,A(e).status,JSON.stringify(r,null,2)+`
`)}function Q(e,r=8){try{let s=H(e,"utf8");return b(h(s.trim().split(`
`).slice(-r).join(`
`)),1500)}catch{return""}}var W=`
const { createRequire } = require('node:module');
const req = createRequire(process.argv[1] + '/package.json');
const Database = req('better-sqlite3');
const db = new Database(':memory:');
req('sqlite-vec').load(db);
db.prepare('select vec_version() as v').get();
db.close();
req('re2js').RE2JS.compile('a+');
`;async function X(e){let r=e.env??process.env,s=Date.now(),t=j(e.data),o=A(t),p=O(e.pluginRoot);D(t,448);let v=await I(o.lock,{timeoutMs:0,staleMs:3e4,refreshMs:5e3});if(!v)return{outcome:"busy",status:null};let l=L(t),C=l?.finishedAt?Date.parse(l.finishedAt)>=s-1e3:!1,F=l?.state==="ready"&&R(l.pins,p)&&g(o.dir);if(C||F&&!e.force)return v.release(),{outcome:"busy",status:l};let y={state:"installing",pins:p,startedAt:new Date().toISOString(),pid:process.pid},n=c(t,`native.tmp-${process.pid}`),u;try{q(t,y),f(t,n),T(t,n,448),w(t,c(n,"package.json"),JSON.stringify({name:"self-generation-native",private:!0,allowScripts:Object.fromEntries(Object.entries(p).map(([a,i])=>[`${a}@${i}`,!0]))},null,2)+`
`);let m=Object.entries(p).map(([a,i])=>`${a}@${i}`),d=x(o.log),S;try{S=await new Promise(a=>{let i=M(z(r),["install","--prefix",n,"--save-exact","--omit=dev","--no-audit","--no-fund","--no-update-notifier","--loglevel=warn",...m],{cwd:n,env:r,stdio:["ignore",d,d]}),_=setTimeout(()=>i.kill("SIGKILL"),K);i.on("error",()=>{clearTimeout(_),a(null)}),i.on("close",G=>{clearTimeout(_),a(G)})})}finally{B(d)}if(S!==0)throw new Error(`npm install exited ${S??"without starting"}`);let N=J(process.execPath,["-e",W,n],{env:r,encoding:"utf8",timeout:6e4});if(N.status!==0)throw new Error(`the installed packages do not load: ${(N.stderr||"").trim().split(`
`)[0]}`);let P=c(t,`native.old-${process.pid}`);g(o.dir)&&$(o.dir,P),$(n,o.dir),f(t,P),u={...y,state:"ready",finishedAt:new Date().toISOString()}}catch(m){try{f(t,n)}catch{}let d=String(m?.message??m).split(`
`)[0];u={...y,state:"failed",finishedAt:new Date().toISOString(),error:b(h(d),300)+(g(o.log)?`
${Q(o.log)}`:"")}}try{q(t,u)}finally{v.release()}return{outcome:u.state==="ready"?"ready":"failed",status:u}}async function Z(){let e=process.env.CLAUDE_PLUGIN_DATA?.trim();if(!e||!Y(e)){process.stderr.write(`plugin-bootstrap: CLAUDE_PLUGIN_DATA is not set
fix: run it with CLAUDE_PLUGIN_DATA=<the plugin data folder> (self-gen doctor names it)
`),process.exitCode=2;return}let r=E(k(import.meta.url)),s=process.env.CLAUDE_PLUGIN_ROOT?.trim()||E(r),t=await X({data:e,pluginRoot:s,force:process.argv.includes("--force")});(process.stdout.isTTY||process.env.SELF_GEN_BOOTSTRAP_VERBOSE==="1")&&process.stdout.write(t.outcome==="busy"?`nothing to do: ${t.status?.state==="ready"?"already ready (--force reinstalls)":"another install ran or runs"}
`:`${t.outcome}${t.status?.error?`: ${t.status.error}`:""}
`),t.outcome==="failed"&&(process.exitCode=1)}var U=process.argv[1]?j(process.argv[1]):"";U&&U===k(import.meta.url)&&Z().catch(()=>{process.exitCode=1});export{X as bootstrap,z as findNpm};
