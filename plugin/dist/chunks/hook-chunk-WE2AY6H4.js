import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
var o=["SessionStart","UserPromptSubmit","PreToolUse","PostToolUse","PostToolUseFailure","SubagentStart","SubagentStop","Stop","SessionEnd"],t=new Set(["SessionStart","UserPromptSubmit","PreToolUse","PostToolUse","PostToolUseFailure","SubagentStart"]),e=1e4;export{o as a,t as b,e as c};
