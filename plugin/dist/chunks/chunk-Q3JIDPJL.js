import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{j as S}from"./chunk-HW65C3NW.js";import{c as m,d as h,e as w,f as y,h as k,p as j,r as $}from"./chunk-DMWB7T5C.js";import{existsSync as v}from"node:fs";import{homedir as E}from"node:os";import{dirname as p,join as l,resolve as b}from"node:path";var x="<!-- self-generation:rules -->",L="## Rules learned by self-generation",d=class extends Error{constructor(n,r){super(n);this.fix=r}fix};function u(e=process.env){let t=e.CLAUDE_CONFIG_DIR;return t&&t.trim()?t:l(e.HOME||E(),".claude")}function J(e,t,n){if(t===n.name)return n.path;if(!e)return null;try{return S(e,t)}catch{return null}}function P(e){let t=l(e,"CLAUDE.md"),n=l(e,".claude","CLAUDE.md");return!v(t)&&v(n)?n:t}var g=e=>`<!-- sg:${e} -->`,A=e=>e.split(`
`).map(t=>`+ ${t}`).join(`
`);function R(e,t){let n=`- ${t.rule} ${g(t.id)}`;if(e.includes(g(t.id)))return null;let r=e.split(`
`);if(r.some(i=>i.replace(/<!--.*?-->/g,"").trim()===`- ${t.rule}`.trim()))return null;let o=r.findIndex(i=>i.trim()===x);if(o!==-1){let i=o;for(;i+1<r.length&&/^\s*- /.test(r[i+1]);)i++;return r.splice(i+1,0,n),{content:r.join(`
`),added:n}}let c=`${L}
${x}
${n}
`,s=e.length===0||e.endsWith(`

`)?"":e.endsWith(`
`)?`
`:`

`;return{content:e+s+c,added:c.trimEnd()}}function I(e){let t=e.skill??{name:"skill",description:e.rule,body:e.rule};return`---
name: ${t.name}
description: ${JSON.stringify(t.description)}
---

${t.body.trim()}

${g(e.id)}
`}function U(e){let t=e.hook??{event:"PreToolUse",command:e.rule},n={hooks:[{type:"command",command:t.command}]};return t.matcher&&(n.matcher=t.matcher),JSON.stringify({hooks:{[t.event]:[n]}},null,2)}function M(e,t){let n=t.env??process.env;if(e.project!==null&&!t.projectDir&&e.type!=="hook")throw new d(`no folder is known for project "${e.project}"`,"run the command inside that project, or pass --project-dir <path>");let r=null;if(e.project!==null&&e.type!=="hook"){if(r=m(b(t.projectDir)),!r)throw new d(`the project folder ${t.projectDir} does not exist or is not a folder`,"pass --project-dir <path> with the project folder")}else e.project!==null&&(r=t.projectDir);let o=r??u(n);if(e.type==="claude_md"){let s=r?P(r):l(u(n),"CLAUDE.md"),i=D(o,s),a=R(i??"",e);return a?{kind:"write",target:s,preview:A(a.added),alreadyApplied:!1,content:a.content,root:o}:{kind:"write",target:s,preview:`(already in ${s})`,alreadyApplied:!0,root:o}}if(e.type==="skill"){let s=e.skill?.name??"skill",i=r?l(r,".claude","skills",s,"SKILL.md"):l(u(n),"skills",s,"SKILL.md"),a=I(e),f=D(o,i);if(f!==null){if(f.includes(g(e.id)))return{kind:"write",target:i,preview:`(already in ${i})`,alreadyApplied:!0,root:o};throw new d(`${i} already exists and was not written by this suggestion`,"move it aside, or dismiss this suggestion")}return{kind:"write",target:i,preview:A(a.trimEnd()),alreadyApplied:!1,content:a,root:o}}let c=r?l(r,".claude","settings.json"):l(u(n),"settings.json");return{kind:"manual",target:c,preview:`Merge this into the "hooks" of ${c}:
${U(e)}`,alreadyApplied:!1}}function D(e,t){if(h(e,p(t))==="unsafe")throw new d(`${p(t)} is a symlink or not a folder inside ${e}; nothing is written through it`,"replace the link with a real folder, or copy the preview by hand");let n=$(t);if(!n)return null;let r=n.isFile()?j(t,{noFollow:!0,maxBytes:4*1024*1024}):null;if(r===null)throw new d(`${t} is a symlink or not a regular file; it is not written through`,"replace it with a regular file, or copy the preview into the file it points to by hand");return r}function B(e){if(e.kind!=="write"||e.alreadyApplied||e.content===void 0)return;let t=e.root??p(e.target);(e.root===void 0||!m(t))&&y(t,493),w(t,p(e.target),493),k(t,e.target,e.content,420)}export{d as a,J as b,M as c,B as d};
