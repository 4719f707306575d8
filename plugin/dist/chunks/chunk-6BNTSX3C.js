import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
var o=["SessionStart","UserPromptSubmit","PreToolUse","PostToolUse","PostToolUseFailure","SubagentStart","SubagentStop","Stop","SessionEnd"];export{o as a};
