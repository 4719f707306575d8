import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a as y,d as A}from"./chunks/chunk-DLJZHH63.js";import{a as U}from"./chunks/chunk-CVN7AHEZ.js";import{a as v,c as S}from"./chunks/chunk-ESLCGNXF.js";import{g,i as b,k as p}from"./chunks/chunk-N3MVRSEB.js";import{d as k}from"./chunks/chunk-TZN7URKK.js";var D=k(U(),1);import{spawn as q,spawnSync as j}from"node:child_process";import{closeSync as C,existsSync as w,mkdirSync as T,readFileSync as F,renameSync as x}from"node:fs";import{delimiter as G,dirname as h,isAbsolute as J,join as a,resolve as L}from"node:path";import{fileURLToPath as R}from"node:url";var B=1200*1e3;function M(e=process.env){let o=e.SELF_GEN_NPM?.trim();if(o)return o;for(let t of(e.PATH??"").split(G))if(t&&w(a(t,"npm")))return a(t,"npm");return a(h(process.execPath),"npm")}function O(e,o){g(e,y(e).status,JSON.stringify(o,null,2)+`
`)}function V(e,o=8){try{let t=F(e,"utf8");return S(v(t.trim().split(`
`).slice(-o).join(`
`)),1500)}catch{return""}}var Y=`
const { createRequire } = require('node:module');
const req = createRequire(process.argv[1] + '/package.json');
const Database = req('better-sqlite3');
const db = new Database(':memory:');
req('sqlite-vec').load(db);
db.prepare('select vec_version() as v').get();
db.close();
req('re2js').RE2JS.compile('a+');
`;async function H(e){let o=e.env??process.env,t=L(e.data),r=y(t),d=A(e.pluginRoot);T(t,{recursive:!0,mode:448});let P;try{P=await D.default.lock(t,{lockfilePath:r.lock,realpath:!1,stale:3e4,update:5e3,retries:0,onCompromised:()=>{}})}catch{return{outcome:"busy",status:null}}let m={state:"installing",pins:d,startedAt:new Date().toISOString(),pid:process.pid},s=a(t,`native.tmp-${process.pid}`),c;try{O(t,m),p(t,s),T(s,{mode:448}),g(t,a(s,"package.json"),JSON.stringify({name:"self-generation-native",private:!0,allowScripts:Object.fromEntries(Object.entries(d).map(([i,n])=>[`${i}@${n}`,!0]))},null,2)+`
`);let u=Object.entries(d).map(([i,n])=>`${i}@${n}`),l=b(r.log),f;try{f=await new Promise(i=>{let n=q(M(o),["install","--prefix",s,"--save-exact","--omit=dev","--no-audit","--no-fund","--no-update-notifier","--loglevel=warn",...u],{cwd:s,env:o,stdio:["ignore",l,l]}),_=setTimeout(()=>n.kill("SIGKILL"),B);n.on("error",()=>{clearTimeout(_),i(null)}),n.on("close",$=>{clearTimeout(_),i($)})})}finally{C(l)}if(f!==0)throw new Error(`npm install exited ${f??"without starting"}`);let E=j(process.execPath,["-e",Y,s],{env:o,encoding:"utf8",timeout:6e4});if(E.status!==0)throw new Error(`the installed packages do not load: ${(E.stderr||"").trim().split(`
`)[0]}`);let N=a(t,`native.old-${process.pid}`);w(r.dir)&&x(r.dir,N),x(s,r.dir),p(t,N),c={...m,state:"ready",finishedAt:new Date().toISOString()}}catch(u){try{p(t,s)}catch{}let l=String(u?.message??u).split(`
`)[0];c={...m,state:"failed",finishedAt:new Date().toISOString(),error:S(v(l),300)+(w(r.log)?`
${V(r.log)}`:"")}}try{O(t,c)}finally{await P().catch(()=>{})}return{outcome:c.state==="ready"?"ready":"failed",status:c}}async function K(){let e=process.env.CLAUDE_PLUGIN_DATA?.trim();if(!e||!J(e)){process.stderr.write(`plugin-bootstrap: CLAUDE_PLUGIN_DATA is not set
fix: run it with CLAUDE_PLUGIN_DATA=<the plugin data folder> (self-gen doctor names it)
`),process.exitCode=2;return}let o=h(R(import.meta.url)),t=process.env.CLAUDE_PLUGIN_ROOT?.trim()||h(o),r=await H({data:e,pluginRoot:t});(process.stdout.isTTY||process.env.SELF_GEN_BOOTSTRAP_VERBOSE==="1")&&process.stdout.write(r.outcome==="busy"?`an install is already running
`:`${r.outcome}${r.status?.error?`: ${r.status.error}`:""}
`),r.outcome==="failed"&&(process.exitCode=1)}var I=process.argv[1]?L(process.argv[1]):"";I&&I===R(import.meta.url)&&K().catch(()=>{process.exitCode=1});export{H as bootstrap,M as findNpm};
